import LinearConstraints

/// Passing through a lower level's kinks in one primal step.
///
/// A soft equality has two errors, `e+` and `e−`, whose columns are exact negatives: one of them
/// is basic and holds the row's violation, the other is nonbasic at 0. When a primal step at
/// level l drives the basic one to 0 and beyond, the plain ratio test stops there (a degenerate
/// pivot at the kink of |violation|), although that error has no cost at level l: only its own,
/// lower level cares. Here such a position is not a block: its errors swap (the basis column is
/// negated, an entry-free eta in the LU) and the step goes on to the first real block. The lower
/// level's reduced costs change with the swap, so they are computed afresh before the next step.
/// On the peer grid the strong level raises every height past its preferred 44 this way in one
/// step; with the plain ratio test it took one degenerate pivot per cell, then broke one equal
/// height per column and the middle level walked the break down the column.
extension RevisedCore {
    /// True when the basic column at position `i` is an error of a soft equality whose level is
    /// below `key` (its partner is then nonbasic: the two columns are linearly dependent).
    @inline(__always)
    func isPassableKink(_ i: Int32, below key: Float) -> Bool {
        let b = Int(basicAt[Int(i)])
        guard kinds[b] == .error, costKey[b] != 0, costKey[b] < key else { return false }
        let owner = owners[b]
        guard owner >= 0, let record = records[Int(owner)], record.constraint.relation == .equal else { return false }
        return true
    }

    /// Swaps the errors at every passable kink that a step of `theta` (direction `delta`, column
    /// in `column`) carries below 0, so the step leaves them at their other side. Returns how
    /// many it swapped. `column` and the values are negated at those positions (B changed by the
    /// sign of those columns), so `pivot` then moves them the right way.
    mutating func swapErrorsPassed(theta: Double, delta: Double, level l: Int) -> Int {
        let key = levelKeys[l]
        var swapped = 0
        for i in column.indices {
            let w = column.values[Int(i)] * delta
            guard w > Self.pivotTolerance, xB[Int(i)] - theta * w < 0, isPassableKink(i, below: key) else { continue }
            let e = basicAt[Int(i)]
            let record = records[Int(owners[Int(e)])]!
            let partner = record.marker == e ? record.other : record.marker
            journal?.basis.append((i, e))
            positionOf[Int(e)] = -1
            positionOf[Int(partner)] = i
            basicAt[Int(i)] = partner
            setValue(i, -xB[Int(i)])
            column.values[Int(i)] = -column.values[Int(i)]
            if luValid { lu.negateColumn(at: i) }
            swapped += 1
        }
        return swapped
    }
}
