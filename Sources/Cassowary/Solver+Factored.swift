import LinearConstraints

/// Factored rows for external variables (the `cassowary-factored` strategy).
///
/// In the explicit tableau every basic variable is a row over parametric symbols only. The rows
/// the simplex pivots on (basic slack, error and dummy symbols: "restricted" rows) are sparse on
/// screens, but a frame variable at the end of a chain of views is a function of every size
/// before it, so its row holds one term per earlier view: a chat screen of 960 views kept 1.4
/// million terms in 3 856 frame-variable rows against 10 549 in its 2 877 restricted rows, and
/// building them made the first layout grow as N^1.7-2.
///
/// Here a basic external variable's row (its *definition*) may also hold other basic external
/// variables: `y7 = y6 + h6 + 8` stays three terms. The restricted rows and the objective are
/// unchanged (parametric symbols only), so pivoting, the dual simplex, phase one and the
/// certificates work as before. What changes:
/// - a definition names only external symbols of lower id than its own, so the definitions form
///   a DAG by a check of one row: a new constraint takes its highest-id free variable as subject
///   when every definition it names is below it, after opening the definitions above it a few
///   levels (`insertFactored`); otherwise its row is expanded (`expand`) and added as in the
///   explicit tableau;
/// - substituting an external symbol that becomes basic skips the definitions (they keep naming
///   it); a restricted symbol that becomes basic is substituted everywhere, definitions
///   included, so a definition never holds a basic restricted symbol;
/// - a value is its definition evaluated (memoised until the next operation), and a pivot through
///   a definition (removing a constraint) first expands the definitions holding the marker;
/// - a required constraint's rounding tolerance, which reads its variables' values, is computed
///   only when its row needs it (expanded rows: redundancy and phase one).
/// A suggested value shifts the constants of the rows that hold the edit's error symbol, as
/// before: a definition that reaches it through another definition moves with that one.
/// Invariants (`checkInvariants`): the definitions form a DAG and hold no basic restricted
/// symbol; restricted rows and the objective hold parametric symbols only.
struct FactoredState {
    /// Per symbol: the value and scale of a basic external symbol, valid when `stamp == epoch`.
    var stamp: [UInt32] = []
    var values: [Double] = []
    var scales: [Double] = []
    var epoch: UInt32 = 1
    /// Scratch for expansions and evaluation (kept: no allocation once warm).
    var coef: [Double] = []
    var mark: [UInt32] = []
    var outCoef: [Double] = []
    var outMark: [UInt32] = []
    var markEpoch: UInt32 = 1
    var order: [Int32] = []
    var stack: [Int32] = []
    /// DFS state per definition in one pass: 0 new, 1 being expanded, 2 finished.
    var state: [UInt8] = []
    var touched: [Int32] = []
    /// `openOneLevel`'s terms in first-seen order (its length only grows).
    var levelTerms: [Int32] = []

    /// Room for `needed` symbols. Inlined: every evaluation asks.
    @inline(__always)
    mutating func grow(to needed: Int) {
        if stamp.count < needed { enlarge(to: needed) }
    }

    mutating func enlarge(to needed: Int) {
        // At least doubling: the symbol count grows by two or three per constraint added.
        let n = max(needed, 2 * stamp.count)
        Self.extend(&stamp, to: n)
        Self.extend(&values, to: n)
        Self.extend(&scales, to: n)
        Self.extend(&coef, to: n)
        Self.extend(&mark, to: n)
        Self.extend(&outCoef, to: n)
        Self.extend(&outMark, to: n)
        Self.extend(&state, to: n)
    }

    /// Room for `needed` symbols in the expansion's output scratch only (`outMark`, `outCoef`):
    /// what `CassowaryCore.openOneLevel` uses, so a build that opens levels does not allocate
    /// the memo and the DFS state too (a flat build of 1 000 views: 1 MB of them).
    @inline(__always)
    mutating func growOutput(to needed: Int) {
        if outMark.count < needed {
            let n = max(needed, 2 * outMark.count)
            Self.extend(&outMark, to: n)
            Self.extend(&outCoef, to: n)
        }
    }

    static func extend<T: Numeric>(_ a: inout [T], to n: Int) {
        if a.count < n { a.append(contentsOf: repeatElement(0, count: n - a.count)) }
    }

