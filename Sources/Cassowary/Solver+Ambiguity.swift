import LinearConstraints

/// Ambiguity: a variable is ambiguous when the optimal solutions do not all agree on its value
/// (docs/architecture.md, "Semantics"). The optimal face is where every level stays at its optimum: a
/// parametric symbol may move only if its coefficient is zero at every level ("movable").
///
/// Every variable is answered at once: the implied equalities of the optimal face are found and
/// made fixed nonbasic symbols on a copy of the tableau (`Solver+ImpliedEqualities.swift`), after
/// which the face's affine hull is spanned by the movable symbols left unfixed, and a variable is
/// ambiguous exactly when its row holds one of them. O(tableau) for the copy, a few degenerate
/// simplex pivots, then O(row) per variable. It replaced two LPs per variable
/// (`ambiguousVariablesByExtremes`, kept as the property tests' reference), which took 97% of a
/// 120-view layout's time.
extension CassowaryCore {
    /// The variables among `candidates` whose value is not unique over the optimal solutions, in
    /// `candidates` order. A variable no constraint mentions is ambiguous (nothing determines it).
    /// Requires an optimised tableau (`CassowarySolver` ensures it).
    ///
    /// When no candidate's row holds a movable symbol (a determined layout) nothing is copied:
    /// O(Σ candidate rows). Otherwise one copy of the tableau and `faceDirections()`.
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        if factored { return ambiguousVariablesFactored(candidates) }
        guard candidates.contains(where: { mayMove($0) }) else { return [] }
        var face = self
        face.debugChecks = false
        let directions = face.faceDirections()
        return candidates.filter { face.moves($0, along: directions) }
    }

    /// False when the variable is certainly determined: it is basic and its row holds no movable
    /// symbol (it is a function of symbols fixed on the optimal face). O(row).
    func mayMove(_ v: Variable) -> Bool {
        let i = Int(v.index)
        guard i < variableSymbol.count, variableSymbol[i] >= 0 else { return true }
        let s = variableSymbol[i]
        guard tableau.basicRow[Int(s)] >= 0 else { return true }
        let row = tableau.rows[Int(tableau.basicRow[Int(s)])]
        for k in 0..<row.count where isMovable(row.syms[k]) { return true }
        return false
    }

    /// True when the variable changes along one of the face's `directions` (per symbol: movable
    /// and not fixed by an implied equality). A coefficient at or below the pivot tolerance is
    /// rounding residue. O(row).
    func moves(_ v: Variable, along directions: [Bool]) -> Bool {
        let i = Int(v.index)
        guard i < variableSymbol.count, variableSymbol[i] >= 0 else { return true }
        return moves(symbol: variableSymbol[i], along: directions)
    }

    /// `moves(_:along:)` for a symbol. O(row).
    @inline(__always)
    func moves(symbol s: Int32, along directions: [Bool]) -> Bool {
        guard tableau.basicRow[Int(s)] >= 0 else { return directions[Int(s)] }
        let row = tableau.rows[Int(tableau.basicRow[Int(s)])]
        for k in 0..<row.count where directions[Int(row.syms[k])] && abs(row.coefs[k]) > Self.pivotTolerance {
            return true
        }
        return false
    }

    /// `ambiguousVariables` over factored rows: whether a definition holds a movable symbol (or,
    /// on the face, a direction) is read through the definitions it names, cancellations counted.
    func ambiguousVariablesFactored(_ candidates: [Variable]) -> [Variable] {
        var face = self
        face.debugChecks = false
        let movable = (0..<Int32(face.tableau.symbolCount)).map { face.isMovable($0) }
        // No movable symbol: every parametric symbol is held by a level or is a dummy, so the
        // optimum is a single point and only a variable no constraint mentions is open. Most
        // layouts end here, without the passes over the definitions below.
        guard movable.contains(true) else { return candidates.filter { face.symbolOf($0) == nil } }
        // A first filter, cancellations not counted: a definition whose movable terms cancel
        // goes on to the exact test below, which counts them. A candidate no constraint
        // mentions, or a parametric one, goes on as well.
        var basic: [Int32] = []
        basic.reserveCapacity(candidates.count)
        var open = false
        for v in candidates {
            guard let s = face.symbolOf(v), face.tableau.basicRow[Int(s)] >= 0 else {
                open = true
                break
            }
            basic.append(s)
        }
        let mayMove = open || face.anyDefinitionReaches(from: basic) { movable[Int($0)] }
        guard mayMove else { return [] }
        let directions = face.faceDirections()
        let moving = face.definitionsReaching(tolerance: Self.pivotTolerance) { directions[Int($0)] }
        return candidates.filter { v in
            guard let s = face.symbolOf(v) else { return true }
            let r = face.tableau.basicRow[Int(s)]
            guard r >= 0 else { return directions[Int(s)] }
            if face.tableau.kinds[Int(s)] == .external { return moving[Int(s)] }
            return face.moves(v, along: directions)
        }
    }

    /// A parametric symbol that can move without leaving the optimal face: not a dummy and with a
    /// zero coefficient at every level (residue within `ObjectiveLevels.residue` counts as zero).
    func isMovable(_ s: Int32) -> Bool {
        guard tableau.basicRow[Int(s)] < 0, tableau.kinds[Int(s)] != .dummy else { return false }
        for l in 0..<levels.count where abs(levels.coefs[l][Int(s)]) > levels.scales[l] * ObjectiveLevels.residue { return false }
        return true
    }

    /// A temporary lowest level (below every priority), for programs over the optimal face.
    mutating func addTemporaryLevel() -> Int {
        let l = levels.level(for: -1)
        levels.refCounts[l] = 1
        return l
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

    /// The same answer by the former method, two LPs per variable (tests compare the two).
    func ambiguousVariablesByExtremes(_ candidates: [Variable]) -> [Variable] {
        box.core.optimizeIfNeeded()
        return box.core.ambiguousVariablesByExtremes(candidates)
    }
}
