/// A tableau row `basic = constant + Σ coefficient·symbol` over parametric symbols.
///
/// Storage is struct-of-arrays, sorted by symbol id, so lookups are binary searches and merging
/// two rows is one linear pass (Kiwi keeps the same order; it has no column index, we do).
struct Row {
    var syms: [Int32] = []
    var coefs: [Double] = []
    var constant: Double = 0
    /// The largest magnitude that went into `constant` (never below `|constant|`): the constant's
    /// rounding error is a few units in the last place of this, not of the constant itself. A
    /// cancellation keeps it high: 32/3 computed as 5000 - 4989.333333333333 is 10.66666666666697,
    /// 3e-13 off, half a unit in the last place of 4989, and its scale stays 5000. Decisions on a
    /// new constraint's residue are relative to it (`tolerance(for:)`).
    var constantScale: Double = 0

    init() {}

    init(constant: Double) {
        self.constant = constant
        constantScale = abs(constant)
    }

    /// `constant += d`, rounding residue snapped (`snapConstant`), the scale kept.
    mutating func addToConstant(_ d: Double) {
        constant = snapConstant(constant, d)
        constantScale = max(constantScale, abs(d), abs(constant))
    }

    var count: Int { syms.count }

    /// Position of `s`, or the insertion point encoded as `-(point + 1)`. O(log n).
    func search(_ s: Int32) -> Int {
        var lo = 0
        var hi = syms.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let v = syms[mid]
            if v < s { lo = mid + 1 } else if v > s { hi = mid } else { return mid }
        }
        return -(lo + 1)
    }

    func coefficient(of s: Int32) -> Double {
        let i = search(s)
        return i >= 0 ? coefs[i] : 0
    }

    func contains(_ s: Int32) -> Bool { search(s) >= 0 }

    /// Adds `c` to the coefficient of `s`, dropping it when the sum cancels to noise.
    /// Returns true when `s` was not in the row before and is now.
    @discardableResult
    mutating func add(_ s: Int32, _ c: Double) -> Bool {
        let i = search(s)
        if i >= 0 {
            let v = snap(coefs[i], c)
            if v == 0 {
                removeTerm(at: i)
            } else {
                coefs[i] = v
            }
            return false
        }
        guard c != 0 else { return false }
        insertTerm(s, c, at: -(i + 1))
        return true
    }

    /// Inserts a term at position `p`: an append and a shift of the tail (Array's `insert(_:at:)`
    /// goes through the generic `replaceSubrange`, a fifth of a first layout's row building).
    @inline(__always)
    mutating func insertTerm(_ s: Int32, _ c: Double, at p: Int) {
        syms.append(s)
        coefs.append(c)
        let n = syms.count
        guard p < n - 1 else { return }
        syms.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            (base + p + 1).update(from: base + p, count: n - 1 - p)
            base[p] = s
        }
        coefs.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            (base + p + 1).update(from: base + p, count: n - 1 - p)
            base[p] = c
        }
    }

    /// Removes the term at position `i` (a shift of the tail and a `removeLast`).
    @inline(__always)
    mutating func removeTerm(at i: Int) {
        let n = syms.count
        if i < n - 1 {
            syms.withUnsafeMutableBufferPointer { b in
                let base = b.baseAddress!
                base.advanced(by: i).update(from: base + i + 1, count: n - 1 - i)
            }
            coefs.withUnsafeMutableBufferPointer { b in
                let base = b.baseAddress!
                base.advanced(by: i).update(from: base + i + 1, count: n - 1 - i)
            }
        }
        syms.removeLast()
        coefs.removeLast()
    }

    /// Removes `s`; returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ s: Int32) -> Double {
        let i = search(s)
        guard i >= 0 else { return 0 }
        let c = coefs[i]
        removeTerm(at: i)
        return c
    }

    mutating func scale(by k: Double) {
        constant *= k
        constantScale *= abs(k)
        for i in coefs.indices { coefs[i] *= k }
    }

    /// For a row read as `0 = constant + Σ`, rewrites it as `s = ...` (s removed). Kiwi's `solveFor`.
    mutating func solve(for s: Int32) {
        let c = remove(s)
        scale(by: -1 / c)
    }

    /// For a row `lhs = ...` containing `rhs`, rewrites it as `rhs = ...` (lhs now a term).
    mutating func solve(lhs: Int32, rhs: Int32) {
        add(lhs, -1)
        solve(for: rhs)
    }
}

/// `a + b` with cancellation noise snapped to exactly 0: a sum smaller than 1e-11 of the larger
/// operand is rounding residue, never a real value (relative, so it holds at every magnitude).
/// For coefficients: a residue left in a row would make a symbol appear where none is, and
/// coefficients come from the constraints' multipliers, which have no units.
@inline(__always)
func snap(_ a: Double, _ b: Double) -> Double {
    let v = a + b
    let m = max(abs(a), abs(b))
    return abs(v) <= m * 1e-11 ? 0 : v
}

/// `a + b` for row constants (points): snapped to 0 only within about 4.5 units in the last
/// place of the larger operand (1e-15 relative), what a couple of roundings leave. A real length
/// can be far smaller than an operand: `w1 == w0 + 1` beside `w3 == w2 - 1.25e11` reaches w1
/// through 1.25e11 + 1 - 1.25e11 when the constraints come in reverse order, and the 1e-11
/// threshold of `snap` turned that 1 into 0 (corpora/regressions, found by permute-constraints).
/// Below this a value is lost to double precision itself (1 next to 2e15 has two bits).
@inline(__always)
func snapConstant(_ a: Double, _ b: Double) -> Double {
    let v = a + b
    let m = max(abs(a), abs(b))
    return abs(v) <= m * 1e-15 ? 0 : v
}
