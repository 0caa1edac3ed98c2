import ExactSolver
import LinearConstraints

/// An independent exact lexicographic optimiser for tiny systems (at most 3 variables), by
/// enumeration, sharing no code with the simplex.
///
/// Why it is complete: on each cell of the arrangement of the rows' boundary hyperplanes plus the
/// coordinate hyperplanes `x_i = 0`, every row's error is affine, so the feasible set and each
/// level's optimal set are unions of closed cells. The coordinate hyperplanes make every cell
/// pointed, so each such nonempty set contains a vertex of the arrangement: an intersection of
/// `n` independent hyperplanes. The lexicographic optimum over those vertices is the optimum.
struct BruteForce {
    struct Row {
        var a: [Rational]
        var k: Rational
        var relation: Relation
        var priority: Priority
    }

    let n: Int
    let rows: [Row]
    let levels: [Priority]

    init(_ constraints: [Constraint], variables n: Int) {
        self.n = n
        rows = constraints.map { c in
            var a = Array(repeating: Rational.zero, count: n)
            for t in c.expression.terms { a[Int(t.variable.index)] += Rational(exactly: t.coefficient) ?? .zero }
            return Row(a: a, k: Rational(exactly: c.expression.constant) ?? .zero, relation: c.relation, priority: c.priority)
        }
        levels = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
    }

    /// All vertices of the arrangement (possibly repeated).
    var vertices: [[Rational]] {
        var planes: [(a: [Rational], b: Rational)] = rows.map { ($0.a, -$0.k) }
        for i in 0..<n { planes.append(((0..<n).map { $0 == i ? .one : .zero }, .zero)) }
        var out: [[Rational]] = []
        for subset in combinations(planes.count, n) {
            if let x = solve(subset.map { planes[$0] }) { out.append(x) }
        }
        return out
    }

    func value(_ row: Row, _ x: [Rational]) -> Rational {
        zip(row.a, x).reduce(row.k) { $0 + $1.0 * $1.1 }
    }

    func violation(_ row: Row, _ x: [Rational]) -> Rational {
        let e = value(row, x)
        switch row.relation {
        case .equal: return e.magnitude
        case .lessThanOrEqual: return e.signum > 0 ? e : .zero
        case .greaterThanOrEqual: return e.signum < 0 ? -e : .zero
        }
    }

    func isFeasible(_ x: [Rational]) -> Bool { rows.allSatisfy { !$0.priority.isRequired || violation($0, x).isZero } }

    /// The error per level (parallel to `levels`).
    func objective(_ x: [Rational]) -> [Rational] {
        levels.map { p in rows.filter { $0.priority == p }.reduce(Rational.zero) { $0 + violation($1, x) } }
    }

    /// The lexicographic optimum and the optimal vertices, or nil when the required rows are infeasible.
    func optimum() -> (objective: [Rational], optimalVertices: [[Rational]])? {
        var best: [Rational]?
        var at: [[Rational]] = []
        for x in vertices where isFeasible(x) {
            let o = objective(x)
            if let b = best, lexicographicallyLess(b, o) { continue }
            if let b = best, b == o { at.append(x); continue }
            best = o
            at = [x]
        }
        return best.map { ($0, at) }
    }

    private func lexicographicallyLess(_ a: [Rational], _ b: [Rational]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return false
    }

    /// The unique solution of a square system by Gaussian elimination, or nil when singular.
    private func solve(_ system: [(a: [Rational], b: Rational)]) -> [Rational]? {
        var m = system.map { $0.a + [$0.b] }
        for col in 0..<n {
            guard let p = (col..<n).first(where: { !m[$0][col].isZero }) else { return nil }
            m.swapAt(col, p)
            let inv = m[col][col].reciprocal
            m[col] = m[col].map { $0 * inv }
            for r in 0..<n where r != col && !m[r][col].isZero {
                let f = m[r][col]
                m[r] = zip(m[r], m[col]).map { $0 - f * $1 }
            }
        }
        return m.map { $0[n] }
    }
}

/// Every `k`-subset of `0..<count`, ascending.
func combinations(_ count: Int, _ k: Int) -> [[Int]] {
    guard k > 0 else { return [[]] }
    guard count >= k else { return [] }
    var out: [[Int]] = []
    for first in 0...(count - k) {
        for rest in combinations(count - first - 1, k - 1) { out.append([first] + rest.map { $0 + first + 1 }) }
    }
    return out
}
