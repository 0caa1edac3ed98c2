/// UIKit's `UIView.AutoresizingMask`: which of a view's margins and sizes stretch with its
/// superview. Bit values are UIKit's (`docs/uikit-rules.md`, "Autoresizing masks").
public struct AutoresizingMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    /// Every flag with its file name, in bit order (the order the writer uses).
    public static let names: [(name: String, flag: AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// The flag named `name` in a case file, or nil.
    public init?(name: String) {
        guard let flag = Self.names.first(where: { $0.name == name })?.flag else { return nil }
        self = flag
    }

    /// File names of the flags set, in bit order.
    public var flagNames: [String] { Self.names.filter { contains($0.flag) }.map(\.name) }

    /// The flexible (`&`) and fixed (`-`) pattern of one axis: leading margin, size, trailing
    /// margin, as UIKit prints it (`--&`).
    public func pattern(_ axis: LayoutAxis) -> String {
        let flags: [AutoresizingMask] = axis == .horizontal
            ? [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
            : [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]
        return String(flags.map { contains($0) ? "&" : "-" })
    }

    /// UIKit's log notation: `h=--& v=--&`.
    public var description: String { "h=\(pattern(.horizontal)) v=\(pattern(.vertical))" }
}