    /// Forgets every memoised value (after any change to the tableau).
    mutating func invalidate() {
        epoch &+= 1
        if epoch == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            epoch = 1
        }
    }

    mutating func nextMark() -> UInt32 {
        markEpoch &+= 1
        if markEpoch == 0 {
            for i in mark.indices { mark[i] = 0 }
            for i in outMark.indices { outMark[i] = 0 }
            markEpoch = 1
        }
        return markEpoch
    }
}

extension CassowaryCore {
    /// True when symbol `s` is a basic external variable (its row is a definition).
    @inline(__always)
    func isDefined(_ s: Int32) -> Bool {
        tableau.basicRow[Int(s)] >= 0 && tableau.kinds[Int(s)] == .external
    }

    /// True when row slot `r` is a definition (factored mode only).
    @inline(__always)
    func isDefinitionRow(_ r: Int32) -> Bool {
        let b = tableau.rowBasic[Int(r)]
        return factored && b >= 0 && tableau.kinds[Int(b)] == .external
    }

    // MARK: values

    /// The value and scale of symbol `s`: a definition evaluated through the definitions it
    /// holds (memoised until `factoredState.invalidate()`), a restricted row's constant, 0 for a
    /// parametric symbol. Iterative, so a chain of 10 000 definitions needs no deep stack.
    mutating func evaluated(_ s: Int32) -> (value: Double, scale: Double) {
        let r = tableau.basicRow[Int(s)]
        guard r >= 0 else { return (0, 0) }
        guard tableau.kinds[Int(s)] == .external else {
            return (tableau.rows[Int(r)].constant, tableau.rows[Int(r)].constantScale)
        }
        factoredState.grow(to: tableau.symbolCount)
        let epoch = factoredState.epoch
        if factoredState.stamp[Int(s)] == epoch { return (factoredState.values[Int(s)], factoredState.scales[Int(s)]) }
        factoredState.stack.removeAll(keepingCapacity: true)
        factoredState.stack.append(s)
        while let top = factoredState.stack.last {
            if factoredState.stamp[Int(top)] == epoch {
                factoredState.stack.removeLast()
                continue
            }
            let r = Int(tableau.basicRow[Int(top)])
            // One walk: it sums in term order while every definition met has its value, and
            // queues those without one (the sum is then dropped; the row is walked again once
            // they have values). Indexed in place: a copy of the row retains and releases its
            // arrays, which costs more than the walk on the short rows of a flat layout.
            var value = tableau.rows[r].constant
            var scale = tableau.rows[r].constantScale
            var pending = false
            for k in 0..<tableau.rows[r].syms.count {
                let t = Int(tableau.rows[r].syms[k])
                guard tableau.basicRow[t] >= 0, tableau.kinds[t] == .external else { continue }
                if factoredState.stamp[t] != epoch {
                    factoredState.stack.append(Int32(t))
                    pending = true
                } else if !pending {
                    let c = tableau.rows[r].coefs[k]
                    value += c * factoredState.values[t]
                    scale = max(scale, abs(c) * factoredState.scales[t])
                }
            }
            if pending { continue }
            factoredState.values[Int(top)] = value
            factoredState.scales[Int(top)] = max(scale, abs(value))
            factoredState.stamp[Int(top)] = epoch
            factoredState.stack.removeLast()
        }
        return (factoredState.values[Int(s)], factoredState.scales[Int(s)])
    }

    // MARK: expansion

    /// `row` with every definition it holds replaced by its expansion: a row over parametric
    /// symbols only, as the explicit tableau would hold it. The definitions reachable from `row`
    /// are visited once each, in topological order, their multipliers summed first (a shared
    /// definition is not expanded once per path). O(reachable definitions + result log result).
    mutating func expand(_ row: Row) -> Row {
        guard factored, row.syms.contains(where: { isDefined($0) }) else { return row }
        factoredState.grow(to: tableau.symbolCount)
        if !definitionOrderBroken, let out = expandByDescendingID(row) { return out }
        return expandInTopologicalOrder(row)
    }

