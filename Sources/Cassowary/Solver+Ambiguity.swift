import LinearConstraints

/// Ambiguity: a variable is ambiguous when the optimal solutions do not all agree on its value
/// (docs/architecture.md, "Semantics"). The optimal face is where every level stays at its optimum: a
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
    ///
    /// One copy of the tableau serves every candidate: the temporary level only pivots symbols
    /// that are free at every real level, so the copy stays on the same optimal face and its
    /// answers for later candidates are the same as the original's. O(tableau) once, plus
    /// O(row) per determined candidate and two small LPs per undetermined one.
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        var copy: CassowaryCore? = nil
        var out: [Variable] = []
        for v in candidates {
            switch quickDeterminacy(v) {
            case .determined: continue
            case .ambiguous: out.append(v)
            case .needsProgram:
                if copy == nil {
                    copy = self
                    copy!.debugChecks = false
                }
                if copy!.rangeIsWide(v) { out.append(v) }
            }
        }
        return out
    }

    enum Determinacy { case determined, ambiguous, needsProgram }

    /// Decides from the variable's row alone when it can: no movable symbol means determined; a
    /// movable external (a free parameter) or no row at all means ambiguous.
    func quickDeterminacy(_ v: Variable) -> Determinacy {
        let i = Int(v.index)
        guard i < variableSymbol.count, variableSymbol[i] >= 0 else { return .ambiguous }
        let s = variableSymbol[i]
        guard tableau.basicRow[Int(s)] >= 0 else { return .ambiguous }
        let row = tableau.rows[Int(tableau.basicRow[Int(s)])]
        var movable = false
        for k in 0..<row.count where isMovable(row.syms[k]) {
            if tableau.kinds[Int(row.syms[k])] == .external { return .ambiguous }
            movable = true
        }
        return movable ? .needsProgram : .determined
    }

    /// True when the variable's minimum and maximum over the optimal face differ (or either is
    /// unbounded). Pivots this (copied) tableau within the face.
    mutating func rangeIsWide(_ v: Variable) -> Bool {
        switch quickDeterminacy(v) {
        case .determined: return false
        case .ambiguous: return true
        case .needsProgram: break
        }
        let s = variableSymbol[Int(v.index)]
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
    /// is unbounded there. Pivots within the face and leaves no temporary level behind.
    mutating func extremum(of s: Int32, maximize: Bool) -> Double? {
        let l = levels.level(for: -1)
        levels.refCounts[l] = 1
        defer { dropTemporaryLevel(l) }
        let row = tableau.rows[Int(tableau.basicRow[Int(s)])]
        let sign: Double = maximize ? -1 : 1
        for k in 0..<row.count { objectiveAdd(l, row.syms[k], sign * row.coefs[k]) }
        while let e = levels.popMin(l) {
            guard levels.coefs[l][Int(e)] < 0, tableau.basicRow[Int(e)] < 0,
                tableau.kinds[Int(e)] != .dummy, levels.isFreeAbove(l, e)
            else { continue }
            guard let r = leavingRow(for: e) else { return nil }
            pivot(entering: e, row: r)
        }
        guard tableau.basicRow[Int(s)] >= 0 else { return 0 }
        return tableau.rows[Int(tableau.basicRow[Int(s)])].constant
    }

    /// Removes the temporary lowest level (its coefficients are dropped with it).
    mutating func dropTemporaryLevel(_ l: Int) {
        levels.removeLevel(l)
        levels.clearHeaps()
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
