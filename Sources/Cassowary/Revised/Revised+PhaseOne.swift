import LinearConstraints

/// Phase one for one infeasible basic value: the primal simplex on that value alone, every
/// other row kept feasible (the Cassowary paper's artificial variable, without the artificial:
/// the row's own slack or dummy is the variable driven to its bound).
extension RevisedCore {
    enum PhaseOneResult {
        case feasible
        /// The rows of the Farkas certificate: row p of B⁻¹ names them.
        case infeasible([Int32])
    }

    /// Drives the basic value at position `p` (a slack or error below 0, or a dummy away from 0)
    /// to its bound. Entering columns by Bland's rule (lowest id) among those that move it the
    /// right way; the ratio test keeps every other restricted value >= 0 and every dummy at 0,
    /// and stops at the point where the target reaches its bound (it then leaves the basis).
    /// Reduced costs are not kept through these pivots (`dualsValid` is cleared; a rejected add
    /// restores it with the arrays untouched).
    mutating func phaseOne(target p: Int32) -> PhaseOneResult {
        dualsValid = false
        var skipped: [Int32] = []
        while true {
            let t = basicAt[Int(p)]
            guard positionOf[Int(t)] == p, !isFeasible(p) else { return .feasible }
            let sigma: Double = xB[Int(p)] < 0 ? 1 : -1
            transformRow(p)
            guard let (j, delta) = phaseOneEntering(sigma: sigma, skipping: skipped) else {
                return .infeasible(certificateRows())
            }
            transformColumn(j)
            let wp = column.values[Int(p)]
            guard abs(wp) > Self.pivotTolerance else {
                noiseSkips += 1
                skipped.append(j)
                continue
            }
            let (leaving, theta) = ratioTest(delta: delta, target: p)
            pivot(entering: j, at: leaving, theta: theta, delta: delta)
            if leaving == p { return .feasible }
        }
    }

    /// The lowest-id nonbasic column that moves the target (whose change per unit of column j
    /// is −α_j·δ) in direction `sigma`, and its direction δ (+1 for a restricted column, ±1 for
    /// a free client variable). Nil when none does: the target cannot reach its bound.
    func phaseOneEntering(sigma: Double, skipping skipped: [Int32]) -> (Int32, Double)? {
        let floor = enteringFloor()
        var best: (Int32, Double)?
        for j in pivotRow.indices {
            let a = pivotRow.values[Int(j)]
            guard abs(a) > floor, best == nil || j < best!.0, !skipped.contains(j) else { continue }
            switch kinds[Int(j)] {
            case .dummy, .artificial: continue
            case .external: best = (j, -a * sigma > 0 ? 1 : -1)
            default: if -a * sigma > 0 { best = (j, 1) }
            }
        }
        return best
    }

    /// Pivot-row entries at or below this are residue for choosing an entering column (phase one
    /// and the dual simplex): the pivot tolerance, or 1e-12 of the largest entry of a column that
    /// may enter (a dummy's, often 1, must not make the real small ones look like residue).
    func enteringFloor() -> Double {
        var largest = 0.0
        for j in pivotRow.indices where kinds[Int(j)] != .dummy && kinds[Int(j)] != .artificial {
            largest = max(largest, abs(pivotRow.values[Int(j)]))
        }
        return max(Self.pivotTolerance, largest * 1e-12)
    }

    /// The primal ratio test for the column in `column` moving in direction `delta`: the
    /// position that blocks first (a restricted value reaching 0, a dummy moved at all, or
    /// `target` reaching its bound) and the step. Ties: the target, then the lowest basic id.
    /// With `passingKinksBelow`, a passable kink of a lower level (`isPassableKink`) does not
    /// block (the long step, Revised+LongStep.swift).
    func ratioTest(delta: Double, target: Int32, passingKinksBelow key: Float? = nil) -> (Int32, Double) {
        var bestP: Int32 = -1
        var bestTheta = Double.infinity
        var bestColumn = Int32.max
        for i in column.indices {
            let w = column.values[Int(i)] * delta
            guard abs(w) > Self.pivotTolerance else { continue }
            let b = basicAt[Int(i)]
            var theta: Double
            if i == target {
                theta = max(0, abs(xB[Int(i)]) / abs(w))
                // The target may only leave moving towards its bound.
                if (xB[Int(i)] < 0) != (w < 0) && xB[Int(i)] != 0 { continue }
            } else {
                switch kinds[Int(b)] {
                case .external: continue
                case .dummy: theta = 0
                default:
                    guard w > 0 else { continue }
                    if let key, isPassableKink(i, below: key) { continue }
                    theta = max(0, xB[Int(i)]) / w
                }
            }
            let better = theta < bestTheta
                || theta == bestTheta && (i == target || bestP != target && b < bestColumn)
            if better {
                bestP = i
                bestTheta = theta
                bestColumn = b
            }
        }
        return (bestP, bestTheta)
    }
}
