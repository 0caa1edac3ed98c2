import LinearConstraints

/// Ambiguity: a variable is ambiguous when the optimal solutions do not all agree on its value
/// (DESIGN.md, "Semantics"). The optimal face is where every level stays at its optimum: a
/// parametric symbol may move only if its coefficient is zero at every level ("movable").
///
/// A variable whose row holds no movable symbol is determined (it is a function of fixed
/// symbols). Otherwise its minimum and maximum over the face are found exactly as the simplex
/// would: a temporary lowest level `±x` optimised on a copy of the tableau, entering only
/// movable symbols. Cost: O(row) for a determined variable; two small LPs on a copy otherwise.
extension CassowaryCore {
    /// The variables among `candidates` whose value is not unique over the optimal solutions.
    /// A variable no constraint mentions is ambiguous (nothing determines it). Requires an
    /// optimised tableau (`CassowarySolver` ensures it).
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        candidates.filter { isAmbiguous($0) }
    }

    func isAmbiguous(_ v: Variable) -> Bool {
        let i = Int(v.index)
        guard i < variableSymbol.count, variableSymbol[i] >= 0 else { return true }
        let s = variableSymbol[i]
        guard tableau.basicRow[Int(s)] >= 0 else { return true }
        let row = tableau.rows[Int(tableau.basicRow[Int(s)])]
        var movable = false
        for k in 0..<row.count where isMovable(row.syms[k]) {
            if tableau.kinds[Int(row.syms[k])] == .external { return true }
            movable = true
        }
        guard movable else { return false }
        guard let low = extremum(of: s, maximize: false), let high = extremum(of: s, maximize: true) else {
            return true
        }
        return high - low > 1e-9 * max(magnitude, abs(high), abs(low))
    }

    /// A parametric symbol that can move without leaving the optimal face: not a dummy and with a
    /// zero coefficient at every level.
    func isMovable(_ s: Int32) -> Bool {
        guard tableau.basicRow[Int(s)] < 0, tableau.kinds[Int(s)] != .dummy else { return false }
        for l in 0..<levels.count where levels.coefs[l][Int(s)] != 0 { return false }
        return true
    }

    /// The least (or greatest) value of the basic symbol `s` over the optimal face, or nil when it
    /// is unbounded there. Works on a copy: `self` is untouched.
    func extremum(of s: Int32, maximize: Bool) -> Double? {
        var copy = self
        copy.debugChecks = false
        let l = copy.levels.level(for: -1)
        copy.levels.refCounts[l] = 1
        let row = copy.tableau.rows[Int(copy.tableau.basicRow[Int(s)])]
        let sign: Double = maximize ? -1 : 1
        for k in 0..<row.count { copy.objectiveAdd(l, row.syms[k], sign * row.coefs[k]) }
        while let e = copy.levels.popMin(l) {
            guard copy.levels.coefs[l][Int(e)] < 0, copy.tableau.basicRow[Int(e)] < 0,
                copy.tableau.kinds[Int(e)] != .dummy, copy.levels.isFreeAbove(l, e)
            else { continue }
            guard let r = copy.leavingRow(for: e) else { return nil }
            copy.pivot(entering: e, row: r)
        }
        return copy.tableau.rows[Int(copy.tableau.basicRow[Int(s)])].constant
    }
}

extension CassowarySolver {
    /// The variables among `candidates` whose value is not unique over the optimal solutions
    /// (what UIKit calls an ambiguous layout); exact up to rounding. See `CassowaryCore`.
    public func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        box.core.optimizeIfNeeded()
        return box.core.ambiguousVariables(candidates)
    }
}
