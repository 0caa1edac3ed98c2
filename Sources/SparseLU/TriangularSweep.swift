/// Reusable scratch for the triangular solves. Sized by `prepare(baseDimension:)` at factor
/// time; after that a solve performs no allocation (all buffers keep their capacity).
struct SolveWorkspace {
    /// DFS marks over base nodes; all false between calls.
    var visited: [Bool] = []
    /// DFS stack of nodes and, per entry, the next edge to explore.
    var stack: [Int32] = []
    var stackEdge: [Int32] = []
    /// DFS postorder (reverse = topological order of the reach).
    var order: [Int32] = []
    /// Target of the row↔column permutation between the L and U phases.
    var permuted = SparseVector(dimension: 0)

    mutating func prepare(baseDimension m: Int) {
        visited = [Bool](repeating: false, count: m)
        stack.removeAll(keepingCapacity: true)
        stack.reserveCapacity(m)
        stackEdge.removeAll(keepingCapacity: true)
        stackEdge.reserveCapacity(m)
        order.removeAll(keepingCapacity: true)
        order.reserveCapacity(m)
        permuted.clear()
        if permuted.dimension < m { permuted.resize(to: m) }
    }

    /// Gilbert–Peierls reach: the set of base nodes reachable from the registered base
    /// positions of `seeds` in the graph `node → lines.index[line nodeStep[node]]`, left in
    /// `order` in DFS postorder (so reverse postorder is a topological order: every node
    /// precedes the nodes it updates). Returns false, leaving no marks behind, as soon as
    /// more than `limit` nodes are reached — the caller then sweeps densely.
    /// O(nodes reached + their edges), iterative (no recursion depth issue).
    mutating func reach(seeds: [Int32], lines: CompressedLines, nodeStep: [Int32], baseDimension m: Int, limit: Int) -> Bool {
        order.removeAll(keepingCapacity: true)
        var visitedCount = 0
        for seed in seeds {
            if Int(seed) >= m || visited[Int(seed)] { continue }
            visited[Int(seed)] = true
            visitedCount += 1
            stack.append(seed)
            stackEdge.append(lines.start[Int(nodeStep[Int(seed)])])
            while let node = stack.last {
                let top = stack.count - 1
                var e = Int(stackEdge[top])
                let end = Int(lines.start[Int(nodeStep[Int(node)]) + 1])
                var pushed = false
                while e < end {
                    let w = lines.index[e]
                    e += 1
                    if !visited[Int(w)] {
                        stackEdge[top] = Int32(truncatingIfNeeded: e)
                        visited[Int(w)] = true
                        visitedCount += 1
                        stack.append(w)
                        stackEdge.append(lines.start[Int(nodeStep[Int(w)])])
                        pushed = true
                        break
                    }
                }
                if !pushed {
                    stack.removeLast()
                    stackEdge.removeLast()
                    order.append(node)
                }
                if visitedCount > limit {
                    for n in order { visited[Int(n)] = false }
                    for n in stack { visited[Int(n)] = false }
                    order.removeAll(keepingCapacity: true)
                    stack.removeAll(keepingCapacity: true)
                    stackEdge.removeAll(keepingCapacity: true)
                    return false
                }
            }
        }
        return true
    }
}

