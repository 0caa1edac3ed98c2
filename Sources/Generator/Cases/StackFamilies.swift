import AutoLayout
import LinearConstraints

/// Families built from stack views (`stack` fields; the AutoLayout stack generation makes
/// their UISV-* constraints), the way apps build screens since iOS 9.
enum StackFamilies {
    /// Makes `id` a stack view under `superview` with the given settings and arranged views.
    static func stack(
        _ b: inout CaseBuilder, _ id: String, in superview: String, axis: LayoutAxis, distribution: StackDistribution,
        alignment: StackAlignment, spacing: Double, arranged: [String]
    ) {
        b.view(id, in: superview) {
            var s = StackSpec()
            s.axis = axis
            s.distribution = distribution
            s.alignment = alignment
            s.spacing = .points(spacing)
            s.arranged = arranged
            $0.stack = s
        }
    }

    /// Rows of horizontal stacks inside a vertical stack pinned to the safe area: every
    /// distribution and alignment, arranged labels with intrinsic sizes that are sometimes zero
    /// or missing on an axis, some arranged views hidden. Records no conflict (every stack
    /// constraint is an equality on a tree of items or a spanner bound they satisfy); ambiguity
    /// is not promised (fillProportionally without intrinsic sizes leaves sizes free, as in UIKit).
    static func edgeCases(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        var b = CaseBuilder(capacity: r.size)
        let rows = max(r.size / 5, 1)
        let rowIDs = (0..<rows).map { "row\($0)" }
        stack(&b, "outer", in: "main", axis: .vertical, distribution: .fill, alignment: .fill, spacing: 8, arranged: rowIDs)
        b.pinEdges("outer", to: ItemReference("main", guide: .safeArea))
        let hiddenP = r["hidden"], missingP = r["missing"]
        for (k, row) in rowIDs.enumerated() {
            let n = rng.int(in: 1...5)
            let items = (0..<n).map { "item\(k)_\($0)" }
            stack(&b, row, in: "outer", axis: .horizontal, distribution: rng.pick(StackDistribution.allCases),
                  alignment: rng.pick(StackAlignment.allCases), spacing: rng.pick([0, 4, 8, 20]), arranged: items)
            for item in items {
                let width: Double? = rng.chance(missingP) ? nil : rng.pick([0, 0, 20, 44, 80, 120])
                let height: Double? = rng.chance(missingP) ? nil : rng.pick([0, 17, 21, 44])
                b.view(item, in: row) {
                    $0.intrinsicSize = width == nil && height == nil ? nil : IntrinsicSize(width: width, height: height)
                    if let h = height, h > 0 { $0.baseline = Baseline(first: (h * 0.8).rounded(), last: (h * 0.2).rounded()) }
                    if rng.chance(hiddenP) { $0.hidden = true }
                }
            }
        }
        b.expect.append(DeviceExpectation(device: "*", conflicts: []))
        return b.finish(r, "stack views with hidden items and zero or missing intrinsic sizes")
    }

    /// Stacks nested (size − 1) / 2 deep, alternating axes, each holding a label (required
    /// compression resistance) and the next stack; the innermost holds an empty `leaf` view that
    /// takes the slack. Fill distribution and alignment throughout; records no conflict. The
    /// outer stack's leading and top edges are pinned to the root's margins, its trailing and
    /// bottom edges at 999: deep nesting outgrows the screen (ten horizontal levels of labels
    /// up to 120 points wide), which against the root's required size would be a conflict.
    static func nested(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        var b = CaseBuilder(capacity: r.size)
        let depth = max((r.size - 1) / 2, 1)
        var parent = "main"
        for d in 0..<depth {
            let id = "stack\(d)", label = "label\(d)"
            let axis: LayoutAxis = d % 2 == 0 ? .vertical : .horizontal
            let next = d == depth - 1 ? "leaf" : "stack\(d + 1)"
            stack(&b, id, in: parent, axis: axis, distribution: .fill, alignment: .fill, spacing: 8, arranged: [label, next])
            if d == 0 {
                let margins = ItemReference("main", guide: .margins)
                b.add(a(id, .leading), .equal, AnchorReference(margins, .leading))
                b.add(a(id, .top), .equal, AnchorReference(margins, .top))
                b.add(a(id, .trailing), .equal, AnchorReference(margins, .trailing), priority: Priority(999))
                b.add(a(id, .bottom), .equal, AnchorReference(margins, .bottom), priority: Priority(999))
            }
            b.label(label, in: id, width: rng.stepped(20...120, step: 1), height: 21)
            b.views[b.views.count - 1].compressionResistance = AxisPriorities(horizontal: .required, vertical: .required)
            parent = id
        }
        b.view("leaf", in: parent)
        b.expect.append(DeviceExpectation(device: "*", conflicts: []))
        return b.finish(r, "stack views nested \(depth) deep")
    }
}
