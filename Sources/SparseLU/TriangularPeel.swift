/// The triangular part of a basis, pivoted before the Markowitz elimination of `SparseLU.factor`.
///
/// A layout's basis is nearly triangular: most of its columns are a row's own slack or error
/// column, or a client variable first seen in that row. Column singletons (a column with one
/// active entry) and row singletons (a row with one) pivot without arithmetic: a column
/// singleton's L line is empty and its U line is its row as given; a row singleton's U line is
/// empty and its L line is its column divided by the pivot. Neither changes the entries left,
/// so what remains (the nucleus) is the input restricted to the rows and columns not pivoted.
///
/// The Markowitz search takes the same singletons first, but through its general storage (count
/// buckets, row patterns, long-column slots) built for every line of B: on the peer grid of
/// 10 000 views that cost 0.5 µs per row of B, and the build refactored 100 000 rows. Here a
/// singleton costs its lines' entries; only the nucleus goes to `ActiveSubmatrix`.
///
/// Storage is kept between factorizations (it is sized by B, and fresh pages cost).
struct TriangularPeel {
    /// B by columns, duplicates summed and exact zeros dropped.
    var colStart: [Int32] = []
    var colRow: [Int32] = []
    var colVal: [Double] = []
    /// Per column: the largest magnitude of the input column (singularity is judged against it).
    var colMax: [Double] = []
    /// B by rows (column indices and values), rows' entries in ascending column order.
    var rowStart: [Int32] = []
    var rowCol: [Int32] = []
    var rowVal: [Double] = []
    /// Active entries per column and per row.
    var colCount: [Int32] = []
    var rowCount: [Int32] = []
    var colActive: [Bool] = []
    var rowActive: [Bool] = []
    /// Lines waiting to be tried as singletons.
    var queue: [Int32] = []
    /// Per row: its position in the column being loaded, -1 elsewhere.
    var mark: [Int32] = []
    /// The nucleus: its rows and columns in ascending order, and each row's compact index.
    var nucleusRows: [Int32] = []
    var nucleusColumns: [Int32] = []
    var compactRow: [Int32] = []
    /// The nucleus in compressed columns (compact row indices) and its columns' input maxima.
    var nucleusStarts: [Int32] = []
    var nucleusRowIndices: [Int32] = []
    var nucleusValues: [Double] = []
    var nucleusMax: [Double] = []

