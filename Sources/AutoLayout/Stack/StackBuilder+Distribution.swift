import LinearConstraints

extension StackBuilder {
    /// The distribution's own constraints over the visible items (fill has none), then
    /// `UISV-canvas-fit` (stack dimension along the axis == 0 @49) for equalSpacing and
    /// equalCentering, whose gaps would otherwise leave a self-sizing stack's length free.
    mutating func generateDistribution() {
        let shown = visible
        switch stack.distribution {
        case .fill: break
        case .fillEqually: fillEqually(shown)
        case .fillProportionally: fillProportionally(shown)
        case .equalSpacing: gapGuides(shown, centers: false)
        case .equalCentering: gapGuides(shown, centers: true)
        }
        if isEqualDistribution {
            constrain(StackIdentifier.canvasFit, Anchor(stackItem, axes.dimension), .equal, nil, priority: StackPriority.canvasFit)
        }
    }

    /// `UISV-fill-equally`: `item_i.dim == item_0.dim`, required, for every visible i ≥ 1.
    mutating func fillEqually(_ shown: [ViewIndex]) {
        guard let first = shown.first else { return }
        for v in shown.dropFirst() {
            constrain(StackIdentifier.fillEqually, anchor(v, axes.dimension), .equal, anchor(first, axes.dimension))
        }
    }

    /// `UISV-fill-proportionally`: `item_i.dim == (len_i / D) · canvas.dim` with `len_i` the
    /// intrinsic length along the axis (none counts as ≤ 0) and `D = Σ len (len > 0) + the
    /// spacings between visible items`; priority max(999 − i, 751), required when the
    /// multiplier is exactly 1; an item whose intrinsic length is 0 gets a required `dim == 0`,
    /// and one without an intrinsic length none: the stack's other constraints size it. (Four
    /// tinode cells: a nested stack without an intrinsic width beside a 40-point button in a
    /// 374-point fillProportionally stack is stored 324 wide, the rest; a required zero width
    /// would make the button's own width give way.) When
    /// `D ≤ max(spacing total, 1)` (no usable intrinsic lengths) it falls back to fillEqually;
    /// that test uses the unsnapped spacings so that it does not depend on the device.
    /// The canvas is the stack (or its margins guide), which the items and spacings fill.
    mutating func fillProportionally(_ shown: [ViewIndex]) {
        let lengths = shown.map { tree[$0].intrinsicSize[stack.axis] ?? -1 }
        let pairs = zip(shown, shown.dropFirst())
        let positive = lengths.filter { $0 > 0 }.reduce(0, +)
        let unsnapped = pairs.reduce(0.0) { $0 + unsnappedSpacing(after: $1.0) }
        guard positive + unsnapped > max(unsnapped, 1) else {
            fillEqually(shown)
            return
        }
        let total = positive + pairs.reduce(0.0) { $0 + spacing(after: $1.0) }
        for (i, (v, length)) in zip(shown, lengths).enumerated() {
            guard length > 0 else {
                if length == 0 { constrain(StackIdentifier.fillProportionally, anchor(v, axes.dimension), .equal, nil) }
                continue
            }
            // The priority, like the fallback, is decided on unsnapped numbers (device-independent).
            let priority = StackPriority.proportional(i, multiplier: length / (positive + unsnapped))
            constrain(
                StackIdentifier.fillProportionally, anchor(v, axes.dimension), .equal, Anchor(canvas, axes.dimension),
                multiplier: length / total, priority: priority)
        }
    }

    /// equalSpacing / equalCentering: one `UISV-distributing` guide per adjacent visible pair,
    /// its leading edge on the previous item's trailing edge (centre for equalCentering) and its
    /// trailing edge on the next item's leading edge (centre), `UISV-distributing-edge`,
    /// required; then `UISV-fill-equally` `gap_i.dim == gap_0.dim`, required for equalSpacing and
    /// max(150 − i, 50) for equalCentering.
    mutating func gapGuides(_ shown: [ViewIndex], centers: Bool) {
        let before = centers ? axes.center : axes.trailing
        let after = centers ? axes.center : axes.leading
        var gaps: [ItemIndex] = []
        for (k, (prev, next)) in zip(shown, shown.dropFirst()).enumerated() {
            let gap = addGuide(StackIdentifier.distributing, index: k)
            gaps.append(gap)
            constrain(StackIdentifier.distributingEdge, Anchor(gap, axes.leading), .equal, anchor(prev, before))
            constrain(StackIdentifier.distributingEdge, anchor(next, after), .equal, Anchor(gap, axes.trailing))
        }
        guard let first = gaps.first else { return }
        for (i, gap) in gaps.enumerated().dropFirst() {
            let priority = centers ? StackPriority.equalCenteringGap(i) : .required
            constrain(StackIdentifier.fillEqually, Anchor(gap, axes.dimension), .equal, Anchor(first, axes.dimension), priority: priority)
        }
    }
}
