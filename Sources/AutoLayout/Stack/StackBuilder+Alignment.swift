import LinearConstraints

extension StackBuilder {
    /// Across the axis. The reference item is the first visible arranged view (the first
    /// arranged view when all are hidden); every other arranged view, hidden or not, is aligned
    /// to it with `UISV-alignment` (required) on the aligned attribute(s).
    ///
    /// - fill: the reference's two cross edges == the canvas's (`UISV-canvas-connection`).
    /// - center with exactly one visible item: no spanner; the canvas's cross edges bound the
    ///   item (canvas.leading <= item.leading, canvas.trailing >= item.trailing), centres equal,
    ///   `UISV-canvas-fit` on the stack's cross dimension @49.
    /// - otherwise (leading, trailing, center, baselines): a `UISV-alignment-spanner` guide; the
    ///   canvas's cross edge equals the reference's on a pinned edge (leading, trailing) and its
    ///   centre for center, and equals the spanner's edges elsewhere; see `spanner(_:)`.
    /// - every non-fill alignment: `UISV-ambiguity-suppression`, each item's cross dimension
    ///   == 0 @25, so items without a cross size take their intrinsic one (or collapse).
    mutating func generateAlignment() {
        let shown = visible
        guard let reference = shown.first ?? stack.arranged.first else { return }
        let alignment = CrossAlignment(stack.alignment, axis: stack.axis)
        switch alignment {
        case .fill:
            constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossLeading), .equal, anchor(reference, axes.crossLeading))
            constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossTrailing), .equal, anchor(reference, axes.crossTrailing))
        case .center where shown.count == 1:
            constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossLeading), .lessThanOrEqual, anchor(reference, axes.crossLeading))
            constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossTrailing), .greaterThanOrEqual, anchor(reference, axes.crossTrailing))
            constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossCenter), .equal, anchor(reference, axes.crossCenter))
            constrain(StackIdentifier.canvasFit, Anchor(stackItem, axes.crossDimension), .equal, nil, priority: StackPriority.canvasFit)
        default:
            spanner(alignment, reference: reference, shown: shown)
        }
        for v in stack.arranged where v != reference {
            for attribute in alignment.alignedAttributes(axes) {
                constrain(StackIdentifier.alignment, anchor(reference, attribute), .equal, anchor(v, attribute))
            }
        }
        guard alignment != .fill else { return }
        for v in stack.arranged {
            constrain(StackIdentifier.ambiguitySuppression, anchor(v, axes.crossDimension), .equal, nil, priority: StackPriority.ambiguitySuppression)
        }
    }

    /// The spanner guide around the visible items. Canvas connections (required, ==): leading
    /// pins canvas.leading to the reference and canvas.trailing to the spanner; trailing the
    /// mirror; center pins the centres and both spanner edges; baselines both spanner edges.
    /// `UISV-spanning-boundary` per visible item: `spanner.leading <= item.leading` and
    /// `spanner.trailing >= item.trailing` (required), except on the aligned edge, where it is an
    /// equality @999.5: the leading edge for leading alignment, the trailing edge for trailing.
    /// Baseline alignment has no aligned edge, so both bounds stay required; Strut adds an
    /// equality @999.5 on the top edge for firstBaseline and the bottom edge for lastBaseline
    /// (the edges a view without a baseline falls back to). With different baseline offsets
    /// these cannot all hold, which 999.5 allows: the items hang from the top (sit on the
    /// bottom) of a taller stack instead of floating ambiguously. This equality is Strut's
    /// reading; docs/uikit-rules.md does not settle it. `UISV-spanning-fit`: the spanner's cross dimension == 0 @51 (@0.001 when every
    /// item is hidden, and then no item bounds it).
    mutating func spanner(_ alignment: CrossAlignment, reference: ViewIndex, shown: [ViewIndex]) {
        let spanner = addGuide(StackIdentifier.alignmentSpanner)
        let pinLeading = alignment == .leading
        let pinTrailing = alignment == .trailing
        if alignment == .center {
            constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossCenter), .equal, anchor(reference, axes.crossCenter))
        }
        let leadingTarget = pinLeading ? anchor(reference, axes.crossLeading) : Anchor(spanner, axes.crossLeading)
        constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossLeading), .equal, leadingTarget)
        let trailingTarget = pinTrailing ? anchor(reference, axes.crossTrailing) : Anchor(spanner, axes.crossTrailing)
        constrain(StackIdentifier.canvasConnection, Anchor(canvas, axes.crossTrailing), .equal, trailingTarget)
        for v in shown {
            let (leadingRelation, leadingPriority) = pinLeading
                ? (Relation.equal, StackPriority.spanningBoundaryEquality) : (.lessThanOrEqual, .required)
            constrain(StackIdentifier.spanningBoundary, Anchor(spanner, axes.crossLeading), leadingRelation, anchor(v, axes.crossLeading), priority: leadingPriority)
            let (trailingRelation, trailingPriority) = pinTrailing
                ? (Relation.equal, StackPriority.spanningBoundaryEquality) : (.greaterThanOrEqual, .required)
            constrain(StackIdentifier.spanningBoundary, Anchor(spanner, axes.crossTrailing), trailingRelation, anchor(v, axes.crossTrailing), priority: trailingPriority)
            if alignment == .firstBaseline || alignment == .lastBaseline {
                let edge = alignment == .firstBaseline ? axes.crossLeading : axes.crossTrailing
                constrain(StackIdentifier.spanningBoundary, Anchor(spanner, edge), .equal, anchor(v, edge), priority: StackPriority.spanningBoundaryEquality)
            }
        }
        let fit = shown.isEmpty ? StackPriority.spanningFitAllHidden : StackPriority.spanningFit
        constrain(StackIdentifier.spanningFit, Anchor(spanner, axes.crossDimension), .equal, nil, priority: fit)
    }
}
