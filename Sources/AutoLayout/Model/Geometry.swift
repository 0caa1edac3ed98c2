import LinearConstraints

/// A rectangle in points: origin and size, as UIKit's `CGRect` (`[x, y, width, height]` in files).
public struct LayoutRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The four numbers in file order.
    public var components: [Double] { [x, y, width, height] }

    /// The rectangle inside this one by `insets` (a frame's alignment rectangle).
    public func inset(by insets: EdgeInsets) -> LayoutRect {
        LayoutRect(x: x + insets.left, y: y + insets.top,
                   width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// `(x, y, width, height)` with numbers as JSON prints them.
    public var description: String { "(" + components.map(formatJSONNumber).joined(separator: ", ") + ")" }
}

/// Insets by physical side, as UIKit's `UIEdgeInsets` (alignment rect insets, additional safe
/// area insets): `{top, left, bottom, right}` in files.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// Values in file order, with their field names.
    public var named: [(name: String, value: Double)] {
        [("top", top), ("left", left), ("bottom", bottom), ("right", right)]
    }
}

/// Insets by reading direction, as UIKit's `NSDirectionalEdgeInsets` (layout margins):
/// `{top, leading, bottom, trailing}` in files. Leading is left under left-to-right layout.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// UIKit's default layout margins: 8 on every side.
    public static let defaultMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    /// A stack view's margins: none (UIStackView starts with zero margins; corpora/real:
    /// rocket.chat's ChannelInfoDescriptionCell pins a stack's trailing margin and
    /// corona-warn-app's ExposureSubmissionImageCardCell preserves a stack's top margin, and
    /// Interface Builder's frames give both 0).
    public static let stackMargins = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// A view controller's root view's own margins: none; the system minimum applies on top
    /// (0 top and bottom, 16 or 20 at the sides).
    public static let rootMargins = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// Values in file order, with their field names.
    public var named: [(name: String, value: Double)] {
        [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
    }

    /// The physical insets under `direction`: leading is left for left-to-right, right otherwise.
    public func resolved(_ direction: LayoutDirection) -> EdgeInsets {
        direction == .leftToRight
            ? EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            : EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
}

// LayoutDirection lives in Devices/LayoutDirection.swift (owned by the devices work).
