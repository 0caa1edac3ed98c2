/// The objective, one row per level, kept dense (a coefficient per symbol id).
///
/// Lexicographic mode has one level per distinct non-required priority, highest first; any error
/// at a higher level outweighs any error below it (docs/architecture.md, "Semantics"). Weighted mode (Kiwi's
/// folding of strengths into one double) has a single level whose coefficients are weights.
///
/// Dense rows make substituting a pivot row into the objective O(row length) instead of
/// O(objective length): on the peer workloads the objective holds every error symbol, so a sparse
/// objective would make each add O(N) and a build O(N²). Candidates for entering the basis are
/// found through a min-heap per level of symbols whose coefficient went negative, so the entering
/// rule is Bland's (lowest id) without scanning the objective.
struct ObjectiveLevels {
    /// Level keys, strictly decreasing. In weighted mode the single key is 1000.
    var priorities: [Float] = []
    var coefs: [[Double]] = []
    var constants: [Double] = []
    /// Constraints (edit variables included) whose errors are costed at each level.
    var refCounts: [Int] = []
    /// Per level: the largest coefficient magnitude ever written there. Cancellation residue is
    /// judged against it, not just against the two operands: a weighted level holds weights up to
    /// 1e6, whose rounding leaves residue near 1e-10 that must not read as a real coefficient.
    /// Residue is within `residue` of the scale.
    var scales: [Double] = []

    /// Relative to a level's scale, the largest coefficient that is rounding residue and snaps
    /// to 0. At 1e-11 it zeroed a real -5e-8 on a level of scale 5000 and stopped the simplex at
    /// a non-optimal error (libFuzzer; Regressions/small-objective-coefficient-beside-a-dummy).
    /// At 1e-14 the factored engine's residue outlived it: its rows carry definitions through
    /// several substitutions (coefficients 3e-14 off), and a slack left at 3.2e-14 on a level of
    /// scale 2.75 blocked the level below from it, so removing and adding back a constraint
    /// ended at 4 where the optimum is 3.909
    /// (`FactoredEngineTests.removingAndReAddingTheSixthOfEightKeepsTheObjective`), and a
    /// -1.9e-14 hid a direction of the optimal face from the ambiguity check
    /// (`FactoredEngineTests.factoredAmbiguityThroughTwoCostedEqualities`). 1e-12 is a tenth of
    /// the smallest real relative coefficient seen and a hundred times the residue seen.
    static let residue = 1e-12
    /// Per level: min-heap of candidate symbols keyed by pivoting order (`Tableau.order`), which
    /// may have a negative coefficient (stale entries allowed, checked when popped).
    var heaps: [[Int64]] = []
    /// Symbols the dense rows are sized for.
    var width = 0
    /// False while the heaps are not read and will be cleared (the dual simplex): `add` then
    /// writes coefficients only.
    var collecting = true

    var count: Int { priorities.count }

    /// The level for `key`, creating it (sized to `width`) when absent. O(levels).
    mutating func level(for key: Float) -> Int {
        var i = 0
        while i < priorities.count, priorities[i] > key { i += 1 }
        if i < priorities.count, priorities[i] == key { return i }
        priorities.insert(key, at: i)
        coefs.insert([Double](repeating: 0, count: width), at: i)
        constants.insert(0, at: i)
        refCounts.insert(0, at: i)
        scales.insert(0, at: i)
        heaps.insert([], at: i)
        return i
    }

    func existingLevel(for key: Float) -> Int? {
        priorities.firstIndex(of: key)
    }

    mutating func removeLevel(_ i: Int) {
        priorities.remove(at: i)
        coefs.remove(at: i)
        constants.remove(at: i)
        refCounts.remove(at: i)
        scales.remove(at: i)
        heaps.remove(at: i)
    }

    /// Makes room for symbols below `n`, doubling so that creating symbols one by one costs O(1)
    /// amortised per level.
    mutating func grow(to n: Int) {
        guard n > width else { return }
        let target = max(n, 2 * width, 64)
        for i in coefs.indices { coefs[i].append(contentsOf: repeatElement(0, count: target - width)) }
        width = target
    }

