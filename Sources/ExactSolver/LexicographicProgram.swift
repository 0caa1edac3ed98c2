import LinearConstraints

/// The lexicographic program of a set of exact rows, in simplex standard form.
///
/// Columns, in this order (Bland's rule prefers lower columns, so the order fixes the
/// deterministic choice of optimum):
/// - one free column per variable (no sign constraint: see `Tableau.free`);
/// - per row, its slack and error columns: hard `==` none, hard `<=` `+s`, hard `>=` `−s`;
///   soft `==` `−e⁺ +e⁻` (so `e⁺ − e⁻` is the expression's value), soft `<=` `−e +s`,
///   soft `>=` `+e −s` (so `e` is the one-sided violation once minimised);
/// - an artificial column for each row that has no slack or error column reading +1 (hard
///   equalities, and hard inequalities whose constant puts the slack on the wrong side), for phase 1.
/// Row `r` reads `Σ a·x + (slack/error columns) = −constant`, multiplied by `sign[r]` (±1) so
/// the right-hand side is non-negative.
struct LexicographicProgram: Sendable {
    let rows: [ExactRow]
    /// Distinct variable indices used by the rows, ascending; variable `variables[k]` owns
    /// column `k`.
    let variables: [Int]
    /// Distinct non-required priorities of the rows, highest first.
    let levels: [Priority]
    /// The error columns of each level (parallel to `levels`).
    let errorColumns: [[Int]]
    let sign: [Rational]
    /// The column that starts basic in each row (an identity column): a slack or error column
    /// where one reads +1, else an artificial column. Soft rows never need an artificial.
    let initialBasis: [Int]
    /// Artificial columns are `artificialStart...` (only for rows without a usable slack).
    let artificialStart: Int
    var tableau: Tableau

    /// The program of `rows`; `levelBounds` adds, for each listed priority present among the
    /// rows, the hard row `Σ error columns of that level + s = bound` (the level's summed error at
    /// most `bound`, which must be ≥ 0; error columns that start basic are priced out of it, and
    /// a spare artificial column starts basic where that leaves a negative right-hand side): how
    /// the oracle judges a floating-point answer within a
    /// tolerance of each level instead of at the exact optimum.
    init(rows: [ExactRow], levelBounds: [(priority: Priority, bound: Rational)] = []) {
        self.rows = rows
        var used = Set<Int>()
        for row in rows { for t in row.terms { used.insert(t.variable) } }
        variables = used.sorted()
        levels = Set(rows.compactMap(\.priority)).sorted(by: >)
        let position = Dictionary(uniqueKeysWithValues: variables.enumerated().map { ($1, $0) })
        let levelIndex = Dictionary(uniqueKeysWithValues: levels.enumerated().map { ($1, $0) })

        var extras: [[(column: Int, coefficient: Rational)]] = []
        var errors = Array(repeating: [Int](), count: levels.count)
        let signs: [Rational]
        var next = variables.count
        for row in rows {
            let shape = Self.extraColumns(row.relation, soft: row.priority != nil)
            extras.append(shape.map { (next + $0.offset, $0.coefficient) })
            if let p = row.priority, let level = levelIndex[p] {
                for (k, s) in shape.enumerated() where s.isError { errors[level].append(next + k) }
            }
            next += shape.count
        }
        errorColumns = errors
        let bounds = levelBounds.compactMap { b in levelIndex[b.priority].map { (level: $0, bound: b.bound) } }
        let boundSlack = next
        next += bounds.count
        artificialStart = next
        // Sign of each row (so that rhs ≥ 0), and its starting basic column: a slack or error
        // column that reads +1 after the sign change, else a new artificial column.
        signs = rows.map { (-$0.constant).signum < 0 ? -.one : .one }
        var identity: [Int] = []
        var artificials = 0
        for r in rows.indices {
            if let e = extras[r].first(where: { signs[r] * $0.coefficient == .one }) {
                identity.append(e.column)
            } else {
                identity.append(next + artificials)
                artificials += 1
            }
        }
        // One spare artificial column per bound row, used when its right-hand side turns negative.
        let width = next + artificials + bounds.count
        var matrix: [[Rational]] = []
        for (r, row) in rows.enumerated() {
            var line = Array(repeating: Rational.zero, count: width)
            for t in row.terms {
                let k = position[t.variable] ?? 0
                line[k] = signs[r] * t.coefficient
            }
            for e in extras[r] { line[e.column] = signs[r] * e.coefficient }
            line[identity[r]] = .one
            matrix.append(line)
        }
        var rhs = rows.indices.map { signs[$0] * -rows[$0].constant }
        for (k, b) in bounds.enumerated() {
            precondition(b.bound.signum >= 0, "a level bound must be non-negative")
            var line = Array(repeating: Rational.zero, count: width)
            for j in errors[b.level] { line[j] = .one }
            line[boundSlack + k] = .one
            var bound = b.bound
            // Keep the basis an identity: price out the error columns that start basic.
            for r in rows.indices where line[identity[r]] == .one {
                for j in 0..<width where !matrix[r][j].isZero { line[j] -= matrix[r][j] }
                bound -= rhs[r]
            }
            if bound.signum < 0 {
                for j in 0..<width where !line[j].isZero { line[j] = -line[j] }
                bound = -bound
                line[next + artificials + k] = .one
                identity.append(next + artificials + k)
            } else {
                identity.append(boundSlack + k)
            }
            matrix.append(line)
            rhs.append(bound)
        }
        sign = signs
        initialBasis = identity
        tableau = Tableau(rows: matrix, rhs: rhs, basis: identity, columnCount: width, freeColumns: variables.count)
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
            // Dual of phase 1 from the starting identity columns: y'_r = c_id − d_id (for the
            // sign-adjusted row); for the original row y_r = sign_r·y'_r; the certificate is λ = −y.
            return (0..<rows.count).map { r in
                let id = initialBasis[r]
                return -(sign[r] * (c[id] - tableau.cost[id]))
            }
        }
        let start = artificialStart
        tableau.driveOut { $0 >= start }
        for j in artificialStart..<tableau.columnCount { tableau.allowed[j] = false }
        return nil
    }
}
