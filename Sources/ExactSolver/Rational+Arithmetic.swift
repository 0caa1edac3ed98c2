import BigInt

/// Exact field operations. Each tries the overflow-checked `Int64` path first and falls back to
/// `BigInt` on overflow, so results are always exact; only speed depends on the operands' size.
extension Rational {
    public static prefix func - (a: Rational) -> Rational {
        switch a.storage {
        case .small(let n, let d): Rational(storage: .small(-n, d))
        case .big(let n, let d): Rational(normalizedNumerator: -n, denominator: d)
        }
    }

    public static func + (a: Rational, b: Rational) -> Rational {
        if case .small(let an, let ad) = a.storage, case .small(let bn, let bd) = b.storage {
            if ad == bd {
                let (s, o) = an.addingReportingOverflow(bn)
                if !o, let r = small(s, ad) { return r }
            } else {
                let (x, o1) = an.multipliedReportingOverflow(by: bd)
                let (y, o2) = bn.multipliedReportingOverflow(by: ad)
                let (d, o3) = ad.multipliedReportingOverflow(by: bd)
                if !(o1 || o2 || o3) {
                    let (s, o4) = x.addingReportingOverflow(y)
                    if !o4, let r = small(s, d) { return r }
                }
            }
        }
        if a.isZero { return b }
        if b.isZero { return a }
        return Rational(
            numerator: a.numerator * b.denominator + b.numerator * a.denominator,
            denominator: a.denominator * b.denominator)
    }

    public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

    public static func * (a: Rational, b: Rational) -> Rational {
        if a.isZero || b.isZero { return .zero }
        if case .small(let an, let ad) = a.storage, case .small(let bn, let bd) = b.storage {
            // Cross-cancel first so the products stay small.
            let g1 = Int64(gcd(an.magnitude, bd.magnitude))
            let g2 = Int64(gcd(bn.magnitude, ad.magnitude))
            let (n, o1) = (an / g1).multipliedReportingOverflow(by: bn / g2)
            let (d, o2) = (ad / g2).multipliedReportingOverflow(by: bd / g1)
            if !(o1 || o2), n != .min { return Rational(storage: .small(n, d)) }
        }
        return Rational(numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator)
    }

    /// `a / b`; `b` must not be zero (programmer error).
    public static func / (a: Rational, b: Rational) -> Rational {
        precondition(!b.isZero, "rational division by zero")
        return a * b.reciprocal
    }

    /// `1 / self`; `self` must not be zero (programmer error).
    public var reciprocal: Rational {
        precondition(!isZero, "reciprocal of zero")
        switch storage {
        case .small(let n, let d): return Rational(storage: n < 0 ? .small(-d, -n) : .small(d, n))
        case .big(let n, let d):
            return n.sign == .minus
                ? Rational(normalizedNumerator: -d, denominator: -n)
                : Rational(normalizedNumerator: d, denominator: n)
        }
    }

    public static func += (a: inout Rational, b: Rational) { a = a + b }
    public static func -= (a: inout Rational, b: Rational) { a = a - b }
    public static func *= (a: inout Rational, b: Rational) { a = a * b }

    public static func < (a: Rational, b: Rational) -> Bool {
        if case .small(let an, let ad) = a.storage, case .small(let bn, let bd) = b.storage {
            let (x, o1) = an.multipliedReportingOverflow(by: bd)
            let (y, o2) = bn.multipliedReportingOverflow(by: ad)
            if !(o1 || o2) { return x < y }
        }
        return a.numerator * b.denominator < b.numerator * a.denominator
    }

    /// The smaller of two values (the first on ties).
    public static func min(_ a: Rational, _ b: Rational) -> Rational { b < a ? b : a }

    /// The larger of two values (the first on ties).
    public static func max(_ a: Rational, _ b: Rational) -> Rational { a < b ? b : a }
}
