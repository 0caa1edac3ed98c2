@testable import SparseLU

/// Deterministic SplitMix64 generator.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Value in ±[0.5, 2).
    mutating func value() -> Double { (unit() * 1.5 + 0.5) * (next() & 1 == 0 ? 1 : -1) }
    mutating func permutation(_ n: Int) -> [Int] {
        var p = Array(0..<n)
        if n > 1 { for i in stride(from: n - 1, to: 0, by: -1) { p.swapAt(i, int(i + 1)) } }
        return p
    }
}

/// Sparse matrix as a list of columns of (row, value); duplicates allowed (summed).
struct ColumnMatrix {
    var rows: Int
    var columns: [[(Int, Double)]]
    var n: Int { columns.count }

    func csc() -> (starts: [Int32], rows: [Int32], values: [Double]) {
        var s: [Int32] = [0], r: [Int32] = [], v: [Double] = []
        for col in columns {
            for (i, x) in col { r.append(Int32(i)); v.append(x) }
            s.append(Int32(r.count))
        }
        return (s, r, v)
    }

    var nonzeros: Int { columns.reduce(0) { $0 + $1.count } }

    func dense() -> [[Double]] {
        var a = [[Double]](repeating: [Double](repeating: 0, count: n), count: rows)
        for j in 0..<n { for (i, x) in columns[j] { a[i][j] += x } }
        return a
    }

    /// y = B x (x indexed by columns).
    func multiply(_ x: [Double]) -> [Double] {
        var y = [Double](repeating: 0, count: rows)
        for j in 0..<n where x[j] != 0 { for (i, v) in columns[j] { y[i] += v * x[j] } }
        return y
    }

    /// y = Bᵀ x (x indexed by rows).
    func multiplyTransposed(_ x: [Double]) -> [Double] {
        var y = [Double](repeating: 0, count: n)
        for j in 0..<n { for (i, v) in columns[j] { y[j] += v * x[i] } }
        return y
    }

    func permuted(rows pr: [Int], columns pc: [Int]) -> ColumnMatrix {
        var cols = [[(Int, Double)]](repeating: [], count: n)
        for j in 0..<n { cols[pc[j]] = columns[j].map { (pr[$0.0], $0.1) } }
        return ColumnMatrix(rows: rows, columns: cols)
    }
}

/// Dense LU with partial pivoting (reference).
struct DenseLU {
    var a: [[Double]]
    var perm: [Int]
    var minPivot = Double.infinity
    var n: Int { a.count }

    init(_ m: [[Double]]) {
        a = m
        perm = Array(0..<m.count)
        let n = m.count
        for k in 0..<n {
            var p = k
            for i in k..<n where abs(a[i][k]) > abs(a[p][k]) { p = i }
            a.swapAt(k, p); perm.swapAt(k, p)
            let piv = a[k][k]
            minPivot = min(minPivot, abs(piv))
            if piv == 0 { continue }
            for i in (k + 1)..<max(n, k + 1) where a[i][k] != 0 {
                let l = a[i][k] / piv
                a[i][k] = l
                for j in (k + 1)..<n { a[i][j] -= l * a[k][j] }
            }
        }
    }

    /// Solves A x = b.
    func solve(_ b: [Double]) -> [Double] {
        var y = perm.map { b[$0] }
        for i in 0..<n { for j in 0..<i { y[i] -= a[i][j] * y[j] } }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in (i + 1)..<max(n, i + 1) { y[i] -= a[i][j] * y[j] }
            y[i] /= a[i][i]
        }
        return y
    }

    /// Solves Aᵀ x = b.
    func solveTransposed(_ b: [Double]) -> [Double] {
        var z = b
        for i in 0..<n {
            for j in 0..<i { z[i] -= a[j][i] * z[j] }
            z[i] /= a[i][i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) { for j in (i + 1)..<max(n, i + 1) { z[i] -= a[j][i] * z[j] } }
        var x = [Double](repeating: 0, count: n)
        for k in 0..<n { x[perm[k]] = z[k] }
        return x
    }
}

func maxAbs(_ v: [Double]) -> Double { v.reduce(0) { max($0, abs($1)) } }

/// Relative ∞-norm distance.
func relativeError(_ x: [Double], _ ref: [Double]) -> Double {
    var e = 0.0
    for i in 0..<x.count { e = max(e, abs(x[i] - ref[i])) }
    return e / max(1, maxAbs(ref))
}

extension SparseVector {
    var dense: [Double] { values }

    /// Checks the representation invariants.
    var isConsistent: Bool {
        var seen = [Bool](repeating: false, count: dimension)
        for i in indices {
            if seen[Int(i)] || !isRegistered[Int(i)] { return false }
            seen[Int(i)] = true
        }
        for i in 0..<dimension where !seen[i] && (values[i] != 0 || isRegistered[i]) { return false }
        return true
    }
}

func sparseVector(_ dense: [Double]) -> SparseVector {
    var v = SparseVector(dimension: dense.count)
    for i in 0..<dense.count where dense[i] != 0 { v.set(Int32(i), dense[i]) }
    return v
}

/// Random RHS: `k` nonzeros (or dense when k >= n).
func randomRHS(_ n: Int, nonzeros k: Int, _ rng: inout SplitMix64) -> [Double] {
    var b = [Double](repeating: 0, count: n)
    if k >= n { for i in 0..<n { b[i] = rng.value() } } else { for _ in 0..<k { b[rng.int(n)] = rng.value() } }
    return b
}
