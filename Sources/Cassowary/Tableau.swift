/// Rows, the basic-symbol maps, symbol kinds and the column index.
///
/// `columns[s]` lists the row slots that may hold `s` as a parametric symbol: a superset (entries
/// go stale when a coefficient cancels, and may repeat), verified and compacted whenever the column
/// is walked. That keeps every row edit O(1) on the index while a substitution still visits only
/// the rows that hold the symbol.
struct Tableau {
    static let objectiveSlot: Int32 = -1
    static let freeSlot: Int32 = -2

    var rows: [Row] = []
    /// Basic symbol of each row slot, `objectiveSlot` for the phase-one objective, `freeSlot` if unused.
    var rowBasic: [Int32] = []
    var freeRows: [Int32] = []
    /// Row slot per symbol, -1 when the symbol is parametric.
    var basicRow: [Int32] = []
    var columns: [[Int32]] = []
    var kinds: [SymbolKind] = []
    /// Constraint record slot owning each symbol (-1: none, e.g. external or artificial).
    var owners: [Int32] = []
    var freeSymbols: [Int32] = []
    /// Hub symbols (edit-variable errors) come last in the pivoting order: a root size feeds
    /// every view, so entering one touches every row. Bland's rule holds for any fixed order.
    var hubs: [Bool] = []
    var cells = 0
    var liveRows = 0
    /// Terms read by row updates (`addScaled`) since the tableau was made: the work its pivots
    /// and substitutions have done, where `cells` is what they left.
    var work = 0

    /// Rows saved before their first change in the current journaled operation.
    var journal: TableauJournal?

    // Scratch for merges and column walks (reused: no allocation once warm).
    var scratchSyms: [Int32] = []
    var scratchCoefs: [Double] = []
    var visitMark: [UInt32] = []
    var visitEpoch: UInt32 = 0
    var columnScratch: [Int32] = []

    var symbolCount: Int { kinds.count }

    /// The pivoting order of a symbol: hubs after every other symbol, then by id.
    @inline(__always)
    func order(_ s: Int32) -> Int64 { Self.order(s, hub: hubs[Int(s)]) }

    @inline(__always)
    static func order(_ s: Int32, hub: Bool) -> Int64 { (hub ? Int64(1) << 32 : 0) | Int64(s) }

    /// Room for `rows` more rows and `symbols` more symbols, allocated once.
    mutating func reserve(rows more: Int, symbols: Int) {
        rows.reserveCapacity(rows.count + more)
        rowBasic.reserveCapacity(rowBasic.count + more)
        visitMark.reserveCapacity(visitMark.count + more)
        let n = kinds.count + symbols
        kinds.reserveCapacity(n)
        owners.reserveCapacity(n)
        hubs.reserveCapacity(n)
        basicRow.reserveCapacity(n)
        columns.reserveCapacity(n)
    }

    // MARK: symbols

