import LinearConstraints

/// Deep consistency checks, O(tableau size): on in tests and fuzzing (`debugChecks`), off in
/// benchmarks.
extension CassowaryCore {
    func checkInvariants() throws(SolverError) {
        func fail(_ m: String) -> SolverError { .internalError(m) }
        let t = tableau
        var cells = 0
        var live = 0
        var indexed = Set<Int64>()
        for (s, column) in t.columns.enumerated() {
            for r in column { indexed.insert(Int64(s) << 32 | Int64(r)) }
        }
        for (r, row) in t.rows.enumerated() {
            let b = t.rowBasic[r]
            if b == Tableau.freeSlot { continue }
            cells += row.count
            guard b >= 0 else { throw fail("row \(r) is an objective row outside phase one") }
            live += 1
            guard t.basicRow[Int(b)] == Int32(r) else { throw fail("row \(r): basic map of symbol \(b) is \(t.basicRow[Int(b)])") }
            for k in 0..<row.count {
                let s = row.syms[k]
                if k > 0, row.syms[k - 1] >= s { throw fail("row \(r) is not sorted") }
                if row.coefs[k] == 0 || !row.coefs[k].isFinite { throw fail("row \(r) holds coefficient \(row.coefs[k])") }
                let definitionNamesDefinition = factored && !t.kinds[Int(b)].isRestricted && t.kinds[Int(s)] == .external
                if t.basicRow[Int(s)] >= 0, !definitionNamesDefinition { throw fail("row \(r) holds basic symbol \(s)") }
                if !indexed.contains(Int64(s) << 32 | Int64(r)) { throw fail("column of \(s) misses row \(r)") }
                if t.owners[Int(s)] < 0, t.kinds[Int(s)] != .external { throw fail("row \(r) holds dead symbol \(s)") }
                if t.kinds[Int(b)].isRestricted, t.kinds[Int(s)] == .external {
                    throw fail("restricted row \(r) holds external parametric \(s)")
                }
            }
            guard row.constant.isFinite else { throw fail("row \(r) constant is not finite") }
            if !(row.constantScale >= abs(row.constant)) {
                throw fail("row \(r) constant \(row.constant) exceeds its scale \(row.constantScale)")
            }
            if t.kinds[Int(b)] == .dummy {
                // A basic dummy records a redundant required equality: it must stay exactly 0.
                if row.constant != 0 { throw fail("dummy row \(r) has constant \(row.constant)") }
                if row.syms.contains(where: { t.kinds[Int($0)] != .dummy }) {
                    throw fail("dummy row \(r) holds a symbol that can move")
                }
            }
            if t.kinds[Int(b)].isRestricted, row.constant < -feasibilityTolerance {
                throw fail("row \(r) (basic \(b)) is infeasible: \(row.constant)")
            }
        }
        if cells != t.cells { throw fail("cell count \(t.cells), counted \(cells)") }
        if factored, let cycle = definitionCycle() { throw fail("definitions form a cycle through symbol \(cycle)") }
        if live != t.liveRows { throw fail("row count \(t.liveRows), counted \(live)") }
        for l in 0..<levels.count {
            if levels.refCounts[l] <= 0 { throw fail("objective level \(l) has no constraints") }
            if l > 0, levels.priorities[l - 1] <= levels.priorities[l] { throw fail("levels out of order") }
            for s in 0..<t.symbolCount {
                let c = levels.coefs[l][s]
                guard c != 0 else { continue }
                if t.basicRow[s] >= 0 { throw fail("objective level \(l) holds basic symbol \(s)") }
                if t.kinds[s] == .external { throw fail("objective level \(l) holds external \(s)") }
                if t.owners[s] < 0 { throw fail("objective level \(l) holds dead symbol \(s)") }
                if !dirty, c < -1e-9 * max(1, levels.scales[l]), t.kinds[s] != .dummy, levels.isFreeAbove(l, Int32(s)) {
                    throw fail("level \(l) is not optimal: symbol \(s) has coefficient \(c)")
                }
            }
        }
        for case let record? in records {
            for s in [record.tag.marker, record.tag.other] where s >= 0 {
                if t.owners[Int(s)] < 0 { throw fail("constraint symbol \(s) is marked dead") }
            }
        }
    }
}

extension CassowaryCore {
    /// A symbol on a cycle of definitions (each naming the next), nil when they form a DAG.
    /// Iterative three-colour DFS, O(definitions).
    func definitionCycle() -> Int32? {
        var colour = [UInt8](repeating: 0, count: tableau.symbolCount)
        var stack: [(Int32, Int)] = []
        for start in 0..<Int32(tableau.symbolCount) where isDefined(start) && colour[Int(start)] == 0 {
            colour[Int(start)] = 1
            stack.append((start, 0))
            while let (node, k) = stack.last {
                let row = tableau.rows[Int(tableau.basicRow[Int(node)])]
                if k == row.count {
                    colour[Int(node)] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].1 = k + 1
                let t = row.syms[k]
                guard isDefined(t) else { continue }
                if colour[Int(t)] == 1 { return t }
                if colour[Int(t)] == 0 {
                    colour[Int(t)] = 1
                    stack.append((t, 0))
                }
            }
        }
        return nil
    }
}
