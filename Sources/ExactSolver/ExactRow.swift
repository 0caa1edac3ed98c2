import LinearConstraints

/// A constraint converted exactly to rationals: `Σ coefficient·variable + constant RELATION 0`.
///
/// Terms are merged per variable in exact arithmetic (not in `Double`, which `normalized()` would
/// round), zero coefficients dropped, sorted by variable. `priority` is nil for a hard (required) row.
struct ExactRow: Hashable, Sendable {
    var terms: [(variable: Int, coefficient: Rational)]
    var constant: Rational
    var relation: Relation
    var priority: Priority?

    static func == (a: ExactRow, b: ExactRow) -> Bool {
        a.constant == b.constant && a.relation == b.relation && a.priority == b.priority
            && a.terms.count == b.terms.count
            && zip(a.terms, b.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
    }

    func hash(into h: inout Hasher) {
        h.combine(constant)
        h.combine(terms.count)
    }

    /// The exact form of `constraint`; `.nonFinite` naming `what` when a number is NaN or infinite.
    init(_ constraint: Constraint, what: String) throws(SolverError) {
        guard let k = Rational(exactly: constraint.expression.constant) else {
            throw .nonFinite("constant of \(what)")
        }
        var raw: [(variable: Int, coefficient: Rational)] = []
        for term in constraint.expression.terms {
            guard let c = Rational(exactly: term.coefficient) else {
                throw .nonFinite("coefficient of \(term.variable) in \(what)")
            }
            raw.append((Int(term.variable.index), c))
        }
        raw.sort { $0.variable < $1.variable }
        var merged: [(variable: Int, coefficient: Rational)] = []
        for t in raw {
            if let last = merged.last, last.variable == t.variable {
                merged[merged.count - 1].coefficient += t.coefficient
            } else {
                merged.append(t)
            }
        }
        merged.removeAll { $0.coefficient.isZero }
        terms = merged
        constant = k
        relation = constraint.relation
        priority = constraint.priority.isRequired ? nil : constraint.priority
    }

    /// The soft equality `variable == value` of an edit variable.
    init(editing variable: Variable, value: Rational, priority: Priority) {
        terms = [(Int(variable.index), .one)]
        constant = -value
        relation = .equal
        self.priority = priority
    }

    /// The hard row `variable + constant RELATION 0` (one side of a box).
    init(bounding variable: Int, constant: Rational, _ relation: Relation) {
        terms = [(variable, .one)]
        self.constant = constant
        self.relation = relation
        priority = nil
    }

    /// The expression's exact value at `x` (indexed by variable; missing entries read 0).
    func evaluate(_ x: [Rational]) -> Rational {
        var sum = constant
        for t in terms where t.variable < x.count { sum += t.coefficient * x[t.variable] }
        return sum
    }

    /// The exact violation at `x`: `|e|` for an equality, the one-sided excess for an inequality.
    func violation(_ x: [Rational]) -> Rational {
        let e = evaluate(x)
        switch relation {
        case .equal: return e.magnitude
        case .lessThanOrEqual: return e.signum > 0 ? e : .zero
        case .greaterThanOrEqual: return e.signum < 0 ? -e : .zero
        }
    }

    /// `Σ |coefficient·x| + |constant|`: the size of the numbers a floating-point solver added up
    /// to evaluate this row at `x`, which scales the tolerance its residual deserves.
    func magnitude(_ x: [Rational]) -> Rational {
        var sum = constant.magnitude
        for t in terms where t.variable < x.count { sum += (t.coefficient * x[t.variable]).magnitude }
        return sum
    }
}