    /// `expand` while every definition names only lower ids: the definitions are opened from the
    /// highest id down (a max-heap), so each one is opened after every definition that names it,
    /// and one whose multiplier cancelled is never opened. A restricted row between two frame
    /// variables of one cell (`cell.bottom >= subtitle.bottom`) cancels where their chains meet,
    /// at the cell's top, instead of opening every earlier cell (table-cells of 960 views: a full
    /// expansion per cell, N^2 in all). Nil (and the caller expands in topological order) when a
    /// definition names a higher id. O(opened definitions × log).
    mutating func expandByDescendingID(_ row: Row) -> Row? {
        let m = factoredState.nextMark()
        var out = Row(constant: row.constant)
        out.constantScale = row.constantScale
        factoredState.touched.removeAll(keepingCapacity: true)
        factoredState.order.removeAll(keepingCapacity: true)
        for k in 0..<row.count {
            let t = row.syms[k]
            if isDefined(t) {
                accumulateDefinition(t, row.coefs[k], m)
            } else {
                emit(t, row.coefs[k], m)
            }
        }
        while let node = popHighest() {
            let c = factoredState.coef[Int(node)]
            guard c != 0 else { continue }
            let r = Int(tableau.basicRow[Int(node)])
            out.addToConstant(c * tableau.rows[r].constant)
            out.constantScale = max(out.constantScale, abs(c) * tableau.rows[r].constantScale)
            let count = tableau.rows[r].syms.count
            for k in 0..<count {
                let t = tableau.rows[r].syms[k]
                let a = tableau.rows[r].coefs[k]
                if isDefined(t) {
                    guard t < node else { return nil }
                    accumulateDefinition(t, c * a, m)
                } else {
                    emit(t, c * a, m)
                }
            }
        }
        return collectExpansion(out)
    }

    /// Adds `c` to definition `t`'s multiplier in the expansion marked `m`, queueing `t` on first sight.
    @inline(__always)
    mutating func accumulateDefinition(_ t: Int32, _ c: Double, _ m: UInt32) {
        if factoredState.mark[Int(t)] != m {
            factoredState.mark[Int(t)] = m
            factoredState.coef[Int(t)] = c
            pushHighest(t)
        } else {
            factoredState.coef[Int(t)] = snap(factoredState.coef[Int(t)], c)
        }
    }

    /// Adds `c` to parametric symbol `t`'s coefficient in the expansion marked `m`.
    @inline(__always)
    mutating func emit(_ t: Int32, _ c: Double, _ m: UInt32) {
        if factoredState.outMark[Int(t)] != m {
            factoredState.outMark[Int(t)] = m
            factoredState.outCoef[Int(t)] = c
            factoredState.touched.append(t)
        } else {
            factoredState.outCoef[Int(t)] = snap(factoredState.outCoef[Int(t)], c)
        }
    }

    /// The expansion's parametric terms (`touched`, `outCoef`) appended to `out` in symbol order.
    mutating func collectExpansion(_ out: Row) -> Row {
        var out = out
        sortInPlace(&factoredState.touched)
        // One allocation per array: appending term by term regrew them a few times per row.
        out.syms.reserveCapacity(out.count + factoredState.touched.count)
        out.coefs.reserveCapacity(out.count + factoredState.touched.count)
        for t in factoredState.touched where factoredState.outCoef[Int(t)] != 0 {
            out.syms.append(t)
            out.coefs.append(factoredState.outCoef[Int(t)])
        }
        return out
    }

