/// A dense simplex tableau over exact rationals, in equality form `T·z = rhs`, `z ≥ 0` except
/// for the first `freeColumns` columns, which are free (the problem's variables).
///
/// Free columns are handled directly rather than split as `x⁺ − x⁻` (split pairs make long
/// chains of pivots before an unbounded direction shows): a free nonbasic column may enter in
/// either direction, and a row whose basic column is free never limits the step, so a free
/// column never leaves the basis once in it (Dantzig 1963, "Linear Programming and Extensions").
///
/// Every row has one basic column (`basis[r]`, coefficient 1 in row `r`, 0 elsewhere). `cost`
/// holds the reduced costs `d_j = c_j − Σ_r c_{basis[r]}·T[r][j]` of the current objective `c`, and
/// `objective` its value at the basic solution, so that on the feasible set
/// `c·z = objective + Σ_{j nonbasic} d_j·z_j`. Columns whose `allowed` flag is false never enter
/// the basis: that is how artificial columns are retired after phase 1 and how an optimal level is
/// fixed before the next one (see `fixOptimalFace`).
///
/// Pivoting falls back to Bland's rule (lowest eligible entering column, lowest basic column among
/// tied leaving rows) whenever a pivot is degenerate, which rules out cycling, so `minimize`
/// terminates (Bland 1977, "New finite pivoting rules for the simplex method"). Each pivot costs
/// O(rows × non-zeros of the pivot row).
struct Tableau: Sendable {
    private(set) var rowCount: Int
    let columnCount: Int
    /// Columns `0..<freeColumns` carry no sign constraint.
    let freeColumns: Int
    private var cells: [Rational]
    private(set) var rhs: [Rational]
    private(set) var basis: [Int]
    private(set) var cost: [Rational]
    private(set) var objective: Rational = .zero
    var allowed: [Bool]
    /// Pivots performed, for the solver's counters.
    private(set) var pivots = 0

    /// A tableau with the given rows (each `columnCount` wide) and initial basis; the caller
    /// guarantees the basis columns form an identity and `rhs ≥ 0`.
    init(rows: [[Rational]], rhs: [Rational], basis: [Int], columnCount: Int, freeColumns: Int = 0) {
        rowCount = rows.count
        self.columnCount = columnCount
        self.freeColumns = freeColumns
        cells = rows.flatMap { $0 }
        self.rhs = rhs
        self.basis = basis
        cost = Array(repeating: .zero, count: columnCount)
        allowed = Array(repeating: true, count: columnCount)
    }

    /// Non-zero cells, right-hand sides and reduced costs included. O(rows × columns).
    var nonZeroCount: Int {
        cells.count { !$0.isZero } + rhs.count { !$0.isZero } + cost.count { !$0.isZero }
    }

    subscript(row: Int, column: Int) -> Rational { cells[row * columnCount + column] }

    /// The value of every column at the current basic solution (nonbasic columns are 0).
    var solution: [Rational] {
        var z = Array(repeating: Rational.zero, count: columnCount)
        for r in 0..<rowCount { z[basis[r]] = rhs[r] }
        return z
    }

    /// Installs objective `c` (one coefficient per column) and prices it out against the basis.
    /// O(rows × columns).
    mutating func setObjective(_ c: [Rational]) {
        cost = c
        objective = .zero
        for r in 0..<rowCount {
            let cb = c[basis[r]]
            if cb.isZero { continue }
            objective += cb * rhs[r]
            let base = r * columnCount
            for j in 0..<columnCount where !cells[base + j].isZero {
                cost[j] -= cb * cells[base + j]
            }
        }
    }

    /// Outcome of `minimize`.
    enum Outcome: Equatable { case optimal, unbounded }

    /// Runs the primal simplex from the current (feasible) basis until no allowed column has a
    /// negative reduced cost (`optimal`) or an improving column has no limiting row (`unbounded`).
    ///
    /// Entering column: Dantzig's (most negative reduced cost, lowest index on ties) after a pivot
    /// that moved the solution, Bland's (lowest index) after a degenerate one. Every cycle would
    /// consist of degenerate pivots only, all but its first chosen by Bland's rule, and Bland's rule
    /// cannot cycle, so this terminates; Dantzig's rule takes far fewer pivots where it may run.
    mutating func minimize() -> Outcome {
        var bland = false
        while true {
            guard let entering = bland ? blandColumn() : dantzigColumn() else { return .optimal }
            guard let leaving = leavingRow(for: entering) else { return .unbounded }
            bland = rhs[leaving].isZero
            pivot(row: leaving, column: entering)
        }
    }

