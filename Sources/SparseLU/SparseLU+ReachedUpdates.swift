/// Solves that visit only the updates their vector reaches.
///
/// Each solve applies the update log in order, and the plain walk looks at every update: O(1)
/// for one that meets none of the vector's positions, but still one look per update, and the
/// log grows to about √(128 · factor nonzeros) updates between factorizations. A rotation of the
/// peer layouts under cassowary-revised is one local dual pivot per view, each two solves of a
/// few nonzeros, so the walks made it grow as N^1.5 (a third of the flat workload's time at
/// 10 000 views). An update changes the vector only when the vector holds a position it names:
/// going forward, an eta whose pivot position is registered, a border whose position or one of
/// whose entries is; going backward, a border whose position is registered, an eta whose
/// position or one of whose entries is. The log keeps, per position, the updates pivoting
/// there and the entries naming it (`UpdateLog.link`), so a solve starts from the vector's
/// registered positions, queues the updates they reach in a heap (in log order), applies them
/// with the same steps as the plain walk, and queues what each newly registered position reaches.
/// Every update it skips would have left the vector as it was, so the result is the plain walk's,
/// bit for bit; the cost is the updates reached (times log of the heap) and their lists.
struct UpdateTraversal {
    /// Per update: the solve that queued it last (`stamp`).
    var queued: [UInt32] = []
    var stamp: UInt32 = 0
    var heap: [Int32] = []

    mutating func begin(count: Int) {
        if queued.count < count { queued.append(contentsOf: repeatElement(0, count: count - queued.count)) }
        stamp &+= 1
        if stamp == 0 {
            for k in queued.indices { queued[k] = 0 }
            stamp = 1
        }
        heap.removeAll(keepingCapacity: true)
    }

    /// Queues update `t` once per solve, ordered by `key` (smallest first).
    @inline(__always)
    mutating func queue(_ t: Int32, key: Int32) {
        guard queued[Int(t)] != stamp else { return }
        queued[Int(t)] = stamp
        heap.heapPush(key)
    }
}

extension UpdateLog {
    /// The per-position lists as buffer pointers.
    struct Links {
        let pivotHead: UnsafeBufferPointer<Int32>
        let pivotNext: UnsafeBufferPointer<Int32>
        let entryHead: UnsafeBufferPointer<Int32>
        let entryNext: UnsafeBufferPointer<Int32>
        let entryOwner: UnsafeBufferPointer<Int32>
    }

    func withLinks(_ body: (Links) -> Void) {
        pivotHead.withUnsafeBufferPointer { pivotHead in
            pivotNext.withUnsafeBufferPointer { pivotNext in
                entryHead.withUnsafeBufferPointer { entryHead in
                    entryNext.withUnsafeBufferPointer { entryNext in
                        entryOwner.withUnsafeBufferPointer { entryOwner in
                            body(Links(pivotHead: pivotHead, pivotNext: pivotNext, entryHead: entryHead,
                                       entryNext: entryNext, entryOwner: entryOwner))
                        }
                    }
                }
            }
        }
    }
}

extension SparseLU {
    /// Queues the updates after `t0` that registered position `i` reaches going forward.
    /// (A static function with the traversal passed in, not a nested one capturing it: captured
    /// and mutated, the traversal and the work count were checked for exclusive access at run
    /// time on every call, 3% of the peer grid's build.)
    @inline(__always)
    static func reachForward(_ i: Int32, after t0: Int32, _ log: UpdateLog.Buffers, _ links: UpdateLog.Links,
                             _ tr: inout UpdateTraversal, _ work: inout Int) {
        var u = links.pivotHead[Int(i)]
        while u > t0 {
            work += 1
            tr.queue(u, key: u)
            u = links.pivotNext[Int(u)]
        }
        var e = links.entryHead[Int(i)]
        while e >= 0 {
            let owner = links.entryOwner[Int(e)]
            if owner <= t0 { break }
            work += 1
            if log.isBorder[Int(owner)] { tr.queue(owner, key: owner) }
            e = links.entryNext[Int(e)]
        }
    }

    /// Queues the updates before `t0` that registered position `i` reaches going backward
    /// (keyed by ~t: the newest first).
    @inline(__always)
    static func reachBackward(_ i: Int32, before t0: Int32, _ log: UpdateLog.Buffers, _ links: UpdateLog.Links,
                              _ tr: inout UpdateTraversal, _ work: inout Int) {
        var u = links.pivotHead[Int(i)]
        while u >= 0 {
            work += 1
            if u < t0 { tr.queue(u, key: ~u) }
            u = links.pivotNext[Int(u)]
        }
        var e = links.entryHead[Int(i)]
        while e >= 0 {
            let owner = links.entryOwner[Int(e)]
            work += 1
            if owner < t0, !log.isBorder[Int(owner)] { tr.queue(owner, key: ~owner) }
            e = links.entryNext[Int(e)]
        }
    }

    /// `applyUpdatesForward` visiting only the updates `x` reaches (same result, bit for bit).
    mutating func applyReachedUpdatesForward(_ x: inout SparseVector) {
        var tr = traversal
        traversal = UpdateTraversal()
        tr.begin(count: updates.count)
        var work = 0
        updates.withBuffers { log in
            updates.withLinks { links in
                var present = updates.summary(of: x)
                for k in 0..<x.indices.count { Self.reachForward(x.indices[k], after: -1, log, links, &tr, &work) }
                while let t = tr.heap.heapPop() {
                    work += 1 + Int(log.start[Int(t) + 1] - log.start[Int(t)])
                    var k = x.indices.count
                    Self.forwardStep(Int(t), log, &x, &present)
                    while k < x.indices.count {
                        Self.reachForward(x.indices[k], after: t, log, links, &tr, &work)
                        k += 1
                    }
                }
            }
        }
        traversal = tr
        lastUpdateWork = work
    }

    /// `applyUpdatesBackward` visiting only the updates `y` reaches (same result, bit for bit).
    mutating func applyReachedUpdatesBackward(_ y: inout SparseVector) {
        var tr = traversal
        traversal = UpdateTraversal()
        tr.begin(count: updates.count)
        var work = 0
        updates.withBuffers { log in
            updates.withLinks { links in
                var present = updates.summary(of: y)
                let end = Int32(truncatingIfNeeded: log.count)
                for k in 0..<y.indices.count { Self.reachBackward(y.indices[k], before: end, log, links, &tr, &work) }
                while let key = tr.heap.heapPop() {
                    let t = ~key
                    work += 1 + Int(log.start[Int(t) + 1] - log.start[Int(t)])
                    var k = y.indices.count
                    Self.backwardStep(Int(t), log, &y, &present)
                    while k < y.indices.count {
                        Self.reachBackward(y.indices[k], before: t, log, links, &tr, &work)
                        k += 1
                    }
                }
            }
        }
        traversal = tr
        lastUpdateWork = work
    }
}
