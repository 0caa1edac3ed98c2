import BigInt

/// An exact rational number `numerator / denominator` over arbitrary precision integers.
///
/// Always normalized: the denominator is positive and coprime with the numerator, and zero is
/// `0/1`, so equal values have equal representations (`==` and `hash` compare fields). Every
/// operation is exact; cost grows with the size of the operands (one gcd per result).
///
/// Values whose numerator and denominator both fit in `Int64` are kept inline (`small`) and use
/// overflow-checked machine arithmetic, falling back to `BigInt` only on overflow: the oracle's
/// tableaux are mostly small integers and fractions, and the fast path makes it several times faster.
public struct Rational: Hashable, Sendable, Comparable, CustomStringConvertible {
    @usableFromInline enum Storage: Hashable, Sendable {
        /// Normalized, denominator > 0, neither field `Int64.min` (so negation cannot overflow).
        case small(Int64, Int64)
        /// Normalized and NOT representable as `small` (keeps representations unique).
        case big(BigInt, BigInt)
    }

    @usableFromInline var storage: Storage

    @usableFromInline init(storage: Storage) { self.storage = storage }

    public static let zero = Rational(storage: .small(0, 1))
    public static let one = Rational(storage: .small(1, 1))

    /// The integer `value`.
    public init(_ value: Int) { self.init(numerator: BigInt(value), denominator: 1) }

    /// The integer `value`.
    public init(_ value: BigInt) { self.init(numerator: value, denominator: 1) }

    /// `numerator / denominator`, normalized. `denominator` must not be zero (programmer error).
    public init(numerator: BigInt, denominator: BigInt) {
        precondition(!denominator.isZero, "rational with zero denominator")
        var n = numerator
        var d = denominator
        if d.sign == .minus { n.negate(); d.negate() }
        let g = n.magnitude.greatestCommonDivisor(with: d.magnitude)
        if g != 1 && !g.isZero {
            n /= BigInt(g)
            d /= BigInt(g)
        }
        if n.isZero { d = 1 }
        self.init(normalizedNumerator: n, denominator: d)
    }

    /// Wraps an already normalized pair, choosing the inline form when it fits.
    init(normalizedNumerator n: BigInt, denominator d: BigInt) {
        if let sn = Int64(exactly: n), let sd = Int64(exactly: d), sn != .min, sd != .min {
            storage = .small(sn, sd)
        } else {
            storage = .big(n, d)
        }
    }

    /// Normalizes a pair of machine integers (denominator non-zero); nil when it would overflow.
    @usableFromInline static func small(_ n: Int64, _ d: Int64) -> Rational? {
        guard n != .min, d != .min else { return nil }
        var n = n
        var d = d
        if d < 0 { n = -n; d = -d }
        if n == 0 { return .zero }
        let g = gcd(n.magnitude, d.magnitude)
        if g != 1 {
            n /= Int64(g)
            d /= Int64(g)
        }
        return Rational(storage: .small(n, d))
    }

    @usableFromInline static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var a = a
        var b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The numerator (sign carrier) of the normalized fraction.
    public var numerator: BigInt {
        switch storage {
        case .small(let n, _): BigInt(n)
        case .big(let n, _): n
        }
    }

    /// The positive denominator of the normalized fraction.
    public var denominator: BigInt {
        switch storage {
        case .small(_, let d): BigInt(d)
        case .big(_, let d): d
        }
    }

    @inlinable public var isZero: Bool {
        if case .small(0, _) = storage { return true }
        return false
    }

    /// -1, 0 or 1.
    public var signum: Int {
        switch storage {
        case .small(let n, _): n > 0 ? 1 : (n < 0 ? -1 : 0)
        case .big(let n, _): n.sign == .minus ? -1 : 1
        }
    }

    public var isInteger: Bool { denominator == 1 }

    public var magnitude: Rational { signum < 0 ? -self : self }

    public var description: String {
        switch storage {
        case .small(let n, 1): "\(n)"
        case .small(let n, let d): "\(n)/\(d)"
        case .big(let n, let d): d == 1 ? "\(n)" : "\(n)/\(d)"
        }
    }
}