    /// A new symbol of `kind`; reuses freed ids, most recently freed first.
    mutating func newSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        if let s = freeSymbols.popLast() {
            kinds[Int(s)] = kind
            owners[Int(s)] = owner
            hubs[Int(s)] = false
            return s
        }
        let s = Int32(kinds.count)
        kinds.append(kind)
        owners.append(owner)
        hubs.append(false)
        basicRow.append(-1)
        columns.append([])
        return s
    }

    mutating func freeSymbol(_ s: Int32) {
        columns[Int(s)].removeAll(keepingCapacity: false)
        owners[Int(s)] = -1
        freeSymbols.append(s)
    }

    // MARK: rows

    /// Installs `row` as the row of `basic` (or as an objective when basic is `objectiveSlot`).
    mutating func install(_ row: Row, basic: Int32) -> Int32 {
        let r: Int32
        if let f = freeRows.popLast() {
            r = f
            save(r)
            rows[Int(r)] = row
            rowBasic[Int(r)] = basic
        } else {
            r = Int32(rows.count)
            rows.append(row)
            rowBasic.append(basic)
            visitMark.append(0)
        }
        if basic >= 0 { setBasic(basic, r) }
        for s in row.syms { columns[Int(s)].append(r) }
        cells += row.count
        liveRows += basic >= 0 ? 1 : 0
        return r
    }

    /// Removes row `r` and returns it. Stale column entries are left for lazy cleanup.
    mutating func uninstall(_ r: Int32) -> Row {
        save(r)
        var row = Row()
        swap(&row, &rows[Int(r)])
        let b = rowBasic[Int(r)]
        if b >= 0 {
            setBasic(b, -1)
            liveRows -= 1
        }
        rowBasic[Int(r)] = Self.freeSlot
        freeRows.append(r)
        cells -= row.count
        return row
    }

    /// Makes `entering` basic in row `r` in place and returns the new row: `r`'s basic symbol
    /// becomes a term and `entering` leaves the terms, so only the leaving symbol's column gains
    /// an entry (`uninstall` then `install` appended `r` to every term's column again).
    mutating func pivotInPlace(_ r: Int32, entering: Int32) -> Row {
        let leaving = rowBasic[Int(r)]
        withRow(r) { row, _ in row.solve(lhs: leaving, rhs: entering) }
        rowBasic[Int(r)] = entering
        setBasic(leaving, -1)
        setBasic(entering, r)
        columns[Int(leaving)].append(r)
        return rows[Int(r)]
    }

    mutating func setBasic(_ s: Int32, _ r: Int32) {
        if journal != nil, journal!.recording { journal!.saveBasic(s, basicRow[Int(s)]) }
        basicRow[Int(s)] = r
    }

    /// Records row `r` in the journal before its first change.
    @inline(__always)
    mutating func save(_ r: Int32) {
        if journal != nil, journal!.recording { journal!.saveRow(r, rows[Int(r)], rowBasic[Int(r)]) }
    }

    /// Applies `body` to row `r` in place (moved out, so its arrays stay uniquely referenced).
    @inline(__always) @discardableResult
    mutating func withRow<T>(_ r: Int32, _ body: (inout Row, inout Tableau) -> T) -> T {
        save(r)
        var row = Row()
        swap(&row, &rows[Int(r)])
        let before = row.count
        let result = body(&row, &self)
        cells += row.count - before
        swap(&row, &rows[Int(r)])
        return result
    }

    /// `rows[r] += c · src`, removing `drop` from `rows[r]` first (the substituted symbol).
    /// Symbols new to the row are added to the column index. O(len(row) + len(src)), one pass
    /// over raw buffers into reused scratch storage: no allocation once the scratch is warm.
    mutating func addScaled(_ r: Int32, _ src: Row, _ c: Double, dropping drop: Int32) {
        save(r)
        var dst = Row()
        swap(&dst, &rows[Int(r)])
        let n = dst.syms.count
        let m = src.syms.count
        work &+= m
        if m * Self.inPlaceRatio <= n {
            addScaledInPlace(&dst, r, src, c, drop)
            swap(&dst, &rows[Int(r)])
            return
        }
        if scratchSyms.count < n + m {
            scratchSyms.append(contentsOf: repeatElement(0, count: n + m - scratchSyms.count))
            scratchCoefs.append(contentsOf: repeatElement(0, count: n + m - scratchCoefs.count))
        }
        let written = mergeScaled(dst, src, c, drop)
        if PlantedSlowdown.percent > 0 { scratchCoefs.withUnsafeBufferPointer { PlantedSlowdown.work($0, written) } }
        var i = 0
        for k in 0..<written {
            let s = scratchSyms[k]
            while i < n, dst.syms[i] < s { i += 1 }
            if i >= n || dst.syms[i] != s { columns[Int(s)].append(r) }
        }
        cells += written - n
        // Copy back rather than swap buffers: every row keeps its own capacity and the scratch
        // keeps its, so once a layout has been through its device switches, switching again
        // allocates nothing.
        dst.syms.removeAll(keepingCapacity: true)
        dst.coefs.removeAll(keepingCapacity: true)
        dst.syms.append(contentsOf: scratchSyms[0..<written])
        dst.coefs.append(contentsOf: scratchCoefs[0..<written])
        dst.constant = snapConstant(dst.constant, c * src.constant)
        dst.constantScale = max(dst.constantScale, abs(c) * src.constantScale, abs(dst.constant))
        swap(&dst, &rows[Int(r)])
    }

    /// A row at least this many times longer than the row added into it is updated in place
    /// (a binary search and an insertion per added term) instead of merged: a substitution into
    /// the long rows of a chain's positions then costs the short row's length, not the long one's.
    static let inPlaceRatio = 8

    /// `addScaled` for a short `src`: the same sums in the same order as the merge (each
    /// coefficient `snap(old, c·a)`, a cancelled one removed, a zero product never inserted), so
    /// both paths leave identical rows.
    mutating func addScaledInPlace(_ dst: inout Row, _ r: Int32, _ src: Row, _ c: Double, _ drop: Int32) {
        let before = dst.syms.count
        dst.remove(drop)
        for j in 0..<src.syms.count where dst.add(src.syms[j], c * src.coefs[j]) {
            columns[Int(src.syms[j])].append(r)
        }
        if PlantedSlowdown.percent > 0 { dst.coefs.withUnsafeBufferPointer { PlantedSlowdown.work($0, $0.count) } }
        cells += dst.syms.count - before
        dst.constant = snapConstant(dst.constant, c * src.constant)
        dst.constantScale = max(dst.constantScale, abs(c) * src.constantScale, abs(dst.constant))
    }

    /// `row += c·src` for a row being built (not installed: no column index, no journal), with
    /// the sums of `Row.add` term by term in the same order, so the row is the same as adding
    /// src's terms one by one; a long src is merged in one pass instead of one insertion per term.
    mutating func accumulate(_ row: inout Row, _ src: Row, _ c: Double) {
        let n = row.syms.count
        let m = src.syms.count
        if m * Self.inPlaceRatio <= n || m < 4 {
            for j in 0..<m { row.add(src.syms[j], c * src.coefs[j]) }
            return
        }
        if scratchSyms.count < n + m {
            scratchSyms.append(contentsOf: repeatElement(0, count: n + m - scratchSyms.count))
            scratchCoefs.append(contentsOf: repeatElement(0, count: n + m - scratchCoefs.count))
        }
        let written = mergeScaled(row, src, c, -1)
        row.syms.removeAll(keepingCapacity: true)
        row.coefs.removeAll(keepingCapacity: true)
        row.syms.append(contentsOf: scratchSyms[0..<written])
        row.coefs.append(contentsOf: scratchCoefs[0..<written])
    }

    /// Writes the merge of `dst` (without `drop`) and `c·src` into the scratch buffers, which
    /// hold at least len(dst) + len(src) elements; returns the merged length.
    mutating func mergeScaled(_ dst: Row, _ src: Row, _ c: Double, _ drop: Int32) -> Int {
        let n = dst.syms.count
        let m = src.syms.count
        return dst.syms.withUnsafeBufferPointer { ds in
            dst.coefs.withUnsafeBufferPointer { dc in
                src.syms.withUnsafeBufferPointer { ss in
                    src.coefs.withUnsafeBufferPointer { sc in
                        scratchSyms.withUnsafeMutableBufferPointer { os in
                            scratchCoefs.withUnsafeMutableBufferPointer { oc in
                                var i = 0
                                var j = 0
                                var k = 0
                                while i < n || j < m {
                                    let a = i < n ? ds[i] : Int32.max
                                    let b = j < m ? ss[j] : Int32.max
                                    if a == drop {
                                        i += 1
                                    } else if a < b {
                                        os[k] = a
                                        oc[k] = dc[i]
                                        k += 1
                                        i += 1
                                    } else if b < a {
                                        let v = c * sc[j]
                                        if v != 0 {
                                            os[k] = b
                                            oc[k] = v
                                            k += 1
                                        }
                                        j += 1
                                    } else {
                                        let v = snap(dc[i], c * sc[j])
                                        if v != 0 {
                                            os[k] = a
                                            oc[k] = v
                                            k += 1
                                        }
                                        i += 1
                                        j += 1
                                    }
                                }
                                return k
                            }
                        }
                    }
                }
            }
        }
    }

    /// The rows that hold `s` now, in increasing slot order (in column order when not `sorted`),
    /// excluding `except`; compacts the column. The result is in `columnScratch` (valid until
    /// the next call).
    mutating func liveColumn(_ s: Int32, except: Int32 = -3, sorted: Bool = true) {
        visitEpoch &+= 1
        if visitEpoch == 0 {
            for i in visitMark.indices { visitMark[i] = 0 }
            visitEpoch = 1
        }
        columnScratch.removeAll(keepingCapacity: true)
        var kept = 0
        let count = columns[Int(s)].count
        for k in 0..<count {
            let r = columns[Int(s)][k]
            guard Int(r) >= visitMark.count || visitMark[Int(r)] != visitEpoch else { continue }
            guard Int(r) < rows.count else { continue }
            visitMark[Int(r)] = visitEpoch
            guard Int(r) < rows.count, rowBasic[Int(r)] != Self.freeSlot, rows[Int(r)].contains(s) else { continue }
            columns[Int(s)][kept] = r
            kept += 1
            if r != except { columnScratch.append(r) }
        }
        columns[Int(s)].removeLast(count - kept)
        if sorted { sortInPlace(&columnScratch) }
    }
}

