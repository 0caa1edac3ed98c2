import LinearConstraints

/// Generates the constraints and layout guides of ONE stack view, in model terms, as UIKit's
/// `UIStackView` does (docs/uikit-rules.md, "Stack views", and the Alignment
/// paragraph after it). `StackGeneration` runs one builder per stack.
///
/// The canvas is what the items connect to: the stack itself, or its margins guide when the
/// stack has `layoutMarginsRelativeArrangement`. "Visible" means not hidden; hidden arranged
/// views keep their place in `arranged` but take no space along the axis.
///
/// Output order is fixed (axis, then hidden items, then distribution, then alignment), so dumps
/// and constraint ids are deterministic. Complexity: O(arranged) constraints and time per stack.
struct StackBuilder {
    let tree: ViewTree
    let stackView: ViewIndex
    let stack: StackNode
    let axes: StackAxes
    let grid: PixelGrid
    /// Item index the next generated guide takes in the expanded tree.
    var nextItem: Int
    /// `source` of the next generated constraint.
    var nextSource: Int
    var guides: [LayoutItem] = []
    var constraints: [LayoutConstraint] = []

    init(tree: ViewTree, stackView: ViewIndex, stack: StackNode, grid: PixelGrid, nextItem: Int, nextSource: Int) {
        self.tree = tree
        self.stackView = stackView
        self.stack = stack
        self.axes = StackAxes(stack.axis)
        self.grid = grid
        self.nextItem = nextItem
        self.nextSource = nextSource
    }

    /// UIKit's system spacing between sibling views (`UIStackView.spacingUseSystem`).
    static let systemSpacing = 8.0

    /// The stack view as an item (canvas-fit constrains the stack itself, not its margins).
    var stackItem: ItemIndex { tree.item(of: stackView) }

    /// Where items connect: the stack, or its margins guide under `layoutMarginsRelativeArrangement`.
    var canvas: ItemIndex {
        stack.layoutMarginsRelativeArrangement ? tree[stackView].guides.margins : stackItem
    }

    /// The arranged views that are not hidden, in arranged order.
    var visible: [ViewIndex] { stack.arranged.filter { !tree[$0].isHidden } }

    func isHidden(_ view: ViewIndex) -> Bool { tree[view].isHidden }

    func anchor(_ view: ViewIndex, _ attribute: LayoutAttribute) -> Anchor { Anchor(tree.item(of: view), attribute) }

    /// The spacing after `view`: its custom spacing, else the stack's (8 for `system`), snapped to
    /// the device's pixel grid as UIKit rounds `UISV-spacing` constants.
    func spacing(after view: ViewIndex) -> Double { grid.snap(unsnappedSpacing(after: view)) }

    /// The spacing after `view` as the case gives it. Decisions that change WHICH constraints
    /// exist (fillProportionally's fallback) use it, so every device generates the same
    /// constraints and only their constants vary with the scale (the lowering relies on that
    /// to switch devices by diffing constants).
    func unsnappedSpacing(after view: ViewIndex) -> Double {
        if let custom = stack.customSpacing(after: view) { return custom }
        switch stack.spacing {
        case .points(let points): return points
        case .system: return Self.systemSpacing
        }
    }

    /// Appends `first RELATION multiplier × second + constant @priority #identifier`.
    mutating func constrain(
        _ identifier: String, _ first: Anchor, _ relation: Relation, _ second: Anchor?, multiplier: Double = 1,
        constant: Double = 0, priority: Priority = .required
    ) {
        var c = LayoutConstraint(
            source: nextSource, first: first, relation: relation, multiplier: multiplier, second: second,
            constant: constant, priority: priority, identifier: identifier, when: nil, isActive: true)
        c.followsContainerDirection = true
        constraints.append(c)
        nextSource += 1
    }

    /// Adds a generated guide owned by the stack, named `<stack id>.<identifier>` (with `-k` for
    /// the k-th gap guide), and returns its item index in the expanded tree.
    mutating func addGuide(_ identifier: String, index: Int? = nil) -> ItemIndex {
        let name = tree[stackView].id + "." + identifier + (index.map { "-\($0)" } ?? "")
        guides.append(LayoutItem(kind: .customGuide, owner: stackView, name: name))
        nextItem += 1
        return ItemIndex(nextItem - 1)
    }

    /// Every constraint and guide of the stack. An empty stack (no arranged views) generates
    /// nothing: it is an ordinary view.
    mutating func generate() {
        guard !stack.arranged.isEmpty else { return }
        generateAxis()
        generateHidden()
        generateDistribution()
        generateAlignment()
    }
}
