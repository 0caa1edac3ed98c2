import LinearConstraints

extension LayoutEngine {
    /// The constraints installed as required that the solver's current values violate by more
    /// than `tolerance` (relative to the size of the terms, at least `tolerance` points): an
    /// invariant check for tests and fuzzing; empty for a correct solver. O(terms).
    public func violatedRequiredConstraints(tolerance: Double = 1e-6) -> [ConstraintListing] {
        guard let s = system else { return [] }
        return s.constraints.compactMap { c in
            guard state[c.id.rawValue] == .required, c.constraint.isRequired else { return nil }
            let value = { (v: Variable) in self.solver.value(of: v) }
            let scale = c.constraint.expression.terms.reduce(abs(c.constraint.expression.constant)) {
                max($0, abs($1.coefficient * value($1.variable)))
            }
            guard c.constraint.violation(value) > tolerance * max(1, scale) else { return nil }
            return ConstraintListing(name: s.tree.name(of: c.origin), description: s.logDescription(c.id))
        }
    }

    /// The names of the constraints currently broken to resolve conflicts, in id order.
    public var brokenConstraints: [String] {
        guard let s = system else { return [] }
        return state.indices.filter { state[$0] == .broken }.map { s.tree.name(of: s.constraints[$0].origin) }
    }
}
