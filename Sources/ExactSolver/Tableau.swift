/// A dense simplex tableau over exact rationals, in equality form `T·z = rhs`, `z ≥ 0`.
///
/// Every row has one basic column (`basis[r]`, coefficient 1 in row `r`, 0 elsewhere). `cost`
/// holds the reduced costs `d_j = c_j − Σ_r c_{basis[r]}·T[r][j]` of the current objective `c`, and
/// `objective` its value at the basic solution, so that on the feasible set
/// `c·z = objective + Σ_{j nonbasic} d_j·z_j`. Columns whose `allowed` flag is false never enter
/// the basis: that is how artificial columns are retired after phase 1 and how an optimal level is
/// fixed before the next one (see `fixOptimalFace`).
///
/// Pivoting uses Bland's rule (lowest eligible entering column, lowest basic column among tied
/// leaving rows), which cannot cycle, so `minimize` terminates (Bland 1977, "New finite pivoting
/// rules for the simplex method"). Each pivot costs O(rows × non-zeros of the pivot row).
struct Tableau: Sendable {
    private(set) var rowCount: Int
    let columnCount: Int
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
    init(rows: [[Rational]], rhs: [Rational], basis: [Int], columnCount: Int) {
        rowCount = rows.count
        self.columnCount = columnCount
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
    mutating func minimize() -> Outcome {
        while true {
            guard let entering = enteringColumn() else { return .optimal }
            guard let leaving = leavingRow(for: entering) else { return .unbounded }
            pivot(row: leaving, column: entering)
        }
    }

    /// Bland: the lowest allowed column with a negative reduced cost.
    private func enteringColumn() -> Int? {
        for j in 0..<columnCount where allowed[j] && cost[j].signum < 0 { return j }
        return nil
    }

    /// Minimum ratio `rhs[r] / T[r][j]` over rows with `T[r][j] > 0`; ties go to the lowest basic column.
    private func leavingRow(for column: Int) -> Int? {
        var best: Int?
        var bestRatio = Rational.zero
        for r in 0..<rowCount {
            let a = self[r, column]
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

    /// Makes `column` basic in `row`. The pivot element must be non-zero.
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
