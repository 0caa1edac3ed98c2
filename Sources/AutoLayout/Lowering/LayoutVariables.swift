import LinearConstraints

/// Where the lowering puts each unknown of a layout: a dense numbering of solver variables.
///
/// Coordinates: every item (view or guide) has four variables, its frame in WINDOW coordinates
/// (the root view's window, whose origin is the root's origin): `minX`, `minY`, `width`,
/// `height`. Window coordinates let a constraint relate any two items of the tree directly
/// (UIKit allows anchors across the hierarchy); superview-relative frames are differences read
/// back after solving (`LayoutResult.frames`).
///
/// Item `i` owns variables `4i ..< 4i + 4`. After all items come the inset variables of the
/// built-in guides the case uses (safe area, margins, readable): four per guide, top, left,
/// bottom, right in physical sides, each an edit variable whose suggested value the layout pass
/// computes (`GuideInsets`). O(1) per lookup.
public struct LayoutVariables: Hashable, Sendable {
    /// Number of items in the tree.
    public let itemCount: Int

    public init(itemCount: Int) { self.itemCount = itemCount }

    /// One of the four frame unknowns of an item.
    public enum FrameComponent: Int, CaseIterable, Sendable {
        case minX = 0, minY, width, height

        /// The name `_autolayoutTrace` and results use (`minX`, `minY`, `width`, `height`).
        public var name: String {
            switch self {
            case .minX: "minX"
            case .minY: "minY"
            case .width: "width"
            case .height: "height"
            }
        }

        /// The component's axis.
        public var axis: LayoutAxis { self == .minX || self == .width ? .horizontal : .vertical }
    }

    /// The variable of `component` of `item`.
    public func variable(_ item: ItemIndex, _ component: FrameComponent) -> Variable {
        Variable(4 * item.rawValue + component.rawValue)
    }

    public func minX(_ item: ItemIndex) -> Variable { variable(item, .minX) }
    public func minY(_ item: ItemIndex) -> Variable { variable(item, .minY) }
    public func width(_ item: ItemIndex) -> Variable { variable(item, .width) }
    public func height(_ item: ItemIndex) -> Variable { variable(item, .height) }

    /// The inset variable of side `side` of the `slot`-th inset guide.
    public func inset(slot: Int, _ side: InsetSide) -> Variable {
        Variable(4 * itemCount + 4 * slot + side.rawValue)
    }

    /// Which frame unknown `variable` is, if it is one: (item, component).
    public func frameComponent(of variable: Variable) -> (item: ItemIndex, component: FrameComponent)? {
        let i = Int(variable.index)
        guard i >= 0, i < 4 * itemCount, let c = FrameComponent(rawValue: i % 4) else { return nil }
        return (ItemIndex(i / 4), c)
    }

    /// Total variables: frames plus `insetGuides` guides' insets.
    public func count(insetGuides: Int) -> Int { 4 * itemCount + 4 * insetGuides }
}

/// A physical side of an inset guide's insets, in the order of `UIEdgeInsets`.
public enum InsetSide: Int, CaseIterable, Sendable {
    case top = 0, left, bottom, right

    public var name: String {
        switch self {
        case .top: "top"
        case .left: "left"
        case .bottom: "bottom"
        case .right: "right"
        }
    }
}