    /// Copies the compressed-column input, summing duplicates and dropping exact zeros, and
    /// builds its rows. O(m + nnz). The loops run over buffers: indexed through `self`, every
    /// write checked its array's uniqueness (most of the pass's time on the peer grid).
    mutating func load(dimension m: Int, columnStarts: [Int32], rowIndices: [Int32], values: [Double]) throws(SparseLUError) {
        guard columnStarts.count == m + 1, columnStarts[0] == 0, rowIndices.count == values.count,
              Int(columnStarts[m]) <= rowIndices.count else { throw .invalidInput }
        let input = Int(columnStarts[m])
        ActiveSubmatrix.fill(&mark, -1, m)
        ActiveSubmatrix.fill(&colMax, 0, m)
        ActiveSubmatrix.fill(&colCount, 0, m)
        ActiveSubmatrix.fill(&rowCount, 0, m)
        ActiveSubmatrix.fill(&colActive, true, m)
        ActiveSubmatrix.fill(&rowActive, true, m)
        ActiveSubmatrix.fill(&colStart, 0, m + 1)
        ActiveSubmatrix.fill(&colRow, 0, input)
        ActiveSubmatrix.fill(&colVal, 0, input)
        var end = 0
        var valid = true
        columnStarts.withUnsafeBufferPointer { starts in
        rowIndices.withUnsafeBufferPointer { rowIndices in
        values.withUnsafeBufferPointer { values in
        mark.withUnsafeMutableBufferPointer { mark in
        colRow.withUnsafeMutableBufferPointer { colRow in
        colVal.withUnsafeMutableBufferPointer { colVal in
        colStart.withUnsafeMutableBufferPointer { colStart in
        colMax.withUnsafeMutableBufferPointer { colMax in
        colCount.withUnsafeMutableBufferPointer { colCount in
        rowCount.withUnsafeMutableBufferPointer { rowCount in
            for j in 0..<m {
                let lo = Int(starts[j]), hi = Int(starts[j + 1])
                guard lo <= hi, hi <= input else { valid = false; return }
                let start = end
                for k in lo..<hi {
                    let i = Int(rowIndices[k])
                    guard i >= 0 && i < m else { valid = false; return }
                    let q = Int(mark[i])
                    if q >= 0 {
                        colVal[q] += values[k]
                    } else {
                        mark[i] = Int32(end)
                        colRow[end] = Int32(i)
                        colVal[end] = values[k]
                        end += 1
                    }
                }
                var w = start
                var most = 0.0
                for q in start..<end {
                    let i = colRow[q], v = colVal[q]
                    mark[Int(i)] = -1
                    most = max(most, abs(v))
                    // An input entry is data, never rounding: only exact zeros are dropped.
                    guard v != 0 else { continue }
                    colRow[w] = i
                    colVal[w] = v
                    w += 1
                    rowCount[Int(i)] += 1
                }
                end = w
                colMax[j] = most
                colCount[j] = Int32(w - start)
                colStart[j + 1] = Int32(w)
            }
        } } } } } } } } } }
        guard valid else { throw .invalidInput }
        colRow.removeLast(input - end)
        colVal.removeLast(input - end)
        // Rows by counting: each row's entries in ascending column order.
        ActiveSubmatrix.fill(&rowStart, 0, m + 1)
        ActiveSubmatrix.fill(&rowCol, 0, end)
        ActiveSubmatrix.fill(&rowVal, 0, end)
        ActiveSubmatrix.fill(&queue, 0, m)
        rowStart.withUnsafeMutableBufferPointer { rowStart in
        queue.withUnsafeMutableBufferPointer { next in
        rowCount.withUnsafeBufferPointer { rowCount in
        colStart.withUnsafeBufferPointer { colStart in
        colRow.withUnsafeBufferPointer { colRow in
        colVal.withUnsafeBufferPointer { colVal in
        rowCol.withUnsafeMutableBufferPointer { rowCol in
        rowVal.withUnsafeMutableBufferPointer { rowVal in
            for i in 0..<m { rowStart[i + 1] = rowStart[i] + rowCount[i] }
            for i in 0..<m { next[i] = rowStart[i] }     // next free slot per row (the queue is idle)
            for j in 0..<m {
                for q in Int(colStart[j])..<Int(colStart[j + 1]) {
                    let i = Int(colRow[q])
                    let e = Int(next[i])
                    rowCol[e] = Int32(j)
                    rowVal[e] = colVal[q]
                    next[i] += 1
                }
            }
        } } } } } } } }
    }

    /// Pivots every column singleton whose entry is above `tolerance` of its input column, then
    /// every row singleton whose entry passes the threshold test (`u` of its column's active
    /// largest), appending the steps to the factors. Column singletons first: pivoting one
    /// removes its row, which can leave other columns singletons; a row singleton's step removes
    /// a column, which can leave other rows singletons but no column. O(entries of the lines
    /// pivoted and of the columns tested).
    mutating func peel(tolerance: Double, threshold u: Double, rowOf: inout [Int32], colOf: inout [Int32],
                       pivot: inout [Double], lower: inout CompressedLines, upper: inout CompressedLines) {
        pivotColumnSingletons(tolerance: tolerance, rowOf: &rowOf, colOf: &colOf, pivot: &pivot, lower: &lower, upper: &upper)
        pivotRowSingletons(tolerance: tolerance, threshold: u, rowOf: &rowOf, colOf: &colOf, pivot: &pivot,
                           lower: &lower, upper: &upper)
    }

