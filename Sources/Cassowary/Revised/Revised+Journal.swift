import LinearConstraints

/// Undoing a rejected required add exactly: every basic value and basis change is journaled
/// while the add runs, and the row with the columns it created is taken off again.
extension RevisedCore {
    mutating func beginJournal() {
        journal = RevisedJournal(
            rows: rowCount, columns: columnCount, dualsValid: dualsValid, dirty: dirty, magnitude: magnitude,
            pivots: pivots)
    }

    /// Restores the state `beginJournal` saw. The reduced costs were not touched (phase one
    /// does not keep them), so restoring their validity restores them. O(journal + refactor).
    mutating func rollback() {
        guard let j = journal else { return }
        journal = nil
        for (i, old) in j.values.reversed() { xB[Int(i)] = old }
        for (p, col) in j.basis.reversed() {
            positionOf[Int(basicAt[Int(p)])] = -1
            basicAt[Int(p)] = col
            positionOf[Int(col)] = p
        }
        while rowCount > j.rows {
            let i = Int32(rowCount - 1)
            for c in rows.columns(of: Int(i)) where Int(c) < j.columns { dropEntry(column: c, row: i) }
            rows.removeLast()
            rowConstant.removeLast()
            rowRecord.removeLast()
            positionOf[Int(basicAt[Int(i)])] = -1
            basicAt.removeLast()
            xB.removeLast()
        }
        let extra = columnCount - j.columns
        kinds.removeLast(extra)
        owners.removeLast(extra)
        columns.removeLast(extra)
        costKey.removeLast(extra)
        positionOf.removeLast(extra)
        for l in reduced.indices {
            // Shorter when the added columns came with stale reduced costs (`newColumn`).
            reduced[l].removeLast(max(0, reduced[l].count - j.columns))
            queued[l].removeLast(max(0, queued[l].count - j.columns))
        }
        for v in j.variables { variableSymbol[Int(v)] = -1 }
        dualsValid = j.dualsValid
        dirty = j.dirty
        magnitude = j.magnitude
        // Every value was feasible before the add: nothing is left to suspect.
        clearSuspects()
        luValid = false
    }
}
