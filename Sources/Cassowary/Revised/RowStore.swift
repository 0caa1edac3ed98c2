/// The constraint rows of `RevisedCore`, pooled: every row's columns and coefficients sit in two
/// shared arrays (compressed rows), and a row is a range of them.
///
/// Why pooled: two arrays of its own per row cost two allocations per constraint, their headers
/// and their copies as they grew (6% of the peer grid's build instructions), and scattered the
/// rows over fresh pages. Rows never change once appended; they go away from the end (a
/// rollback) or by the last row taking a removed one's place. The entries a removal leaves
/// behind are garbage until they outnumber the live ones; then the pool is compacted in row
/// order, so a removal costs O(1) amortised.
///
/// A row is built in place: `push` its entries, then `closeRow`.
struct RowStore {
    private(set) var cols: [Int32] = []
    private(set) var coefs: [Double] = []
    private var starts: [Int32] = []
    private var ends: [Int32] = []
    /// Entries that belong to a row (the rest of the pool is garbage or the open row).
    private(set) var liveEntries = 0
    /// Where the row being built begins.
    private var openStart = 0

    var count: Int { starts.count }

    /// The pool range of row i's entries.
    @inline(__always)
    func range(_ i: Int) -> Range<Int> { Int(starts[i])..<Int(ends[i]) }

    /// Row i's columns, in the order they were pushed.
    func columns(of i: Int) -> ArraySlice<Int32> { cols[range(i)] }

    /// Row i's coefficients, in the order they were pushed.
    func coefficients(of i: Int) -> ArraySlice<Double> { coefs[range(i)] }

    /// The entries pushed for the row being built.
    var openRange: Range<Int> { openStart..<cols.count }

    /// Appends an entry to the row being built.
    @inline(__always)
    mutating func push(_ column: Int32, _ coefficient: Double) {
        cols.append(column)
        coefs.append(coefficient)
    }

    /// Makes the entries pushed since the last row the new last row.
    mutating func closeRow() {
        // An empty row points at 0..<0, which stays valid when the pool is cut back below it.
        let empty = openStart == cols.count
        starts.append(empty ? 0 : Int32(openStart))
        ends.append(empty ? 0 : Int32(cols.count))
        liveEntries += cols.count - openStart
        openStart = cols.count
    }

    /// Removes the last row.
    mutating func removeLast() {
        precondition(openStart == cols.count, "RowStore.removeLast: a row is being built")
        let r = range(count - 1)
        starts.removeLast()
        ends.removeLast()
        liveEntries -= r.count
        if r.upperBound == cols.count {
            cols.removeSubrange(r)
            coefs.removeSubrange(r)
            openStart = cols.count
        }
        compactIfSparse()
    }

    /// Moves the last row into slot i (whose entries become garbage).
    mutating func moveLast(to i: Int) {
        precondition(openStart == cols.count, "RowStore.moveLast: a row is being built")
        let last = count - 1
        guard i != last else { return removeLast() }
        liveEntries -= range(i).count
        starts[i] = starts[last]
        ends[i] = ends[last]
        starts.removeLast()
        ends.removeLast()
        compactIfSparse()
    }

    /// Rewrites the pool in row order once garbage outnumbers the live entries (and is more than
    /// a few pages), so the pool stays within twice what the rows hold.
    private mutating func compactIfSparse() {
        let garbage = cols.count - liveEntries
        guard garbage > max(liveEntries, 1024) else { return }
        var newCols: [Int32] = []
        var newCoefs: [Double] = []
        newCols.reserveCapacity(liveEntries)
        newCoefs.reserveCapacity(liveEntries)
        for i in 0..<count {
            let r = range(i)
            guard !r.isEmpty else { continue }
            starts[i] = Int32(newCols.count)
            newCols.append(contentsOf: cols[r])
            newCoefs.append(contentsOf: coefs[r])
            ends[i] = Int32(newCols.count)
        }
        cols = newCols
        coefs = newCoefs
        openStart = cols.count
    }

    /// The pool and the row bounds as buffers, for loops over many rows (indexing the arrays
    /// through the store checked bounds and ownership on every entry).
    struct Buffers {
        let cols: UnsafeBufferPointer<Int32>
        let coefs: UnsafeBufferPointer<Double>
        let starts: UnsafeBufferPointer<Int32>
        let ends: UnsafeBufferPointer<Int32>

        @inline(__always)
        func range(_ i: Int) -> Range<Int> { Int(starts[i])..<Int(ends[i]) }
    }

    @inline(__always)
    func withBuffers<R>(_ body: (Buffers) throws -> R) rethrows -> R {
        try cols.withUnsafeBufferPointer { cols in
            try coefs.withUnsafeBufferPointer { coefs in
                try starts.withUnsafeBufferPointer { starts in
                    try ends.withUnsafeBufferPointer { ends in
                        try body(Buffers(cols: cols, coefs: coefs, starts: starts, ends: ends))
                    }
                }
            }
        }
    }
}
