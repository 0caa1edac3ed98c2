import AutoLayout
import LinearConstraints

/// Metamorphic invariants that change the case itself: the same layout must come out of the
/// constraints in another order, with a required constraint repeated, and (mirrored) in the
/// other direction. Each costs one validation per unit and one fresh layout per device.
extension UnitPass {
    /// `permute-constraints` and `duplicate-required`: the variant's fresh layout on device `k`
    /// equals the case's (views either calls ambiguous aside). Nil (not applicable) when the
    /// case has no variant of that kind or its fresh layout breaks a conflict, since which
    /// constraint breaks depends on the order.
    mutating func variant(_ kind: Invariant, _ k: Int) -> [Finding]? {
        guard let tree = variantTree(kind), let base = cachedFresh(k), base.conflicts.isEmpty else { return nil }
        guard let other = Self.freshLayout(tree, unit, k, unit.strategy.make()) else {
            return [Finding(detail: "the \(kind.rawValue) variant of the case could not be laid out")]
        }
        let what = kind == .permuteConstraints ? "with the constraints reversed" : "with a required constraint repeated"
        return Self.frameDifferences(other, base, shift: (0, 0), what: what, other: "as written", tolerance: noise, tree: unit.loaded.tree)
    }

    /// The variant tree for `kind`, validated once per unit; nil when it does not apply.
    mutating func variantTree(_ kind: Invariant) -> ViewTree? {
        if let t = variants[kind] { return t }
        var c = unit.loaded.layoutCase
        switch kind {
        case .permuteConstraints:
            if c.constraints.count >= 2 { c.constraints.reverse() } else { c.constraints = [] }
        case .duplicateRequired:
            if let original = c.constraints.first(where: { $0.priority.isRequired && $0.isActive && $0.when == nil }) {
                var copy = original
                copy.identifier = original.identifier.map { $0 + "~duplicate" }
                c.constraints.append(copy)
            } else { c.constraints = [] }
        case .scaleByTwo:
            if let doubled = Self.doubledCase(c) { c = doubled } else { c.constraints = [] }
        default: c.constraints = []
        }
        let tree = c.constraints.isEmpty ? nil : try? c.validate()
        variants[kind] = tree
        return tree
    }

    /// `mirror-rtl`: laid out right-to-left, every view's unsnapped window frame is its
    /// left-to-right one mirrored in the root (`x' = W − x − width`), within 1e-9 of the
    /// magnitudes in play. Unsnapped, because snapping rounds ties up, which a mirror turns
    /// into down: snapped frames may differ by a pixel. Only for units in the case's own
    /// direction whose case can mirror: no left/right attributes or options, no forced semantic
    /// content, no autoresizing subviews, no asymmetric alignment insets, no scroll views, and a
    /// device whose left and right safe-area insets are equal; and both layouts settled.
    mutating func mirrorRightToLeft(_ k: Int) -> [Finding]? {
        guard unit.direction == nil, Self.canMirror(unit.loaded.tree, unit.loaded.layoutCase),
              unit.devices[k].safeArea.left == unit.devices[k].safeArea.right else { return nil }
        let ltr = Self.freshLayout(unit, k, direction: .leftToRight, unit.strategy.make())
        let rtl = Self.freshLayout(unit, k, direction: .rightToLeft, unit.strategy.make())
        guard let ltr, let rtl, let root = ltr.windowFrames.first else {
            return [Finding(detail: "a fresh left-to-right or right-to-left layout failed")]
        }
        // An unsettled layout (margins still moving after the last pass) depends on where the
        // passes stopped, which need not mirror; as incremental-equals-fresh, not judged.
        guard ltr.settled, rtl.settled else { return nil }
        let ambiguous = Set((ltr.ambiguous ?? []).map(\.view) + (rtl.ambiguous ?? []).map(\.view))
        // Guide insets suggested from frames over more than one pass, with ambiguous views among
        // those frames: the two directions may settle on different optima and so pose different
        // problems (as strategies-agree, not judged).
        if (ltr.passes > 1 || rtl.passes > 1) && !ambiguous.isEmpty { return nil }
        var out: [Finding] = []
        for (i, view) in unit.loaded.tree.views.enumerated() where !ambiguous.contains(view.id) && i < rtl.windowFrames.count {
            var want = ltr.windowFrames[i]
            want.x = root.x + root.width - (want.x - root.x) - want.width
            let got = rtl.windowFrames[i]
            let scale = max(1, abs(root.width), want.components.map(abs).max() ?? 0)
            if !zip(got.components, want.components).allSatisfy({ $0 == $1 || abs($0 - $1) <= 1e-9 * scale }) {
                out.append(Finding(detail: "\(view.id): window frame \(got) right-to-left, \(want) left-to-right mirrored",
                                   got: got.components, expected: want.components, views: [view.id]))
            }
        }
        return out
    }

