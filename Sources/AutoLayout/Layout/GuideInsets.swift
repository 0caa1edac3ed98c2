import LinearConstraints

/// The insets of every view's safe-area, margins and readable guides, computed from frames as
/// UIKit computes them (`docs/uikit-rules.md`, "Layout margins, safe area and guides").
///
/// - Safe area: the root's is the device's safe area plus `additionalSafeAreaInsets`; any other
///   view's is the part of it its superview's safe rectangle does not cover: on each side the
///   overlap of the view with its superview's unsafe band (the strip between the superview's
///   bounds and its safe rectangle), clamped to `[0, size]`. A view reaching past its
///   superview's bounds gets no more than the band (an inset never extends off-screen, as in
///   UIKit), so content taller than the screen does not feed its own insets. It propagates down
///   the hierarchy through each view's own safe rectangle.
/// - Margins: the view's `layoutMargins` (directional, resolved by its effective direction);
///   the root's are at least the system minimum margins unless it opts out
///   (`respectsSystemMinimumLayoutMargins`); plus the safe-area insets when
///   `insetsLayoutMarginsFromSafeArea`; then, with `preservesSuperviewLayoutMargins`, at least
///   the view's overlap with its superview's margin band on each side.
/// - Readable: the margins, narrowed to at most `readableWidth` points (672, UIKit's readable
///   width at the default text size) and centred within them.
///
/// The insets depend on frames and the frames on the insets, so the layout pass alternates
/// (`LayoutEngine`): solve, compute, suggest, until nothing changes. O(views) per computation.
public struct GuideInsets: Hashable, Sendable {
    /// Physical safe-area insets per view.
    public var safeArea: [EdgeInsets]
    /// Physical margins (safe area included where the view insets from it) per view.
    public var margins: [EdgeInsets]

    /// UIKit's readable content width at the default text size.
    public static let readableWidth: Double = 672

    /// Insets for `tree` laid out on `configuration` with window frames `frames` (by view).
    public init(tree: ViewTree, configuration: DeviceConfiguration, direction: LayoutDirection, frames: [LayoutRect]) {
        let n = tree.views.count
        safeArea = []
        margins = []
        safeArea.reserveCapacity(n)
        margins.reserveCapacity(n)
        for i in 0..<n {
            let node = tree.views[i], f = frames[i]
            let safe: EdgeInsets
            if let s = node.superview {
                let outer = frames[s.rawValue]
                safe = Self.uncovered(f, by: Self.inset(outer, safeArea[s.rawValue]), within: outer)
            } else {
                let d = configuration.safeArea, a = tree.additionalSafeAreaInsets
                safe = EdgeInsets(top: d.top + a.top, left: d.left + a.left, bottom: d.bottom + a.bottom, right: d.right + a.right)
            }
            safeArea.append(safe)
            margins.append(margin(of: i, tree: tree, configuration: configuration, direction: direction, frames: frames))
        }
    }

    /// The insets of `guide` of view `view`; nil for a scroll view's guides (not inset guides).
    public func insets(_ guide: BuiltInGuide, view: Int, frames: [LayoutRect]) -> EdgeInsets? {
        switch guide {
        case .safeArea: return safeArea[view]
        case .margins: return margins[view]
        case .readable:
            let m = margins[view]
            let width = max(0, frames[view].width - m.left - m.right)
            let extra = (width - min(width, Self.readableWidth)) / 2
            return EdgeInsets(top: m.top, left: m.left + extra, bottom: m.bottom, right: m.right + extra)
        case .content, .frameGuide: return nil
        }
    }

    /// The margins of view `i`; its superview's are already computed.
    func margin(of i: Int, tree: ViewTree, configuration: DeviceConfiguration, direction: LayoutDirection, frames: [LayoutRect]) -> EdgeInsets {
        let node = tree.views[i]
        let viewDirection = tree.effectiveLayoutDirection(of: ViewIndex(i), base: direction)
        var m = node.layoutMargins.resolved(viewDirection)
        if node.superview == nil, tree.respectsSystemMinimumLayoutMargins {
            let s = configuration.systemMinimumLayoutMargins.resolved(viewDirection)
            m = EdgeInsets(top: max(m.top, s.top), left: max(m.left, s.left), bottom: max(m.bottom, s.bottom), right: max(m.right, s.right))
        }
        if node.insetsLayoutMarginsFromSafeArea {
            let s = safeArea[i]
            m = EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        if node.preservesSuperviewLayoutMargins, let s = node.superview {
            let outer = frames[s.rawValue]
            let overlap = Self.uncovered(frames[i], by: Self.inset(outer, margins[s.rawValue]), within: outer)
            m = EdgeInsets(top: max(m.top, overlap.top), left: max(m.left, overlap.left),
                           bottom: max(m.bottom, overlap.bottom), right: max(m.right, overlap.right))
        }
        return m
    }

    /// `rect` shrunk by `insets`.
    static func inset(_ rect: LayoutRect, _ insets: EdgeInsets) -> LayoutRect {
        LayoutRect(x: rect.x + insets.left, y: rect.y + insets.top,
                   width: rect.width - insets.left - insets.right, height: rect.height - insets.top - insets.bottom)
    }

    /// On each side, how much of `rect` lies in the band between `inner` and `outer` (`inner`
    /// inside `outer`), each clamped to `[0, size]`: the part of the band the view covers, not
    /// how far the view reaches past `inner` (a view beyond `outer` gets at most the band).
    static func uncovered(_ rect: LayoutRect, by inner: LayoutRect, within outer: LayoutRect) -> EdgeInsets {
        let w = max(0, rect.width), h = max(0, rect.height)
        func clamp(_ v: Double, _ size: Double) -> Double { min(max(0, v), size) }
        let minX = rect.x, maxX = rect.x + rect.width, minY = rect.y, maxY = rect.y + rect.height
        return EdgeInsets(
            top: clamp(min(maxY, inner.y) - max(minY, outer.y), h),
            left: clamp(min(maxX, inner.x) - max(minX, outer.x), w),
            bottom: clamp(min(maxY, outer.y + outer.height) - max(minY, inner.y + inner.height), h),
            right: clamp(min(maxX, outer.x + outer.width) - max(minX, inner.x + inner.width), w))
    }
}
