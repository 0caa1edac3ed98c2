import LinearConstraints

/// Substitution, pivoting and the primal and dual simplex of the Cassowary method, with a
/// lexicographic objective (one row per priority level, highest first).
extension CassowaryCore {
    /// Loose tolerance for the deep invariant checks only (`Tolerance.feasibility`).
    var feasibilityTolerance: Double { magnitude * Tolerance.feasibility }

    /// What the dual simplex treats as rounding residue in a row constant: relative to the
    /// suggested values (the only numbers a suggestion moves), never to the largest constant of
    /// the system, so a 1e15 constant elsewhere cannot hide a real violation of a small row.
    var suggestionTolerance: Double { max(1, suggestMagnitude) * 1e-9 }

    /// The tolerance for deciding that a new constraint holds (phase one, redundant rows): 1e-14
    /// of the magnitude its row is computed from, `|constant| + Σ|a|·S(x)` (at least 1), about 45
    /// units in the last place: what the substitutions that form the row leave. S(x) is the scale
    /// of x's row constant (`Row.constantScale`: at least |x|, and the larger numbers x's value was
    /// computed from), because a value carries the rounding of its history: after 0.001*y == -5
    /// and x + y <= 0, 3*x == 32 leaves x = 5000 - 4989.333333333333 = 10.66666666666697, and a
    /// second 3*x == 32 came out with a residue of 9.09e-13, a conflict at 1e-14 of the current
    /// values (32 + 3·10.67 = 64: 6.4e-13), redundant at 1e-14 of 32 + 3·5000 (1.5e-10).
    /// It was 1e-9 of the values, which let `v <= -1` in beside `v >= 0` while v stood at 2^30
    /// (StrutFuzzer). An infeasibility below this (10 beside 2^50) is still taken for rounding:
    /// doubles cannot tell.
    mutating func tolerance(for e: LinearExpression) -> Double {
        var m = abs(e.constant)
        for t in e.terms { m += abs(t.coefficient) * max(1, constantScale(of: t.variable)) }
        return max(1, m) * 1e-14
    }

    /// The scale of a variable's value (`Row.constantScale` of its row; 0 while it is parametric).
    mutating func constantScale(of variable: Variable) -> Double {
        guard let s = symbolOf(variable) else { return 0 }
        if factored { return evaluated(s).scale }
        let r = tableau.basicRow[Int(s)]
        return r >= 0 ? tableau.rows[Int(r)].constantScale : 0
    }

    /// Pivot elements at or below this are rounding residue and never chosen (`Tolerance.pivot`).
    /// Cancellation residue in a coefficient is already snapped to 0 (`snap`, 1e-11 of its
    /// operands), so what is left is real.
    static let pivotTolerance = Tolerance.pivot

    /// Phase one's entering coefficients below this fraction of the artificial row's largest
    /// are residue (`optimizeArtificial`).
    static let relativePivotTolerance = 1e-12

    /// Objective coefficient change with journaling.
    @inline(__always)
    mutating func objectiveAdd(_ l: Int, _ s: Int32, _ delta: Double) {
        let old = levels.add(l, s, delta, order: tableau.order(s))
        if journal != nil { journal!.objectiveWrites.append((l, s, old)) }
    }

    /// Replaces the parametric symbol `s` by `row` (the row `s` is now basic in) in every other row
    /// and in the objective. Rows that become infeasible are queued for the dual simplex.
    /// O(Σ over rows holding s of their length + len(row)) thanks to the column index.
    mutating func substitute(_ s: Int32, by row: Row, basicSlot: Int32) {
        tableau.liveColumn(s, except: basicSlot)
        let slots = tableau.columnScratch
        // Factored: definitions keep naming an external symbol that becomes basic.
        let keepsDefinitions = factored && tableau.kinds[Int(s)] == .external
        // A restricted symbol's row naming an external above a definition it goes into breaks
        // the definitions' id order (only a removal's pivot through a definition does that).
        let highestExternal = factored && !keepsDefinitions ? row.syms.last { tableau.kinds[Int($0)] == .external } ?? -1 : -1
        var kept = 0
        for r in slots {
            if keepsDefinitions, isDefinitionRow(r) {
                tableau.columns[Int(s)][kept] = r
                kept += 1
                continue
            }
            if highestExternal >= 0, isDefinitionRow(r), highestExternal > tableau.rowBasic[Int(r)] {
                definitionOrderBroken = true
            }
            let c = tableau.rows[Int(r)].coefficient(of: s)
            guard c != 0 else { continue }
            tableau.addScaled(r, row, c, dropping: s)
            let b = tableau.rowBasic[Int(r)]
            if b >= 0, tableau.kinds[Int(b)].isRestricted, tableau.rows[Int(r)].constant < 0 {
                infeasibleRows.append(r)
            }
        }
        tableau.columns[Int(s)].removeLast(tableau.columns[Int(s)].count - kept)
        substituteInObjective(s, by: row)
    }

    mutating func substituteInObjective(_ s: Int32, by row: Row) {
        for l in 0..<levels.count {
            let c = levels.coefs[l][Int(s)]
            guard c != 0 else { continue }
            objectiveAdd(l, s, -c)
            if journal != nil {
                levels.addScaled(l, row, by: c, hubs: tableau.hubs, writes: &journal!.objectiveWrites, record: true)
            } else {
                var none: [(level: Int, symbol: Int32, old: Double)] = []
                levels.addScaled(l, row, by: c, hubs: tableau.hubs, writes: &none, record: false)
            }
            levels.constants[l] = snap(levels.constants[l], c * row.constant)
        }
    }

