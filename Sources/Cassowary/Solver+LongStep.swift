/// The primal simplex's long step: one pivot past several breakpoints of a level's objective.
///
/// Raising a parametric symbol `e` at level `l` lowers the level's objective at rate `d_e`, the
/// symbol's reduced cost, until a restricted row's basic symbol reaches 0: the ordinary ratio
/// test stops there and pivots. When that basic symbol `b` can be replaced by a partner `p` of
/// its own row (restricted, free at the levels above, in no other restricted row, with a
/// positive coefficient), `e` can go on rising with `p` taking up the slack, and the objective's
/// rate changes by `d_p · (-a_be / a_bp)`. While the rate stays negative the breakpoint is passed:
/// one pivot on the last breakpoint's row, then a cheap pivot of each passed row onto its partner
/// (its column holds that row only, so nothing else moves). A label width that must be at least
/// each of 480 labels' intrinsic widths at one priority went up label by label, one pivot through
/// every row that named it per label (form of 960 views: 256 such pivots, each through 958 rows);
/// it now goes to the widest label in one.
///
/// Only steps that move `e` by a positive amount are lengthened, so each strictly lowers the
/// level's objective and the degenerate pivots stay under Bland's rule.
extension CassowaryCore {
    /// A breakpoint of the ray along which the entering symbol rises: the row whose basic symbol
    /// reaches 0 there, and (once passed) the partner that takes its place.
    struct Breakpoint {
        var row: Int32
        var basic: Int32
        var ratio: Double
        /// The coefficient of the entering symbol in the row (negative).
        var coefficient: Double
        var partner: Int32
    }

    /// The row the step ends on; the rows it passes are left in `passedBreakpoints`. `first` is
    /// the ordinary ratio test's row (the smallest ratio, then the lowest basic symbol), where
    /// the step ends when it cannot go further.
    mutating func longStepRow(for e: Int32, level l: Int, first: Int32) -> Int32 {
        passedBreakpoints.removeAll(keepingCapacity: true)
        // The usual case, read from the first row alone: it cannot be passed.
        let c0 = tableau.rows[Int(first)].coefficient(of: e)
        let (p0, change0) = partner(of: first, entering: e, coefficient: c0, level: l)
        guard p0 >= 0, levels.coefs[l][Int(e)] + change0 < 0 else { return first }
        breakpoints.removeAll(keepingCapacity: true)
        for r in tableau.columnScratch {
            let b = tableau.rowBasic[Int(r)]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted else { continue }
            let c = tableau.rows[Int(r)].coefficient(of: e)
            guard c < -Self.pivotTolerance else { continue }
            let ratio = max(0, tableau.rows[Int(r)].constant) / -c
            breakpoints.append(Breakpoint(row: r, basic: b, ratio: ratio, coefficient: c, partner: -1))
        }
        guard breakpoints.count > 1 else { return first }
        heapifyBreakpoints()
        var rate = levels.coefs[l][Int(e)]
        let stopBelow = -abs(rate) * 1e-9
        // Breakpoints at one ratio are passed together or not at all: the step ends strictly
        // after every passed one, so each passed row is infeasible after the pivot and its
        // partner takes a positive value, and the objective falls strictly (no cycling).
        while let head = breakpoints.first {
            let group = passedBreakpoints.count
            var groupRate = rate
            var passable = true
            while let point = breakpoints.first, point.ratio == head.ratio {
                _ = popBreakpoint()
                var passed = point
                let (p, change) = partner(of: point.row, entering: e, coefficient: point.coefficient, level: l)
                passed.partner = p
                passedBreakpoints.append(passed)
                if p < 0 { passable = false }
                groupRate += change
            }
            guard passable, groupRate < stopBelow, !breakpoints.isEmpty else {
                passedBreakpoints.removeLast(passedBreakpoints.count - group)
                return group == 0 ? first : head.row
            }
            rate = groupRate
        }
        return first
    }

    /// A symbol of row `r` that can take its basic symbol's place past the breakpoint, and the
    /// change of the level's rate when it does; (-1, 0) when none can.
    func partner(of r: Int32, entering e: Int32, coefficient c: Double, level l: Int) -> (Int32, Double) {
        let row = tableau.rows[Int(r)]
        var best: Int32 = -1
        var bestChange = Double.infinity
        for k in 0..<row.syms.count {
            let p = row.syms[k]
            let a = row.coefs[k]
            guard p != e, a > Self.pivotTolerance, tableau.kinds[Int(p)] == .slack || tableau.kinds[Int(p)] == .error,
                levels.isFreeAbove(l, p), isOnlyRestrictedRow(r, of: p)
            else { continue }
            let change = levels.coefs[l][Int(p)] * (-c / a)
            if change < bestChange {
                best = p
                bestChange = change
            }
        }
        return (best, best >= 0 ? bestChange : 0)
    }

    /// Whether `r` is the only restricted row holding `p` (a short column, read without
    /// compacting it; a column of more than 8 entries is not looked through).
    func isOnlyRestrictedRow(_ r: Int32, of p: Int32) -> Bool {
        let column = tableau.columns[Int(p)]
        guard column.count <= 8 else { return false }
        for q in column where q != r {
            guard Int(q) < tableau.rows.count else { continue }
            let b = tableau.rowBasic[Int(q)]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted else { continue }
            if tableau.rows[Int(q)].contains(p) { return false }
        }
        return true
    }

    /// Whether breakpoint `a` comes before `b`: smaller ratio, then lower basic symbol (Bland).
    @inline(__always)
    static func precedes(_ a: Breakpoint, _ b: Breakpoint) -> Bool {
        a.ratio < b.ratio || (a.ratio == b.ratio && a.basic < b.basic)
    }

    /// Makes `breakpoints` a min-heap in `precedes` order. O(n), no allocation.
    mutating func heapifyBreakpoints() {
        var i = breakpoints.count / 2 - 1
        while i >= 0 {
            siftBreakpoint(i)
            i -= 1
        }
    }

    /// Removes and returns the first breakpoint of the heap. O(log n).
    mutating func popBreakpoint() -> Breakpoint? {
        guard let top = breakpoints.first else { return nil }
        let last = breakpoints.removeLast()
        if !breakpoints.isEmpty {
            breakpoints[0] = last
            siftBreakpoint(0)
        }
        return top
    }

    mutating func siftBreakpoint(_ start: Int) {
        breakpoints.withUnsafeMutableBufferPointer { b in
            var i = start
            while true {
                var m = i
                let left = 2 * i + 1, right = left + 1
                if left < b.count, Self.precedes(b[left], b[m]) { m = left }
                if right < b.count, Self.precedes(b[right], b[m]) { m = right }
                if m == i { return }
                b.swapAt(i, m)
                i = m
            }
        }
    }

    /// After the step's pivot: each passed row whose basic symbol went negative pivots onto its
    /// partner, which takes a positive value; its column holds no other restricted row, so no
    /// other row's value moves.
    mutating func settlePassedBreakpoints() {
        for point in passedBreakpoints {
            let r = tableau.basicRow[Int(point.basic)]
            guard r == point.row, tableau.rows[Int(r)].constant < 0,
                tableau.rows[Int(r)].coefficient(of: point.partner) > Self.pivotTolerance,
                tableau.basicRow[Int(point.partner)] < 0
            else { continue }
            pivot(entering: point.partner, row: r)
        }
        passedBreakpoints.removeAll(keepingCapacity: true)
    }
}
