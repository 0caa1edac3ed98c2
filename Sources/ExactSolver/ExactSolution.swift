import LinearConstraints

/// The summed error at one non-required priority level, exactly.
public struct ExactLevelError: Hashable, Sendable {
    public var priority: Priority
    public var error: Rational
    public init(priority: Priority, error: Rational) {
        self.priority = priority
        self.error = error
    }
}

/// The range of one variable over the optimal set: what "ambiguous" means for the harness.
///
/// `minimum`/`maximum` are exact; nil means unbounded on that side. A variable no constraint
/// mentions is unbounded on both sides (its reported value 0 is a convention, not a consequence).
public struct Determinacy: Hashable, Sendable, CustomStringConvertible {
    public var minimum: Rational?
    public var maximum: Rational?

    public init(minimum: Rational?, maximum: Rational?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Every optimal solution gives the variable the same value.
    public var isDetermined: Bool {
        guard let minimum, let maximum else { return false }
        return minimum == maximum
    }

    /// The value every optimal solution gives the variable, when it is determined.
    public var determinedValue: Rational? { isDetermined ? minimum : nil }

    /// True when `value` lies in `[minimum, maximum]`.
    public func contains(_ value: Rational) -> Bool {
        if let minimum, value < minimum { return false }
        if let maximum, maximum < value { return false }
        return true
    }

    public var description: String {
        "[\(minimum.map(\.description) ?? "-inf"), \(maximum.map(\.description) ?? "+inf")]"
    }
}

/// A rejected required set: a minimal conflicting subset and its proof.
public struct ExactConflict: Hashable, Sendable {
    /// The conflicting constraints, ascending (the rejected new one included).
    public var members: [ConstraintID]
    /// Farkas multipliers parallel to `members`.
    public var certificate: FarkasCertificate
}

/// The solved state of one constraint set: the final tableau (for determinacy queries), the
/// chosen optimum and the exact objective.
struct ExactSolution: Sendable {
    var program: LexicographicProgram
    var values: [Rational]
    var levels: [ExactLevelError]

    /// Solves `rows` lexicographically; nil when the hard rows are infeasible.
    /// The reported errors are recomputed from the chosen point (they equal the level optima).
    init?(rows: [ExactRow]) {
        var program = LexicographicProgram(rows: rows)
        if program.phaseOne() != nil { return nil }
        _ = program.solveLevels()
        let x = program.values
        var errors = Array(repeating: Rational.zero, count: program.levels.count)
        for row in rows {
            guard let p = row.priority, let k = program.levels.firstIndex(of: p) else { continue }
            errors[k] += row.violation(x)
        }
        self.program = program
        values = x
        levels = zip(program.levels, errors).map { ExactLevelError(priority: $0, error: $1) }
    }

    /// The chosen optimum's value of `variable` (0 when no row mentions it).
    func value(_ variable: Int) -> Rational { variable < values.count ? values[variable] : .zero }
}
