/// The active submatrix of a Markowitz elimination (struct of arrays, transient).
///
/// Storage, and why:
/// - Columns hold row indices *and values* in one pool (`colRow`/`colVal`), each column a
///   segment `colStart..<colStart+colLen` with spare room up to `colCap`. Pivoted rows are
///   removed eagerly (the pivot row's entries are removed from their columns), so a column
///   segment is exactly its active entries. A column that outgrows its room is moved to the
///   end of the pool with doubled capacity (amortised O(1) per fill; old slots become garbage,
///   total pool size stays O(nnz + fill)).
/// - Rows hold only column indices (`rowCol`), *lazily*: entries of columns that were pivoted
///   or rejected, or whose value cancelled, stay until the row is next walked, and are skipped
///   then. `rowCount` is the exact count. Lazy deletion is what makes a dense row (e.g. "sum of
///   widths = W") cost O(its length) in total instead of O(length) per pivot.
/// - Count buckets: doubly linked lists of columns by `colLen` and of rows by `rowCount`, so the
///   Markowitz search inspects only a few short lines per step instead of scanning all columns.
struct ActiveSubmatrix {
    var m: Int = 0
    var colStart: [Int] = []
    var colLen: [Int32] = []
    var colCap: [Int32] = []
    var colRow: [Int32] = []
    var colVal: [Double] = []
    /// Per column, entries with |value| <= dropTolerance[j] count as zero (relative to the input column).
    var dropTolerance: [Double] = []
    var colActive: [Bool] = []

    var rowStart: [Int] = []
    var rowLen: [Int32] = []
    var rowCap: [Int32] = []
    var rowCol: [Int32] = []
    var rowCount: [Int32] = []
    var rowActive: [Bool] = []

    /// Count buckets: `head[count]`, links `next`/`prev` (−1 = none), `bucket` = current list (−1 = unlinked).
    var colHead: [Int32] = [], colNext: [Int32] = [], colPrev: [Int32] = [], colBucket: [Int32] = []
    var rowHead: [Int32] = [], rowNext: [Int32] = [], rowPrev: [Int32] = [], rowBucket: [Int32] = []

    /// Scratch: position of a row inside the column being updated, −1 elsewhere.
    var posInCol: [Int] = []

    /// Long columns (more than `longColumn` entries at the start: a root view's variables,
    /// named by every view's row) keep the pool position of each row (`longSlots[longOf[j]][i]`,
    /// −1 when absent) and an upper bound of their largest magnitude (`longMax`), so that
    /// removing a pivot row from them, updating them and testing a pivot against them cost
    /// O(1) per entry touched instead of a scan: on a flat layout of 10 000 views the scans
    /// were 70% of a factorization, O(m) per row eliminated.
    var longOf: [Int32] = []
    var longSlots: [[Int]] = []
    var longMax: [Double] = []
    /// How many of `longSlots` the current load uses (the rest are kept for the next one).
    var longCount = 0
    static let longColumn = 64

    init() {}

