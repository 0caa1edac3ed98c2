import LinearConstraints

extension ExactSolver {
    /// Deep checks: ids and edit variables strictly ascending, every required constraint holds
    /// exactly at the chosen optimum, every sign-constrained column is non-negative, and a fresh
    /// solve of the same rows gives the same point and objective (determinism). One full solve.
    public func checkInvariants() throws(SolverError) {
        for (a, b) in zip(constraints, constraints.dropFirst()) where !(a.id < b.id) {
            throw .internalError("constraint ids out of order: \(a.id) before \(b.id)")
        }
        for (a, b) in zip(edits, edits.dropFirst()) where !(a.variable < b.variable) {
            throw .internalError("edit variables out of order: \(a.variable) before \(b.variable)")
        }
        for c in constraints where c.row.priority == nil {
            let v = c.row.violation(solution.values)
            guard v.isZero else { throw .internalError("required constraint \(c.id) violated by \(v)") }
        }
        let free = solution.program.tableau.freeColumns
        for (k, v) in solution.program.tableau.solution.enumerated() where k >= free && v.signum < 0 {
            throw .internalError("column \(k) is negative (\(v)) in the final basis")
        }
        guard let fresh = ExactSolution(rows: Self.rows(constraints, edits)) else {
            throw .internalError("a fresh solve finds the required set infeasible")
        }
        guard fresh.values == solution.values, fresh.levels == solution.levels else {
            throw .internalError("a fresh solve chose a different optimum")
        }
    }
}
