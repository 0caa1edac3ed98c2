import LinearConstraints

extension LayoutEngine {
    /// The constraints installed as required that the solver's current values violate by more
    /// than `tolerance` relative to the size of their own terms (at least `tolerance` points), and
    /// by more than `precision` of the largest magnitude in play (`magnitudeInPlay`): an invariant
    /// check for tests and fuzzing; empty for a correct solver. O(terms).
    ///
    /// The second allowance is the solver's own precision: every value is computed through the
    /// system's rows, so it carries rounding of their largest numbers, not of the constraint's.
    /// `1e-15` is the threshold `snapConstant` in Cassowary documents (about 4.5 units in the last
    /// place): a value 1 reached as 1953125000000000 - 1953124999999999, or an x-origin of 1 read
    /// beside a 3e10 inset as 0.99999895 (0.27 units in the last place of 3e10), is rounding, not
    /// a violated constraint (libFuzzer, corpora/regressions/rounding-beside-a-large-constant.json).
    /// A 1 lost beside 1.22e14 (allowance 0.12) is still reported.
    public func violatedRequiredConstraints(tolerance: Double = 1e-6, precision: Double = 1e-15) -> [ConstraintListing] {
        guard let s = system else { return [] }
        let value = { (v: Variable) in self.solver.value(of: v) }
        let allowance = precision * magnitudeInPlay()
        return s.constraints.compactMap { c in
            guard state[c.id.rawValue] == .required, c.constraint.isRequired else { return nil }
            let scale = Self.scale(c.constraint.expression, value)
            guard c.constraint.violation(value) > max(tolerance * max(1, scale), allowance) else { return nil }
            return ConstraintListing(name: s.tree.name(of: c.origin), description: s.logDescription(c.id))
        }
    }

    /// The largest magnitude the solver's values are computed through: the largest constant or
    /// product `|a·x|` of any installed constraint (broken ones included) at the current values,
    /// and the largest suggested value (the root's frame, guide insets). O(terms).
    public func magnitudeInPlay() -> Double {
        guard let s = system else { return 0 }
        let value = { (v: Variable) in self.solver.value(of: v) }
        var m = (suggestedRoot + suggestedInsets).reduce(0) { max($0, abs($1)) }
        for c in s.constraints where state[c.id.rawValue] == .required || state[c.id.rawValue] == .broken {
            m = max(m, Self.scale(c.constraint.expression, value))
        }
        return m
    }

    /// `max(|constant|, max |a·x|)` of an expression at the given values.
    static func scale(_ e: LinearExpression, _ value: (Variable) -> Double) -> Double {
        e.terms.reduce(abs(e.constant)) { max($0, abs($1.coefficient * value($1.variable))) }
    }

    /// The names of the constraints currently broken to resolve conflicts, in id order.
    public var brokenConstraints: [String] {
        guard let s = system else { return [] }
        return state.indices.filter { state[$0] == .broken }.map { s.tree.name(of: s.constraints[$0].origin) }
    }
}