    /// Loads the CSC input (the nucleus `TriangularPeel` leaves), summing duplicates. An entry is
    /// later dropped as cancelled at or below `tolerance · inputMax[j]`, its column's largest
    /// magnitude in the whole input (of which the nucleus holds a part). O(m + nnz). The storage
    /// of the previous load is reused: a basis refactored every few hundred pivots no longer
    /// allocates (and faults in) some twenty arrays of m entries each time.
    mutating func load(dimension m: Int, columnStarts: [Int32], rowIndices: [Int32], values: [Double], tolerance: Double,
                       inputMax: [Double]) throws(SparseLUError) {
        guard columnStarts.count == m + 1, columnStarts[0] == 0, rowIndices.count == values.count,
              Int(columnStarts[m]) <= rowIndices.count else { throw .invalidInput }
        self.m = m
        Self.fill(&colStart, 0, m)
        Self.fill(&colLen, 0, m)
        Self.fill(&colCap, 0, m)
        Self.fill(&dropTolerance, 0, m)
        Self.fill(&colActive, true, m)
        Self.fill(&rowStart, 0, m)
        Self.fill(&rowLen, 0, m)
        Self.fill(&rowCap, 0, m)
        Self.fill(&rowCount, 0, m)
        Self.fill(&rowActive, true, m)
        Self.fill(&colHead, -1, m + 1); Self.fill(&colNext, -1, m + 1)
        Self.fill(&colPrev, -1, m + 1); Self.fill(&colBucket, -1, m + 1)
        Self.fill(&rowHead, -1, m + 1); Self.fill(&rowNext, -1, m + 1)
        Self.fill(&rowPrev, -1, m + 1); Self.fill(&rowBucket, -1, m + 1)
        Self.fill(&posInCol, -1, m)
        Self.fill(&longOf, -1, m)
        longMax.removeAll(keepingCapacity: true)
        longCount = 0
        colRow.removeAll(keepingCapacity: true)
        colVal.removeAll(keepingCapacity: true)
        rowCol.removeAll(keepingCapacity: true)
        let nnz = Int(columnStarts[m])
        colRow.reserveCapacity(2 * nnz + 2 * m)
        colVal.reserveCapacity(2 * nnz + 2 * m)

        for j in 0..<m {
            let lo = Int(columnStarts[j]), hi = Int(columnStarts[j + 1])
            guard lo <= hi else { throw .invalidInput }
            let start = colRow.count
            colStart[j] = start
            for k in lo..<hi {
                let i = Int(rowIndices[k])
                guard i >= 0 && i < m else { throw .invalidInput }
                if posInCol[i] >= 0 {
                    colVal[posInCol[i]] += values[k]
                } else {
                    posInCol[i] = colRow.count
                    colRow.append(Int32(i))
                    colVal.append(values[k])
                }
            }
            for q in start..<colRow.count { posInCol[Int(colRow[q])] = -1 }
            dropTolerance[j] = tolerance * inputMax[j]
            var end = colRow.count
            var q = start
            while q < end {
                // An input entry is data, never rounding: only exact zeros are dropped here (a
                // 1e-6 beside a 125000 in one column, below 1e-11 of its maximum, was dropped
                // and the basis solved was not the basis: cassowary-revised accepted an add
                // its answer then violated). Cancellation later is judged against `tol`.
                if colVal[q] == 0 {
                    end -= 1
                    colRow[q] = colRow[end]; colVal[q] = colVal[end]
                } else {
                    rowCount[Int(colRow[q])] += 1
                    q += 1
                }
            }
            colRow.removeLast(colRow.count - end)
            colVal.removeLast(colVal.count - end)
            colLen[j] = Int32(end - start)
            colCap[j] = colLen[j] + 2
            colRow.append(-1); colRow.append(-1)
            colVal.append(0); colVal.append(0)
        }
        for j in 0..<m where Int(colLen[j]) > Self.longColumn {
            let l = longCount
            longOf[j] = Int32(l)
            longCount += 1
            if longSlots.count < longCount { longSlots.append([]) }
            Self.fill(&longSlots[l], -1, m)
            var most = 0.0
            for q in colStart[j]..<(colStart[j] + Int(colLen[j])) {
                longSlots[l][Int(colRow[q])] = q
                most = max(most, abs(colVal[q]))
            }
            longMax.append(most)
        }
        // Row patterns, each with room for two fills.
        var total = 0
        for i in 0..<m {
            rowStart[i] = total
            rowCap[i] = rowCount[i] + 2
            total += Int(rowCap[i])
        }
        rowCol.reserveCapacity(2 * total)
        rowCol.append(contentsOf: repeatElement(-1, count: total))
        for j in 0..<m {
            for q in colStart[j]..<(colStart[j] + Int(colLen[j])) {
                let i = Int(colRow[q])
                rowCol[rowStart[i] + Int(rowLen[i])] = Int32(j)
                rowLen[i] += 1
            }
        }
        // Link in reverse so each bucket lists its lines in ascending index order.
        for j in stride(from: m - 1, through: 0, by: -1) { linkColumn(j) }
        for i in stride(from: m - 1, through: 0, by: -1) { linkRow(i) }
    }

    /// `a` ← n copies of `v`, keeping its storage.
    static func fill<T>(_ a: inout [T], _ v: T, _ n: Int) {
        a.removeAll(keepingCapacity: true)
        a.append(contentsOf: repeatElement(v, count: n))
    }

    // MARK: buckets (O(1) each)

