/// Markowitz pivot search and one elimination step on the active submatrix.
extension ActiveSubmatrix {
    /// Removes column j from the active submatrix as dependent (its rows lose an entry).
    /// O(colLen[j]).
    mutating func rejectColumn(_ j: Int) {
        unlinkColumn(j)
        colActive[j] = false
        let s = colStart[j]
        for q in s..<(s + Int(colLen[j])) {
            let i = Int(colRow[q])
            rowCount[i] -= 1
            relinkRow(i)
        }
        colLen[j] = 0
    }

    /// Largest |value| in column j. O(colLen[j]); for a long column an upper bound, O(1) (entries
    /// leave without lowering it: the threshold test is then stricter, never looser).
    func columnMax(_ j: Int) -> Double {
        if longOf[j] >= 0 { return longMax[Int(longOf[j])] }
        var best = 0.0
        let s = colStart[j]
        for q in s..<(s + Int(colLen[j])) { best = max(best, abs(colVal[q])) }
        return best
    }

    /// Suhl & Suhl style Markowitz search over the count buckets: columns of count 1, rows of
    /// count 1, columns of count 2, rows of count 2, … An entry is eligible when
    /// |a| >= u · (max |entry| of its column) and |a| > dropTolerance; its cost is
    /// (rowCount − 1)(colCount − 1). Stops at the first line that yields cost <= (k − 1)² (no
    /// later line can do better) or after `searchLimit` lines once a candidate exists.
    /// Column and row singletons therefore cost O(1) and O(column length) to find, which makes
    /// triangular parts linear. Columns whose remaining entries are all <= dropTolerance are
    /// rejected as dependent on the way (appended to `rejected`).
    /// Returns the pool position of the chosen entry in its column, and the column; nil when no
    /// active column is left.
    mutating func findPivot(threshold u: Double, searchLimit: Int, rejected: inout [Int32]) -> (column: Int, position: Int)? {
        while colHead[0] >= 0 {
            let j = Int(colHead[0])
            rejectColumn(j)
            rejected.append(Int32(j))
        }
        var bestColumn = -1, bestPosition = -1
        var bestCost = Int.max, bestAbs = 0.0
        var searched = 0
        for count in 1...max(m, 1) {
            let bound = (count - 1) * (count - 1)
            var jj = colHead[count]
            while jj >= 0 {
                let j = Int(jj)
                jj = colNext[j]
                let cmax = columnMax(j)
                if cmax <= dropTolerance[j] {
                    rejectColumn(j)
                    rejected.append(Int32(j))
                    continue
                }
                let thr = u * cmax
                let s = colStart[j]
                for q in s..<(s + Int(colLen[j])) {
                    let a = abs(colVal[q])
                    if a < thr { continue }
                    let cost = Int(rowCount[Int(colRow[q])] - 1) * (count - 1)
                    if cost < bestCost || (cost == bestCost && a > bestAbs) {
                        bestCost = cost; bestAbs = a; bestColumn = j; bestPosition = q
                    }
                }
                searched += 1
                if bestColumn >= 0 && (bestCost <= bound || searched >= searchLimit) {
                    return (bestColumn, bestPosition)
                }
            }
            var ii = rowHead[count]
            while ii >= 0 {
                let i = Int(ii)
                ii = rowNext[i]
                compactRow(i)
                let s = rowStart[i]
                for k in s..<(s + Int(rowLen[i])) {
                    let j = Int(rowCol[k])
                    let q = find(row: Int32(i), inColumn: j)
                    if q < 0 { continue }       // cancelled entry or duplicate: stale
                    let a = abs(colVal[q])
                    if a <= dropTolerance[j] || a < u * columnMax(j) { continue }
                    let cost = (count - 1) * Int(colLen[j] - 1)
                    if cost < bestCost || (cost == bestCost && a > bestAbs) {
                        bestCost = cost; bestAbs = a; bestColumn = j; bestPosition = q
                    }
                }
                searched += 1
                if bestColumn >= 0 && (bestCost <= bound || searched >= searchLimit) {
                    return (bestColumn, bestPosition)
                }
            }
            if bestColumn >= 0 && bestCost <= count * count { return (bestColumn, bestPosition) }
        }
        return bestColumn >= 0 ? (bestColumn, bestPosition) : nil
    }

