/// Ordered log of basis updates since the last factorization (struct of arrays).
///
/// Update `t` is either
/// - an eta (`isBorder[t] == false`): basis position `position[t]` was replaced by a column
///   `a` with `d = B⁻¹a`; `pivot[t] = d[position]` and entries `t` hold the other nonzeros of
///   `d`. Then `B_new = B_old · E` with `E = I + (d − e_p) e_pᵀ`.
/// - a border (`isBorder[t] == true`): the basis grew from `position[t]` to `position[t] + 1`
///   rows/columns, `B_new = [[B_old, 0], [r, pivot[t]]]`; entries `t` hold `r`.
///
/// Each update also keeps a 64-bit summary of where its entries are (`mask`: bit
/// `(i >> shift) & 63` for every entry index i, so with `shift` fitted to the factored dimension
/// each bit stands for one 64th of the positions). A solve keeps the same summary of the
/// vector's possibly nonzero positions, and a gather whose summary does not meet the vector's
/// is skipped: every term it would add is an exact zero. Each solve walks the whole log, and on
/// the peer grid the gathers of the transposed solve were a quarter of all instructions while
/// the vectors stayed local to a few rows of cells.
struct UpdateLog {
    var isBorder: [Bool] = []
    var position: [Int32] = []
    var pivot: [Double] = []
    var start: [Int32] = [0]
    var entryIndex: [Int32] = []
    var entryValue: [Double] = []
    var mask: [UInt64] = []
    /// Positions per summary bit: 2^shift (set at each factorization).
    var shift = 0
    /// Which updates name each position, for solves that visit only the updates their vector
    /// reaches (SparseLU+ReachedUpdates.swift): per position the newest update pivoting there
    /// and the newest entry naming it, each linked to the one before it (-1 ends a list), and
    /// the update each entry belongs to.
    var pivotHead: [Int32] = []
    var pivotNext: [Int32] = []
    var entryHead: [Int32] = []
    var entryNext: [Int32] = []
    var entryOwner: [Int32] = []

    var count: Int { isBorder.count }