    /// Makes `entering` basic in row `r` (whose basic symbol leaves). Cassowary's pivot.
    mutating func pivot(entering: Int32, row r: Int32) {
        pivots += 1
        let r = isDefinitionRow(r) ? materializeDefinition(r) : r
        let row = tableau.pivotInPlace(r, entering: entering)
        substitute(entering, by: row, basicSlot: r)
    }

    // MARK: primal simplex

    /// Restores optimality level by level, highest priority first. A level's pivots only use
    /// symbols absent from every higher level, so they never disturb an optimised higher level.
    mutating func optimize() {
        for l in 0..<levels.count { optimizeLevel(l) }
        levels.clearHeaps()
    }

    /// `optimize()` that asks `stop` every 64 pivots. False when it stopped: the tableau is then
    /// primal feasible but not yet optimal, and the candidate heaps are kept, so the next
    /// optimisation resumes where this one stopped (pivots at a level never touch the levels
    /// above it).
    mutating func optimize(stoppingWhen stop: @escaping () -> Bool) -> Bool {
        for l in 0..<levels.count where !optimizeLevel(l, stoppingWhen: stop) { return false }
        levels.clearHeaps()
        return true
    }

    /// One level's primal simplex; false when `stop` said so (asked every 64 pivots).
    @discardableResult
    mutating func optimizeLevel(_ l: Int, stoppingWhen stop: (() -> Bool)? = nil) -> Bool {
        var sinceAsked = 0
        while let e = levels.popMin(l) {
            guard levels.coefs[l][Int(e)] < 0, tableau.basicRow[Int(e)] < 0,
                tableau.kinds[Int(e)] != .dummy, levels.isFreeAbove(l, e)
            else { continue }
            guard let r = leavingRow(for: e) else {
                // The objective is bounded below (errors are >= 0), so a descent direction that no
                // row bounds can only come from rounding residue in the coefficient: skip it.
                noiseSkips += 1
                continue
            }
            let last = longStepRow(for: e, level: l, first: r)
            pivot(entering: e, row: last)
            if !passedBreakpoints.isEmpty { settlePassedBreakpoints() }
            guard let stop else { continue }
            // The work limit is checked after every pivot: one comparison, and on a grid or a
            // chain the pivots through filled-in rows are the expensive ones.
            if isOverworked { return false }
            sinceAsked += 1
            if sinceAsked == 64 {
                sinceAsked = 0
                if stop() { return false }
            }
        }
        return true
    }

    /// The primal ratio test over the rows holding `e`: among restricted basic rows where `e` has a
    /// negative coefficient, the one whose constant bounds `e` first; ties go to the lowest basic
    /// symbol (Bland's rule, so degenerate pivots cannot cycle).
    mutating func leavingRow(for e: Int32) -> Int32? { flipBound(e, excluding: -1)?.row }

    // MARK: dual simplex

    /// Restores feasibility after suggested values moved row constants, keeping optimality.
    /// At most as many long steps (`dualLongStep`) per call as the tableau has rows; past that
    /// budget every pivot is the ordinary one. No cycle of long steps has been seen, and this
    /// bounds one if it ever arose: the ordinary dual simplex then finishes the repair.
    mutating func dualOptimize() throws(SolverError) {
        // The candidate heaps serve the primal simplex and are cleared below: the dual pivots
        // need not fill them (a fifth of a grid rotation's instructions did).
        levels.collecting = false
        defer { levels.collecting = true }
        var longSteps = tableau.rows.count
        while let r = infeasibleRows.popLast() {
            let b = tableau.rowBasic[Int(r)]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted,
                tableau.rows[Int(r)].constant < -suggestionTolerance
            else {
                if b >= 0, tableau.kinds[Int(b)].isRestricted, tableau.rows[Int(r)].constant < 0 {
                    tableau.withRow(r) { row, _ in row.constant = 0 }
                }
                continue
            }
            guard let e = dualEntering(r) else {
                throw .internalError("dual simplex found no entering symbol for an infeasible row")
            }
            if longSteps > 0, costsNothing(e), dualLongStep(r, ordinary: e) {
                longSteps -= 1
            } else {
                pivot(entering: e, row: r)
            }
        }
        levels.clearHeaps()
    }

    /// The dual ratio test: among symbols with a positive coefficient in row `r`, the one whose
    /// objective coefficients divided by that coefficient are lexicographically smallest.
    func dualEntering(_ r: Int32) -> Int32? {
        let row = tableau.rows[Int(r)]
        var best: Int32? = nil
        var bestCoef = 0.0
        for k in 0..<row.syms.count {
            let s = row.syms[k]
            let a = row.coefs[k]
            guard a > Self.pivotTolerance, tableau.kinds[Int(s)] != .dummy else { continue }
            guard let current = best else {
                best = s
                bestCoef = a
                continue
            }
            if dualRatioLess(s, a, current, bestCoef) {
                best = s
                bestCoef = a
            }
        }
        return best
    }

    /// Lexicographic comparison of d(s)/a against d(t)/b, ties (`Tolerance.dualRatioTie`) by
    /// symbol id.
    func dualRatioLess(_ s: Int32, _ a: Double, _ t: Int32, _ b: Double) -> Bool {
        for l in 0..<levels.count {
            let x = levels.coefs[l][Int(s)] / a
            let y = levels.coefs[l][Int(t)] / b
            let tol = Tolerance.dualRatioTie * max(1, max(abs(x), abs(y)))
            if x < y - tol { return true }
            if x > y + tol { return false }
        }
        return tableau.order(s) < tableau.order(t)
    }
}