    /// Eliminates with pivot at pool position `q` of column `c` (row r = colRow[q]):
    /// records L line (rows i ≠ r of column c, multipliers a_ic / a_rc) and U line (the other
    /// active entries a_rj of row r), removes row r and column c, and applies the rank-one
    /// update a_ij −= l_i a_rj to every column j of the pivot row, creating fill.
    /// O(Σ_j (colLen[j] + nnz(L line)) + rowLen[r]) — for 1–4 nonzeros per column, O(small).
    mutating func eliminate(column c: Int, position q: Int, lower: inout CompressedLines, upper: inout CompressedLines,
                            lRows: inout [Int32], lMult: inout [Double], fillRows: inout [Int32], fillVals: inout [Double]) -> (row: Int32, pivot: Double) {
        let r = colRow[q]
        let p = colVal[q]
        lRows.removeAll(keepingCapacity: true)
        lMult.removeAll(keepingCapacity: true)
        let cs = colStart[c]
        for k in cs..<(cs + Int(colLen[c])) where k != q {
            let i = colRow[k]
            let l = colVal[k] / p
            lRows.append(i); lMult.append(l)
            lower.index.append(i); lower.value.append(l)
            rowCount[Int(i)] -= 1
        }
        lower.start.append(Int32(truncatingIfNeeded: lower.index.count))
        unlinkColumn(c); colActive[c] = false; colLen[c] = 0
        unlinkRow(Int(r)); rowActive[Int(r)] = false

        let rs = rowStart[Int(r)], rl = Int(rowLen[Int(r)])
        for k in rs..<(rs + rl) {
            let j = Int(rowCol[k])
            if !colActive[j] { continue }
            let qj = find(row: r, inColumn: j)
            if qj < 0 { continue }
            let a = colVal[qj]
            let last = colStart[j] + Int(colLen[j]) - 1
            colRow[qj] = colRow[last]; colVal[qj] = colVal[last]
            colLen[j] -= 1
            if longOf[j] >= 0 {
                longSlots[Int(longOf[j])][Int(colRow[qj])] = qj
                longSlots[Int(longOf[j])][Int(r)] = -1
            }
            upper.index.append(Int32(j)); upper.value.append(a)
            if !lRows.isEmpty {
                updateColumn(j, pivotRowValue: a, lRows: lRows, lMult: lMult, fillRows: &fillRows, fillVals: &fillVals)
            }
            relinkColumn(j)
        }
        upper.start.append(Int32(truncatingIfNeeded: upper.index.count))
        for i in lRows { relinkRow(Int(i)) }
        return (r, p)
    }

    /// a_ij −= l_i · a for the rows i of the L line; drops cancelled entries and appends fill.
    private mutating func updateColumn(_ j: Int, pivotRowValue a: Double, lRows: [Int32], lMult: [Double],
                                       fillRows: inout [Int32], fillVals: inout [Double]) {
        if longOf[j] >= 0 {
            return updateLongColumn(j, pivotRowValue: a, lRows: lRows, lMult: lMult)
        }
        let s = colStart[j]
        var end = s + Int(colLen[j])
        for q in s..<end { posInCol[Int(colRow[q])] = q }
        fillRows.removeAll(keepingCapacity: true)
        fillVals.removeAll(keepingCapacity: true)
        for k in 0..<lRows.count {
            let i = Int(lRows[k])
            let q = posInCol[i]
            if q >= 0 { colVal[q] -= lMult[k] * a } else { fillRows.append(lRows[k]); fillVals.append(-lMult[k] * a) }
        }
        for q in s..<end { posInCol[Int(colRow[q])] = -1 }
        let tol = dropTolerance[j]
        var q = s
        while q < end {
            if abs(colVal[q]) <= tol {
                rowCount[Int(colRow[q])] -= 1      // row pattern keeps a stale j; skipped on lookup
                end -= 1
                colRow[q] = colRow[end]; colVal[q] = colVal[end]
            } else {
                q += 1
            }
        }
        colLen[j] = Int32(end - s)
        for k in 0..<fillRows.count where abs(fillVals[k]) > tol {
            let i = fillRows[k]
            appendToColumn(j, row: i, value: fillVals[k])
            appendToRow(Int(i), column: Int32(j))
            rowCount[Int(i)] += 1
        }
    }

    /// `updateColumn` for a long column: only the entries of the L line's rows are touched
    /// (through the column's slots), cancelled ones removed, fill appended. O(L line).
    private mutating func updateLongColumn(_ j: Int, pivotRowValue a: Double, lRows: [Int32], lMult: [Double]) {
        let l = Int(longOf[j])
        let tol = dropTolerance[j]
        for k in 0..<lRows.count {
            let i = Int(lRows[k])
            let q = longSlots[l][i]
            if q >= 0 {
                colVal[q] -= lMult[k] * a
                longMax[l] = max(longMax[l], abs(colVal[q]))
                if abs(colVal[q]) <= tol {
                    rowCount[i] -= 1      // row pattern keeps a stale j; skipped on lookup
                    let last = colStart[j] + Int(colLen[j]) - 1
                    colRow[q] = colRow[last]; colVal[q] = colVal[last]
                    colLen[j] -= 1
                    longSlots[l][Int(colRow[q])] = q
                    longSlots[l][i] = -1
                }
            } else {
                let v = -lMult[k] * a
                if abs(v) > tol {
                    appendToColumn(j, row: lRows[k], value: v)
                    appendToRow(i, column: Int32(j))
                    rowCount[i] += 1
                }
            }
        }
    }
}
