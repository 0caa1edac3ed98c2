import LinearConstraints
import SparseLU

/// Reduced costs per level and the lexicographic primal simplex.
extension RevisedCore {
    /// d^l = c^l − Aᵀ B⁻ᵀ c^l_B for every level: one dense BTRAN per level and one pass over the
    /// rows. O(levels × (m + nnz(A))). Basic columns get 0.
    mutating func computeReducedCosts() {
        let n = columnCount
        for l in levelKeys.indices {
            let key = levelKeys[l]
            rho.resize(to: rowCount)
            rho.clear()
            for p in 0..<rowCount where costKey[Int(basicAt[p])] == key { rho.add(Int32(p), 1) }
            ensureFactor()
            lu.solveTransposed(&rho)
            countSolve()
            // The level's arrays are taken out while they are written, and every array is read
            // through a buffer: indexed in place, each write checked the nested arrays'
            // uniqueness (a build computes these a few times over every column: 8% of the peer
            // grid's build).
            var d: [Double] = []
            var queue: [Bool] = []
            var heap: [Int32] = []
            swap(&d, &reduced[l])
            swap(&queue, &queued[l])
            swap(&heap, &candidates[l])
            heap.removeAll(keepingCapacity: true)
            // Columns added while the reduced costs were stale have no entries yet.
            if d.count != n {
                d.removeLast(max(0, d.count - n))
                d.append(contentsOf: repeatElement(0, count: n - d.count))
                queue.removeLast(max(0, queue.count - n))
                queue.append(contentsOf: repeatElement(false, count: n - queue.count))
            }
            d.withUnsafeMutableBufferPointer { d in
                costKey.withUnsafeBufferPointer { costKey in
                    for j in 0..<n { d[j] = costKey[j] == key ? 1 : 0 }
                }
                rows.withBuffers { rows in
                    for i in rho.indices {
                        let y = rho.values[Int(i)]
                        guard y != 0 else { continue }
                        for k in rows.range(Int(i)) { d[Int(rows.cols[k])] -= y * rows.coefs[k] }
                    }
                }
                queue.withUnsafeMutableBufferPointer { queue in
                    positionOf.withUnsafeBufferPointer { positionOf in
                        kinds.withUnsafeBufferPointer { kinds in
                            for j in 0..<n {
                                if positionOf[j] >= 0 || abs(d[j]) <= Self.costTolerance { d[j] = 0 }
                                // Ascending ids: already a min-heap.
                                let improves = d[j] < 0 || d[j] != 0 && kinds[j] == .external
                                queue[j] = improves
                                if improves { heap.append(Int32(j)) }
                            }
                        }
                    }
                }
            }
            swap(&d, &reduced[l])
            swap(&queue, &queued[l])
            swap(&heap, &candidates[l])
        }
        dualsValid = true
    }

    /// True when column j's reduced costs are 0 at every level above `l`.
    @inline(__always)
    func isFreeAbove(_ l: Int, _ j: Int) -> Bool {
        var h = 0
        while h < l {
            if reduced[h][j] != 0 { return false }
            h += 1
        }
        return true
    }

    /// The direction in which nonbasic column j improves level l (free above it), or 0.
    @inline(__always)
    func improvingDirection(_ l: Int, _ j: Int) -> Double {
        let d = reduced[l][j]
        guard d != 0, positionOf[j] < 0 else { return 0 }
        switch kinds[j] {
        case .external: return isFreeAbove(l, j) ? (d < 0 ? 1 : -1) : 0
        case .slack, .error: return d < 0 && isFreeAbove(l, j) ? 1 : 0
        default: return 0
        }
    }

    /// The lexicographic primal simplex from a feasible basis: level by level, highest first,
    /// Bland's rule (lowest id) among the columns that improve the level and are free above it.
    /// Returns false when `stop` asked to stop (the basis is feasible, not yet optimal).
    mutating func primalOptimize(stoppingWhen stop: (() -> Bool)? = nil) -> Bool {
        if !dualsValid { computeReducedCosts() }
        var steps = 0
        for l in levelKeys.indices {
            while true {
                if let stop, steps & 63 == 63, stop() { return false }
                if !dualsValid { computeReducedCosts() }
                guard let (j, delta) = primalEntering(l) else { break }
                transformColumn(j)
                let (p, theta) = ratioTest(delta: delta, target: -1)
                // Kinks of lower levels are passed, not stopped at (Revised+LongStep.swift),
                // when the real block beyond them makes a sound pivot.
                if p >= 0, isPassableKink(p, below: levelKeys[l]) {
                    let (q, longTheta) = ratioTest(delta: delta, target: -1, passingKinksBelow: levelKeys[l])
                    if q >= 0 {
                        transformRow(q)
                        if abs(pivotRow.values[Int(j)]) > Self.pivotTolerance {
                            _ = swapErrorsPassed(theta: longTheta, delta: delta, level: l)
                            pivot(entering: j, at: q, theta: longTheta, delta: delta)
                            steps += 1
                            continue
                        }
                    }
                }
                // A column that no row blocks, or whose pivot is residue, is dropped from this
                // level's candidates (rounding: the levels are bounded below by 0).
                guard p >= 0 else {
                    noiseSkips += 1
                    continue
                }
                transformRow(p)
                guard abs(pivotRow.values[Int(j)]) > Self.pivotTolerance else {
                    noiseSkips += 1
                    continue
                }
                pivot(entering: j, at: p, theta: theta, delta: delta)
                steps += 1
            }
        }
        return true
    }

    /// The lowest-id improving column at level `l` (Bland's rule), popped from the level's
    /// candidate heap; stale entries are dropped on the way. O(log candidates) each.
    mutating func primalEntering(_ l: Int) -> (Int32, Double)? {
        while let j = popCandidate(l) {
            // `queued` keeps a column in a heap once; a second copy remains only when a rollback
            // left a stale id that a new column then took. Both copies are the same answer.
            while candidates[l].first == j { _ = popCandidate(l) }
            guard Int(j) < columnCount else { continue }
            let delta = improvingDirection(l, Int(j))
            if delta != 0 { return (j, delta) }
        }
        return nil
    }

    /// Pushes column j on level l's heap unless it is there already.
    @inline(__always)
    mutating func pushCandidate(_ l: Int, _ j: Int32) {
        guard !queued[l][Int(j)] else { return }
        queued[l][Int(j)] = true
        candidates[l].heapPush(j)
    }

    /// Pops level l's lowest column id. A column removed by a rollback may still be in a heap
    /// (id past `columnCount`): the caller skips it.
    @inline(__always)
    mutating func popCandidate(_ l: Int) -> Int32? {
        guard let j = candidates[l].heapPop() else { return nil }
        if Int(j) < queued[l].count { queued[l][Int(j)] = false }
        return j
    }
}
