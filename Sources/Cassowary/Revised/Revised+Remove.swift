import LinearConstraints
import SparseLU

/// Removing a constraint: its own column is made basic (one pivot that keeps every other value
/// feasible), then its row and that position leave B together, which leaves every other value
/// as it was (the own column is in no other row).
extension RevisedCore {
    /// O(row + the columns it names + a refactorization).
    mutating func removeRecord(_ slot: Int32) {
        let record = records[Int(slot)]!
        dualsValid = false
        let i = record.row
        var p = positionOf[Int(record.marker)]
        if p < 0, record.other >= 0 { p = positionOf[Int(record.other)] }
        if p < 0 { p = pivotIn(record.marker) }
        for j in rows.columns(of: Int(i)) { dropEntry(column: j, row: i) }
        for j in [record.marker, record.other] where j >= 0 { retire(j) }
        moveLastRow(to: i)
        moveLastPosition(to: p)
        clearSuspects()
        if !record.constraint.priority.isRequired { levelRef(record.constraint.priority.value, -1) }
        records[Int(slot)] = nil
        freeRecords.append(slot)
        luValid = false
        dirty = true
    }

    /// Makes own column `m` basic (it is about to go, so it may take any value) keeping every
    /// other value feasible: the ratio test in both directions (restricted and dummy values
    /// block), the smaller step winning; when no restricted value moves, the client variable
    /// where its FTRAN is largest leaves at its value (ties: the lowest basic id). Returns the
    /// position. Kiwi's `getMarkerLeavingRow`, in revised form.
    mutating func pivotIn(_ m: Int32) -> Int32 {
        transformColumn(m)
        let up = ratioTest(delta: 1, target: -1)
        let down = ratioTest(delta: -1, target: -1)
        if up.0 >= 0 || down.0 >= 0 {
            let (p, theta, delta) = up.0 >= 0 && (down.0 < 0 || up.1 <= down.1) ? (up.0, up.1, 1.0) : (down.0, down.1, -1.0)
            pivot(entering: m, at: p, theta: theta, delta: delta)
            return p
        }
        var best: Int32 = -1
        var bestSize = 0.0
        for i in column.indices {
            let w = abs(column.values[Int(i)])
            guard w > Self.pivotTolerance else { continue }
            if w > bestSize || w == bestSize && basicAt[Int(i)] < basicAt[Int(best)] {
                best = i
                bestSize = w
            }
        }
        precondition(best >= 0, "an own column's FTRAN is B⁻¹ of a unit vector: never zero")
        let step = xB[Int(best)] / column.values[Int(best)]
        pivot(entering: m, at: best, theta: abs(step), delta: step < 0 ? -1 : 1)
        return best
    }

    mutating func dropEntry(column j: Int32, row i: Int32) {
        columns.remove(row: i, from: j)
    }

    /// An own column of a removed record: no rows, no cost, never entering again.
    mutating func retire(_ j: Int32) {
        kinds[Int(j)] = .artificial
        costKey[Int(j)] = 0
        columns.clear(j)
        positionOf[Int(j)] = -1
        for l in reduced.indices where Int(j) < reduced[l].count { reduced[l][Int(j)] = 0 }
    }

    /// Moves the last row into slot `i` (freed), renaming it in the columns that hold it.
    mutating func moveLastRow(to i: Int32) {
        let last = Int32(rowCount - 1)
        if i != last {
            for j in rows.columns(of: Int(last)) {
                columns.rename(row: last, to: i, in: j)
            }
            rowConstant[Int(i)] = rowConstant[Int(last)]
            rowRecord[Int(i)] = rowRecord[Int(last)]
            records[Int(rowRecord[Int(i)])]!.row = i
        }
        rows.moveLast(to: Int(i))
        rowConstant.removeLast()
        rowRecord.removeLast()
    }

    /// Moves the last basis position into position `p` (whose column is leaving B).
    mutating func moveLastPosition(to p: Int32) {
        let last = basicAt.count - 1
        positionOf[Int(basicAt[Int(p)])] = -1
        if Int(p) != last {
            basicAt[Int(p)] = basicAt[last]
            xB[Int(p)] = xB[last]
            positionOf[Int(basicAt[Int(p)])] = p
        }
        basicAt.removeLast()
        xB.removeLast()
    }
}
