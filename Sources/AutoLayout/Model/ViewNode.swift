import LinearConstraints

/// One view of a `ViewTree`, with UIKit's defaults applied to everything the file left out.
public struct ViewNode: Hashable, Sendable {
    public var id: String
    public var superview: ViewIndex?
    /// Subviews back to front (file order).
    public var subviews: [ViewIndex]
    /// 0 for the root.
    public var depth: Int
    /// The initial frame in superview coordinates, nil when the file gives none.
    public var frame: LayoutRect?
    public var translatesAutoresizingMask: Bool
    public var autoresizing: AutoresizingMask
    public var intrinsicSize: IntrinsicSize
    public var hugging: AxisPriorities
    public var compressionResistance: AxisPriorities
    public var baseline: Baseline?
    public var isHidden: Bool
    public var layoutMargins: DirectionalEdgeInsets
    public var preservesSuperviewLayoutMargins: Bool
    public var insetsLayoutMarginsFromSafeArea: Bool
    public var alignmentRectInsets: EdgeInsets
    /// Drawn at its intrinsic size from its solved origin (`ViewSpec.fixedSize`).
    public var fixedSize: Bool
    public var semanticContentAttribute: SemanticContentAttribute
    public var isScrollView: Bool
    public var stack: StackNode?
    /// The view's built-in guides (content and frame guides for scroll views only).
    public var guides: BuiltInGuideItems
    /// Custom layout guides the view owns, in file order.
    public var customGuides: [ItemIndex]

    /// Defaults: UIKit's (`hugging` 250, `compressionResistance` 750, margins 8, ...).
    static let defaultHugging = AxisPriorities(horizontal: .defaultLow, vertical: .defaultLow)
    static let defaultCompressionResistance = AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh)
}

/// A stack view's settings with UIKit's defaults applied and arranged views resolved.
public struct StackNode: Hashable, Sendable {
    public var axis: LayoutAxis
    public var distribution: StackDistribution
    public var alignment: StackAlignment
    public var spacing: StackSpacing
    /// Spacing after an arranged view, in file order.
    public var customSpacing: [(view: ViewIndex, spacing: Double)]
    public var arranged: [ViewIndex]
    public var layoutMarginsRelativeArrangement: Bool
    public var baselineRelativeArrangement: Bool

    public static func == (a: StackNode, b: StackNode) -> Bool {
        a.axis == b.axis && a.distribution == b.distribution && a.alignment == b.alignment && a.spacing == b.spacing
            && a.arranged == b.arranged && a.layoutMarginsRelativeArrangement == b.layoutMarginsRelativeArrangement
            && a.baselineRelativeArrangement == b.baselineRelativeArrangement
            && a.customSpacing.map(\.view) == b.customSpacing.map(\.view)
            && a.customSpacing.map(\.spacing) == b.customSpacing.map(\.spacing)
    }

    public func hash(into h: inout Hasher) {
        h.combine(axis)
        h.combine(distribution)
        h.combine(alignment)
        h.combine(spacing)
        h.combine(arranged)
        for c in customSpacing {
            h.combine(c.view)
            h.combine(c.spacing)
        }
    }

    /// The custom spacing after `view`, if the case sets one.
    public func customSpacing(after view: ViewIndex) -> Double? {
        customSpacing.first { $0.view == view }?.spacing
    }
}
