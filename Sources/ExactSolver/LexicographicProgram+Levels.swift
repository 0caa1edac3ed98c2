import LinearConstraints

extension LexicographicProgram {
    /// Phase 2, one level at a time, highest priority first: minimise the level's summed error
    /// from the current basis, then fix that optimum (`Tableau.fixOptimalFace`) before the next.
    /// Requires a successful `phaseOne`. Returns each level's optimal error (parallel to `levels`).
    /// Every level is bounded below by 0, so each minimisation ends `.optimal`.
    mutating func solveLevels() -> [Rational] {
        var optima: [Rational] = []
        for columns in errorColumns {
            var c = Array(repeating: Rational.zero, count: tableau.columnCount)
            for j in columns { c[j] = .one }
            tableau.setObjective(c)
            _ = tableau.minimize()
            optima.append(tableau.objective)
            tableau.fixOptimalFace()
        }
        return optima
    }

    /// The current basic solution as variable values, indexed by variable index (dense up to
    /// the largest used index; unused indices read 0).
    var values: [Rational] {
        let z = tableau.solution
        var x = Array(repeating: Rational.zero, count: (variables.last ?? -1) + 1)
        for (k, v) in variables.enumerated() { x[v] = z[k] }
        return x
    }

    /// The exact minimum and maximum of `variable` over the current feasible set (after
    /// `solveLevels`: over the optimal set), nil on a side where it is unbounded, and both nil
    /// for a variable no row mentions. Two extra simplex runs on copies of the tableau, unless
    /// the variable's column is frozen on the optimal face (then O(rows × columns)).
    func range(of variable: Int) -> (min: Rational?, max: Rational?) {
        guard let k = variables.firstIndex(of: variable) else { return (nil, nil) }
        if tableau.isFrozen(k) {
            let x = values[variable]
            return (x, x)
        }
        func extreme(_ direction: Rational) -> Rational? {
            var t = tableau
            var c = Array(repeating: Rational.zero, count: t.columnCount)
            c[k] = direction
            t.setObjective(c)
            guard t.minimize() == .optimal else { return nil }
            return direction * t.objective
        }
        return (extreme(.one), extreme(-.one))
    }
}
