import LinearConstraints

/// The kind of a tableau symbol (Cassowary paper, section 3; Kiwi's `Symbol::Type`).
enum SymbolKind: UInt8 {
    /// A client variable: unrestricted in sign.
    case external
    /// An inequality's slack: >= 0.
    case slack
    /// A soft constraint's error: >= 0, costed in the objective.
    case error
    /// A required equality's marker: always 0, never enters the basis.
    case dummy
    /// Phase-one artificial variable of one add.
    case artificial

    var isRestricted: Bool { self != .external }
    /// Slack and error symbols may enter the basis to restore feasibility or optimality.
    var isPivotable: Bool { self == .slack || self == .error }
}

/// Which symbols a constraint introduced. `marker` identifies the constraint in the tableau:
/// the slack of an inequality, the dummy of a required equality, the plus-error of a soft equality.
/// `other` is the soft inequality's error or the soft equality's minus-error.
struct Tag {
    var marker: Int32
    var other: Int32 = -1
}

/// A constraint (or edit variable) in the solver.
struct ConstraintRecord {
    var constraint: Constraint
    var tag: Tag
    /// Objective level index is looked up by priority; the weight of its error symbols there.
    var weight: Double
    /// For edit variables: the variable and its current suggested value.
    var editVariable: Variable?
    var suggested: Double = 0
    var id: ConstraintID?
}
