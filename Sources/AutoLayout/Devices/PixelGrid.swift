import LinearConstraints

/// A rectangle in points; the same type as the model's `LayoutRect`.
public typealias PixelRect = LayoutRect

/// A device's pixel grid: points snap to the nearest multiple of 1/scale, ties up
/// (`docs/uikit-rules.md`, "Pixel rounding": 950.25 -> 950.5 at @2x, 173.5 -> 521/3 at @3x).
///
/// The rule, computed in units of pixels so the grid itself is exact: `p = v · scale`; the result
/// is `n / scale` with `n = ⌊p⌋ + 1` when the fraction `p − ⌊p⌋` is at least
/// `0.5 − (1e-7 + 1e-9·|p|)`, and `n = ⌊p⌋` otherwise. The guard treats a fraction a hair under one
/// half (a solver's `0.49999999` for a true tie) as the tie it is; it is far below any real
/// layout distinction (a ten-millionth of a pixel, scaled up for large coordinates, where a
/// double's own noise grows). Snapping is idempotent, monotone (v ≤ w ⇒ snap(v) ≤ snap(w)), and
/// moves a value by at most half a pixel plus the guard. Non-finite values come back unchanged.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point.
    public let scale: Double

    /// A grid for a finite scale > 0.
    /// - Throws: `DeviceError.badCustomDevice` (path `scale`) for a zero, negative or non-finite scale.
    public init(scale: Double) throws(DeviceError) {
        guard scale.isFinite, scale > 0 else {
            throw .badCustomDevice(path: "scale", reason: "\(scale): a pixel grid needs a finite scale > 0")
        }
        self.scale = scale
    }

    init(uncheckedScale scale: Double) { self.scale = scale }

    /// The pixel index `v` snaps to (as a whole-valued double, so huge values cannot trap).
    public func pixelIndex(_ v: Double) -> Double {
        let p = v * scale
        let whole = p.rounded(.down)
        let guardBand = 1e-7 + 1e-9 * abs(p)
        return p - whole >= 0.5 - guardBand ? whole + 1 : whole
    }

    /// `v` snapped to the grid: the nearest multiple of 1/scale, ties up.
    public func snap(_ v: Double) -> Double {
        guard v.isFinite else { return v }
        return pixelIndex(v) / scale
    }

    /// Snaps a frame by its edges in window coordinates and gives it back in its superview's
    /// coordinates, so that views sharing an edge in the unsnapped layout share it after snapping,
    /// whatever their superviews.
    ///
    /// - Parameters:
    ///   - frame: the unsnapped frame in superview coordinates.
    ///   - superviewOrigin: the superview's unsnapped origin in window coordinates (x, y); zero
    ///     for the root view.
    /// - Returns: the frame whose window edges are the snapped window edges of `frame`, relative to
    ///   the superview's snapped window origin (the superview's own snapped frame puts it there).
    ///   Coordinates are differences of pixel indices divided by the scale, so they are exact
    ///   multiples of 1/scale up to one rounding. Non-finite inputs come back unchanged.
    public func snapFrame(_ frame: PixelRect, superviewOrigin: (x: Double, y: Double) = (0, 0)) -> PixelRect {
        let values = [frame.x, frame.y, frame.width, frame.height, superviewOrigin.x, superviewOrigin.y]
        guard values.allSatisfy(\.isFinite) else { return frame }
        let (x, width) = snapSpan(origin: frame.x, length: frame.width, superviewOrigin: superviewOrigin.x)
        let (y, height) = snapSpan(origin: frame.y, length: frame.height, superviewOrigin: superviewOrigin.y)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    private func snapSpan(origin: Double, length: Double, superviewOrigin: Double) -> (Double, Double) {
        let superIndex = pixelIndex(superviewOrigin)
        let minIndex = pixelIndex(superviewOrigin + origin)
        let maxIndex = pixelIndex(superviewOrigin + origin + length)
        return ((minIndex - superIndex) / scale, (maxIndex - minIndex) / scale)
    }
}
