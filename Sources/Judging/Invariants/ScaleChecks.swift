import AutoLayout
import LinearConstraints

/// `scale-by-two`: multiplying every length of a case and of its screen by 2 must multiply every
/// unsnapped frame by 2. Doubling is exact in floating point and the solver's choices depend on
/// ratios of constants, which do not change, so the frames should match to rounding (compared
/// within `noise`, doubled). Snapped frames are not compared: snapping 2v is not 2·snap(v).
extension UnitPass {
    /// Nil (not applicable) when the case has lengths this scaling cannot reach (see
    /// `scalable`) or the device is a split pane. Costs a validation per unit and a layout per
    /// device.
    mutating func scaleByTwo(_ k: Int) -> [Finding]? {
        let configuration = unit.devices[k]
        guard configuration.split == nil, let tree = variantTree(.scaleByTwo), let device = Self.doubled(configuration),
              let base = cachedFresh(k) else { return nil }
        guard let scaled = Self.layout(tree, on: device, unit.direction, unit.strategy.make()) else { return [Finding(detail: "the doubled case could not be laid out")] }
        let ambiguous = Set((base.ambiguous ?? []).map(\.view) + (scaled.ambiguous ?? []).map(\.view))
        var out: [Finding] = []
        let tolerance = 2 * noise
        for (i, view) in unit.loaded.tree.views.enumerated() where !ambiguous.contains(view.id) && i < scaled.windowFrames.count {
            let want = base.windowFrames[i].components.map { 2 * $0 }
            let got = scaled.windowFrames[i].components
            if !zip(got, want).allSatisfy({ $0 == $1 || abs($0 - $1) <= max(tolerance, 1e-12 * abs($1)) }) {
                out.append(Finding(detail: "\(view.id): window frame \(scaled.windowFrames[i]) doubled, \(base.windowFrames[i]) × 2 wanted",
                                   got: got, expected: want, views: [view.id]))
            }
        }
        return out
    }

    /// A fresh layout of `tree` on `device`; nil when it throws.
    static func layout<T: ConstraintSolver>(_ tree: ViewTree, on device: DeviceConfiguration, _ direction: LayoutDirection?, _ solver: T) -> LayoutResult? {
        var e = LayoutEngine(tree: tree, solver: solver, direction: direction)
        return try? e.layout(on: device)
    }

    /// The case with every length doubled, or nil when some length is out of its reach: visual
    /// formats (metrics in text), stacks (system spacing), baselines, scroll views, layout or
    /// alignment insets, additional safe areas, autoresizing subviews, or constraints on margins
    /// or the readable guide (system margins are the device's, not the case's).
    static func doubledCase(_ c: LayoutCase) -> LayoutCase? {
        guard c.formats.isEmpty else { return nil }
        for v in c.views.dropFirst() where v.translatesAutoresizingMask == true { return nil }
        for v in c.views where v.stack != nil || v.baseline != nil || v.scroll == true || v.layoutMargins != nil
            || v.alignmentRectInsets != nil || v.additionalSafeAreaInsets != nil {
            return nil
        }
        for x in c.constraints {
            for a in [x.first] + (x.second.map { [$0] } ?? []) where a.attribute.isMargin || (a.item.guide != nil && a.item.guide != .safeArea) {
                return nil
            }
        }
        var out = c
        for k in out.views.indices {
            if var f = out.views[k].frame {
                (f.x, f.y, f.width, f.height) = (2 * f.x, 2 * f.y, 2 * f.width, 2 * f.height)
                out.views[k].frame = f
            }
            if var s = out.views[k].intrinsicSize {
                s.width = s.width.map { 2 * $0 }
                s.height = s.height.map { 2 * $0 }
                out.views[k].intrinsicSize = s
            }
        }
        for k in out.constraints.indices { out.constraints[k].constant *= 2 }
        return out
    }

    /// A custom device twice the configuration's screen and safe area, same scale and size
    /// classes.
    static func doubled(_ configuration: DeviceConfiguration) -> DeviceConfiguration? {
        let size = configuration.screenSize, safe = configuration.safeArea
        let json: JSONValue = .object([
            ("id", .string("doubled")), ("size", .array([.number(2 * size.width), .number(2 * size.height)])),
            ("scale", .number(configuration.scale)),
            ("safeArea", .array([safe.top, safe.left, safe.bottom, safe.right].map { .number(2 * $0) })),
            ("sizeClass", .string(configuration.sizeClasses.description)),
        ])
        guard let device = try? Device(customJSON: json, path: "doubled") else { return nil }
        return try? DeviceConfiguration(device: device)
    }
}
