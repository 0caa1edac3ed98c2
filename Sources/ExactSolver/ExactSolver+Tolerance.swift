import LinearConstraints

/// Questions about the optimal set under level bounds, used to judge floating-point answers.
///
/// Exact lexicographic semantics break ties that a floating-point engine cannot see: when two
/// points differ at a high level by far less than rounding noise (`0.3333333333333333` is not
/// `1/3`), the oracle's choice at that level can change every lower level. These queries let a
/// judge ask "given the errors you reached above, was this level optimal?" instead of comparing
/// with one exact vector. Each costs one phase 1 plus one or two simplex runs.
extension ExactSolver {
    /// The least summed error at level `priority` over the points that satisfy the required
    /// constraints and keep each listed level's error at most its bound (and, with `box`, every
    /// variable within `[-box, box]`); nil when no point does.
    public func minimumError(
        at priority: Priority, bounds: [(priority: Priority, bound: Rational)], box: Rational? = nil
    ) -> Rational? {
        var program = LexicographicProgram(rows: boxed(box), levelBounds: bounds)
        guard program.phaseOne() == nil else { return nil }
        guard let level = program.levels.firstIndex(of: priority) else { return .zero }
        var c = Array(repeating: Rational.zero, count: program.tableau.columnCount)
        for j in program.errorColumns[level] { c[j] = .one }
        program.tableau.setObjective(c)
        _ = program.tableau.minimize()  // bounded below by 0
        return program.tableau.objective
    }

    /// The range of `variable` over the points that satisfy the required constraints and keep
    /// each listed level's error at most its bound (and, with `box`, every variable within
    /// `[-box, box]`); nil when no point does.
    public func determinacy(
        of variable: Variable, bounds: [(priority: Priority, bound: Rational)], box: Rational? = nil
    ) -> Determinacy? {
        var program = LexicographicProgram(rows: boxed(box), levelBounds: bounds)
        guard program.phaseOne() == nil else { return nil }
        let r = program.range(of: Int(variable.index))
        return Determinacy(minimum: r.min, maximum: r.max)
    }

    /// The rows, plus hard rows `−box ≤ v ≤ box` for every variable they mention when `box` is
    /// given. Why a box: near-parallel rows (`0.3333333333333333` against `1/3`) can have exact
    /// optima at magnitudes like 1e18 that no floating-point engine can or should reach; a judge
    /// asks about the points within a generous box around the magnitudes in play instead.
    private func boxed(_ box: Rational?) -> [ExactRow] {
        let rows = Self.rows(constraints, edits)
        guard let box else { return rows }
        let used = Set(rows.flatMap { $0.terms.map(\.variable) }).sorted()
        return rows + used.flatMap { v in
            [ExactRow(bounding: v, constant: -box, .lessThanOrEqual), ExactRow(bounding: v, constant: box, .greaterThanOrEqual)]
        }
    }

    /// The exact summed error per level (the solver's levels, highest first) at the point `x`
    /// (indexed by variable; missing entries read 0).
    public func levelErrors(at x: [Rational]) -> [ExactLevelError] {
        let rows = Self.rows(constraints, edits)
        return solution.levels.map { level in
            let error = rows.filter { $0.priority == level.priority }.reduce(Rational.zero) { $0 + $1.violation(x) }
            return ExactLevelError(priority: level.priority, error: error)
        }
    }

    /// `Σ |coefficient·x| + |constant|` over the rows of level `priority` at `x`: the size of the
    /// numbers a floating-point solver added up there, which scales the tolerance it deserves.
    func levelMagnitude(_ priority: Priority, at x: [Rational]) -> Rational {
        Self.rows(constraints, edits).filter { $0.priority == priority }.reduce(Rational.zero) { $0 + $1.magnitude(x) }
    }
}