/// Sorts without allocating (the standard library's stable sort takes a scratch buffer on every
/// call, which a drag must not do): nothing when already sorted (the usual case, columns grow in
/// slot order), an insertion sort up to 16 elements (a row's terms, nearly sorted), else an
/// in-place heapsort. O(n) or O(n log n).
func sortInPlace(_ a: inout [Int32]) {
    var sorted = true
    for i in a.indices.dropFirst() where a[i - 1] > a[i] {
        sorted = false
        break
    }
    if sorted { return }
    a.withUnsafeMutableBufferPointer { sortInPlace($0) }
}

/// `sortInPlace` on a buffer, without the check for already sorted.
func sortInPlace(_ b: UnsafeMutableBufferPointer<Int32>) {
    let n = b.count
    guard n > 1 else { return }
    if n <= 16 {
        insertionSort(b)
        return
    }
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while 2 * root + 1 < end {
            var child = 2 * root + 1
            if child + 1 < end, b[child] < b[child + 1] { child += 1 }
            if b[root] >= b[child] { return }
            b.swapAt(root, child)
            root = child
        }
    }
    var start = n / 2 - 1
    while start >= 0 {
        siftDown(start, n)
        start -= 1
    }
    var end = n - 1
    while end > 0 {
        b.swapAt(0, end)
        siftDown(0, end)
        end -= 1
    }
}

