import BigInt

/// Exact conversion from binary floating point, and correctly rounded conversion back.
extension Rational {
    /// The exact value of a finite `Double` (a binary float is `m·2^e`, so this is always a
    /// dyadic fraction); nil for NaN and infinities. `0.1` becomes `3602879701896397/36028797018963968`,
    /// not `1/10`: the oracle answers the question the floating-point engine was asked.
    public init?(exactly value: Double) {
        guard value.isFinite else { return nil }
        if value == 0 { self = .zero; return }
        let bits = value.exponentBitPattern
        var mantissa = value.significandBitPattern
        if bits != 0 { mantissa |= 1 << 52 }
        let exponent = (bits == 0 ? 1 : Int(bits)) - 1075
        let signed = value.sign == .minus ? -BigInt(mantissa) : BigInt(mantissa)
        if exponent >= 0 {
            self.init(normalizedNumerator: signed << exponent, denominator: 1)
        } else {
            let shift = Swift.min(mantissa.trailingZeroBitCount, -exponent)
            self.init(normalizedNumerator: signed >> shift, denominator: BigInt(1) << (-exponent - shift))
        }
    }

    /// The exact value of a finite `Float` (priorities are `Float`); nil for NaN and infinities.
    public init?(exactly value: Float) { self.init(exactly: Double(value)) }

    /// The nearest `Double` (ties to even), `±infinity` beyond the range.
    ///
    /// Computed as a 62-bit integer quotient with a sticky bit, which `Double(UInt64)` rounds
    /// correctly, then scaled by a power of two.
    public var doubleValue: Double {
        if case .small(let n, let d) = storage, n.magnitude < (1 << 53), d < (1 << 53) {
            return Double(n) / Double(d)  // both exact, one correctly rounded division
        }
        let n = numerator.magnitude
        let d = denominator.magnitude
        let nBits = n.bitWidth  // BigUInt.bitWidth counts significant bits
        let dBits = d.bitWidth
        let shift = 62 - (nBits - dBits)  // quotient gets 62 or 63 bits
        let scaled = shift >= 0 ? (n << shift) : n
        let divisor = shift >= 0 ? d : (d << -shift)
        let (q, r) = scaled.quotientAndRemainder(dividingBy: divisor)
        var q64 = UInt64(q)
        if !r.isZero { q64 |= 1 }
        // Exact unless the result is subnormal, where it may round twice (irrelevant to layout).
        let result = Double(sign: .plus, exponent: -shift, significand: Double(q64))
        return signum < 0 ? -result : result
    }
}
