import LinearConstraints
import SparseLU

/// Suggested values and the dual simplex with a lexicographic ratio test.
extension RevisedCore {
    /// Moves edit `v`'s row constant to `−value`: the basic values move by B⁻¹ of that change
    /// (one FTRAN of a unit vector), then feasibility is restored (the dual simplex when the
    /// basis is optimal, phase one per infeasible value otherwise).
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let slot = recordOfEdit[variable] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        let record = records[Int(slot)]!
        let change = value - record.suggested
        records[Int(slot)]!.suggested = value
        magnitude = max(magnitude, abs(value))
        let i = record.row
        rowConstant[Int(i)] = -value
        if change != 0 {
            column.resize(to: rowCount)
            column.clear()
            column.add(i, 1)
            ensureFactor()
            lu.solve(&column)
            countSolve()
            for p in column.indices {
                let w = column.values[Int(p)]
                guard w != 0 else { continue }
                setValue(p, xB[Int(p)] + change * w)
            }
        }
        restoreFeasibility()
        afterOperation()
    }

    /// Makes every basic value feasible: the dual simplex from an optimal basis, else phase one
    /// for each infeasible value in position order (and the next read optimises).
    mutating func restoreFeasibility() {
        if dualsValid, !dirty {
            let before = pivots
            exchangeInfeasibleErrors()
            dualOptimize()
            if pivots != before {
                recomputeValues()
                dualOptimize()
            }
            return
        }
        while let p = nextInfeasible() {
            dirty = true
            if case .infeasible = phaseOne(target: p) {
                // Only soft rows move here and they can always be satisfied: this is rounding.
                noiseSkips += 1
                snapToBound(p)
            }
        }
    }

    /// Sets a residue-level infeasible value to its bound (after phase one found no way).
    mutating func snapToBound(_ p: Int32) { setValue(p, 0) }

    /// The lowest infeasible position among the suspects (feasible ones are dropped on the
    /// way). O(log suspects) per suspect.
    mutating func nextInfeasible() -> Int32? {
        while let p = popSuspect() {
            isSuspect[Int(p)] = false
            if Int(p) < rowCount, !isFeasible(p) { return p }
        }
        return nil
    }

    mutating func markSuspect(_ p: Int32) {
        if isSuspect.count < rowCount { isSuspect.append(contentsOf: repeatElement(false, count: rowCount - isSuspect.count)) }
        guard !isSuspect[Int(p)] else { return }
        isSuspect[Int(p)] = true
        suspects.heapPush(p)
    }

    mutating func popSuspect() -> Int32? { suspects.heapPop() }

    mutating func clearSuspects() {
        for p in suspects where Int(p) < isSuspect.count { isSuspect[Int(p)] = false }
        suspects.removeAll(keepingCapacity: true)
    }

    /// The dual simplex: while a basic value is infeasible, it leaves; the entering column is the
    /// lexicographically smallest ratio d/|α| among those that move it towards its bound.
    mutating func dualOptimize() {
        while let p = nextInfeasible() {
            let sigma: Double = xB[Int(p)] < 0 ? 1 : -1
            transformRow(p)
            guard let (j, delta) = dualEntering(sigma: sigma) else {
                noiseSkips += 1
                snapToBound(p)
                continue
            }
            transformColumn(j)
            let w = column.values[Int(p)] * delta
            guard abs(w) > Self.pivotTolerance else {
                noiseSkips += 1
                snapToBound(p)
                continue
            }
            pivot(entering: j, at: p, theta: abs(xB[Int(p)] / w), delta: delta)
        }
    }

    /// The dual ratio test on `pivotRow`: columns whose move (+1 for restricted, either way for a
    /// free client variable) changes the leaving value in direction `sigma`; the smallest ratio
    /// d/|α| compared level by level, ties by lowest id.
    func dualEntering(sigma: Double) -> (Int32, Double)? {
        let floor = enteringFloor()
        var best: Int32 = -1
        var bestDelta = 0.0
        for j in pivotRow.indices {
            let a = pivotRow.values[Int(j)]
            guard abs(a) > floor else { continue }
            let delta: Double
            switch kinds[Int(j)] {
            case .dummy, .artificial: continue
            case .external: delta = -a * sigma > 0 ? 1 : -1
            default:
                guard -a * sigma > 0 else { continue }
                delta = 1
            }
            if best < 0 || ratioLess(j, best) { best = j; bestDelta = delta }
        }
        return best >= 0 ? (best, bestDelta) : nil
    }

    /// d_j/|α_j| < d_k/|α_k| lexicographically over the levels; ties by lower id. Two ratios
    /// within `Tolerance.dualRatioTie` of each other are a tie and the next level decides.
    func ratioLess(_ j: Int32, _ k: Int32) -> Bool {
        let aj = abs(pivotRow.values[Int(j)])
        let ak = abs(pivotRow.values[Int(k)])
        for l in levelKeys.indices {
            let rj = reduced[l][Int(j)] / aj
            let rk = reduced[l][Int(k)] / ak
            if abs(rj - rk) > Tolerance.dualRatioTie * max(1, abs(rj), abs(rk)) { return rj < rk }
        }
        return j < k
    }

}
