import LinearConstraints

extension StackBuilder {
    /// Along the axis: the first visible item's leading edge and the last visible item's
    /// trailing edge to the canvas (`UISV-canvas-connection`, ==, 1000), and one `UISV-spacing`
    /// per adjacent visible pair, `next.leading == prev.trailing + spacing` (== for the fill
    /// distributions, >= for equalSpacing and equalCentering), baseline to baseline
    /// (`next.firstBaseline == prev.lastBaseline + spacing`) on a vertical stack with
    /// `baselineRelativeArrangement`. Hidden views are skipped, so they take no space.
    mutating func generateAxis() {
        let shown = visible
        guard let first = shown.first, let last = shown.last else { return }
        constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.leading), .equal, anchor(first, axes.leading))
        constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.trailing), .equal, anchor(last, axes.trailing))
        let relation: Relation = isEqualDistribution ? .greaterThanOrEqual : .equal
        let baselines = stack.axis == .vertical && stack.baselineRelativeArrangement
        let (before, after): (LayoutAttribute, LayoutAttribute) =
            baselines ? (.lastBaseline, .firstBaseline) : (axes.trailing, axes.leading)
        for (prev, next) in zip(shown, shown.dropFirst()) {
            constrain(StackIdentifier.spacing, anchor(next, after), relation, anchor(prev, before), constant: spacing(after: prev))
        }
    }

    /// equalSpacing and equalCentering: spacing is a minimum, gap guides make the gaps equal.
    var isEqualDistribution: Bool { stack.distribution == .equalSpacing || stack.distribution == .equalCentering }

    /// Hidden arranged views: each gets `UISV-hiding` (its axis dimension == 0 @999.999), and each
    /// boundary between neighbours where one side is hidden gets `UISV-spacing-hidden` @50,
    /// `next.leading == prev.trailing + c`, along the sequence canvas, items, canvas (the canvas
    /// ends use the canvas's leading and trailing edges). `c` is half the spacing between the two
    /// visible views around the hidden run on its outer boundaries and 0 elsewhere (inside a run,
    /// and where the run touches the canvas), so the hidden views sit, zero-sized, in the middle
    /// of the gap of a fill stack and every one of these constraints can hold at once there.
    /// (docs/uikit-rules.md gives "gap around a hidden item, half spacing, 50"; this placement is Strut's
    /// reading of it.)
    mutating func generateHidden() {
        let arranged = stack.arranged
        for v in arranged where isHidden(v) {
            constrain(StackIdentifier.hiding, anchor(v, axes.dimension), .equal, nil, priority: StackPriority.hiding)
        }
        for k in 0...arranged.count {
            let a = k > 0 ? arranged[k - 1] : nil
            let b = k < arranged.count ? arranged[k] : nil
            guard a.map(isHidden) == true || b.map(isHidden) == true else { continue }
            let first = b.map { anchor($0, axes.leading) } ?? Anchor(canvas, axes.trailing)
            let second = a.map { anchor($0, axes.trailing) } ?? Anchor(canvas, axes.leading)
            constrain(StackIdentifier.spacingHidden, first, .equal, second, constant: hiddenGap(at: k), priority: StackPriority.spacingHidden)
        }
    }

    /// The constant of the hidden-gap constraint at boundary `k` (between `arranged[k-1]` and
    /// `arranged[k]`): half the visible spacing when exactly one side is a visible view and the
    /// hidden run on the other side has a visible view beyond it, else 0.
    func hiddenGap(at k: Int) -> Double {
        let arranged = stack.arranged
        guard k > 0, k < arranged.count else { return 0 }
        let a = arranged[k - 1], b = arranged[k]
        switch (isHidden(a), isHidden(b)) {
        case (false, true):
            let beyond = arranged[(k + 1)...].contains { !isHidden($0) }
            return beyond ? spacing(after: a) / 2 : 0
        case (true, false):
            guard let p = arranged[..<(k - 1)].last(where: { !isHidden($0) }) else { return 0 }
            return spacing(after: p) / 2
        default: return 0
        }
    }
}
