/// A dense-scatter sparse vector of fixed dimension.
///
/// Contract:
/// - `values.count == dimension`; `values[i] == 0` for every `i` not listed in `indices`.
/// - `indices` lists each *registered* (possibly nonzero) position exactly once, in
///   first-touch order (deterministic; no hashing). A registered position may hold 0
///   (e.g. after cancellation); consumers must tolerate that.
/// - `isRegistered[i]` is true exactly for the positions in `indices`, so membership is O(1).
///
/// Why this shape: the simplex kernels need O(1) random access (dense `values`) *and*
/// work proportional to the number of nonzeros (the `indices` list), which is the classic
/// "scatter vector" of hypersparse LU codes. All operations except `init`/`resize` and
/// `rebuildIndices` are O(1) or O(nnz) and never allocate once capacity is warm.
public struct SparseVector {
    /// Dense values; zero outside `indices`.
    public var values: [Double]
    /// Registered positions, each once.
    public var indices: [Int32]
    /// `isRegistered[i]` ⇔ `i ∈ indices`.
    public var isRegistered: [Bool] { registered }
    /// The same flags, written only by this module (its hot methods are inlined into callers, so
    /// the storage is usable from there; mutate it only through the methods below).
    @usableFromInline var registered: [Bool]

    /// A zero vector of the given dimension. O(dimension).
    public init(dimension: Int) {
        values = [Double](repeating: 0, count: dimension)
        indices = []
        registered = [Bool](repeating: false, count: dimension)
    }

    /// Builds a vector from parallel arrays (duplicates are summed). O(dimension + nnz).
    public init(dimension: Int, indices: [Int32], values: [Double]) {
        self.init(dimension: dimension)
        for k in 0..<indices.count { add(indices[k], values[k]) }
    }

    /// The fixed dimension (length of `values`).
    @inlinable public var dimension: Int { values.count }

    /// Number of registered positions (an upper bound on the number of nonzeros).
    @inlinable public var count: Int { indices.count }

    /// Grows (with zeros, amortised O(1) per added slot) or shrinks to `dimension`.
    /// Shrinking first clears registered entries beyond the new dimension.
    public mutating func resize(to dimension: Int) {
        let old = values.count
        if dimension == old + 1 {
            // A border grows by one row at a time (`RevisedCore.appendRow`).
            values.append(0)
            registered.append(false)
        } else if dimension > old {
            let extra = dimension - old
            values.append(contentsOf: repeatElement(0, count: extra))
            registered.append(contentsOf: repeatElement(false, count: extra))
        } else if dimension < old {
            var w = 0
            for k in 0..<indices.count {
                let i = indices[k]
                if Int(i) < dimension { indices[w] = i; w += 1 } else { values[Int(i)] = 0; registered[Int(i)] = false }
            }
            indices.removeLast(indices.count - w)
            values.removeLast(old - dimension)
            registered.removeLast(old - dimension)
        }
    }

    /// Zeroes the registered entries and unregisters them. O(nnz), keeps capacity.
    @inlinable public mutating func clear() {
        for i in indices {
            values[Int(i)] = 0
            registered[Int(i)] = false
        }
        indices.removeAll(keepingCapacity: true)
    }

    /// Whether `i` is registered. O(1).
    @inlinable public func contains(_ i: Int32) -> Bool { registered[Int(i)] }

    /// `values[i]`. O(1).
    @inlinable public subscript(_ i: Int32) -> Double { values[Int(i)] }

    /// `values[i] += v`, registering `i` on first touch. O(1) amortised.
    @inlinable public mutating func add(_ i: Int32, _ v: Double) {
        if !registered[Int(i)] {
            registered[Int(i)] = true
            indices.append(i)
        }
        values[Int(i)] += v
    }

    /// `values[idx[e]] += vals[e] · s` for every e in `range`, registering on first touch: the
    /// update log's scatter, with the arrays' uniqueness checked once per call instead of once
    /// per entry (on the peer chain's dense etas those checks were a tenth of the solves).
    /// O(range) amortised.
    @inlinable @inline(__always)
    public mutating func addScaled(indices idx: UnsafeBufferPointer<Int32>, values vals: UnsafeBufferPointer<Double>,
                                   range: Range<Int>, times s: Double) {
        values.withUnsafeMutableBufferPointer { v in
            registered.withUnsafeMutableBufferPointer { reg in
                for e in range {
                    let i = Int(idx[e])
                    if !reg[i] {
                        reg[i] = true
                        indices.append(idx[e])
                    }
                    v[i] += vals[e] * s
                }
            }
        }
    }

    /// `values[i] = v`, registering `i` on first touch. O(1) amortised.
    @inlinable public mutating func set(_ i: Int32, _ v: Double) {
        if !registered[Int(i)] {
            registered[Int(i)] = true
            indices.append(i)
        }
        values[Int(i)] = v
    }

    /// Re-derives `indices` from `values` after a dense sweep that wrote `values`
    /// directly: registers exactly the nonzero positions (ascending). O(dimension).
    public mutating func rebuildIndices() {
        for i in indices { registered[Int(i)] = false }
        indices.removeAll(keepingCapacity: true)
        var hits = 0
        values.withUnsafeBufferPointer { v in
            registered.withUnsafeMutableBufferPointer { reg in
                for i in 0..<v.count where v[i] != 0 {
                    reg[i] = true
                    hits += 1
                }
            }
        }
        indices.reserveCapacity(hits)
        registered.withUnsafeBufferPointer { reg in
            for i in 0..<reg.count where reg[i] { indices.append(Int32(truncatingIfNeeded: i)) }
        }
    }

    /// Zeroes *all* values and unregisters everything, for use after dense sweeps that may
    /// have written unregistered positions. O(dimension).
    public mutating func clearAll() {
        for i in 0..<values.count { values[i] = 0 }
        for i in indices { registered[Int(i)] = false }
        indices.removeAll(keepingCapacity: true)
    }

    /// Drops registered positions whose value is exactly zero. O(nnz).
    public mutating func dropZeros() {
        var w = 0
        for k in 0..<indices.count {
            let i = indices[k]
            if values[Int(i)] != 0 { indices[w] = i; w += 1 } else { registered[Int(i)] = false }
        }
        indices.removeLast(indices.count - w)
    }
}
