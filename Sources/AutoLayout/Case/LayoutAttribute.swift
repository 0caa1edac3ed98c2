/// An axis of layout: horizontal (x, width) or vertical (y, height).
public enum LayoutAxis: String, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}

/// A layout attribute of an item, with UIKit's names (NSLayoutConstraint.Attribute).
///
/// Every attribute is either a location (an edge, a centre, a baseline) or a dimension (width,
/// height), on one axis. Margin attributes (`leftMargin`, ..., `centerYWithinMargins`) and
/// baselines exist on views only; layout guides have the ten plain anchors.
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// The axis the attribute measures along.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
            .trailingMargin, .centerXWithinMargins:
            .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin,
            .centerYWithinMargins:
            .vertical
        }
    }

    /// True for `width` and `height`; every other attribute is a location.
    public var isDimension: Bool { self == .width || self == .height }

    /// True for the attributes measured from the view's layout margins.
    public var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins, .centerYWithinMargins:
            true
        default: false
        }
    }

    /// True for `firstBaseline` and `lastBaseline`.
    public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// True for the attributes that flip under right-to-left layout (`leading`, `trailing` and
    /// their margin forms).
    public var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    /// True for the attributes that never flip (`left`, `right` and their margin forms); UIKit
    /// refuses a constraint between one of these and a directional attribute.
    public var isAbsoluteHorizontalEdge: Bool {
        self == .left || self == .right || self == .leftMargin || self == .rightMargin
    }

    /// Whether a layout guide (built-in or custom) has this anchor; guides have no margins and
    /// no baselines.
    public var existsOnGuides: Bool { !isMargin && !isBaseline }
}

/// A view's built-in layout guides, as written after the view id (`v.safeArea.top`).
public enum BuiltInGuide: String, Hashable, Sendable, CaseIterable {
    /// `safeAreaLayoutGuide`.
    case safeArea
    /// `layoutMarginsGuide`.
    case margins
    /// `readableContentGuide`.
    case readable
    /// A scroll view's `contentLayoutGuide`.
    case content
    /// A scroll view's `frameLayoutGuide`.
    case frameGuide

    /// True for the guides only scroll views have.
    public var needsScrollView: Bool { self == .content || self == .frameGuide }
}
