import AutoLayout
import LinearConstraints

/// The invariants that compare a layout with another, fresh one: after a device switch, and
/// with the root translated (metamorphic). Each costs one fresh layout per device.
extension UnitPass {
    /// Points two layouts of one system may differ by from rounding alone: 1e-6, or 1e-12 of the
    /// largest constant or suggestion held (a system with constants near 1e18 cannot place a
    /// view to the point in doubles, and a different order of operations rounds differently).
    var noise: Double { max(1e-6, 1e-12 * magnitude()) }

    /// `incremental-equals-fresh`: after a switch to device `k`, every view that neither layout
    /// calls ambiguous has the frame a fresh engine gives on that device (within `noise`). Not
    /// judged (nil) when either layout's guide insets were still moving after its last pass
    /// (`settled` false, a layout feedback loop the result reports): its frames depend on where
    /// the passes started, which is exactly what differs between a switch and a fresh layout
    /// (a fuzz finding: a margin tied to a view of negative width).
    mutating func incrementalEqualsFresh(_ result: LayoutResult, _ k: Int) -> [Finding]? {
        guard let fresh = cachedFresh(k) else { return [Finding(detail: "a fresh layout on this device failed where the switch succeeded")] }
        guard result.settled, fresh.settled else { return nil }
        return Self.frameDifferences(result, fresh, shift: (0, 0), what: "after the switch", other: "fresh", tolerance: noise, tree: unit.loaded.tree)
    }

    /// `translate-root`: laid out with the root at (40, 24) instead of the origin, the root's
    /// frame moves by exactly that and every other view's frame (in its superview) stays put.
    /// Both layouts are fresh, so this judges translation alone.
    mutating func translateRoot(_ k: Int) -> [Finding] {
        let shift = (x: 40.0, y: 24.0)
        guard let base = cachedFresh(k), let moved = freshLayout(k, rootOrigin: shift) else {
            return [Finding(detail: "a fresh layout (at the origin or translated) failed")]
        }
        return Self.frameDifferences(moved, base, shift: shift, what: "with the root at (40, 24)", other: "at the origin", tolerance: noise, tree: unit.loaded.tree)
    }

    /// Views whose frames in `a` and `b` differ by more than `tolerance` points (or 1e-12 of the
    /// coordinates themselves, for the same reason as `noise`) once the root's
    /// frame in `b` is moved by `shift`; views either layout reports ambiguous are left out, and
    /// so are their subviews: a frame is in its superview's coordinates, so a view fixed on the
    /// screen inside an ambiguous superview has an ambiguous frame too.
    static func frameDifferences(
        _ a: LayoutResult, _ b: LayoutResult, shift: (x: Double, y: Double), what: String, other: String, tolerance: Double,
        tree: ViewTree
    ) -> [Finding] {
        var ambiguous = Set((a.ambiguous ?? []).map(\.view) + (b.ambiguous ?? []).map(\.view))
        for v in tree.views { if let s = v.superview, ambiguous.contains(tree.views[s.rawValue].id) { ambiguous.insert(v.id) } }
        var out: [Finding] = []
        for (k, (fa, fb)) in zip(a.frames, b.frames).enumerated() where !ambiguous.contains(fa.view) {
            var want = fb.frame
            if k == 0 {
                want.x += shift.x
                want.y += shift.y
            }
            let same = zip(fa.frame.components, want.components).allSatisfy { x, y in
                x == y || abs(x - y) <= max(tolerance, 1e-12 * max(abs(x), abs(y)))
            }
            if !same {
                out.append(Finding(detail: "\(fa.view): \(fa.frame) \(what), \(want) \(other)",
                                   got: fa.frame.components, expected: want.components, views: [fa.view]))
            }
        }
        if a.frames.count != b.frames.count {
            out.append(Finding(detail: "\(a.frames.count) frames \(what), \(b.frames.count) \(other)"))
        }
        return out
    }
}
