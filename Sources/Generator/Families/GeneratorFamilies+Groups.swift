import AutoLayout

/// The adversarial and realistic families, in listing order.
extension GeneratorFamilies {
    static let adversarial: [Family] = [
        plantedConflict, plantedAmbiguity,
        Family(
            "priority-ladder", .adversarial,
            summary: """
                One view's width prefers 100 at `high`; every other view's width equals it (required) and prefers \
                200 at `low`. Lexicographically the single higher preference wins: expect "*" records x's frame \
                ([20, 20, 100, 44] with the default priorities), no ambiguity, no conflict.
                """,
            targets: "Weighted strategies (Kiwi, cassowary-weighted): past 1 000 views at 750/250 the many low errors outweigh the one high error and x comes out 200 wide (docs/peers.md failure 6).",
            defaultSize: 2002, sizeRange: 2...1_000_000,
            knobs: [Knob("high", 750, 1...999, "priority of the single preference"), Knob("low", 250, 1...999, "priority of the many opposing preferences")]
        ) { .layout(AdversarialPriorities.ladder($0)) },
        Family(
            "long-chain", .adversarial,
            summary: "A row of views between the root's margins, each after the previous one; fixed small widths, the last takes the rest. Determined.",
            targets: "Simplex cost on long dependency chains (Kiwi's build grows with exponent 3.5-4 on chains).",
            defaultSize: 200, sizeRange: 1...1_000_000, knobs: chainKnobs
        ) { .layout(AdversarialShapes.chain($0)) },
        Family(
            "equal-chain", .adversarial,
            summary: "A row of views between the root's margins whose widths are all required equal to the previous one's. Determined.",
            targets: "Chains of equalities: every width depends on every other, the densest substitution pattern for a tableau without a column index.",
            defaultSize: 200, sizeRange: 1...1_000_000, knobs: chainKnobs
        ) { .layout(AdversarialShapes.chain($0)) },
        Family(
            "equal-grid", .adversarial,
            summary: "A grid of ⌈√n⌉ columns whose cells are all required the same size as their neighbours; only the first row and column reach the far edges. Determined.",
            targets: "Two-dimensional equality meshes (Kiwi's grid build grows with exponent 2.7; its tolerance residue makes removals fail).",
            defaultSize: 100, sizeRange: 1...1_000_000, knobs: [Knob("gap", 8, 0...100, "spacing between cells")]
        ) { .layout(AdversarialShapes.equalGrid($0)) },
        Family(
            "deep-nesting", .adversarial,
            summary: "Views nested one inside the next, depth = size: each pinned to its parent's edges with an inset, or centred with the parent's size minus twice the inset. Determined.",
            targets: "Recursion depth in lowering, tree walks and safe-area/margin propagation (depth in the thousands), long vertical dependency chains.",
            defaultSize: 1000, sizeRange: 2...1_000_000, knobs: [Knob("inset", 0, 0...10, "inset of each view inside its parent")]
        ) { .layout(AdversarialShapes.deepNesting($0)) },
        Family(
            "wide-siblings", .adversarial,
            summary: "Tens of thousands of subviews of one view, each with a fixed size, placed against the root or (probability linked) against its previous sibling. Determined.",
            targets: "Per-level costs that are quadratic in the number of siblings (subview lists, sibling lookups), and very long sibling dependency chains.",
            defaultSize: 10_000, sizeRange: 2...1_000_000, knobs: [Knob("linked", 0.3, 0...1, "probability that a view is placed against its previous sibling")]
        ) { .layout(AdversarialShapes.wideSiblings($0)) },
        Family(
            "equality-cycles", .adversarial,
            summary: "Rings of views whose widths are tied around the ring by power-of-two multipliers whose product is exactly 1 (one equation per ring is redundant); one width per ring is fixed. Determined.",
            targets: "Redundant equality cycles with multipliers: dependent rows, pivoting on tiny or large coefficients, false conflicts from rounding.",
            defaultSize: 64, sizeRange: 1...1_000_000, knobs: [Knob("ring", 8, 2...10_000, integer: true, "views per ring")]
        ) { .layout(AdversarialPriorities.equalityCycles($0)) },
        Family(
            "extreme-numbers", .adversarial,
            summary: "Widths that are multiples from 1e-6 to 1e6 of the previous view's plus constants up to 1e15, positions up to 1e12. Determined in exact arithmetic; no expectation is recorded.",
            targets: "Floating-point robustness: absolute tolerances (Kiwi's 1e-8), cancellation, spurious conflicts or unboundedness, overflow checks.",
            defaultSize: 20, sizeRange: 1...100_000
        ) { .layout(AdversarialPriorities.extremeNumbers($0)) },
        Family(
            "soft-ambiguity", .adversarial,
            summary: "One row of views between the root's edges, each preferring width 200 at the same priority, more than any screen holds: every view is recorded ambiguous, no conflict.",
            targets: "Ambiguity by design: thousands of same-priority soft constraints with a large optimal face; determinism of tie-breaking across runs and job counts.",
            defaultSize: 1000, sizeRange: 10...1_000_000
        ) { .layout(AdversarialPriorities.softAmbiguity($0)) },
        Family(
            "redundant", .adversarial,
            summary: "A valid random tree in which determining constraints are repeated as required duplicates (probability duplicates) and many tight implied inequalities are added. Determined, no conflict.",
            targets: "Duplicate and redundant required constraints: dependent rows that must not be reported as conflicts, degenerate pivots.",
            defaultSize: 50, sizeRange: 1...1_000_000,
            knobs: [Knob("duplicates", 0.5, 0...1, "probability that a determiner is repeated"), Knob("density", 3, 0...8, "expected implied inequalities per view")]
        ) { .layout(TraitFamilies.redundant($0)) },
        Family(
            "autoresizing-conflict", .adversarial,
            summary: "A valid random tree plus views made in code (translatesAutoresizingMask, fixed-width mask) that also carry an explicit width; each conflict {ar<k>-width, ar<k> h=<mask> width} is recorded.",
            targets: "Implicit autoresizing constraints and UIKit's classic conflict with explicit constraints; conflict naming of implicit constraints.",
            defaultSize: 30, sizeRange: 1...1_000_000, knobs: PlantedFaults.knobs
        ) { .layout(TraitFamilies.autoresizingConflict($0)) },
        Family(
            "size-class-flip", .adversarial,
            summary: "Cards in one column at compact width and two at regular width, 44 or 60 high by height class: half the constraints carry a when and each branch determines every frame. Determined on every device.",
            targets: "Trait changes: installing and removing constraint sets between devices (incremental edits vs rebuilds), when-conditions.",
            defaultSize: 20, sizeRange: 2...1_000_000
        ) { .layout(TraitFamilies.sizeClassFlip($0)) },
        Family(
            "right-to-left", .adversarial,
            summary: "A valid random tree laid out right to left, with left/right mixed into leading/trailing (probability absolute) and some views forcing a direction through semanticContentAttribute (probability forced). Determined.",
            targets: "Direction handling: leading/trailing flipping, left/right never flipping, per-view semantic content attributes.",
            defaultSize: 50, sizeRange: 1...1_000_000,
            knobs: [Knob("absolute", 0.3, 0...1, "probability of left/right instead of leading/trailing"), Knob("forced", 0.2, 0...1, "probability that a view sets semanticContentAttribute")]
        ) { .layout(TraitFamilies.rightToLeft($0)) },
        Family(
            "stack-edge-cases", .adversarial,
            summary: """
                Rows of horizontal stack views inside a vertical stack on the safe area, with every distribution \
                and alignment, arranged views whose intrinsic sizes are zero or missing on an axis (probability \
                missing), and hidden arranged views (probability hidden). Records no conflict; ambiguity is not \
                promised (as in UIKit, fillProportionally without sizes leaves them free).
                """,
            targets: "Stack view generation corner cases: hidden arranged views (UISV-hiding at 999.999), fillProportionally with zero or no intrinsic sizes (its fallback to fillEqually), baseline alignment without baselines, spanner guides.",
            defaultSize: 40, sizeRange: 5...1_000_000,
            knobs: [Knob("hidden", 0.2, 0...1, "probability that an arranged view is hidden"), Knob("missing", 0.25, 0...1, "probability that an intrinsic metric is missing")]
        ) { .layout(StackFamilies.edgeCases($0)) },
        Family(
            "nested-stacks", .adversarial,
            summary: "Stack views nested to depth (size − 1) / 2, alternating axes, each holding a label and the next stack; records no conflict.",
            targets: "Deep stack nesting: thousands of generated UISV constraints chained through canvas connections, recursion in stack generation and lowering.",
            defaultSize: 41, sizeRange: 3...1_000_000
        ) { .layout(StackFamilies.nested($0)) },
    ]

    static let chainKnobs = [
        Knob("vertical", 0, 0...1, integer: true, "1 for a column instead of a row"),
        Knob("gap", 8, 0...100, "spacing between consecutive views"),
    ]
}
