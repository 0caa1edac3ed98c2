import Testing
@testable import SparseLU

/// Solves with `lu` and checks against the dense reference, both directions.
func checkSolves(_ lu: inout SparseLU, _ ref: DenseLU, _ rng: inout SplitMix64, tolerance: Double = 1e-9) {
    let n = ref.n
    for k in [1, 2, 3, max(1, n / 8), n] {
        let b = randomRHS(n, nonzeros: k, &rng)
        var x = sparseVector(b)
        lu.solve(&x)
        #expect(x.isConsistent)
        let e1 = relativeError(x.dense, ref.solve(b))
        #expect(e1 <= tolerance, "FTRAN n=\(n) k=\(k) err=\(e1)")
        var y = sparseVector(b)
        lu.solveTransposed(&y)
        #expect(y.isConsistent)
        let e2 = relativeError(y.dense, ref.solveTransposed(b))
        #expect(e2 <= tolerance, "BTRAN n=\(n) k=\(k) err=\(e2)")
    }
}

@Test func sparseVectorBasics() {
    var v = SparseVector(dimension: 5)
    v.add(3, 1.5); v.add(1, 2); v.add(3, 1)
    #expect(v.indices == [3, 1])
    #expect(v[3] == 2.5 && v.contains(1) && !v.contains(0))
    v.resize(to: 8)
    #expect(v.dimension == 8 && v.isConsistent)
    v.clear()
    #expect(v.count == 0 && v.values.allSatisfy { $0 == 0 } && v.isConsistent)
    v.set(7, 1); v.resize(to: 4)
    #expect(v.count == 0 && v.dimension == 4 && v.isConsistent)
}

@Test(arguments: Shape.allCases)
func factorAndSolveAgainstDense(shape: Shape) throws {
    var rng = SplitMix64(seed: 0xC0FFEE &+ UInt64(Shape.allCases.firstIndex(of: shape)!))
    for n in Array(1...60) + [1, 2, 3] {
        let (b, ref) = nonsingularMatrix(n, shape: shape, &rng)
        let csc = b.csc()
        var lu = SparseLU()
        try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        #expect(lu.dimension == n && lu.updateCount == 0)
        checkSolves(&lu, ref, &rng)
    }
}

@Test func reusedFactorObjectRefactors() throws {
    var rng = SplitMix64(seed: 7)
    var lu = SparseLU()
    for n in [40, 10, 55, 1, 30] {
        let (b, ref) = nonsingularMatrix(n, shape: .random, &rng)
        let csc = b.csc()
        try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        checkSolves(&lu, ref, &rng)
    }
}

@Test func updatesAgainstDense() throws {
    var rng = SplitMix64(seed: 12345)
    for trial in 0..<60 {
        let n = 1 + rng.int(40)
        var (b, _) = nonsingularMatrix(n, shape: trial % 3 == 0 ? .needsPivoting : .random, &rng)
        let csc = b.csc()
        var lu = SparseLU()
        try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        var accepted = 0
        for _ in 0..<25 {
            let m = b.n
            if rng.int(4) == 0 {
                // Border with a random sparse row.
                var r = SparseVector(dimension: m)
                for _ in 0..<rng.int(4) { r.add(Int32(rng.int(m)), rng.value()) }
                let d = rng.value()
                lu.appendRow(r, diagonal: d)
                b.rows += 1
                for i in r.indices { b.columns[Int(i)].append((m, r[i])) }
                b.columns.append([(m, d)])
            } else {
                // Entering column with 1–4 entries; leave at the largest |B⁻¹a|.
                var a = [(Int, Double)]()
                for _ in 0..<(1 + rng.int(4)) { a.append((rng.int(m), rng.value())) }
                var dense = [Double](repeating: 0, count: m)
                for (i, v) in a { dense[i] += v }
                var d = sparseVector(dense)
                lu.solve(&d)
                let dRef = DenseLU(b.dense()).solve(dense)
                #expect(relativeError(d.dense, dRef) <= 1e-9)
                var p = 0
                for i in 0..<m where abs(d.values[i]) > abs(d.values[p]) { p = i }
                if abs(d.values[p]) < 1e-3 { continue }
                let ok = lu.replaceColumn(at: Int32(p), transformed: d)
                #expect(ok)
                if ok { b.columns[p] = a; accepted += 1 }
            }
            #expect(lu.dimension == b.n)
            let newRef = DenseLU(b.dense())
            if newRef.minPivot < 1e-8 { break }   // conditioned too badly to compare; stop this trial
            checkSolves(&lu, newRef, &rng, tolerance: 1e-8)
        }
        #expect(lu.updateCount >= accepted)
    }
}

