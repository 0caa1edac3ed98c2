import Testing
@testable import SparseLU

/// Checks ‖B x − b‖∞ <= 1e-9 · (‖B‖∞‖x‖∞ + ‖b‖∞) for FTRAN and the transposed analogue for BTRAN.
func checkResiduals(_ b: ColumnMatrix, _ lu: inout SparseLU, _ rng: inout SplitMix64, rhsCount: Int = 6) {
    let n = b.n
    var normB = 0.0
    var rowSums = [Double](repeating: 0, count: b.rows), colSums = [Double](repeating: 0, count: n)
    for j in 0..<n { for (i, v) in b.columns[j] { rowSums[i] += abs(v); colSums[j] += abs(v) } }
    normB = max(maxAbs(rowSums), maxAbs(colSums))
    for t in 0..<rhsCount {
        let rhs = randomRHS(n, nonzeros: t == rhsCount - 1 ? n : 1 + rng.int(10), &rng)
        var x = sparseVector(rhs)
        lu.solve(&x)
        #expect(x.isConsistent)
        let bx = b.multiply(x.dense)
        var r = 0.0
        for i in 0..<n { r = max(r, abs(bx[i] - rhs[i])) }
        #expect(r <= 1e-9 * (normB * maxAbs(x.dense) + maxAbs(rhs)), "FTRAN residual \(r)")
        var y = sparseVector(rhs)
        lu.solveTransposed(&y)
        #expect(y.isConsistent)
        let bty = b.multiplyTransposed(y.dense)
        r = 0
        for j in 0..<n { r = max(r, abs(bty[j] - rhs[j])) }
        #expect(r <= 1e-9 * (normB * maxAbs(y.dense) + maxAbs(rhs)), "BTRAN residual \(r)")
    }
}

func structuredShapes(_ rng: inout SplitMix64) -> [(String, ColumnMatrix)] {
    let a = chain(10_000)
    let g = grid(blocks: 100, size: 100, coupled: false)
    let gc = grid(blocks: 100, size: 100, coupled: true)
    return [
        ("chain", a), ("grid", g), ("coupled grid", gc),
        ("permuted chain", a.permuted(rows: rng.permutation(a.n), columns: rng.permutation(a.n))),
        ("permuted grid", g.permuted(rows: rng.permutation(g.n), columns: rng.permutation(g.n))),
        ("permuted coupled grid", gc.permuted(rows: rng.permutation(gc.n), columns: rng.permutation(gc.n))),
    ]
}

@Test func structuredLargeShapesFactorWithLowFill() throws {
    var rng = SplitMix64(seed: 2024)
    for (name, b) in structuredShapes(&rng) {
        let csc = b.csc()
        var lu = SparseLU()
        try lu.factor(dimension: b.n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        #expect(lu.factorNonzeros <= 3 * b.nonzeros, "\(name): nnz(L+U)=\(lu.factorNonzeros) nnz(B)=\(b.nonzeros)")
        checkResiduals(b, &lu, &rng)
    }
}

@Test func structuredLargeShapesWithUpdates() throws {
    var rng = SplitMix64(seed: 4242)
    let shapes = structuredShapes(&rng)
    for (name, original) in [shapes[2], shapes[4]] {
        var b = original
        let csc = b.csc()
        var lu = SparseLU()
        try lu.factor(dimension: b.n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        for step in 0..<12 {
            let m = b.n
            if step % 4 == 3 {
                var r = SparseVector(dimension: m)
                for _ in 0..<(1 + rng.int(3)) { r.add(Int32(rng.int(m)), 1) }
                lu.appendRow(r, diagonal: -1)
                b.rows += 1
                for i in r.indices { b.columns[Int(i)].append((m, r[i])) }
                b.columns.append([(m, -1)])
            } else {
                let a = [(rng.int(m), 1.0), (rng.int(m), -1.0)]
                var d = SparseVector(dimension: m)
                for (i, v) in a { d.add(Int32(i), v) }
                lu.solve(&d)
                var p = Int(d.indices.first ?? 0)
                for i in d.indices where abs(d[i]) > abs(d.values[p]) { p = Int(i) }
                if abs(d.values[p]) < 1e-6 { continue }
                let ok = lu.replaceColumn(at: Int32(p), transformed: d)
                #expect(ok, "\(name)")
                b.columns[p] = a
            }
            checkResiduals(b, &lu, &rng, rhsCount: 3)
        }
        #expect(lu.updateCount > 0 && lu.updateNonzeros > 0)
    }
}

/// A flat layout's basis: every row holds its own diagonal entry, and every other row also the
/// root column (the column of `root`, longer than `ActiveSubmatrix.longColumn`), so the
/// elimination keeps that column's row→slot map, with rows absent from it.
func rootedRows(_ n: Int, root: Int, _ rng: inout SplitMix64) -> ColumnMatrix {
    var cols = [[(Int, Double)]](repeating: [], count: n)
    for j in 0..<n { cols[j].append((j, 1 + rng.unit())) }
    for i in stride(from: 0, to: n, by: 2) where i != root { cols[root].append((i, rng.value())) }
    return ColumnMatrix(rows: n, columns: cols)
}

/// One `SparseLU` factors bases of growing and shrinking size with long columns in different
/// places: the elimination storage it keeps between factorizations (`ActiveSubmatrix.load`)
/// must not carry anything over.
@Test func reusedStorageAcrossSizesAndLongColumns() throws {
    var rng = SplitMix64(seed: 99)
    var lu = SparseLU()
    for (n, root) in [(400, 0), (90, 89), (700, 350), (70, 3), (500, 499)] {
        let b = rootedRows(n, root: root, &rng)
        let csc = b.csc()
        try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        checkResiduals(b, &lu, &rng)
        let (chained, _) = nonsingularMatrix(40, shape: .random, &rng)
        let c = chained.csc()
        try lu.factor(dimension: chained.n, columnStarts: c.starts, rowIndices: c.rows, values: c.values)
        checkResiduals(chained, &lu, &rng)
    }
}
