/// A UIKit size class on one axis: compact or regular.
///
/// UIKit's `.unspecified` never reaches a laid-out view controller, so Strut does not model it.
public enum SizeClass: String, Hashable, Sendable, CaseIterable, Comparable {
    case compact
    case regular

    /// The letter of the size-class notation (`C` or `R`, as in `wC hR`).
    public var letter: Character { self == .compact ? "C" : "R" }

    /// The size class for a notation letter, or nil.
    public init?(letter: Character) {
        switch letter {
        case "C": self = .compact
        case "R": self = .regular
        default: return nil
        }
    }

    public static func < (a: SizeClass, b: SizeClass) -> Bool { a == .compact && b == .regular }
}

/// The horizontal and vertical size classes of a trait environment (a `UITraitCollection` reduced
/// to the two traits that decide which `when`-constraints are installed).
public struct SizeClasses: Hashable, Sendable, CustomStringConvertible {
    public var horizontal: SizeClass
    public var vertical: SizeClass

    public init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The notation `wC hR`: width class first, then height class.
    public var description: String { "w\(horizontal.letter) h\(vertical.letter)" }

    /// Parses the full notation of both classes, `"wR hC"` (either order, one or more spaces), as
    /// a custom device's `sizeClass` field spells it.
    ///
    /// Unlike a `when` condition, both axes must be given: a device has a class on each axis.
    /// - Throws: `DeviceError.badSizeClass` naming `path` when a token is not `wC wR hC hR`, an axis
    ///   is repeated, or an axis is missing.
    public init(parsing text: String, path: String) throws(DeviceError) {
        let condition: SizeClassCondition
        do {
            condition = try SizeClassCondition(parsing: text, path: path)
        } catch {
            throw DeviceError.badSizeClass(path: path, text: text, reason: error.reason)
        }
        guard let h = condition.horizontal, let v = condition.vertical else {
            let missing = condition.horizontal == nil ? "a width class (wC or wR)" : "a height class (hC or hR)"
            throw DeviceError.badSizeClass(path: path, text: text, reason: "missing \(missing)")
        }
        self.init(horizontal: h, vertical: v)
    }
}