    /// Max-heap of symbol ids in `factoredState.order`.
    mutating func pushHighest(_ s: Int32) {
        factoredState.order.append(s)
        factoredState.order.withUnsafeMutableBufferPointer { h in
            var i = h.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                if h[parent] >= h[i] { return }
                h.swapAt(parent, i)
                i = parent
            }
        }
    }

    mutating func popHighest() -> Int32? {
        guard let top = factoredState.order.first else { return nil }
        let last = factoredState.order.removeLast()
        guard !factoredState.order.isEmpty else { return top }
        factoredState.order.withUnsafeMutableBufferPointer { h in
            h[0] = last
            var i = 0
            while true {
                var m = i
                let left = 2 * i + 1, right = left + 1
                if left < h.count, h[left] > h[m] { m = left }
                if right < h.count, h[right] > h[m] { m = right }
                if m == i { return }
                h.swapAt(i, m)
                i = m
            }
        }
        return top
    }

    /// `expand` through a topological order of every reachable definition (any DAG).
    mutating func expandInTopologicalOrder(_ row: Row) -> Row {
        let m = factoredState.nextMark()
        topologicalOrder(from: row, mark: m)
        var out = Row(constant: row.constant)
        out.constantScale = row.constantScale
        factoredState.touched.removeAll(keepingCapacity: true)
        for k in 0..<row.count {
            let t = row.syms[k]
            if isDefined(t) {
                factoredState.coef[Int(t)] = snap(factoredState.coef[Int(t)], row.coefs[k])
            } else {
                emit(t, row.coefs[k], m)
            }
        }
        for i in factoredState.order.indices.reversed() {
            let node = factoredState.order[i]
            let c = factoredState.coef[Int(node)]
            guard c != 0 else { continue }
            let def = tableau.rows[Int(tableau.basicRow[Int(node)])]
            out.addToConstant(c * def.constant)
            out.constantScale = max(out.constantScale, abs(c) * def.constantScale)
            for k in 0..<def.count {
                let t = def.syms[k]
                if isDefined(t) {
                    factoredState.coef[Int(t)] = snap(factoredState.coef[Int(t)], c * def.coefs[k])
                } else {
                    emit(t, c * def.coefs[k], m)
                }
            }
        }
        return collectExpansion(out)
    }

    /// Fills `factoredState.order` with the definitions reachable from `row` in post-order (a
    /// definition after every definition it holds), zeroing their multipliers. Iterative DFS: a
    /// definition is finished only after everything it holds, even one first pushed earlier by
    /// another definition and still lower on the stack (it is pushed again above).
    mutating func topologicalOrder(from row: Row, mark m: UInt32) {
        factoredState.order.removeAll(keepingCapacity: true)
        factoredState.stack.removeAll(keepingCapacity: true)
        for k in 0..<row.count where isDefined(row.syms[k]) { push(row.syms[k], m) }
        while let top = factoredState.stack.last {
            switch factoredState.state[Int(top)] {
            case 2:
                factoredState.stack.removeLast()
            case 1:
                factoredState.stack.removeLast()
                factoredState.state[Int(top)] = 2
                factoredState.order.append(top)
            default:
                factoredState.state[Int(top)] = 1
                let def = tableau.rows[Int(tableau.basicRow[Int(top)])]
                for k in 0..<def.count where isDefined(def.syms[k]) { push(def.syms[k], m) }
            }
        }
    }

    /// Pushes definition `s` unless it is being expanded or finished (first sight this pass:
    /// multiplier 0, state new).
    @inline(__always)
    mutating func push(_ s: Int32, _ m: UInt32) {
        if factoredState.mark[Int(s)] != m {
            factoredState.mark[Int(s)] = m
            factoredState.coef[Int(s)] = 0
            factoredState.state[Int(s)] = 0
        }
        guard factoredState.state[Int(s)] == 0 else { return }
        factoredState.stack.append(s)
    }

    /// Replaces definition row `r` by its expansion (before a pivot through it). Returns the
    /// row's slot (the same slot: the freed one is reused at once).
    mutating func materializeDefinition(_ r: Int32) -> Int32 {
        let b = tableau.rowBasic[Int(r)]
        let row = tableau.rows[Int(r)]
        guard row.syms.contains(where: { isDefined($0) }) else { return r }
        let full = expand(row)
        _ = tableau.uninstall(r)
        return tableau.install(full, basic: b)
    }

    /// Expands every definition that holds `s` directly, so that the column of `s` lists exactly
    /// the rows whose expansion holds it (a definition can hold `s` and cancel it through another:
    /// `x = -y - s` with `y = -s - t` is `x = t`). Before a removal picks the row its marker
    /// leaves through.
    mutating func materializeDefinitions(holding s: Int32) {
        tableau.liveColumn(s)
        let slots = tableau.columnScratch
        for r in slots where isDefinitionRow(r) { _ = materializeDefinition(r) }
    }

    // MARK: subjects

    /// The highest-id parametric external symbol of `row` (-1: none) and the highest-id
    /// definition it names (-1: none).
    func subjectCandidates(_ row: Row) -> (parametric: Int32, defined: Int32) {
        var x: Int32 = -1
        var z: Int32 = -1
        for s in row.syms where tableau.kinds[Int(s)] == .external {
            if tableau.basicRow[Int(s)] < 0 { x = max(x, s) } else { z = max(z, s) }
        }
        return (x, z)
    }

    /// Replaces in `row` the definitions above `limit` (by symbol id) by their own rows, one
    /// level deep (what they name stays as it is). The terms are summed in the expansion's
    /// scratch (`emit`) in the order `Row.add` would take them, term by term along the row, so
    /// the result is the same to the bit as building a new row; but `row` keeps its storage, where
    /// a new row per level was two allocations and a binary search per term (a ninth of a
    /// table-cells first layout of 960 views).
    mutating func openOneLevel(_ row: inout Row, above limit: Int32) {
        factoredState.growOutput(to: tableau.symbolCount)
        let m = factoredState.nextMark()
        var bound = row.count
        for k in 0..<row.count where row.syms[k] > limit && isDefined(row.syms[k]) {
            bound += tableau.rows[Int(tableau.basicRow[Int(row.syms[k])])].count
        }
        // The scratch is moved out of `self` while its buffers are open (the loop reads the tableau).
        var mark = factoredState.outMark, coef = factoredState.outCoef, terms = factoredState.levelTerms
        factoredState.outMark = []
        factoredState.outCoef = []
        factoredState.levelTerms = []
        if terms.count < bound { terms.append(contentsOf: repeatElement(0, count: bound - terms.count)) }
        var constant = row.constant
        var scale = row.constantScale
        var n = 0
        // Locals, so that the closures below do not capture (and copy) `self`.
        let rows = tableau.rows, basicRow = tableau.basicRow, kinds = tableau.kinds
        mark.withUnsafeMutableBufferPointer { mk in
            coef.withUnsafeMutableBufferPointer { cf in
                terms.withUnsafeMutableBufferPointer { tm in
                    func put(_ t: Int32, _ v: Double) {
                        let i = Int(t)
                        if mk[i] != m {
                            mk[i] = m
                            cf[i] = v
                            tm[n] = t
                            n += 1
                        } else {
                            cf[i] = snap(cf[i], v)
                        }
                    }
                    for k in 0..<row.count {
                        let t = row.syms[k], c = row.coefs[k]
                        let r = basicRow[Int(t)]
                        guard t > limit, r >= 0, kinds[Int(t)] == .external else {
                            if c != 0 { put(t, c) }
                            continue
                        }
                        let def = rows[Int(r)]
                        def.syms.withUnsafeBufferPointer { ds in
                            def.coefs.withUnsafeBufferPointer { dc in
                                for j in 0..<ds.count {
                                    let v = c * dc[j]
                                    if v != 0 { put(ds[j], v) }
                                }
                            }
                        }
                        let d = c * def.constant
                        constant = snapConstant(constant, d)
                        scale = max(scale, abs(d), abs(constant), abs(c) * def.constantScale)
                    }
                    // The terms are the row's and each opened definition's, each run sorted.
                    let seen = UnsafeMutableBufferPointer(rebasing: tm[0..<n])
                    if n <= 64 { insertionSort(seen) } else { sortInPlace(seen) }
                }
            }
        }
        // At most one allocation per array: emptying a shared row's arrays keeping their
        // capacity allocates, and so does reserving more after it.
        if row.syms.capacity < n { row.syms = [] } else { row.syms.removeAll(keepingCapacity: true) }
        if row.coefs.capacity < n { row.coefs = [] } else { row.coefs.removeAll(keepingCapacity: true) }
        row.syms.reserveCapacity(n)
        row.coefs.reserveCapacity(n)
        for k in 0..<n {
            let t = terms[k], v = coef[Int(t)]
            guard v != 0 else { continue }
            row.syms.append(t)
            row.coefs.append(v)
        }
        row.constant = constant
        row.constantScale = scale
        factoredState.outMark = mark
        factoredState.outCoef = coef
        factoredState.levelTerms = terms
    }

    /// Factored `insert`. A definition names only external symbols of lower id than its own
    /// (basic or not), which keeps the definitions a DAG with a check of the row alone. So the
    /// subject is the highest-id parametric external, accepted when every definition the row
    /// names is below it; otherwise the definitions above it are opened one level and the test
    /// repeats (a few levels: a chain's new position is defined by the previous one). Past
    /// `maxOpenedLevels`, or when nothing external is left, the row is expanded fully and, with no
    /// external in it, inserted as in the explicit tableau.
    mutating func insertFactored(_ lazy: consuming Row, tag: Tag) throws(SolverError) {
        // Owned (consuming): the new row's storage is reused in place, not copied on first write.
        var row: Row
        if definitionOrderBroken { row = expand(lazy) } else { row = consume lazy }
        var levels = 0
        while true {
            let (x, z) = subjectCandidates(row)
            if x >= 0, z < x {
                row.solve(for: x)
                if heldOutsideDefinitions(x) { substitute(x, by: expand(row), basicSlot: -1) }
                _ = tableau.install(row, basic: x)
                return
            }
            if z < 0 { break }
            levels += 1
            if levels > Self.maxOpenedLevels {
                row = expand(row)
                continue
            }
            openOneLevel(&row, above: x)
        }
        if row.constant < 0 { row.scale(by: -1) }
        try insertExplicit(row, tag: tag)
    }

    /// How many levels of definitions `insertFactored` opens one by one before expanding fully.
    static let maxOpenedLevels = 4

    /// Whether a restricted row or an objective level holds `s` (they need its expansion).
    mutating func heldOutsideDefinitions(_ s: Int32) -> Bool {
        tableau.liveColumn(s)
        if tableau.columnScratch.contains(where: { !isDefinitionRow($0) }) { return true }
        for l in 0..<levels.count where levels.coefs[l][Int(s)] != 0 { return true }
        return false
    }

    // MARK: diagnostics

    /// Whether the definition of any of `symbols` (those that are defined) names a `keep` symbol
    /// through some chain of definitions, cancellations not counted. A depth-first walk from
    /// them that stops at the first kept symbol: O(terms of the definitions reached), and on an
    /// ambiguous layout, whose first candidates reach a movable symbol at once, far less
    /// (a pass over every definition in topological order, which it replaced, was a quarter of
    /// the ambiguity query on `redundant` layouts).
    mutating func anyDefinitionReaches(from symbols: [Int32], _ keep: (Int32) -> Bool) -> Bool {
        factoredState.grow(to: tableau.symbolCount)
        let m = factoredState.nextMark()
        factoredState.stack.removeAll(keepingCapacity: true)
        for s in symbols where isDefined(s) && factoredState.mark[Int(s)] != m {
            factoredState.mark[Int(s)] = m
            factoredState.stack.append(s)
        }
        while let top = factoredState.stack.popLast() {
            let def = tableau.rows[Int(tableau.basicRow[Int(top)])]
            for k in 0..<def.count {
                let t = def.syms[k]
                if !isDefined(t) {
                    if keep(t) { return true }
                } else if factoredState.mark[Int(t)] != m {
                    factoredState.mark[Int(t)] = m
                    factoredState.stack.append(t)
                }
            }
        }
        return false
    }

    /// Per basic external symbol, whether its expansion holds a symbol `keep` accepts with a
    /// coefficient above `tolerance` (cancellations counted: two definitions moving together
    /// can cancel). One pass over all definitions in topological order, carrying only the
    /// accepted symbols. O(definitions × accepted symbols reached).
    mutating func definitionsReaching(tolerance: Double, _ keep: (Int32) -> Bool) -> [Bool] {
        let n = tableau.symbolCount
        var result = [Bool](repeating: false, count: n)
        var parts = [Row?](repeating: nil, count: n)
        var all = Row()
        for r in tableau.rows.indices where isDefinitionRow(Int32(r)) {
            all.syms.append(tableau.rowBasic[r])
            all.coefs.append(1)
        }
        factoredState.grow(to: n)
        // The order holds every definition, and the DFS stack as many at least: one allocation
        // each to start with, not a regrowth per doubling from empty.
        factoredState.order.reserveCapacity(all.count)
        factoredState.stack.reserveCapacity(all.count)
        let m = factoredState.nextMark()
        topologicalOrder(from: all, mark: m)
        for node in factoredState.order {
            let def = tableau.rows[Int(tableau.basicRow[Int(node)])]
            var part = Row()
            for k in 0..<def.count {
                let t = def.syms[k]
                if isDefined(t) {
                    if let sub = parts[Int(t)] { tableau.accumulate(&part, sub, def.coefs[k]) }
                } else if keep(t) {
                    part.add(t, def.coefs[k])
                }
            }
            result[Int(node)] = part.coefs.contains { abs($0) > tolerance }
            parts[Int(node)] = part.syms.isEmpty ? nil : part
        }
        return result
    }
}
