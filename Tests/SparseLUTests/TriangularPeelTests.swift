import Testing
@testable import SparseLU

/// A matrix whose triangular part the singleton pass must take whole, around a nucleus of `k`
/// rows and columns that has no singleton (a cycle: each nucleus row and column holds two
/// entries there), then rows and columns shuffled. In block order (rows C, N, R by columns
/// C, N, R):
///
///     [ Cu  X  Y  ]   Cu upper triangular: its columns are singletons one after another
///     [ 0   N  W  ]   N the cycle
///     [ 0   0  Rl ]   Rl lower triangular: its rows are singletons once the C columns are gone
///
/// Diagonals are 1-2 in magnitude and the rest at most 0.2, so every row singleton passes the
/// threshold test.
func peelableMatrix(c: Int, k: Int, r: Int, _ rng: inout SplitMix64) -> ColumnMatrix {
    let n = c + k + r
    var cols = [[(Int, Double)]](repeating: [], count: n)
    func small() -> Double { 0.2 * rng.value() / 2 }
    for j in 0..<c {
        cols[j].append((j, rng.value()))
        for _ in 0..<rng.int(3) where j > 0 {
            let i = rng.int(j)
            if !cols[j].contains(where: { $0.0 == i }) { cols[j].append((i, small())) }
        }
    }
    for t in 0..<k {
        let j = c + t
        cols[j].append((c + t, rng.value()))
        cols[j].append((c + (t + k - 1) % k, rng.value()))
        if c > 0, rng.int(2) == 0 { cols[j].append((rng.int(c), small())) }
    }
    for t in 0..<r {
        let j = c + k + t
        cols[j].append((c + k + t, rng.value()))
        for _ in 0..<rng.int(3) {
            let i = c + k + t + 1 + rng.int(max(1, r - t - 1))
            if i < n, !cols[j].contains(where: { $0.0 == i }) { cols[j].append((i, small())) }
        }
        if k > 0, rng.int(2) == 0 { cols[j].append((c + rng.int(k), small())) }
        if c > 0, rng.int(2) == 0 { cols[j].append((rng.int(c), small())) }
    }
    return ColumnMatrix(rows: n, columns: cols).permuted(rows: rng.permutation(n), columns: rng.permutation(n))
}

@Test func singletonsArePeeledAroundACyclicNucleus() throws {
    var rng = SplitMix64(seed: 0x9EE1)
    for trial in 0..<80 {
        let c = rng.int(30), k = trial % 4 == 0 ? 0 : 2 + rng.int(12), r = rng.int(30)
        let b = peelableMatrix(c: c, k: k, r: r, &rng)
        let ref = DenseLU(b.dense())
        guard ref.minPivot > 1e-9 else { continue }
        let csc = b.csc()
        var lu = SparseLU()
        try lu.factor(dimension: b.n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        #expect(lu.peelStorage.nucleusColumns.count == k, "trial \(trial): nucleus \(lu.peelStorage.nucleusColumns.count), want \(k)")
        checkSolves(&lu, ref, &rng)
    }
}

@Test func aDependentColumnInTheNucleusIsNamed() {
    var rng = SplitMix64(seed: 0xDE9)
    for trial in 0..<40 {
        var b = peelableMatrix(c: 1 + rng.int(10), k: 3 + rng.int(8), r: 1 + rng.int(10), &rng)
        // Shuffled, the nucleus is what the pass leaves: factor once to find it, then make one
        // of its columns a multiple of another.
        let csc = b.csc()
        var probe = SparseLU()
        guard (try? probe.factor(dimension: b.n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)) != nil
        else { continue }
        let nucleus = probe.peelStorage.nucleusColumns.map(Int.init)
        guard nucleus.count >= 2 else { Issue.record("trial \(trial): no nucleus"); continue }
        let f = rng.value()
        b.columns[nucleus[1]] = b.columns[nucleus[0]].map { ($0.0, f * $0.1) }
        let dependent = b.csc()
        var lu = SparseLU()
        do {
            try lu.factor(dimension: b.n, columnStarts: dependent.starts, rowIndices: dependent.rows, values: dependent.values)
            Issue.record("trial \(trial): expected singular")
        } catch {
            guard case .singular(let columns, let rows) = error else { Issue.record("wrong error \(error)"); continue }
            #expect(columns.count == 1, "trial \(trial): \(columns)")
            checkRepair(b, &lu, columns: columns, rows: rows, &rng)
        }
    }
}
