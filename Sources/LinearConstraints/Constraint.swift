/// The relation of a constraint `lhs RELATION rhs`.
public enum Relation: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// A linear constraint `expression RELATION 0` at a priority.
///
/// `lhs == rhs` is stored as `lhs - rhs == 0`. Error is measured in the units of `expression`:
/// an equality's error is `|expression|`, an inequality's is its one-sided violation.
public struct Constraint: Hashable, Sendable {
    public var expression: LinearExpression
    public var relation: Relation
    public var priority: Priority
    /// A human-readable identifier (UIKit's `identifier`); solvers do not interpret it.
    public var identifier: String?

    public init(
        _ expression: LinearExpression, _ relation: Relation, priority: Priority = .required,
        identifier: String? = nil
    ) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.identifier = identifier
    }

    /// `lhs RELATION rhs`.
    public init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression,
        priority: Priority = .required, identifier: String? = nil
    ) {
        self.init(lhs - rhs, relation, priority: priority, identifier: identifier)
    }

    @inlinable public var isRequired: Bool { priority.isRequired }

    /// The constraint's violation at the given values (0 when satisfied), in expression units.
    public func violation(_ value: (Variable) -> Double) -> Double {
        let v = expression.evaluate(value)
        switch relation {
        case .equal: return abs(v)
        case .lessThanOrEqual: return max(0, v)
        case .greaterThanOrEqual: return max(0, -v)
        }
    }
}