    static func freshLayout<T: ConstraintSolver>(_ tree: ViewTree, _ unit: InvariantUnit, _ k: Int, _ solver: T) -> LayoutResult? {
        var e = LayoutEngine(tree: tree, solver: solver, direction: unit.direction)
        return try? e.layout(on: unit.devices[k])
    }

    static func freshLayout<T: ConstraintSolver>(_ unit: InvariantUnit, _ k: Int, direction: LayoutDirection, _ solver: T) -> LayoutResult? {
        var e = LayoutEngine(tree: unit.loaded.tree, solver: solver, direction: direction)
        return try? e.layout(on: unit.devices[k])
    }

    /// True when nothing in the case is tied to left or right rather than leading or trailing.
    static func canMirror(_ tree: ViewTree, _ c: LayoutCase) -> Bool {
        let absolute: Set<LayoutAttribute> = [.left, .right, .leftMargin, .rightMargin]
        let usesAbsolute = c.constraints.contains { absolute.contains($0.first.attribute) || $0.second.map { absolute.contains($0.attribute) } == true }
        let absoluteOptions: Set<FormatOption> = [.alignAllLeft, .alignAllRight, .directionLeftToRight, .directionRightToLeft]
        let formatAbsolute = c.formats.contains { f in f.options.contains { absoluteOptions.contains($0) } }
        let views = tree.views.dropFirst()
        // A scroll view's content area keeps its origin at the left under right-to-left layout
        // (UIKit does not flip content coordinates), so content wider than the scroll view does
        // not mirror within it.
        let pinned = views.contains { $0.translatesAutoresizingMask || $0.semanticContentAttribute != .unspecified
            || $0.alignmentRectInsets.left != $0.alignmentRectInsets.right || $0.isScrollView }
        return !usesAbsolute && !formatAbsolute && !pinned && !c.constraints.contains { Self.fixesAnAbsoluteOffset($0) }
            && tree.views[0].semanticContentAttribute == .unspecified
    }

    /// True for a horizontal location constraint that right-to-left does not flip: centres with
    /// a constant (`v.centerX == main.centerX + 1` keeps its +1 to the right, as in UIKit, where
    /// only leading and trailing follow the direction), and any horizontal location scaled by a
    /// multiplier (`x * 0.5` is measured from the left edge, whatever the direction). Found by
    /// the fuzzer (a centred view with an offset "failed" mirror-rtl).
    static func fixesAnAbsoluteOffset(_ s: ConstraintSpec) -> Bool {
        let attributes = [s.first.attribute] + (s.second.map { [$0.attribute] } ?? [])
        guard attributes.contains(where: { $0.axis == .horizontal && !$0.isDimension }) else { return false }
        let centres: Set<LayoutAttribute> = [.centerX, .centerXWithinMargins]
        return s.multiplier != 1 || (s.constant != 0 && attributes.allSatisfy { centres.contains($0) })
    }
}
