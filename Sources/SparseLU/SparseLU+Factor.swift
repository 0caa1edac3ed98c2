extension SparseLU {
    /// Lines inspected per Markowitz search once a candidate exists (Suhl & Suhl use 4).
    static let markowitzSearchLimit = 4

    /// Factors the m×m basis B given in compressed sparse column form: column j (basis
    /// position j) has rows `rowIndices[columnStarts[j]..<columnStarts[j+1]]` and the matching
    /// `values`. Duplicate (row, column) entries are **summed**; entries with
    /// |value| <= `singularTolerance` · (max |value| of their column) are dropped.
    ///
    /// Pivoting: first the singletons, column singletons then row singletons (`TriangularPeel`:
    /// no arithmetic, the triangular part of B); then the nucleus they leave in Markowitz order
    /// with threshold partial pivoting (`pivotThreshold`, u = 0.1), searched through count
    /// buckets. On the layout bases this is meant for (1–4 entries per column, a few dense "sum"
    /// rows) the work is O(nnz · small) and fill stays near zero.
    ///
    /// Singularity: a column is rejected when every remaining entry is <= `singularTolerance`
    /// times its input column's max (structural dependence shows up as an empty column,
    /// numerical dependence as cancellation below that relative level). Rejected columns are
    /// then paired, in ascending order, with the rows left without pivot, and pivoted as unit
    /// columns; the factorization is completed for that repaired matrix and
    /// `SparseLUError.singular(columns:rows:)` is thrown afterwards (see its documentation).
    ///
    /// Clears the update log. Allocates (this is the one non-warm operation).
    public mutating func factor(dimension m: Int, columnStarts: [Int32], rowIndices: [Int32], values: [Double]) throws(SparseLUError) {
        precondition(m >= 0 && m < Int(Int32.max), "SparseLU.factor: bad dimension")
        var peel = TriangularPeel()
        swap(&peel, &peelStorage)
        defer { swap(&peel, &peelStorage) }
        try peel.load(dimension: m, columnStarts: columnStarts, rowIndices: rowIndices, values: values)
        updates.removeAll(dimension: m)
        baseDimension = m
        currentDimension = m
        rowOf.removeAll(keepingCapacity: true); rowOf.reserveCapacity(m)
        colOf.removeAll(keepingCapacity: true); colOf.reserveCapacity(m)
        pivot.removeAll(keepingCapacity: true); pivot.reserveCapacity(m)
        lower.removeAll(); lower.start.reserveCapacity(m + 1)
        upper.removeAll(); upper.start.reserveCapacity(m + 1)
        lower.index.reserveCapacity(columnStarts.last.map { Int($0) } ?? 0)
        upper.index.reserveCapacity(columnStarts.last.map { Int($0) } ?? 0)
        peel.peel(tolerance: singularTolerance, threshold: pivotThreshold, rowOf: &rowOf, colOf: &colOf, pivot: &pivot,
                  lower: &lower, upper: &upper)

        // The nucleus (what the singletons left) by Markowitz elimination, in compact indices
        // mapped back to B's as each step is recorded.
        peel.gatherNucleus()
        let n = peel.nucleusColumns.count
        var rejected: [Int32] = []
        var singularRows: [Int32] = []
        if n > 0 {
            var active = ActiveSubmatrix()
            swap(&active, &activeStorage)
            defer { swap(&active, &activeStorage) }
            try active.load(dimension: n, columnStarts: peel.nucleusStarts, rowIndices: peel.nucleusRowIndices,
                            values: peel.nucleusValues, tolerance: singularTolerance, inputMax: peel.nucleusMax)
            var lRows: [Int32] = [], lMult: [Double] = [], fillRows: [Int32] = [], fillVals: [Double] = []
            var steps = 0
            while steps + rejected.count < n {
                guard let (c, q) = active.findPivot(threshold: pivotThreshold, searchLimit: Self.markowitzSearchLimit,
                                                    rejected: &rejected) else { break }
                let lowerFrom = lower.index.count, upperFrom = upper.index.count
                let (r, p) = active.eliminate(column: c, position: q, lower: &lower, upper: &upper,
                                              lRows: &lRows, lMult: &lMult, fillRows: &fillRows, fillVals: &fillVals)
                for e in lowerFrom..<lower.index.count { lower.index[e] = peel.nucleusRows[Int(lower.index[e])] }
                for e in upperFrom..<upper.index.count { upper.index[e] = peel.nucleusColumns[Int(upper.index[e])] }
                rowOf.append(peel.nucleusRows[Int(r)]); colOf.append(peel.nucleusColumns[c]); pivot.append(p)
                steps += 1
            }
            // Defensive: any column neither pivoted nor rejected (cannot happen) is rejected too.
            if steps + rejected.count < n {
                for j in 0..<n where active.colActive[j] { active.colActive[j] = false; rejected.append(Int32(j)) }
            }
            if !rejected.isEmpty {
                rejected = rejected.map { peel.nucleusColumns[Int($0)] }
                for i in 0..<n where active.rowActive[i] { singularRows.append(peel.nucleusRows[i]) }
            }
        }

        if !rejected.isEmpty {
            rejected.sort()
            precondition(singularRows.count == rejected.count, "SparseLU.factor: pivot bookkeeping")
            // U entries recorded in columns that were rejected later belong to the replaced
            // columns: drop them (the unit columns e_r have no entries in earlier pivot rows).
            var isRejected = [Bool](repeating: false, count: m)
            for j in rejected { isRejected[Int(j)] = true }
            var filtered = CompressedLines()
            for s in 0..<rowOf.count {
                for e in Int(upper.start[s])..<Int(upper.start[s + 1]) where !isRejected[Int(upper.index[e])] {
                    filtered.index.append(upper.index[e]); filtered.value.append(upper.value[e])
                }
                filtered.start.append(Int32(truncatingIfNeeded: filtered.index.count))
            }
            upper = filtered
            for k in 0..<rejected.count {
                rowOf.append(singularRows[k]); colOf.append(rejected[k]); pivot.append(1)
                lower.start.append(Int32(truncatingIfNeeded: lower.index.count))
                upper.start.append(Int32(truncatingIfNeeded: upper.index.count))
            }
        }

        stepOfRow = [Int32](repeating: 0, count: m)
        stepOfCol = [Int32](repeating: 0, count: m)
        for s in 0..<m {
            stepOfRow[Int(rowOf[s])] = Int32(s)
            stepOfCol[Int(colOf[s])] = Int32(s)
        }
        // Lᵀ: entry L[i, s] goes to line stepOfRow[i], indexed by rowOf[s].
        lowerT = Self.transpose(lower, lineOfTarget: stepOfRow, sourceLabel: rowOf, m: m)
        // Uᵀ: entry U[s, j] goes to line stepOfCol[j], indexed by rowOf[s].
        upperT = Self.transpose(upper, lineOfTarget: stepOfCol, sourceLabel: rowOf, m: m)
        workspace.prepare(baseDimension: m)

        if !rejected.isEmpty { throw .singular(columns: rejected, rows: singularRows) }
    }

    /// Counting-sort transpose: entry (line s, index x, value v) becomes
    /// (line lineOfTarget[x], index sourceLabel[s], value v). Within a line entries keep
    /// ascending source order (deterministic). O(m + nnz).
    static func transpose(_ a: CompressedLines, lineOfTarget: [Int32], sourceLabel: [Int32], m: Int) -> CompressedLines {
        var t = CompressedLines()
        var counts = [Int32](repeating: 0, count: m + 1)
        for x in a.index { counts[Int(lineOfTarget[Int(x)]) + 1] += 1 }
        for s in 0..<m { counts[s + 1] += counts[s] }
        t.start = counts
        var next = counts
        t.index = [Int32](repeating: 0, count: a.count)
        t.value = [Double](repeating: 0, count: a.count)
        for s in 0..<m {
            for e in Int(a.start[s])..<Int(a.start[s + 1]) {
                let line = Int(lineOfTarget[Int(a.index[e])])
                let p = Int(next[line])
                next[line] += 1
                t.index[p] = sourceLabel[s]
                t.value[p] = a.value[e]
            }
        }
        return t
    }
}