    /// Adds `delta` to the coefficient of `s` at level `l`, keeping the candidate heaps complete:
    /// a coefficient that is negative afterwards is pushed; one that drops to zero unblocks `s` at
    /// the levels below it, so it is pushed where it is negative there.
    /// Returns the previous value (for the rollback journal).
    @inline(__always)
    mutating func add(_ l: Int, _ s: Int32, _ delta: Double, order: Int64) -> Double {
        let old = coefs[l][Int(s)]
        let v = Self.sum(old, delta, scale: &scales[l])
        coefs[l][Int(s)] = v
        if collecting { noteWrite(l, Int(s), old: old, new: v, order: order) }
        return old
    }

    /// `old + delta`, `residue` of the level's running scale snapped to 0.
    @inline(__always)
    static func sum(_ old: Double, _ delta: Double, scale: inout Double) -> Double {
        scale = max(scale, abs(old), abs(delta))
        let v = old + delta
        return abs(v) <= scale * residue ? 0 : v
    }

    /// Keeps the candidate heaps complete after a write at level `l`: a coefficient that is
    /// negative afterwards is pushed; one that drops to zero unblocks `s` at the levels below it,
    /// so it is pushed where it is negative there.
    @inline(__always)
    mutating func noteWrite(_ l: Int, _ s: Int, old: Double, new v: Double, order: Int64) {
        if v < 0 {
            push(l, order)
        } else if v == 0, old != 0 {
            var below = l + 1
            while below < coefs.count {
                if coefs[below][s] < 0 { push(below, order) }
                below += 1
            }
        }
    }

    /// `add(l, s, c·a, …)` for every term `a·s` of `row`, in the row's order, with the same
    /// results term by term: one pass over the level's dense row, the scale kept in a register
    /// (a substitution into the objective was 90 instructions a term through `add`). With
    /// `record`, each term's old value is appended to `writes` (the rollback journal).
    mutating func addScaled(
        _ l: Int, _ row: Row, by c: Double, hubs: [Bool], writes: inout [(level: Int, symbol: Int32, old: Double)], record: Bool
    ) {
        var dense: [Double] = []
        swap(&dense, &coefs[l])
        var scale = scales[l]
        dense.withUnsafeMutableBufferPointer { d in
            row.syms.withUnsafeBufferPointer { syms in
                row.coefs.withUnsafeBufferPointer { a in
                    for k in 0..<syms.count {
                        let s = Int(syms[k])
                        let old = d[s]
                        let v = Self.sum(old, c * a[k], scale: &scale)
                        d[s] = v
                        if record { writes.append((l, Int32(s), old)) }
                        if collecting { noteWrite(l, s, old: old, new: v, order: Tableau.order(Int32(s), hub: hubs[s])) }
                    }
                }
            }
        }
        swap(&dense, &coefs[l])
        scales[l] = scale
    }

    mutating func push(_ l: Int, _ s: Int64) {
        heaps[l].append(s)
        var i = heaps[l].count - 1
        while i > 0 {
            let p = (i - 1) >> 1
            if heaps[l][p] <= heaps[l][i] { break }
            heaps[l].swapAt(p, i)
            i = p
        }
    }

    /// The candidate first in pivoting order; its symbol is the low 32 bits.
    mutating func popMin(_ l: Int) -> Int32? {
        guard !heaps[l].isEmpty else { return nil }
        let top = heaps[l][0]
        let last = heaps[l].removeLast()
        if !heaps[l].isEmpty {
            heaps[l][0] = last
            var i = 0
            let n = heaps[l].count
            while true {
                let a = 2 * i + 1
                let b = a + 1
                var m = i
                if a < n, heaps[l][a] < heaps[l][m] { m = a }
                if b < n, heaps[l][b] < heaps[l][m] { m = b }
                if m == i { break }
                heaps[l].swapAt(i, m)
                i = m
            }
        }
        return Int32(truncatingIfNeeded: top & 0xFFFF_FFFF)
    }

    /// True when `s` has a zero coefficient at every level above `l`.
    func isFreeAbove(_ l: Int, _ s: Int32) -> Bool {
        var h = 0
        while h < l {
            if coefs[h][Int(s)] != 0 { return false }
            h += 1
        }
        return true
    }

    mutating func clearHeaps() {
        for i in heaps.indices { heaps[i].removeAll(keepingCapacity: true) }
    }

    /// Non-zero objective cells (for the counters). O(levels × symbols).
    var cellCount: Int {
        coefs.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 != 0 ? 1 : 0) } }
    }
}