/// Insertion sort: for short or nearly sorted buffers (a few sorted runs interleaved), where it
/// beats the heapsort. O(n + inversions).
func insertionSort(_ b: UnsafeMutableBufferPointer<Int32>) {
    guard b.count > 1 else { return }
    for i in 1..<b.count {
        let v = b[i]
        var j = i
        while j > 0, b[j - 1] > v {
            b[j] = b[j - 1]
            j -= 1
        }
        b[j] = v
    }
}

/// What a journaled operation changed in the tableau, to undo it exactly.
struct TableauJournal {
    /// Rows and basic maps are saved only once recording starts (the phase-one path); symbol
    /// allocation and free lists are restored from the snapshot either way.
    var recording = false
    var savedRows: [(slot: Int32, row: Row, basic: Int32)] = []
    var savedRowSet: Set<Int32> = []
    var savedBasic: [(symbol: Int32, row: Int32)] = []
    var savedBasicSet: Set<Int32> = []
    var rowCount: Int
    var symbolCount: Int
    var freeRows: [Int32]
    var freeSymbols: [Int32]
    var cells: Int
    var liveRows: Int
    var work: Int

    init(_ t: Tableau) {
        rowCount = t.rows.count
        symbolCount = t.kinds.count
        freeRows = t.freeRows
        freeSymbols = t.freeSymbols
        cells = t.cells
        liveRows = t.liveRows
        work = t.work
    }

    mutating func saveRow(_ r: Int32, _ row: Row, _ basic: Int32) {
        guard Int(r) < rowCount else { return }
        if savedRowSet.insert(r).inserted { savedRows.append((r, row, basic)) }
    }

    mutating func saveBasic(_ s: Int32, _ r: Int32) {
        guard Int(s) < symbolCount else { return }
        if savedBasicSet.insert(s).inserted { savedBasic.append((s, r)) }
    }
}

extension Tableau {
    /// Starts recording changes so that `rollback()` can undo them.
    mutating func beginJournal() { journal = TableauJournal(self) }

    /// Forgets the journal: the changes stand.
    mutating func commitJournal() { journal = nil }

    /// Undoes every change since `beginJournal()`: rows, basic maps, symbols, free lists, counts.
    /// The column index is rebuilt for the restored rows (it is a superset index, so extra entries
    /// left elsewhere are harmless).
    mutating func rollback() {
        guard let j = journal else { return }
        journal = nil
        rows.removeLast(rows.count - j.rowCount)
        rowBasic.removeLast(rowBasic.count - j.rowCount)
        visitMark.removeLast(visitMark.count - j.rowCount)
        for (slot, row, basic) in j.savedRows {
            rows[Int(slot)] = row
            rowBasic[Int(slot)] = basic
        }
        kinds.removeLast(kinds.count - j.symbolCount)
        owners.removeLast(owners.count - j.symbolCount)
        hubs.removeLast(hubs.count - j.symbolCount)
        basicRow.removeLast(basicRow.count - j.symbolCount)
        columns.removeLast(columns.count - j.symbolCount)
        for (s, r) in j.savedBasic { basicRow[Int(s)] = r }
        freeRows = j.freeRows
        freeSymbols = j.freeSymbols
        for s in freeSymbols { owners[Int(s)] = -1 }
        cells = j.cells
        liveRows = j.liveRows
        // A refused change leaves no trace, the work it did included: the default engine's
        // choice of form (`AdaptiveSolver`) reads it.
        work = j.work
        for (slot, row, basic) in j.savedRows where basic != Self.freeSlot {
            for s in row.syms { columns[Int(s)].append(slot) }
        }
    }
}
