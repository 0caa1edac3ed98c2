/// An iPad multitasking pane: the app's window as one side of Split View, or a Slide Over panel.
///
/// Strut's rule for pane sizes, chosen because it reproduces every fact in `docs/uikit-rules.md` ("Size
/// classes") and the widths Apple's Human Interface Guidelines list for the 9.7", 10.5" and 12.9"
/// iPads:
/// - the two panes of a split are separated by a 10 pt divider;
/// - the narrow pane (a third, and Slide Over) is 320 pt wide, 375 pt on the 12.9" iPad Pro
///   (the device's `narrowPaneWidth`);
/// - two thirds is what is left beside the narrow pane: `W − 10 − narrow` (9.7" landscape: 694);
/// - a half is `⌊(W − 10) / 2⌋` (12.9" landscape: 678, 9.7" landscape: 507).
///
/// A pane is as tall as the screen in its orientation. Its width class is regular when the pane
/// is at least 678 pt wide and compact otherwise: landscape two thirds are wR everywhere, a
/// landscape half is wR only on the 12.9" (678) and wC on the 9.7" (507), thirds and Slide Over
/// are wC, and every portrait pane is wC, as `docs/uikit-rules.md` says. The height class stays regular.
/// A pane keeps the top and bottom safe-area insets of the full screen in its orientation (the
/// status bar and home indicator run across both panes) and has no left or right inset; for
/// Slide Over this is (uncertain): it floats over the other app.
public enum SplitPane: String, Hashable, Sendable, CaseIterable {
    case half
    case third
    case twoThirds = "two-thirds"
    case slideOver = "slide-over"

    /// Width of the divider between the two panes of a split, in points.
    public static let dividerWidth: Double = 10
    /// Narrowest pane that UIKit gives a regular width class, in points (12.9" landscape half).
    public static let regularWidthMinimum: Double = 678

    /// The pane's width in points on a screen `screenWidth` wide whose narrow pane is
    /// `narrowPaneWidth` wide.
    public func width(screenWidth: Double, narrowPaneWidth: Double) -> Double {
        switch self {
        case .half: ((screenWidth - Self.dividerWidth) / 2).rounded(.down)
        case .third, .slideOver: narrowPaneWidth
        case .twoThirds: screenWidth - Self.dividerWidth - narrowPaneWidth
        }
    }

    /// The width class of a pane `width` points wide.
    public static func widthClass(paneWidth width: Double) -> SizeClass {
        width >= regularWidthMinimum ? .regular : .compact
    }
}

/// Which way up the device is held.
public enum DeviceOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait
    case landscape
}
