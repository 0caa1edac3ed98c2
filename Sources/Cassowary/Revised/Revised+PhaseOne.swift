import LinearConstraints
import SparseLU

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
    /// to its bound. Entering columns by Bland's rule among those that move it the right way, in
    /// the order of `phaseOneRank` (uncosted columns first, then by id); the ratio test keeps
    /// every other restricted value >= 0 and every dummy at 0, and stops at the point where the
    /// target reaches its bound (it then leaves the basis; ties by the same order).
    ///
    /// Uncosted first: a slack moves no priority level's objective, an error does. A required
    /// equality removed and added back (the peer chain's middle left edge) shows the difference:
    /// the removal's step pulls every width to its minimum and leaves one width's slack
    /// nonbasic; entering that slack restores the basis in one pivot, where the lowest-id column
    /// that moved the gap was an equal-width error in the middle of the chain, and the middle
    /// level then walked that break back along the chain, one pivot per view (1 000 views: 999
    /// pivots; 3 160 views: 8.5 s).
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
            let (leaving, theta) = ratioTest(delta: delta, target: p, ranked: true)
            pivot(entering: j, at: leaving, theta: theta, delta: delta)
            if leaving == p { return .feasible }
        }
    }

    /// The first nonbasic column in `phaseOneRank` order that moves the target (whose change per
    /// unit of column j is −α_j·δ) in direction `sigma`, and its direction δ (+1 for a
    /// restricted column, ±1 for a free client variable). Nil when none does: the target cannot
    /// reach its bound.
    func phaseOneEntering(sigma: Double, skipping skipped: [Int32]) -> (Int32, Double)? {
        let floor = enteringFloor()
        var best: (Int32, Double)?
        var bestRank = Int.max
        for j in pivotRow.indices {
            let a = pivotRow.values[Int(j)]
            guard abs(a) > floor, phaseOneRank(j) < bestRank, !skipped.contains(j) else { continue }
            switch kinds[Int(j)] {
            case .dummy, .artificial: continue
            case .external: best = (j, -a * sigma > 0 ? 1 : -1)
            default:
                guard -a * sigma > 0 else { continue }
                best = (j, 1)
            }
            bestRank = phaseOneRank(j)
        }
        return best
    }

    /// Phase one's order of columns for Bland's rule: uncosted columns (client variables,
    /// slacks) by id, then costed ones (errors) by id. One fixed order for entering and leaving
    /// keeps Bland's guarantee against cycling.
    @inline(__always)
    func phaseOneRank(_ j: Int32) -> Int {
        costKey[Int(j)] == 0 ? Int(j) : Int(j) + (1 << 32)
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
    /// block (the long step, Revised+LongStep.swift). `ranked`: ties between basic columns go by
    /// `phaseOneRank` instead of id (phase one's order).
    func ratioTest(delta: Double, target: Int32, passingKinksBelow key: Float? = nil, ranked: Bool = false) -> (Int32, Double) {
        var bestP: Int32 = -1
        var bestTheta = Double.infinity
        var bestColumn = Int.max
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
            let order = ranked ? phaseOneRank(b) : Int(b)
            let better = theta < bestTheta
                || theta == bestTheta && (i == target || bestP != target && order < bestColumn)
            if better {
                bestP = i
                bestTheta = theta
                bestColumn = order
            }
        }
        return (bestP, bestTheta)
    }
}
