import LinearConstraints

/// What the stack views of a tree generate, in model terms: the layout guides UIKit's
/// `UIStackView` adds (`UISV-alignment-spanner`, `UISV-distributing`) and its constraints, with
/// UIKit's identifiers and priorities (docs/uikit-rules.md, "Stack views").
///
/// HOW THE LOWERING USES IT: `LoweredSystem.expanded` calls
/// `tree.expandingStacks(grid: configuration.pixelGrid)` after appending the visual formats'
/// constraints (so generated `source`s continue after those) and lowers the returned tree as
/// usual. It is the same tree plus
/// - the generated guides appended to `items` (kind `.customGuide`, owned by their stack, also
///   appended to the stack's `customGuides`; not in `item(id:)`, since no case can name them),
/// - the generated constraints appended to `constraints` (`source` = the tree's constraint
///   count + k, identifiers `UISV-...`, never a `when`), and
/// - `translatesAutoresizingMask` turned off on every arranged view, as `addArrangedSubview`
///   does in UIKit (the stack view itself keeps its own setting).
/// Baseline anchors on arranged views fall back to top/bottom in the lowering, as for any view.
/// The spacing constants are already snapped to `grid`, so the result depends on the device's
/// scale (and on nothing else of the device).
///
/// Guides' attributes that no constraint touches (a gap guide's cross axis, the spanner's
/// position along the axis) are free, as in UIKit: only views' ambiguity should be reported.
///
/// Not generated: `UISV-text-width-disambiguation` (docs/uikit-rules.md gives only "horizontal fill-like
/// stack with several multi-line labels, 950 (+25/n steps)"; the case model has no notion of
/// a multi-line label and the constraint's form is not given, so it cannot be made faithfully).
public struct StackGeneration: Hashable, Sendable {
    /// Item index of the first generated guide in the expanded tree (the original item count).
    public var firstItem: ItemIndex
    /// Generated guides in order; guide k is item `firstItem + k`.
    public var guides: [LayoutItem]
    /// Generated constraints, stack by stack in view order.
    public var constraints: [LayoutConstraint]
    /// Every arranged view of every stack, in view order of the stacks.
    public var arrangedViews: [ViewIndex]
    /// Which stack generated which constraints: `constraints[range]` for each stack, in order.
    public var stacks: [StackPart]

    /// One stack's share of the generated constraints.
    public struct StackPart: Hashable, Sendable {
        public var stack: ViewIndex
        public var constraints: Range<Int>
    }
}

extension ViewTree {
    /// The stack views, in view order. O(views).
    public var stackViews: [ViewIndex] {
        views.indices.filter { views[$0].stack != nil }.map(ViewIndex.init)
    }

    /// The guides and constraints of every stack (nested stacks are arranged views like any
    /// other, each generating its own, so any depth works). Deterministic.
    /// - Complexity: O(views + arranged views).
    public func stackGeneration(grid: PixelGrid) -> StackGeneration {
        var result = StackGeneration(firstItem: ItemIndex(items.count), guides: [], constraints: [], arrangedViews: [], stacks: [])
        var nextSource = constraints.count
        for s in stackViews {
            guard let stack = views[s.rawValue].stack else { continue }
            var builder = StackBuilder(
                tree: self, stackView: s, stack: stack, grid: grid,
                nextItem: items.count + result.guides.count, nextSource: nextSource)
            builder.generate()
            let start = result.constraints.count
            result.guides += builder.guides
            result.constraints += builder.constraints
            result.arrangedViews += stack.arranged
            result.stacks.append(.init(stack: s, constraints: start..<result.constraints.count))
            nextSource = builder.nextSource
        }
        return result
    }

    /// This tree with its stacks' generated guides and constraints added and arranged views no
    /// longer translating autoresizing masks (see `StackGeneration` for the exact contract).
    /// The lowering lays out the returned tree. O(size of the tree).
    public func expandingStacks(grid: PixelGrid) -> ViewTree {
        expanding(stackGeneration(grid: grid))
    }

    /// This tree plus `generation`, which must be this tree's `stackGeneration`.
    func expanding(_ generation: StackGeneration) -> ViewTree {
        var tree = self
        for (k, guide) in generation.guides.enumerated() {
            tree.items.append(guide)
            tree.views[guide.owner.rawValue].customGuides.append(ItemIndex(generation.firstItem.rawValue + k))
        }
        tree.constraints += generation.constraints
        for v in generation.arrangedViews { tree.views[v.rawValue].translatesAutoresizingMask = false }
        return tree
    }

}
