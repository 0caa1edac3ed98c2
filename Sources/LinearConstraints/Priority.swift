/// A constraint priority with UIKit's meaning: a 32-bit float in (0, 1000], 1000 being required.
///
/// Priorities are ordered, not weighed: the solver treats every distinct value as its own level and
/// no amount of error at a lower level may buy any error at a higher one (docs/architecture.md, "Semantics").
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Float

    /// Creates a priority; `value` must be finite and in (0, 1000]. Use `validated(_:)` for input.
    @inlinable public init(_ value: Float) {
        precondition(Priority.isValid(value), "priority \(value) is outside (0, 1000]")
        self.value = value
    }

    /// Returns the priority for `value`, or `nil` when it is NaN, infinite or outside (0, 1000].
    @inlinable public static func validated(_ value: Double) -> Priority? {
        let f = Float(value)
        return isValid(f) ? Priority(f) : nil
    }

    @inlinable public static func isValid(_ value: Float) -> Bool {
        value.isFinite && value > 0 && value <= 1000
    }

    public static let required = Priority(1000)
    public static let defaultHigh = Priority(750)
    public static let dragThatCanResizeScene = Priority(510)
    public static let sceneSizeStayPut = Priority(500)
    public static let dragThatCannotResizeScene = Priority(490)
    public static let defaultLow = Priority(250)
    public static let fittingSizeLevel = Priority(50)

    @inlinable public var isRequired: Bool { value == 1000 }

    @inlinable public static func < (a: Priority, b: Priority) -> Bool { a.value < b.value }

    /// The named priorities of the system and case file formats.
    public static let named: [(name: String, priority: Priority)] = [
        ("required", .required), ("defaultHigh", .defaultHigh), ("defaultLow", .defaultLow),
        ("fittingSizeLevel", .fittingSizeLevel),
    ]

    /// Shortest decimal text that reads back as the same Float (`750`, `999.5`, `999.999`).
    public var description: String {
        let d = Double(value)
        if d == d.rounded() && abs(d) < 1e15 { return String(Int64(d)) }
        return value.description
    }
}
