/// Random and structured test matrices.
enum Shape: CaseIterable { case random, diagonal, triangular, needsPivoting, duplicates }

func randomMatrix(_ n: Int, shape: Shape, _ rng: inout SplitMix64) -> ColumnMatrix {
    var cols = [[(Int, Double)]](repeating: [], count: n)
    let diag = rng.permutation(n)
    switch shape {
    case .diagonal:
        for j in 0..<n { cols[j] = [(diag[j], rng.value())] }
    case .triangular:
        // Lower triangular in a random order, then permuted rows/columns.
        for j in 0..<n {
            cols[j] = [(j, rng.value())]
            let extra = rng.int(4)
            for _ in 0..<extra where j + 1 < n { cols[j].append((j + 1 + rng.int(n - j - 1), rng.value())) }
        }
        return ColumnMatrix(rows: n, columns: cols).permuted(rows: rng.permutation(n), columns: rng.permutation(n))
    case .needsPivoting:
        // 2×2 blocks [[ε·v, 1], [1, 1]] on random row pairs (tiny entries that a pivot order
        // ignoring magnitudes would take), plus random coupling entries.
        var j = 0
        while j < n {
            if j + 1 < n {
                let a = diag[j], b = diag[j + 1]
                cols[j] = [(a, 1e-7 * rng.value()), (b, rng.value())]
                cols[j + 1] = [(a, rng.value()), (b, rng.value())]
                j += 2
            } else {
                cols[j] = [(diag[j], rng.value())]
                j += 1
            }
        }
        for j in 0..<n {
            for _ in 0..<rng.int(3) {
                let i = rng.int(n)
                if !cols[j].contains(where: { $0.0 == i }) { cols[j].append((i, 0.3 * rng.value())) }
            }
        }
    case .random, .duplicates:
        for j in 0..<n {
            cols[j] = [(diag[j], rng.value())]
            let extra = rng.int(4)
            for _ in 0..<extra {
                let i = rng.int(n)
                if shape != .duplicates && cols[j].contains(where: { $0.0 == i }) { continue }
                cols[j].append((i, rng.value()))
            }
        }
    }
    return ColumnMatrix(rows: n, columns: cols)
}

/// A random matrix that the dense reference finds comfortably nonsingular.
func nonsingularMatrix(_ n: Int, shape: Shape, _ rng: inout SplitMix64) -> (ColumnMatrix, DenseLU) {
    for _ in 0..<10_000 {
        let b = randomMatrix(n, shape: shape, &rng)
        let ref = DenseLU(b.dense())
        if ref.minPivot > 1e-9 {
            // Reject ill-conditioned draws (|A⁻¹| large) so 1e-9 agreement is meaningful.
            var worst = 0.0
            for _ in 0..<3 { worst = max(worst, maxAbs(ref.solve(randomRHS(n, nonzeros: n, &rng)))) }
            if worst < 1e6 { return (b, ref) }
        }
    }
    fatalError("no well-conditioned \(shape) matrix of size \(n)")
}

/// Chain basis of size n: row 0: x_0; row i (1..n-2): x_i − x_{i−1}; row n−1: Σ x_i.
func chainMatrix(_ n: Int, rowOffset: Int = 0, columnOffset: Int = 0) -> [[(Int, Double)]] {
    var cols = [[(Int, Double)]](repeating: [], count: n)
    for j in 0..<n {
        if j < n - 1 { cols[j].append((rowOffset + j, 1)) }
        if j + 1 < n - 1 { cols[j].append((rowOffset + j + 1, -1)) }
        cols[j].append((rowOffset + n - 1, j == n - 1 ? 1 : 1))
    }
    return cols
}

func chain(_ n: Int) -> ColumnMatrix { ColumnMatrix(rows: n, columns: chainMatrix(n)) }

/// `blocks` independent chains of `size` (a grid of rows, each with its own sum row),
/// plus a coupling x_{b,0} − x_{b−1,0} replacing block b's boundary row x_{b,0} for b > 0
/// when `coupled`.
func grid(blocks: Int, size: Int, coupled: Bool) -> ColumnMatrix {
    var cols: [[(Int, Double)]] = []
    for b in 0..<blocks {
        var block = chainMatrix(size, rowOffset: b * size)
        if coupled && b > 0 {
            // Column of x_{b-1,0} (global b-1)*size also appears in row b*size with −1.
            cols[(b - 1) * size].append((b * size, -1))
        }
        cols.append(contentsOf: block)
        block.removeAll()
    }
    return ColumnMatrix(rows: blocks * size, columns: cols)
}