extension SparseLU {
    /// Applies one triangular factor in place to the base part (positions `< baseDimension`)
    /// of `x`. For each node `v` in dependency order (steps ascending if `ascending`), with
    /// `s = nodeStep[v]`: `t = x[v]` (divided by `pivot[s]` and stored back if `divide`),
    /// then `x[w] -= value * t` for every entry `(w, value)` of `lines` line `s`.
    ///
    /// Hypersparse path when `x` is sparse: DFS reach, then work proportional to the reached
    /// nodes and their entries (every reached node is registered in `x`, even if it ends at 0).
    /// Dense path (sweep all m steps, O(m + nnz(factor))) when `denseInput` is set or the input
    /// or the reach exceeds `denseLimit` — at that point the sweep is cheaper than the DFS
    /// bookkeeping. Returns true when it swept densely: then the registration of base positions
    /// is stale (values are right, `indices` may miss base positions) and the caller must
    /// either continue densely, `permute(dense: true)`, or `rebuildIndices()`.
    static func sweep(
        _ x: inout SparseVector, _ ws: inout SolveWorkspace, lines: CompressedLines,
        nodeStep: [Int32], stepNode: [Int32], pivot: [Double], divide: Bool, ascending: Bool,
        baseDimension m: Int, denseLimit: Int, denseInput: Bool
    ) -> Bool {
        if !denseInput && x.count <= denseLimit
            && ws.reach(seeds: x.indices, lines: lines, nodeStep: nodeStep, baseDimension: m, limit: denseLimit)
        {
            for node in ws.order {
                ws.visited[Int(node)] = false
                if !x.registered[Int(node)] {
                    x.registered[Int(node)] = true
                    x.indices.append(node)
                }
            }
            x.values.withUnsafeMutableBufferPointer { v in
                lines.start.withUnsafeBufferPointer { start in
                lines.index.withUnsafeBufferPointer { index in
                lines.value.withUnsafeBufferPointer { value in
                nodeStep.withUnsafeBufferPointer { step in
                pivot.withUnsafeBufferPointer { piv in
                ws.order.withUnsafeBufferPointer { order in
                    var k = order.count - 1
                    while k >= 0 {
                        let node = Int(order[k])
                        k -= 1
                        var t = v[node]
                        if t == 0 { continue }
                        let s = Int(step[node])
                        if divide {
                            t /= piv[s]
                            v[node] = t
                        }
                        for e in Int(start[s])..<Int(start[s + 1]) { v[Int(index[e])] -= value[e] * t }
                    }
                }}}}}}
            }
            return false
        }
        x.values.withUnsafeMutableBufferPointer { v in
            lines.start.withUnsafeBufferPointer { start in
            lines.index.withUnsafeBufferPointer { index in
            lines.value.withUnsafeBufferPointer { value in
            stepNode.withUnsafeBufferPointer { nodeOf in
            pivot.withUnsafeBufferPointer { piv in
                var s = ascending ? 0 : m - 1
                let stop = ascending ? m : -1
                let delta = ascending ? 1 : -1
                while s != stop {
                    let node = Int(nodeOf[s])
                    var t = v[node]
                    if t != 0 {
                        if divide {
                            t /= piv[s]
                            v[node] = t
                        }
                        for e in Int(start[s])..<Int(start[s + 1]) { v[Int(index[e])] -= value[e] * t }
                    }
                    s += delta
                }
            }}}}}
        }
        return true
    }

    /// Moves every base entry `x[v]` (v < m) to position `stepTarget[nodeStep[v]]`; entries at
    /// positions `>= m` (appended rows) stay put. O(nnz(x)) when `dense` is false; O(m + nnz)
    /// when `dense` (registration of base positions stale after a dense sweep). Swaps buffers
    /// with the workspace instead of allocating; the result's registration is exact.
    static func permute(_ x: inout SparseVector, _ ws: inout SolveWorkspace, nodeStep: [Int32], stepTarget: [Int32],
                        baseDimension m: Int, dense: Bool) {
        if ws.permuted.dimension != x.dimension {
            ws.permuted.clear()
            ws.permuted.resize(to: x.dimension)
        }
        if dense {
            for i in x.indices where Int(i) >= m && x.values[Int(i)] != 0 { ws.permuted.set(i, x.values[Int(i)]) }
            // Pass 1 (pointer loop): move values, mark targets. Pass 2: list targets ascending.
            var hits = 0
            x.values.withUnsafeMutableBufferPointer { xv in
            ws.permuted.values.withUnsafeMutableBufferPointer { pv in
            ws.permuted.registered.withUnsafeMutableBufferPointer { pr in
            nodeStep.withUnsafeBufferPointer { step in
            stepTarget.withUnsafeBufferPointer { target in
                for i in 0..<m {
                    let v = xv[i]
                    if v != 0 {
                        let t = Int(target[Int(step[i])])
                        pv[t] = v
                        pr[t] = true
                        xv[i] = 0
                        hits += 1
                    }
                }
            }}}}}
            ws.permuted.indices.reserveCapacity(ws.permuted.indices.count + hits)
            ws.permuted.registered.withUnsafeBufferPointer { pr in
                for t in 0..<m where pr[t] { ws.permuted.indices.append(Int32(truncatingIfNeeded: t)) }
            }
        } else {
            for i in x.indices {
                let v = x.values[Int(i)]
                if v == 0 { continue }
                let target = Int(i) < m ? stepTarget[Int(nodeStep[Int(i)])] : i
                ws.permuted.set(target, v)
            }
        }
        x.clear()
        swap(&x, &ws.permuted)
    }
}
