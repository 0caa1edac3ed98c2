import LinearConstraints
import SparseLU

/// The revised simplex's three primitives: a column of B⁻¹N (FTRAN), a row of it (BTRAN and a
/// product with the rows), and the basis change, with refactorization when the updates grow.
extension RevisedCore {
    /// `column` ← B⁻¹ a_j. O(what the hypersparse solve touches).
    mutating func transformColumn(_ j: Int32) {
        column.resize(to: rowCount)
        column.clear()
        columns.forEach(j) { i, a in column.add(i, a) }
        ensureFactor()
        lu.solve(&column)
        countSolve()
    }

    /// `rho` ← B⁻ᵀ e_p, then `pivotRow` ← ρᵀ A over the nonbasic columns (row p of B⁻¹N).
    /// O(what the solve touches + the rows it names).
    mutating func transformRow(_ p: Int32) {
        rho.resize(to: rowCount)
        rho.clear()
        rho.add(p, 1)
        ensureFactor()
        lu.solveTransposed(&rho)
        countSolve()
        pivotRow.resize(to: columnCount)
        pivotRow.clear()
        var largest = 0.0
        for i in rho.indices { largest = max(largest, abs(rho.values[Int(i)])) }
        let floor = largest * 1e-14
        // Read through buffers: copying each row's entries out retained and released them (12%
        // of the peer chain's build, when rows were arrays of their own).
        rows.withBuffers { rows in
            positionOf.withUnsafeBufferPointer { positionOf in
                for i in rho.indices {
                    let r = rho.values[Int(i)]
                    guard abs(r) > floor else { continue }
                    for k in rows.range(Int(i)) where positionOf[Int(rows.cols[k])] < 0 {
                        pivotRow.add(rows.cols[k], r * rows.coefs[k])
                    }
                }
            }
        }
    }

    /// The rows of the certificate `rho` (after a failed phase one): those with a multiplier.
    func certificateRows() -> [Int32] {
        var largest = 0.0
        for i in rho.indices { largest = max(largest, abs(rho.values[Int(i)])) }
        return rho.indices.filter { abs(rho.values[Int($0)]) > largest * 1e-12 }.sorted()
    }

    /// Column `j` enters at position `p` moving by `theta` in direction `delta` (`column` holds
    /// B⁻¹a_j): every basic value moves by −θ·δ·column, the entering one becomes δ·θ. Reduced
    /// costs, when kept, move with `pivotRow` (row p of B⁻¹N, computed by the caller).
    mutating func pivot(entering j: Int32, at p: Int32, theta: Double, delta: Double) {
        let step = theta * delta
        if step != 0 {
            for i in column.indices where i != p {
                let w = column.values[Int(i)]
                guard w != 0 else { continue }
                setValue(i, xB[Int(i)] - step * w)
            }
        }
        let leaving = basicAt[Int(p)]
        journal?.basis.append((p, leaving))
        setValue(p, step)
        if dualsValid { updateReducedCosts(entering: j, leaving: leaving) }
        positionOf[Int(leaving)] = -1
        positionOf[Int(j)] = p
        basicAt[Int(p)] = j
        pivots += 1
        if luValid, !lu.replaceColumn(at: p, transformed: column) { luValid = false }
    }

    @inline(__always)
    mutating func setValue(_ i: Int32, _ v: Double) {
        if journal != nil { journal!.values.append((i, xB[Int(i)])) }
        xB[Int(i)] = v
        if v < 0 { markSuspect(i) } else if v != 0, kinds[Int(basicAt[Int(i)])] == .dummy { markSuspect(i) }
    }

    /// d_k ← d_k − (d_j / α_j) α_k at every level, for the nonbasic k of the pivot row; the
    /// leaving column gets −d_j / α_j, the entering one 0. O(levels × pivot row).
    mutating func updateReducedCosts(entering j: Int32, leaving: Int32) {
        let a = pivotRow.values[Int(j)]
        for l in reduced.indices {
            let dj = reduced[l][Int(j)]
            guard dj != 0 else { continue }
            let ratio = dj / a
            for k in pivotRow.indices where k != j {
                let v = pivotRow.values[Int(k)]
                guard v != 0 else { continue }
                let d = snapCost(reduced[l][Int(k)] - ratio * v, reduced[l][Int(k)])
                reduced[l][Int(k)] = d
                if d < 0 || d != 0 && kinds[Int(k)] == .external { pushCandidate(l, k) }
            }
            reduced[l][Int(leaving)] = -ratio
            if -ratio < 0 || ratio != 0 && kinds[Int(leaving)] == .external { pushCandidate(l, leaving) }
            reduced[l][Int(j)] = 0
        }
    }

