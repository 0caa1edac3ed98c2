/// The direction leading-to-trailing runs in: a case's `layoutDirection` and a view's effective one.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft

    /// Whether `leading` is the left edge (and `trailing` the right edge).
    public var leadingIsLeft: Bool { self == .leftToRight }

    /// The other direction.
    public var flipped: LayoutDirection { self == .leftToRight ? .rightToLeft : .leftToRight }
}

/// A view's `semanticContentAttribute`: whether its content flips under a right-to-left layout.
public enum SemanticContentAttribute: String, Hashable, Sendable, CaseIterable {
    case unspecified
    case playback
    case spatial
    case forceLeftToRight
    case forceRightToLeft

    /// The direction a view with this attribute lays out in when the environment (the case's
    /// `layoutDirection`) runs in `environment`: UIKit's `userInterfaceLayoutDirection(for:)`.
    ///
    /// Rules (`docs/uikit-rules.md`, "Right-to-left"): `unspecified` follows the environment;
    /// `playback` (media controls) and `spatial` (directional controls such as a D-pad) stay
    /// left-to-right; `forceLeftToRight` and `forceRightToLeft` force their direction. Under a
    /// left-to-right environment only `forceRightToLeft` changes anything. O(1).
    public func effectiveDirection(in environment: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: environment
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}

/// The effective layout direction of a view: its `semanticContentAttribute` applied to the case's
/// `layoutDirection`. Leading and trailing attributes of the view resolve to left and right by it;
/// `left` and `right` never flip.
public func effectiveLayoutDirection(
    caseDirection: LayoutDirection, attribute: SemanticContentAttribute
) -> LayoutDirection {
    attribute.effectiveDirection(in: caseDirection)
}