    /// True when moving column `j` improves the objective: `d_j < 0`, or `d_j ≠ 0` for a free
    /// nonbasic column (it can move down). Basic columns have `d_j = 0`.
    private func improves(_ j: Int) -> Bool {
        allowed[j] && (j < freeColumns ? !cost[j].isZero : cost[j].signum < 0)
    }

    /// Bland: the lowest improving column.
    private func blandColumn() -> Int? {
        (0..<columnCount).first(where: improves)
    }

    /// Dantzig: the improving column with the largest `|d_j|` (the lowest on ties).
    private func dantzigColumn() -> Int? {
        var best: Int?
        var bestRate = Rational.zero
        for j in 0..<columnCount where improves(j) {
            let rate = cost[j].magnitude
            if best == nil || bestRate < rate {
                best = j
                bestRate = rate
            }
        }
        return best
    }

    /// Minimum ratio `rhs[r] / (δ·T[r][j])` over rows whose basic column is not free and where
    /// `δ·T[r][j] > 0`, with `δ = −sign(d_j)` the direction the entering column moves; ties go to
    /// the lowest basic column. Nil when no row limits the step (the objective is unbounded).
    private func leavingRow(for column: Int) -> Int? {
        let downward = cost[column].signum > 0  // only a free column enters downward
        var best: Int?
        var bestRatio = Rational.zero
        for r in 0..<rowCount where basis[r] >= freeColumns {
            let a = downward ? -self[r, column] : self[r, column]
            guard a.signum > 0 else { continue }
            let ratio = rhs[r] / a
            if let b = best {
                if ratio < bestRatio || (ratio == bestRatio && basis[r] < basis[b]) {
                    best = r
                    bestRatio = ratio
                }
            } else {
                best = r
                bestRatio = ratio
            }
        }
        return best
    }

    /// Makes `column` basic in `row`. The pivot element must be non-zero. Exact for any sign of
    /// the pivot element; the rule that chose it keeps the non-free basic columns non-negative.
    mutating func pivot(row: Int, column: Int) {
        pivots += 1
        let base = row * columnCount
        let inverse = cells[base + column].reciprocal
        var support: [Int] = []
        for j in 0..<columnCount where !cells[base + j].isZero {
            cells[base + j] *= inverse
            support.append(j)
        }
        rhs[row] *= inverse
        for r in 0..<rowCount where r != row {
            let factor = cells[r * columnCount + column]
            if factor.isZero { continue }
            let other = r * columnCount
            for j in support { cells[other + j] -= factor * cells[base + j] }
            rhs[r] -= factor * rhs[row]
        }
        let factor = cost[column]
        if !factor.isZero {
            for j in support { cost[j] -= factor * cells[base + j] }
            objective += factor * rhs[row]
        }
        basis[row] = column
    }

    /// True when every point of the current face gives `column` its current value: it is
    /// nonbasic and banned, or basic in a row where no allowed nonbasic column has a non-zero.
    /// A sufficient test (false does not prove the column can move). O(columns).
    func isFrozen(_ column: Int) -> Bool {
        guard let r = basis.firstIndex(of: column) else { return !allowed[column] }
        let base = r * columnCount
        return !(0..<columnCount).contains { j in j != column && allowed[j] && !cells[base + j].isZero }
    }

    /// Restricts the feasible set to the optimal face of the current objective: after `minimize`
    /// returned `.optimal`, `c·z = objective + Σ d_j·z_j` with every `d_j ≥ 0`, so `c·z` stays
    /// optimal exactly when every column with `d_j > 0` stays at 0. Banning those columns is the
    /// same as adding `c·z == optimum` as a hard row, without growing the tableau.
    mutating func fixOptimalFace() {
        for j in 0..<columnCount where cost[j].signum > 0 { allowed[j] = false }
    }

    /// Pivots every basic column for which `isRetired` holds out of the basis where the row has
    /// another usable non-zero (a degenerate pivot: such columns are at 0 after a successful phase 1).
    /// Rows where no other column is usable are redundant and left as they are: their retired basic
    /// column stays at 0 because it never enters and its row has no usable non-zero.
    mutating func driveOut(_ isRetired: (Int) -> Bool) {
        for r in 0..<rowCount where isRetired(basis[r]) {
            precondition(rhs[r].isZero, "driving out a non-zero artificial")
            let base = r * columnCount
            if let j = (0..<columnCount).first(where: { !isRetired($0) && !cells[base + $0].isZero }) {
                pivot(row: r, column: j)
            }
        }
    }
}
