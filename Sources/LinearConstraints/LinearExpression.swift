/// A linear expression `Σ coefficient·variable + constant`.
///
/// Terms are kept as written (a variable may appear more than once); `normalized()` merges them,
/// drops zero coefficients and sorts by variable, which is the form solvers consume.
public struct LinearExpression: Hashable, Sendable {
    public struct Term: Hashable, Sendable {
        public var variable: Variable
        public var coefficient: Double
        @inlinable public init(_ variable: Variable, _ coefficient: Double) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    public var terms: [Term]
    public var constant: Double

    @inlinable public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    @inlinable public init(_ variable: Variable, coefficient: Double = 1) {
        self.init(terms: [Term(variable, coefficient)])
    }

    @inlinable public init(constant: Double) { self.init(terms: [], constant: constant) }

    /// True when every coefficient and the constant are finite.
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// Terms merged per variable, zero coefficients dropped, sorted by variable index.
    /// Duplicates are summed in the order they appear (both sorts below keep equal variables in
    /// their order, as the standard library's sort did before). The terms are
    /// worked on in one array, written only where something moves, so an expression that is
    /// already normal allocates nothing (sorting into a new array and merging into another
    /// were two allocations per constraint a solver adds).
    public func normalized() -> LinearExpression {
        var t = terms
        if t.count > 16 {
            t.sort { $0.variable < $1.variable }
        } else {
            for i in t.indices.dropFirst() where t[i].variable < t[i - 1].variable {
                let x = t[i]
                var j = i
                while j > 0, x.variable < t[j - 1].variable {
                    t[j] = t[j - 1]
                    j -= 1
                }
                t[j] = x
            }
        }
        // Merge runs of one variable, then drop zeros (a sum that cancels too).
        var w = 0
        for r in t.indices {
            if w > 0, t[w - 1].variable == t[r].variable {
                t[w - 1].coefficient += t[r].coefficient
            } else {
                if w != r { t[w] = t[r] }
                w += 1
            }
        }
        if w < t.count { t.removeLast(t.count - w) }
        if t.contains(where: { $0.coefficient == 0 }) { t.removeAll { $0.coefficient == 0 } }
        return LinearExpression(terms: t, constant: constant)
    }

    /// The expression's value under `value(of:)`.
    public func evaluate(_ value: (Variable) -> Double) -> Double {
        var sum = constant
        for term in terms { sum += term.coefficient * value(term.variable) }
        return sum
    }

    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(terms: a.terms + b.terms, constant: a.constant + b.constant)
    }

    /// `a + b·(−1)`, built in one array (the same terms and values: negation is exact).
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        var terms = a.terms
        terms.reserveCapacity(a.terms.count + b.terms.count)
        for t in b.terms { terms.append(Term(t.variable, t.coefficient * -1)) }
        return LinearExpression(terms: terms, constant: a.constant + b.constant * -1)
    }

    public static func * (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(
            terms: a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
    }

    public static func + (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(terms: a.terms, constant: a.constant + k)
    }

    public static func - (a: LinearExpression, k: Double) -> LinearExpression { a + (-k) }
}

extension Variable {
    /// `k·self` as an expression.
    @inlinable public static func * (k: Double, v: Variable) -> LinearExpression {
        LinearExpression(v, coefficient: k)
    }

    @inlinable public var expression: LinearExpression { LinearExpression(self) }
}