    /// Column singletons, in the order they appear: each step's L line is empty and its U line is
    /// its row's other active entries; removing the row can leave other columns singletons.
    private mutating func pivotColumnSingletons(tolerance: Double, rowOf: inout [Int32], colOf: inout [Int32],
                                                pivot: inout [Double], lower: inout CompressedLines,
                                                upper: inout CompressedLines) {
        let m = colCount.count
        queue.removeAll(keepingCapacity: true)
        for j in 0..<m where colCount[j] == 1 { queue.append(Int32(j)) }
        var head = 0
        while head < queue.count {
            let j = Int(queue[head])
            head += 1
            guard colActive[j], colCount[j] == 1 else { continue }
            var q = Int(colStart[j])
            while !rowActive[Int(colRow[q])] { q += 1 }
            let p = colVal[q]
            guard abs(p) > tolerance * colMax[j] else { continue }     // dependent: the elimination rejects it
            let i = Int(colRow[q])
            rowActive[i] = false
            colActive[j] = false
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let k = Int(rowCol[e])
                guard colActive[k] else { continue }
                upper.index.append(Int32(k))
                upper.value.append(rowVal[e])
                colCount[k] -= 1
                if colCount[k] == 1 { queue.append(Int32(k)) }
            }
            rowOf.append(Int32(i)); colOf.append(Int32(j)); pivot.append(p)
            lower.start.append(Int32(truncatingIfNeeded: lower.index.count))
            upper.start.append(Int32(truncatingIfNeeded: upper.index.count))
        }
    }

    /// Row singletons passing the threshold test: each step's U line is empty and its L line is
    /// its column's other active entries over the pivot; removing the column can leave other rows
    /// singletons, never a column.
    private mutating func pivotRowSingletons(tolerance: Double, threshold u: Double, rowOf: inout [Int32],
                                             colOf: inout [Int32], pivot: inout [Double], lower: inout CompressedLines,
                                             upper: inout CompressedLines) {
        let m = rowCount.count
        queue.removeAll(keepingCapacity: true)
        // Row counts are exact here: a column singleton's one active row was the row pivoted with it.
        for i in 0..<m where rowActive[i] && rowCount[i] == 1 { queue.append(Int32(i)) }
        var head = 0
        while head < queue.count {
            let i = Int(queue[head])
            head += 1
            guard rowActive[i], rowCount[i] == 1 else { continue }
            var e = Int(rowStart[i])
            while !colActive[Int(rowCol[e])] { e += 1 }
            let j = Int(rowCol[e]), p = rowVal[e]
            var most = 0.0
            for q in Int(colStart[j])..<Int(colStart[j + 1]) where rowActive[Int(colRow[q])] {
                most = max(most, abs(colVal[q]))
            }
            guard abs(p) > tolerance * colMax[j], abs(p) >= u * most else { continue }
            rowActive[i] = false
            colActive[j] = false
            for q in Int(colStart[j])..<Int(colStart[j + 1]) {
                let r = Int(colRow[q])
                guard rowActive[r] else { continue }
                lower.index.append(Int32(r))
                lower.value.append(colVal[q] / p)
                rowCount[r] -= 1
                if rowCount[r] == 1 { queue.append(Int32(r)) }
            }
            rowOf.append(Int32(i)); colOf.append(Int32(j)); pivot.append(p)
            lower.start.append(Int32(truncatingIfNeeded: lower.index.count))
            upper.start.append(Int32(truncatingIfNeeded: upper.index.count))
        }
    }

    /// The rows and columns not pivoted, in ascending order, and the nucleus in compressed
    /// columns over compact row indices (with its columns' input maxima). O(m + nucleus).
    mutating func gatherNucleus() {
        let m = colCount.count
        nucleusRows.removeAll(keepingCapacity: true)
        nucleusColumns.removeAll(keepingCapacity: true)
        nucleusStarts.removeAll(keepingCapacity: true)
        nucleusRowIndices.removeAll(keepingCapacity: true)
        nucleusValues.removeAll(keepingCapacity: true)
        nucleusMax.removeAll(keepingCapacity: true)
        if compactRow.count < m { compactRow.append(contentsOf: repeatElement(-1, count: m - compactRow.count)) }
        for i in 0..<m where rowActive[i] {
            compactRow[i] = Int32(nucleusRows.count)
            nucleusRows.append(Int32(i))
        }
        nucleusStarts.append(0)
        for j in 0..<m where colActive[j] {
            nucleusColumns.append(Int32(j))
            nucleusMax.append(colMax[j])
            for q in Int(colStart[j])..<Int(colStart[j + 1]) where rowActive[Int(colRow[q])] {
                nucleusRowIndices.append(compactRow[Int(colRow[q])])
                nucleusValues.append(colVal[q])
            }
            nucleusStarts.append(Int32(nucleusRowIndices.count))
        }
    }
}
