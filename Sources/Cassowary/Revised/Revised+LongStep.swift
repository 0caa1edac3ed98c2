import LinearConstraints
import SparseLU

/// Passing through a lower level's kinks in one primal step.
///
/// A soft equality has two errors, `e+` and `e−`, whose columns are exact negatives: one of them
/// is basic and holds the row's violation, the other is nonbasic at 0. When a primal step at
/// level l drives the basic one to 0 and beyond, the plain ratio test stops there (a degenerate
/// pivot at the kink of |violation|), although that error has no cost at level l: only its own,
/// lower level cares. Here such a position is not a block: its errors swap (the basis column is
/// negated, an entry-free eta in the LU) and the step goes on to the first real block. The lower
/// level's reduced costs change with the swap and are updated with it (one BTRAN).
/// On the peer grid the strong level raises every height past its preferred 44 this way in one
/// step; with the plain ratio test it took one degenerate pivot per cell, then broke one equal
/// height per column and the middle level walked the break down the column.
extension RevisedCore {
    /// True when the basic column at position `i` is an error of a soft equality whose level is
    /// below `key` (its partner is then nonbasic: the two columns are linearly dependent).
    @inline(__always)
    func isPassableKink(_ i: Int32, below key: Float) -> Bool {
        let b = basicAt[Int(i)]
        return costKey[Int(b)] < key && isSoftEqualityError(b)
    }

    /// True when column `b` is one of the two errors of a soft equality.
    @inline(__always)
    func isSoftEqualityError(_ b: Int32) -> Bool {
        guard kinds[Int(b)] == .error, costKey[Int(b)] != 0 else { return false }
        let owner = owners[Int(b)]
        guard owner >= 0, let record = records[Int(owner)], record.constraint.relation == .equal else { return false }
        return true
    }

    /// The other error of the soft equality that owns error `e`.
    @inline(__always)
    func partnerError(of e: Int32) -> Int32 {
        let record = records[Int(owners[Int(e)])]!
        return record.marker == e ? record.other : record.marker
    }

    /// Swaps the errors at every passable kink that a step of `theta` (direction `delta`, column
    /// in `column`) carries below 0, so the step leaves them at their other side. Returns how
    /// many it swapped. `column` and the values are negated at those positions (B changed by the
    /// sign of those columns), so `pivot` then moves them the right way. Kept reduced costs
    /// follow (`updateReducedCostsForSwaps`); `pivotRow` is left as it was.
    mutating func swapErrorsPassed(theta: Double, delta: Double, level l: Int) -> Int {
        let key = levelKeys[l]
        swapped.removeAll(keepingCapacity: true)
        for i in column.indices {
            let w = column.values[Int(i)] * delta
            guard w > Self.pivotTolerance, xB[Int(i)] - theta * w < 0, isPassableKink(i, below: key) else { continue }
            swapped.append(i)
        }
        guard !swapped.isEmpty else { return 0 }
        if dualsValid { updateReducedCostsForSwaps() }
        for i in swapped {
            exchangeError(at: i)
            column.values[Int(i)] = -column.values[Int(i)]
        }
        return swapped.count
    }

    /// The basic error at position `i` gives way to its partner: B's column there changes sign
    /// (an entry-free eta in the LU) and so does the value; nothing else moves.
    @inline(__always)
    mutating func exchangeError(at i: Int32) {
        let e = basicAt[Int(i)]
        let partner = partnerError(of: e)
        journal?.basis.append((i, e))
        positionOf[Int(e)] = -1
        positionOf[Int(partner)] = i
        basicAt[Int(i)] = partner
        setValue(i, -xB[Int(i)])
        if luValid { lu.negateColumn(at: i) }
    }

    /// The reduced costs after the errors at the positions in `swapped` give way to their
    /// partners, computed before the swap. B' = B·D (D negates those columns) and c_B does not
    /// change (the two errors cost the same), so y' = y − 2·B⁻ᵀ(Σ e_i) at the errors' level and
    /// d'_j = d_j + 2·Σ_i (row i of B⁻¹A)_j there; the other levels do not move. One BTRAN per
    /// level with swaps and one pass over the rows it names, where computing every level afresh
    /// costs a BTRAN per level and a pass over every column: after the phase one of a required
    /// edge that prefers slacks, the grid of 10 000 views passed a column's kinks at a time, and
    /// recomputing after each such step was 70% of its build.
    /// With `recording`, every reduced cost written is logged first in `costUndo` (level, column,
    /// old value) and no candidate is pushed: a trial that `exchangeInfeasibleErrors` may take back.
    mutating func updateReducedCostsForSwaps(recording: Bool = false) {
        for l in levelKeys.indices {
            let key = levelKeys[l]
            rho.resize(to: rowCount)
            rho.clear()
            var any = false
            for i in swapped where costKey[Int(basicAt[Int(i)])] == key {
                rho.add(i, 1)
                any = true
            }
            guard any else { continue }
            ensureFactor()
            lu.solveTransposed(&rho)
            countSolve()
            for i in rho.indices {
                let y = 2 * rho.values[Int(i)]
                guard y != 0 else { continue }
                for k in rows.range(Int(i)) where positionOf[Int(rows.cols[k])] < 0 {
                    let j = Int(rows.cols[k])
                    let d = snapCost(reduced[l][j] + y * rows.coefs[k], reduced[l][j])
                    if recording {
                        costUndo.append((Int32(l), Int32(j), reduced[l][j]))
                    } else if d < 0 || d != 0 && kinds[j] == .external {
                        pushCandidate(l, Int32(j))
                    }
                    reduced[l][j] = d
                }
            }
            for i in swapped where costKey[Int(basicAt[Int(i)])] == key {
                let e = basicAt[Int(i)]
                let partner = partnerError(of: e)
                if recording {
                    costUndo.append((Int32(l), partner, reduced[l][Int(partner)]))
                    costUndo.append((Int32(l), e, reduced[l][Int(e)]))
                }
                reduced[l][Int(partner)] = 0
                reduced[l][Int(e)] = 2
            }
        }
    }
}
