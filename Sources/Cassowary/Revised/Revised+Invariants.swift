import LinearConstraints

/// Deep checks of `RevisedCore` (tests and fuzzing): the basis is a permutation of columns,
/// the rows and columns agree, B·x_B = −b within tolerance, every value is feasible, and the
/// kept reduced costs are those of the basis.
extension RevisedCore {
    func checkInvariants() throws(SolverError) {
        func fail(_ m: String) -> SolverError { .internalError("cassowary-revised: " + m) }
        guard basicAt.count == rowCount, xB.count == rowCount else { throw fail("basis size \(basicAt.count) for \(rowCount) rows") }
        guard rows.count == rowCount, rowRecord.count == rowCount else { throw fail("\(rows.count) pooled rows for \(rowCount) rows") }
        for p in 0..<rowCount where positionOf[Int(basicAt[p])] != Int32(p) {
            throw fail("position \(p) holds column \(basicAt[p]), which is at \(positionOf[Int(basicAt[p])])")
        }
        var entries = 0
        for i in 0..<rowCount {
            for k in rows.range(i) {
                let j = rows.cols[k]
                guard let at = columns.lastIndex(of: Int32(i), in: j), columns.entry(j, at).coefficient == rows.coefs[k] else {
                    throw fail("row \(i) holds column \(j), which does not list it")
                }
            }
            entries += rows.range(i).count
        }
        guard entries == columns.totalEntries, entries == rows.liveEntries else { throw fail("rows and columns hold different entries") }
        // B·x_B + b = 0, row by row, up to the rounding the values carry: 1e-12 of the row's
        // numbers times the coefficient spread (how much a solve may amplify it: 1e-6 beside
        // 15625 left a row of 640 625 off by 3, 5e-6 of it, with the answer within 2e-10 of
        // every required constraint, as good as cassowary's), and at least the resolution of
        // the system's numbers (`PrecisionEstimate.resolution`, which the fuzzer's precision
        // class uses): a solve reaches every value through the largest number seen times the
        // spread. `3*y == -1 @750` beside `x <= 62500` and `x + 1e-6*y == 0` left the first row
        // off by 7.6e-6 against a resolution of 1.7e-4 (fuzz, seed 1, case 5675).
        let spread = largestCoefficient / smallestCoefficient
        for i in 0..<rowCount {
            var sum = rowConstant[i]
            var scale = abs(rowConstant[i])
            for k in rows.range(i) {
                let p = positionOf[Int(rows.cols[k])]
                guard p >= 0 else { continue }
                sum += rows.coefs[k] * xB[Int(p)]
                scale += abs(rows.coefs[k] * xB[Int(p)])
            }
            let resolution = PrecisionEstimate(magnitude: max(magnitude, scale), stated: magnitude, spread: spread, residual: 0).resolution
            guard abs(sum) <= max(max(1, scale) * max(1e-9, 1e-12 * spread), resolution) else {
                throw fail("row \(i) is off by \(sum) at the basic values")
            }
        }
        for p in 0..<rowCount where !isFeasible(Int32(p)) && !dirty {
            throw fail("basic column \(basicAt[p]) is infeasible: \(xB[p])")
        }
        try checkReducedCosts()
    }

    /// The kept reduced costs (updated pivot by pivot and swap by swap) against those computed
    /// afresh from the basis, within 1e-7 of the larger of 1 and the value, or 1e-12 of the
    /// coefficient spread when that is more (the rounding a solve may amplify, as for the rows:
    /// beside coefficients of 1e-6 and 1e9 the same reduced cost came out 1.5e-7 kept and 7.9e-9
    /// afresh, both rounding of 0; known-findings/required-residual-accumulated-rounding).
    func checkReducedCosts() throws(SolverError) {
        guard dualsValid else { return }
        let tolerance = max(1e-7, 1e-12 * largestCoefficient / smallestCoefficient)
        var fresh = self
        fresh.journal = nil
        fresh.computeReducedCosts()
        for l in levelKeys.indices {
            guard reduced[l].count == columnCount, queued[l].count == columnCount else {
                throw .internalError("cassowary-revised: level \(levelKeys[l]) holds \(reduced[l].count) reduced costs for \(columnCount) columns")
            }
            for j in 0..<columnCount where positionOf[j] < 0 {
                let kept = reduced[l][j], computed = fresh.reduced[l][j]
                guard abs(kept - computed) <= tolerance * max(1, abs(computed)) else {
                    throw .internalError("cassowary-revised: reduced cost of column \(j) at level \(levelKeys[l]) kept \(kept), computed \(computed)")
                }
            }
        }
    }
}