@Test func replaceColumnRejectsTinyPivot() throws {
    var rng = SplitMix64(seed: 99)
    let (b, _) = nonsingularMatrix(10, shape: .random, &rng)
    let csc = b.csc()
    var lu = SparseLU()
    try lu.factor(dimension: 10, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
    var d = SparseVector(dimension: 10)
    d.set(2, 1); d.set(3, 1e-12)
    let r3 = lu.replaceColumn(at: 3, transformed: d)
    #expect(!r3)
    let r4 = lu.replaceColumn(at: 4, transformed: d)
    #expect(!r4)
    #expect(lu.updateCount == 0 && lu.updateNonzeros == 0)
    let r2 = lu.replaceColumn(at: 2, transformed: d)
    #expect(r2)
    #expect(lu.updateCount == 1 && lu.updateNonzeros == 2)
}

@Test func appendRowsOnEmptyFactor() throws {
    var lu = SparseLU()
    try lu.factor(dimension: 0, columnStarts: [0], rowIndices: [], values: [])
    lu.appendRow(indices: [], values: [], diagonal: 2)
    lu.appendRow(indices: [0], values: [3], diagonal: 4)
    // B = [[2, 0], [3, 4]]
    var x = SparseVector(dimension: 2)
    x.set(0, 2); x.set(1, 7)
    lu.solve(&x)
    #expect(abs(x[0] - 1) < 1e-15 && abs(x[1] - 1) < 1e-15)
    var y = SparseVector(dimension: 2)
    y.set(0, 5); y.set(1, 4)
    lu.solveTransposed(&y)   // Bᵀ = [[2, 3], [0, 4]] → y = (1, 1)
    #expect(abs(y[0] - 1) < 1e-15 && abs(y[1] - 1) < 1e-15)
}

@Test func invalidInputThrows() {
    #expect(throws: SparseLUError.invalidInput) {
        var lu = SparseLU()
        try lu.factor(dimension: 2, columnStarts: [0, 1], rowIndices: [0], values: [1])
    }
    #expect(throws: SparseLUError.invalidInput) {
        var lu = SparseLU()
        try lu.factor(dimension: 2, columnStarts: [0, 1, 2], rowIndices: [0, 5], values: [1, 1])
    }
}

/// `negateColumn` (a soft equality's errors swapped in the basis) among ordinary updates: the
/// factors solve as the dense reference of B with those columns negated, both directions.
@Test func negatedColumnsAmongUpdatesAgainstDense() throws {
    var rng = SplitMix64(seed: 777)
    for trial in 0..<30 {
        let n = 2 + rng.int(30)
        var (b, _) = nonsingularMatrix(n, shape: trial % 2 == 0 ? .needsPivoting : .random, &rng)
        let csc = b.csc()
        var lu = SparseLU()
        try lu.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        for step in 0..<12 {
            let p = rng.int(n)
            if step % 3 == 2 {
                // An ordinary update between the negations: column p replaced by one of 1-3 entries.
                var dense = [Double](repeating: 0, count: n)
                var a = [(Int, Double)]()
                for _ in 0..<(1 + rng.int(3)) { a.append((rng.int(n), rng.value())) }
                for (i, v) in a { dense[i] += v }
                var d = sparseVector(dense)
                lu.solve(&d)
                guard abs(d.values[p]) > 1e-3, lu.replaceColumn(at: Int32(p), transformed: d) else { continue }
                b.columns[p] = a
            } else {
                lu.negateColumn(at: Int32(p))
                b.columns[p] = b.columns[p].map { ($0.0, -$0.1) }
            }
            let ref = DenseLU(b.dense())
            if ref.minPivot < 1e-8 { break }
            checkSolves(&lu, ref, &rng, tolerance: 1e-8)
        }
    }
}

