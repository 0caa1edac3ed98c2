import LinearConstraints

/// Ambiguity for `cassowary-revised`, read from its own basis.
///
/// The optimal face is spanned by the movable nonbasic columns (reduced cost 0 at every level,
/// not a dummy): every other nonbasic column is 0 on it, and `x_B = B⁻¹(−b) − Σ B⁻¹a_j x_j` over
/// the movable j. So the face is described exactly by the rows of B⁻¹N restricted to the
/// movable columns, and only at the positions their FTRANs reach: one FTRAN per movable column
/// gives them. Those rows are laid out as an explicit tableau, and the implied-equality
/// analysis of the explicit engine runs on it (`Solver+ImpliedEqualities.swift`: the same code,
/// the same tolerances, one more representation of the same basis). A variable is ambiguous when
/// its row there holds a direction of the face's affine hull, or it is a direction itself; a
/// basic variable no movable column reaches is fixed on the face.
///
/// Cost: one pass over the reduced costs; nothing more when no column is movable (a determined
/// layout: only variables no constraint mentions are open). Otherwise one FTRAN per movable
/// column, the rows they reach, and the analysis' degenerate pivots on those rows alone.
extension RevisedCore {
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        var core = self
        core.debugChecks = false
        if !core.dualsValid { core.computeReducedCosts() }
        let movable = core.movableColumns()
        guard !movable.isEmpty else { return candidates.filter { core.symbolOf($0) == nil } }
        var (analysis, faceSymbol) = core.faceTableau(movable)
        let directions = analysis.faceDirections()
        return candidates.filter { v in
            guard let c = core.symbolOf(v) else { return true }
            let s = faceSymbol[Int(c)]
            return s >= 0 && analysis.moves(symbol: s, along: directions)
        }
    }

    /// Nonbasic columns free to move on the optimal face: reduced cost 0 at every level (costs
    /// within `costTolerance` are 0 already), neither a dummy nor a retired column. Ascending.
    /// Requires valid reduced costs.
    func movableColumns() -> [Int32] {
        var out: [Int32] = []
        for j in 0..<columnCount where positionOf[j] < 0 {
            guard kinds[j] != .dummy, kinds[j] != .artificial else { continue }
            if reduced.allSatisfy({ j >= $0.count || $0[j] == 0 }) { out.append(Int32(j)) }
        }
        return out
    }

    /// The face as an explicit tableau: a symbol per movable column and per basic column whose
    /// position a movable column's FTRAN reaches (created in column order, so Bland's order is
    /// the engine's), and per such position the row `x_p = x_B[p] − Σ (B⁻¹a_j)_p · x_j` over the
    /// movable j. Entries at or below the pivot tolerance are residue and left out. A row's
    /// constant scale makes its tight tolerance the engine's own (`valueTolerance`). Returns
    /// the tableau and, per column, its symbol there (-1: none).
    mutating func faceTableau(_ movable: [Int32]) -> (CassowaryCore, [Int32]) {
        var reach: [(position: Int32, movable: Int32, value: Double)] = []
        for j in movable {
            transformColumn(j)
            for p in column.indices {
                let a = column.values[Int(p)]
                if abs(a) > Self.pivotTolerance { reach.append((p, j, a)) }
            }
        }
        var inFace = [Bool](repeating: false, count: columnCount)
        for j in movable { inFace[Int(j)] = true }
        for e in reach { inFace[Int(basicAt[Int(e.position)])] = true }
        var face = CassowaryCore(weighted: false)
        var symbolOf = [Int32](repeating: -1, count: columnCount)
        for j in 0..<columnCount where inFace[j] {
            symbolOf[j] = face.newSymbol(kinds[j], owner: -1)
        }
        // One row per reached position, in the order of its basic column; terms in column
        // order, which is symbol order.
        reach.sort { (basicAt[Int($0.position)], $0.movable) < (basicAt[Int($1.position)], $1.movable) }
        var k = 0
        while k < reach.count {
            let p = reach[k].position
            var row = Row(constant: xB[Int(p)])
            row.constantScale = valueTolerance(p) / Tolerance.rowResidue
            while k < reach.count, reach[k].position == p {
                row.syms.append(symbolOf[Int(reach[k].movable)])
                row.coefs.append(-reach[k].value)
                k += 1
            }
            _ = face.tableau.install(row, basic: symbolOf[Int(basicAt[Int(p)])])
        }
        return (face, symbolOf)
    }
}

extension RevisedSolver {
    /// The variables among `candidates` whose value is not unique over the optimal solutions
    /// (`RevisedCore.ambiguousVariables`).
    public func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        box.core.optimizeIfNeeded()
        return box.core.ambiguousVariables(candidates)
    }
}
