import Testing
@testable import SparseLU

/// Makes `count` distinct columns linear combinations of untouched columns (zero columns included).
func makeDependent(_ b: inout ColumnMatrix, count: Int, _ rng: inout SplitMix64) -> Int {
    let n = b.n
    let order = rng.permutation(n)
    let targets = Array(order.prefix(count)), sources = Array(order.dropFirst(count))
    let original = b.columns
    for j in targets {
        if sources.isEmpty || rng.int(4) == 0 { b.columns[j] = []; continue }
        var col = [(Int, Double)]()
        for _ in 0..<(1 + rng.int(min(3, sources.count))) {
            let s = sources[rng.int(sources.count)], f = rng.value()
            col += original[s].map { ($0.0, f * $0.1) }
        }
        b.columns[j] = col
    }
    return targets.count
}

func checkRepair(_ b: ColumnMatrix, _ lu: inout SparseLU, columns: [Int32], rows: [Int32], _ rng: inout SplitMix64) {
    #expect(columns.count == rows.count)
    #expect(columns == columns.sorted() && rows == rows.sorted())
    var repaired = b
    for k in 0..<columns.count { repaired.columns[Int(columns[k])] = [(Int(rows[k]), 1)] }
    let ref = DenseLU(repaired.dense())
    #expect(ref.minPivot > 1e-9, "repaired matrix still singular")
    if ref.minPivot > 1e-9 { checkSolves(&lu, ref, &rng, tolerance: 1e-7) }
}

@Test func singularColumnsAreNamedAndRepairable() {
    var rng = SplitMix64(seed: 0x5151)
    for trial in 0..<120 {
        let n = 2 + rng.int(40)
        var (b, _) = nonsingularMatrix(n, shape: trial % 2 == 0 ? .random : .triangular, &rng)
        let deficiency = makeDependent(&b, count: 1 + rng.int(min(3, n - 1)), &rng)
        let csc = b.csc()
        var lu = SparseLU()
        do {
            try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
            Issue.record("expected singular, n=\(n) trial=\(trial)")
        } catch {
            guard case .singular(let columns, let rows) = error else { Issue.record("wrong error \(error)"); continue }
            #expect(columns.count == deficiency, "n=\(n) trial=\(trial) got \(columns.count) want \(deficiency)")
            checkRepair(b, &lu, columns: columns, rows: rows, &rng)
        }
    }
}

@Test func dependentRowsAreNamed() {
    var rng = SplitMix64(seed: 77)
    for _ in 0..<60 {
        let n = 2 + rng.int(30)
        var (b, _) = nonsingularMatrix(n, shape: .random, &rng)
        let i1 = rng.int(n), i2 = (i1 + 1 + rng.int(n - 1)) % n
        let f = rng.value()
        for j in 0..<n {
            var col = b.columns[j].filter { $0.0 != i2 }
            let v = col.filter { $0.0 == i1 }.reduce(0) { $0 + $1.1 }
            if v != 0 { col.append((i2, f * v)) }
            b.columns[j] = col
        }
        let csc = b.csc()
        var lu = SparseLU()
        do {
            try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
            Issue.record("expected singular")
        } catch {
            guard case .singular(let columns, let rows) = error else { Issue.record("wrong error"); continue }
            #expect(columns.count == 1)
            checkRepair(b, &lu, columns: columns, rows: rows, &rng)
        }
    }
}