/// Solves that visit only the updates their vector reaches (SparseLU+ReachedUpdates.swift) give
/// the whole walk's result bit for bit, on a log long enough to take that path (hundreds of
/// replacements, borders and negations on a sparse basis, where the solves stay sparse), and
/// both agree with the dense reference.
@Test func reachedUpdatesMatchTheWholeWalkBitForBit() throws {
    var rng = SplitMix64(seed: 4242)
    for trial in 0..<3 {
        let n = 300 + 50 * trial
        var (b, _) = nonsingularMatrix(n, shape: trial == 1 ? .triangular : .diagonal, &rng)
        let csc = b.csc()
        var reached = SparseLU()
        try reached.factor(dimension: n, columnStarts: csc.starts, rowIndices: csc.rows, values: csc.values)
        var whole = reached
        whole.reachedUpdatesMinimum = .max
        func expectSameSolves(_ k: Int) {
            let rhs = randomRHS(b.n, nonzeros: k, &rng)
            var x1 = sparseVector(rhs), x2 = sparseVector(rhs)
            reached.solve(&x1)
            whole.solve(&x2)
            let sameForward = x1.values.map(\.bitPattern) == x2.values.map(\.bitPattern) && x1.indices == x2.indices
            #expect(sameForward, "FTRAN, \(reached.updateCount) updates")
            var y1 = sparseVector(rhs), y2 = sparseVector(rhs)
            reached.solveTransposed(&y1)
            whole.solveTransposed(&y2)
            let sameBackward = y1.values.map(\.bitPattern) == y2.values.map(\.bitPattern) && y1.indices == y2.indices
            #expect(sameBackward, "BTRAN, \(reached.updateCount) updates")
        }
        for step in 0..<400 {
            let m = b.n
            switch rng.int(5) {
            case 0:
                var r = SparseVector(dimension: m)
                for _ in 0..<rng.int(3) { r.add(Int32(rng.int(m)), rng.value()) }
                let d = 0.5 + rng.value()
                reached.appendRow(r, diagonal: d)
                whole.appendRow(r, diagonal: d)
                b.rows += 1
                for i in r.indices { b.columns[Int(i)].append((m, r[i])) }
                b.columns.append([(m, d)])
            case 1:
                let p = rng.int(m)
                reached.negateColumn(at: Int32(p))
                whole.negateColumn(at: Int32(p))
                b.columns[p] = b.columns[p].map { ($0.0, -$0.1) }
            default:
                var dense = [Double](repeating: 0, count: m)
                var a = [(Int, Double)]()
                for _ in 0..<(1 + rng.int(3)) { a.append((rng.int(m), rng.value())) }
                for (i, v) in a { dense[i] += v }
                var d1 = sparseVector(dense), d2 = sparseVector(dense)
                reached.solve(&d1)
                whole.solve(&d2)
                let sameColumn = d1.values.map(\.bitPattern) == d2.values.map(\.bitPattern)
                #expect(sameColumn)
                var p = 0
                for i in 0..<m where abs(d1.values[i]) > abs(d1.values[p]) { p = i }
                guard abs(d1.values[p]) > 0.1, reached.replaceColumn(at: Int32(p), transformed: d1) else { continue }
                let acceptedToo = whole.replaceColumn(at: Int32(p), transformed: d2)
                #expect(acceptedToo)
                b.columns[p] = a
            }
            if step % 20 == 19 {
                for k in [1, 2, 3] { expectSameSolves(k) }
            }
        }
        #expect(reached.updateCount >= 300, "\(reached.updateCount) updates: too few to take the reached path")
        let ref = DenseLU(b.dense())
        if ref.minPivot > 1e-8 { checkSolves(&reached, ref, &rng, tolerance: 1e-7) }
    }
}