    mutating func linkColumn(_ j: Int) {
        let c = Int(colLen[j])
        let h = colHead[c]
        colPrev[j] = -1; colNext[j] = h
        if h >= 0 { colPrev[Int(h)] = Int32(j) }
        colHead[c] = Int32(j); colBucket[j] = Int32(c)
    }

    mutating func unlinkColumn(_ j: Int) {
        let b = Int(colBucket[j])
        if b < 0 { return }
        let p = colPrev[j], n = colNext[j]
        if p >= 0 { colNext[Int(p)] = n } else { colHead[b] = n }
        if n >= 0 { colPrev[Int(n)] = p }
        colBucket[j] = -1
    }

    mutating func relinkColumn(_ j: Int) {
        if colBucket[j] == colLen[j] { return }
        unlinkColumn(j); linkColumn(j)
    }

    mutating func linkRow(_ i: Int) {
        let c = Int(rowCount[i])
        let h = rowHead[c]
        rowPrev[i] = -1; rowNext[i] = h
        if h >= 0 { rowPrev[Int(h)] = Int32(i) }
        rowHead[c] = Int32(i); rowBucket[i] = Int32(c)
    }

    mutating func unlinkRow(_ i: Int) {
        let b = Int(rowBucket[i])
        if b < 0 { return }
        let p = rowPrev[i], n = rowNext[i]
        if p >= 0 { rowNext[Int(p)] = n } else { rowHead[b] = n }
        if n >= 0 { rowPrev[Int(n)] = p }
        rowBucket[i] = -1
    }

    mutating func relinkRow(_ i: Int) {
        if !rowActive[i] || rowBucket[i] == rowCount[i] { return }
        unlinkRow(i); linkRow(i)
    }

    // MARK: line storage

    /// Position of row `i` inside column `j`'s segment, or −1. O(colLen[j]), O(1) for a long column.
    func find(row i: Int32, inColumn j: Int) -> Int {
        let l = longOf[j]
        if l >= 0 { return longSlots[Int(l)][Int(i)] }
        let s = colStart[j]
        for q in s..<(s + Int(colLen[j])) where colRow[q] == i { return q }
        return -1
    }

    /// Appends (i, v) to column j, moving the column to the pool's end when full. Amortised O(1).
    mutating func appendToColumn(_ j: Int, row i: Int32, value v: Double) {
        if colLen[j] == colCap[j] {
            let s = colStart[j], len = Int(colLen[j])
            let newStart = colRow.count
            for q in s..<(s + len) {        // element-wise: appending a slice of self would copy the pool
                colRow.append(colRow[q]); colVal.append(colVal[q])
            }
            let cap = 2 * len + 4
            for _ in len..<cap { colRow.append(-1); colVal.append(0) }
            colStart[j] = newStart; colCap[j] = Int32(cap)
            if longOf[j] >= 0 {
                for q in newStart..<(newStart + len) { longSlots[Int(longOf[j])][Int(colRow[q])] = q }
            }
        }
        let q = colStart[j] + Int(colLen[j])
        colRow[q] = i; colVal[q] = v
        colLen[j] += 1
        if longOf[j] >= 0 {
            longSlots[Int(longOf[j])][Int(i)] = q
            longMax[Int(longOf[j])] = max(longMax[Int(longOf[j])], abs(v))
        }
    }

    /// Drops stale entries (inactive columns) from row i's pattern. O(rowLen[i]).
    mutating func compactRow(_ i: Int) {
        let s = rowStart[i]
        var w = s
        for k in s..<(s + Int(rowLen[i])) where colActive[Int(rowCol[k])] {
            rowCol[w] = rowCol[k]; w += 1
        }
        rowLen[i] = Int32(w - s)
    }

    /// Appends column j to row i's pattern (compacting, then moving when full). Amortised O(1).
    mutating func appendToRow(_ i: Int, column j: Int32) {
        if rowLen[i] == rowCap[i] {
            compactRow(i)
            if rowLen[i] == rowCap[i] {
                let s = rowStart[i], len = Int(rowLen[i])
                let newStart = rowCol.count
                for k in s..<(s + len) { rowCol.append(rowCol[k]) }
                let cap = 2 * len + 4
                for _ in len..<cap { rowCol.append(-1) }
                rowStart[i] = newStart; rowCap[i] = Int32(cap)
            }
        }
        rowCol[rowStart[i] + Int(rowLen[i])] = j
        rowLen[i] += 1
    }
}