    /// A reduced cost within rounding of 0 (relative to the operand it came from) is 0.
    @inline(__always)
    func snapCost(_ v: Double, _ old: Double) -> Double {
        abs(v) <= max(abs(old), 1) * Self.costTolerance ? 0 : v
    }

    /// Factors B afresh when `lu` does not stand for it, or when it carries more than twice as
    /// many updates as B has rows (a bound on the log's memory; below it, `countSolve`'s budget
    /// decides). A build appends every row as a border, and its crash and phase-one pivots add
    /// about one update per two rows: with the cap at half the rows, the grid of 10 000 views
    /// refactored each time it grew by a half (a third of its build); at one times the rows, it
    /// still factored four times, the last time the whole basis near the build's end (27% of the
    /// build's instructions in all), though its solves reach few updates and never spent the
    /// budget. The first edit that spends it factors now.
    @inline(__always)
    mutating func ensureFactor() {
        if !luValid || lu.updateCount > 2 * rowCount + 64 { refactor() }
    }

    /// Every solve applies the update log (borders and etas) in order, the whole log or only the
    /// updates its vector reaches (`SparseLU.lastUpdateWork` says what it cost); once that work
    /// since the last factorization outweighs a factorization (`refactorBudget`, in the same
    /// units: entries touched), the next solve factors afresh. The classic balance of
    /// product-form updates: refactor when carrying the log has cost as much as dropping it.
    /// Counted as the whole log per solve, B was factored afresh as often when the solves reached
    /// only a few updates as when they walked them all: the flat workload's rotation of 10 000
    /// views took 93 ms that way, 21 ms counted as done.
    @inline(__always)
    mutating func countSolve() {
        updateWork += lu.lastUpdateWork
        if updateWork > refactorBudget { luValid = false }
    }

    /// What a factorization costs, in update entries applied: about 128 per factor nonzero (measured: a factorization costs 100-300 ns per nonzero, applying an update entry 1-2 ns).
    var refactorBudget: Int { 128 * (lu.factorNonzeros + rowCount) + 4096 }

    /// Factors B afresh from the basis columns. A basis the factorization finds singular (only
    /// through rounding) has the dependent positions replaced by their rows' own columns.
    mutating func refactor() {
        // B's columns gathered into kept buffers, each column borrowed (copying a column's array
        // out retained and released it: 8% of a grid's build).
        basisStarts.removeAll(keepingCapacity: true)
        basisRows.removeAll(keepingCapacity: true)
        basisValues.removeAll(keepingCapacity: true)
        basisStarts.append(0)
        for p in 0..<rowCount {
            columns.gather(basicAt[p], rows: &basisRows, values: &basisValues)
            basisStarts.append(Int32(basisRows.count))
        }
        luValid = true
        updateWork = 0
        do throws(SparseLUError) {
            try lu.factor(dimension: rowCount, columnStarts: basisStarts, rowIndices: basisRows, values: basisValues)
        } catch {
            repairSingularBasis(error)
        }
    }

    /// Replaces each position the factorization could not pivot by an own column of a row no
    /// basis column covers, then refactors (values are recomputed: the basis changed).
    mutating func repairSingularBasis(_ error: SparseLUError) {
        guard case .singular(let positions, let rows) = error else {
            preconditionFailure("cassowary-revised built a malformed basis: \(error)")
        }
        for (p, i) in zip(positions, rows) {
            let record = records[Int(rowRecord[Int(i)])]!
            // Row i has no pivot, so no own column of it is basic (it would be a singleton there).
            positionOf[Int(basicAt[Int(p)])] = -1
            basicAt[Int(p)] = record.marker
            positionOf[Int(record.marker)] = p
        }
        refactor()
        recomputeValues()
        dualsValid = false
        dirty = true
    }

    /// x_B = B⁻¹(−b) afresh; the infeasible positions become suspects. O(one dense FTRAN + the
    /// rows). The values the pivots leave carry the rounding of every update: through a 1e-6
    /// beside a bound of 1e6, y came out 1.9e-4 off, which 15625·y at priority 750 turned into
    /// an objective of 44 where 41 is optimal (fuzz, seed 7, case 2015); solved afresh from the
    /// same basis it is exact.
    mutating func recomputeValues() {
        column.resize(to: rowCount)
        column.clear()
        for i in 0..<rowCount where rowConstant[i] != 0 { column.add(Int32(i), -rowConstant[i]) }
        ensureFactor()
        lu.solve(&column)
        for p in 0..<rowCount {
            setValue(Int32(p), column.values[p])
            if !isFeasible(Int32(p)) { markSuspect(Int32(p)) }
        }
    }
}
