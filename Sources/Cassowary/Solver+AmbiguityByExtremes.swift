import LinearConstraints

/// The per-variable ambiguity test that `ambiguousVariables` replaced, kept as a reference for
/// the property tests (`ImpliedEqualityTests`): each variable whose row holds a movable symbol is
/// minimised and maximised over the optimal face, two small LPs on a copy of the tableau.
///
/// A variable whose row holds no movable symbol is determined (it is a function of fixed
/// symbols); one whose row holds a movable external, or that has no row, is called ambiguous.
/// Otherwise its range is found exactly as the simplex would: a temporary lowest level `±x`
/// optimised on a copy of the tableau, entering only movable symbols. Cost: O(row) for a
/// determined variable, two small LPs otherwise (97% of a 120-view layout's time, which is why
/// it was replaced).
extension CassowaryCore {
    /// The variables among `candidates` whose minimum and maximum over the optimal face differ by
    /// more than 1e-9 of the magnitudes in play. One copy of the tableau serves every candidate:
    /// the temporary level only pivots movable symbols, so the copy stays on the optimal face.
    func ambiguousVariablesByExtremes(_ candidates: [Variable]) -> [Variable] {
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
        var copy = self
        let row = copy.expand(tableau.rows[Int(tableau.basicRow[Int(s)])])
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

    /// The least (or greatest) value of the basic symbol `s` over the optimal face, or nil when it
    /// is unbounded there. Pivots within the face and leaves no temporary level behind.
    mutating func extremum(of s: Int32, maximize: Bool) -> Double? {
        let l = addTemporaryLevel()
        defer { dropTemporaryLevel(l) }
        let row = expand(tableau.rows[Int(tableau.basicRow[Int(s)])])
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
        factoredState.invalidate()
        return evaluated(s).value
    }
}