    /// Clears the log; `dimension` (the factored one) fits the summary bits to the positions.
    mutating func removeAll(dimension: Int) {
        isBorder.removeAll(keepingCapacity: true)
        position.removeAll(keepingCapacity: true)
        pivot.removeAll(keepingCapacity: true)
        start.removeAll(keepingCapacity: true)
        start.append(0)
        entryIndex.removeAll(keepingCapacity: true)
        entryValue.removeAll(keepingCapacity: true)
        mask.removeAll(keepingCapacity: true)
        shift = max(0, (Int.bitWidth - max(dimension - 1, 1).leadingZeroBitCount) - 6)
        pivotHead.removeAll(keepingCapacity: true)
        pivotHead.append(contentsOf: repeatElement(-1, count: dimension))
        entryHead.removeAll(keepingCapacity: true)
        entryHead.append(contentsOf: repeatElement(-1, count: dimension))
        pivotNext.removeAll(keepingCapacity: true)
        entryNext.removeAll(keepingCapacity: true)
        entryOwner.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func bit(_ i: Int) -> UInt64 { 1 << UInt64((i >> shift) & 63) }

    mutating func close(border: Bool, position p: Int32, pivot d: Double) {
        var m: UInt64 = 0
        for e in Int(start[start.count - 1])..<entryIndex.count { m |= bit(Int(entryIndex[e])) }
        link(update: Int32(truncatingIfNeeded: count), position: p, entriesFrom: Int(start[start.count - 1]))
        mask.append(m)
        isBorder.append(border)
        position.append(p)
        pivot.append(d)
        start.append(Int32(truncatingIfNeeded: entryIndex.count))
    }

    /// Puts update `t` at the head of its pivot position's list and each of its entries at the
    /// head of its index's list.
    mutating func link(update t: Int32, position p: Int32, entriesFrom lo: Int) {
        growHeads(to: Int(p) + 1)
        pivotNext.append(pivotHead[Int(p)])
        pivotHead[Int(p)] = t
        for e in lo..<entryIndex.count {
            let i = Int(entryIndex[e])
            growHeads(to: i + 1)
            entryNext.append(entryHead[i])
            entryHead[i] = Int32(truncatingIfNeeded: e)
            entryOwner.append(t)
        }
    }

    @inline(__always)
    mutating func growHeads(to n: Int) {
        guard pivotHead.count < n else { return }
        if n == pivotHead.count + 1 {
            // A border adds one position at a time: the general append cost ~200 instructions.
            pivotHead.append(-1)
            entryHead.append(-1)
            return
        }
        pivotHead.append(contentsOf: repeatElement(-1, count: n - pivotHead.count))
        entryHead.append(contentsOf: repeatElement(-1, count: n - entryHead.count))
    }

    /// The log's arrays as buffer pointers, for the solves' loops over every update (bounds
    /// checks there cost as much as the arithmetic on a flat layout's one-entry etas).
    struct Buffers {
        let count: Int
        let isBorder: UnsafeBufferPointer<Bool>
        let position: UnsafeBufferPointer<Int32>
        let pivot: UnsafeBufferPointer<Double>
        let start: UnsafeBufferPointer<Int32>
        let entryIndex: UnsafeBufferPointer<Int32>
        let entryValue: UnsafeBufferPointer<Double>
        let mask: UnsafeBufferPointer<UInt64>
        let shift: Int

        @inline(__always)
        func bit(_ i: Int) -> UInt64 { 1 << UInt64((i >> shift) & 63) }
    }

    func withBuffers(_ body: (Buffers) -> Void) {
        isBorder.withUnsafeBufferPointer { isBorder in
            position.withUnsafeBufferPointer { position in
                pivot.withUnsafeBufferPointer { pivot in
                    start.withUnsafeBufferPointer { start in
                        entryIndex.withUnsafeBufferPointer { entryIndex in
                            entryValue.withUnsafeBufferPointer { entryValue in
                                mask.withUnsafeBufferPointer { mask in
                                    body(Buffers(count: count, isBorder: isBorder, position: position, pivot: pivot,
                                                 start: start, entryIndex: entryIndex, entryValue: entryValue, mask: mask, shift: shift))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The summary of `x`'s registered positions (all bits once there are many).
    func summary(of x: SparseVector) -> UInt64 {
        if x.indices.count >= 256 { return ~0 }
        var m: UInt64 = 0
        for i in x.indices { m |= bit(Int(i)) }
        return m
    }
}

/// Update scheme: product form of the inverse (PFI) for column replacement, plus row borders,
/// kept in one ordered log.
///
/// Why PFI rather than Forrest–Tomlin: an eta costs O(nnz(B⁻¹a)) to record, needs no change to
/// the four (row- and column-wise) copies of L and U that the hypersparse solves rely on, and
/// composes trivially with row bordering (both are "apply in order" transformations on the
/// position space). Forrest–Tomlin would keep the update file sparser, but it must permute and
/// edit U in place in both orientations, which is what makes it fragile; the caller's
/// refactorization policy (`updateCount`, `updateNonzeros` versus `factorNonzeros`) bounds the
/// PFI growth instead.
extension SparseLU {
    /// Replaces basis column `position` by a column `a`, given `transformed = B⁻¹a` computed with
    /// the current basis (dimension `dimension`). Returns false and changes nothing when
    /// `transformed[position] == 0` or
    /// `|transformed[position]| <= updatePivotTolerance * max_i |transformed[i]|`
    /// (the new basis would be singular or badly conditioned; the caller should refactor).
    /// O(nnz(transformed)); no allocation once the log has capacity.
    public mutating func replaceColumn(at position: Int32, transformed d: SparseVector) -> Bool {
        precondition(d.dimension == currentDimension, "SparseLU.replaceColumn: dimension mismatch")
        precondition(position >= 0 && Int(position) < currentDimension, "SparseLU.replaceColumn: position out of range")
        let dp = d.values[Int(position)]
        if dp == 0 { return false }
        var maxAbs = 0.0
        for i in d.indices { maxAbs = max(maxAbs, abs(d.values[Int(i)])) }
        if abs(dp) <= updatePivotTolerance * maxAbs { return false }
        for i in d.indices where i != position {
            let v = d.values[Int(i)]
            if v != 0 {
                updates.entryIndex.append(i)
                updates.entryValue.append(v)
            }
        }
        updates.close(border: false, position: position, pivot: dp)
        return true
    }

    /// Negates basis column `position` (the basic variable there gave way to its exact negative,
    /// as a soft equality's two errors are): an eta with no entries and pivot −1. O(1).
    public mutating func negateColumn(at position: Int32) {
        precondition(position >= 0 && Int(position) < currentDimension, "SparseLU.negateColumn: position out of range")
        updates.close(border: false, position: position, pivot: -1)
    }

    /// Grows the basis by one row and column: `B' = [[B, 0], [r, diagonal]]`, where `r` (dimension
    /// `dimension`) is the new row over the existing basis positions and the new basic variable is
    /// the new row's own slack (column `diagonal · e_new`). Recorded in the update log:
    /// FTRAN then sets `x_new = (b_new − r·x_old) / d`, BTRAN first sets `y_new = c_new / d` and
    /// continues with `c_old − y_new · r`. O(nnz(r)), no refactorization; afterwards every vector
    /// passed in must have dimension `dimension` (one more than before).
    public mutating func appendRow(_ r: SparseVector, diagonal: Double) {
        precondition(r.dimension == currentDimension, "SparseLU.appendRow: dimension mismatch")
        appendRow(indices: r.indices, values: r.values, denseValues: true, diagonal: diagonal)
    }

    /// As `appendRow(_:diagonal:)` with the row given as parallel arrays (`indices[k]`, `values[k]`;
    /// indices distinct and `< dimension`). O(nnz(r)).
    public mutating func appendRow(indices: [Int32], values: [Double], diagonal: Double) {
        precondition(indices.count == values.count, "SparseLU.appendRow: length mismatch")
        appendRow(indices: indices, values: values, denseValues: false, diagonal: diagonal)
    }

    private mutating func appendRow(indices: [Int32], values: [Double], denseValues: Bool, diagonal: Double) {
        precondition(diagonal != 0 && diagonal.isFinite, "SparseLU.appendRow: diagonal must be nonzero")
        for k in 0..<indices.count {
            let j = indices[k]
            precondition(j >= 0 && Int(j) < currentDimension, "SparseLU.appendRow: index out of range")
            let v = denseValues ? values[Int(j)] : values[k]
            if v != 0 {
                updates.entryIndex.append(j)
                updates.entryValue.append(v)
            }
        }
        updates.close(border: true, position: Int32(truncatingIfNeeded: currentDimension), pivot: diagonal)
        currentDimension += 1
    }

    /// Applies the update log in order to `x = B₀⁻¹ b` (position space). See `solve`. A vector
    /// much sparser than the log visits only the updates it reaches (`applyReachedUpdatesForward`).
    mutating func applyUpdatesForward(_ x: inout SparseVector) {
        if updates.count >= reachedUpdatesMinimum, x.indices.count * 16 < updates.count {
            applyReachedUpdatesForward(&x)
            return
        }
        lastUpdateWork = updateNonzeros + updateCount
        updates.withBuffers { log in
            var present = updates.summary(of: x)
            for t in 0..<log.count { Self.forwardStep(t, log, &x, &present) }
        }
    }

    /// Update `t` of the log applied to `x` going forward; `present` summarises the positions
    /// `x` may hold nonzeros at.
    @inline(__always)
    static func forwardStep(_ t: Int, _ log: UpdateLog.Buffers, _ x: inout SparseVector, _ present: inout UInt64) {
        let p = Int(log.position[t])
        let lo = Int(log.start[t]), hi = Int(log.start[t + 1])
        if log.isBorder[t] {
            var s = x.values[p]
            if log.mask[t] & present != 0 {
                for e in lo..<hi { s -= log.entryValue[e] * x.values[Int(log.entryIndex[e])] }
            }
            s /= log.pivot[t]
            if s != 0 || x.contains(Int32(p)) {
                x.set(Int32(p), s)
                present |= log.bit(p)
            }
        } else {
            var v = x.values[p]
            if v == 0 { return }
            v /= log.pivot[t]
            x.values[p] = v
            x.addScaled(indices: log.entryIndex, values: log.entryValue, range: lo..<hi, times: -v)
            present |= log.mask[t]
        }
    }

    /// Applies the transposed update log in reverse order (position space). See
    /// `solveTransposed`. A vector much sparser than the log visits only the updates it reaches.
    mutating func applyUpdatesBackward(_ y: inout SparseVector) {
        if updates.count >= reachedUpdatesMinimum, y.indices.count * 16 < updates.count {
            applyReachedUpdatesBackward(&y)
            return
        }
        lastUpdateWork = updateNonzeros + updateCount
        updates.withBuffers { log in
            var present = updates.summary(of: y)
            var t = log.count - 1
            while t >= 0 {
                Self.backwardStep(t, log, &y, &present)
                t -= 1
            }
        }
    }

    /// Update `t` of the log applied to `y` going backward (transposed).
    @inline(__always)
    static func backwardStep(_ t: Int, _ log: UpdateLog.Buffers, _ y: inout SparseVector, _ present: inout UInt64) {
        let p = Int(log.position[t])
        let lo = Int(log.start[t]), hi = Int(log.start[t + 1])
        if log.isBorder[t] {
            var v = y.values[p]
            if v != 0 {
                v /= log.pivot[t]
                y.values[p] = v
                y.addScaled(indices: log.entryIndex, values: log.entryValue, range: lo..<hi, times: -v)
                present |= log.mask[t]
            }
        } else {
            // Eᵀ z = c: z_p = (c_p − Σ_{i≠p} d_i c_i) / d_p, other entries unchanged.
            var s = y.values[p]
            if log.mask[t] & present != 0 {
                for e in lo..<hi { s -= log.entryValue[e] * y.values[Int(log.entryIndex[e])] }
            }
            s /= log.pivot[t]
            if s != 0 || y.contains(Int32(p)) {
                y.set(Int32(p), s)
                present |= log.bit(p)
            }
        }
    }
}
