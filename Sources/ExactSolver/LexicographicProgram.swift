import LinearConstraints

/// The lexicographic program of a set of exact rows, in simplex standard form.
///
/// Columns, in this order (Bland's rule prefers lower columns, so the order fixes the
/// deterministic choice of optimum):
/// - two per variable, `x = x⁺ − x⁻`, for the free variables;
/// - per row, its slack and error columns: hard `==` none, hard `<=` `+s`, hard `>=` `−s`;
///   soft `==` `−e⁺ +e⁻` (so `e⁺ − e⁻` is the expression's value), soft `<=` `−e +s`,
///   soft `>=` `+e −s` (so `e` is the one-sided violation once minimised);
/// - one artificial column per row, for phase 1.
/// Row `r` reads `Σ a·x + (slack/error columns) = −constant`, multiplied by `sign[r]` (±1) so
/// the right-hand side is non-negative.
struct LexicographicProgram: Sendable {
    let rows: [ExactRow]
    /// Distinct variable indices used by the rows, ascending; variable `variables[k]` owns
    /// columns `2k` and `2k+1`.
    let variables: [Int]
    /// Distinct non-required priorities of the rows, highest first.
    let levels: [Priority]
    /// The error columns of each level (parallel to `levels`).
    let errorColumns: [[Int]]
    let sign: [Rational]
    let artificialStart: Int
    var tableau: Tableau

    init(rows: [ExactRow]) {
        self.rows = rows
        var used = Set<Int>()
        for row in rows { for t in row.terms { used.insert(t.variable) } }
        variables = used.sorted()
        levels = Set(rows.compactMap(\.priority)).sorted(by: >)
        let position = Dictionary(uniqueKeysWithValues: variables.enumerated().map { ($1, $0) })
        let levelIndex = Dictionary(uniqueKeysWithValues: levels.enumerated().map { ($1, $0) })

        var extras: [[(column: Int, coefficient: Rational)]] = []
        var errors = Array(repeating: [Int](), count: levels.count)
        var next = 2 * variables.count
        for row in rows {
            let shape = Self.extraColumns(row.relation, soft: row.priority != nil)
            extras.append(shape.map { (next + $0.offset, $0.coefficient) })
            if let p = row.priority, let level = levelIndex[p] {
                for (k, s) in shape.enumerated() where s.isError { errors[level].append(next + k) }
            }
            next += shape.count
        }
        errorColumns = errors
        artificialStart = next
        let width = next + rows.count
        var matrix: [[Rational]] = []
        var rhs: [Rational] = []
        var signs: [Rational] = []
        for (r, row) in rows.enumerated() {
            var line = Array(repeating: Rational.zero, count: width)
            for t in row.terms {
                let k = position[t.variable] ?? 0
                line[2 * k] = t.coefficient
                line[2 * k + 1] = -t.coefficient
            }
            for e in extras[r] { line[e.column] = e.coefficient }
            let b = -row.constant
            let s: Rational = b.signum < 0 ? -.one : .one
            if s.signum < 0 { for j in 0..<width where !line[j].isZero { line[j] = -line[j] } }
            line[artificialStart + r] = .one
            matrix.append(line)
            rhs.append(s * b)
            signs.append(s)
        }
        sign = signs
        tableau = Tableau(rows: matrix, rhs: rhs, basis: (0..<rows.count).map { next + $0 }, columnCount: width)
    }

    /// The slack and error columns a row gets, as (offset, coefficient, is it an error column).
    private static func extraColumns(_ relation: Relation, soft: Bool)
        -> [(offset: Int, coefficient: Rational, isError: Bool)]
    {
        switch (relation, soft) {
        case (.equal, false): []
        case (.lessThanOrEqual, false): [(0, .one, false)]
        case (.greaterThanOrEqual, false): [(0, -.one, false)]
        case (.equal, true): [(0, -.one, true), (1, .one, true)]
        case (.lessThanOrEqual, true): [(0, -.one, true), (1, .one, false)]
        case (.greaterThanOrEqual, true): [(0, .one, true), (1, -.one, false)]
        }
    }

    /// Phase 1: minimises the sum of artificial columns. Returns nil when the rows are feasible
    /// (the basis is then feasible, artificial columns are driven out and banned), or one Farkas
    /// multiplier per row when they are not (see `FarkasCertificate` for the convention).
    mutating func phaseOne() -> [Rational]? {
        var c = Array(repeating: Rational.zero, count: tableau.columnCount)
        for j in artificialStart..<tableau.columnCount { c[j] = .one }
        tableau.setObjective(c)
        _ = tableau.minimize()  // bounded below by 0
        if tableau.objective.signum > 0 {
            // Dual of phase 1: y'_r = c_art − d_art = 1 − d_art (for the sign-adjusted row);
            // for the original row y_r = sign_r·y'_r, and the certificate uses λ = −y.
            return (0..<rows.count).map { r in -(sign[r] * (.one - tableau.cost[artificialStart + r])) }
        }
        let start = artificialStart
        tableau.driveOut { $0 >= start }
        for j in artificialStart..<tableau.columnCount { tableau.allowed[j] = false }
        return nil
    }
}
