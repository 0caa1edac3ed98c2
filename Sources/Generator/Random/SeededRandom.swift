/// The generator's own pseudo-random source: xoshiro256** (Blackman and Vigna, 2018) seeded
/// through SplitMix64, as its authors recommend. Never the system random source: a case must be
/// a pure function of (family, parameters, seed) on every machine, every Swift version and every
/// job count, so even the range reductions are ours (the standard library's `random(in:using:)`
/// algorithms are not part of its contract).
///
/// Every draw is O(1) and allocation-free.
public struct SeededRandom: Sendable {
    private var s0, s1, s2, s3: UInt64

    /// A generator whose whole stream is determined by `seed`.
    public init(seed: UInt64) {
        var sm = SplitMix64(state: seed)
        s0 = sm.next()
        s1 = sm.next()
        s2 = sm.next()
        s3 = sm.next()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }  // the all-zero state is xoshiro's only fixed point
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform integer in `range` (Lemire's multiply-and-reject, unbiased).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        guard span != 0 else { return Int(bitPattern: UInt(next())) }  // the whole Int range
        var m = next().multipliedFullWidth(by: span)
        if m.low < span {
            let threshold = (0 &- span) % span
            while m.low < threshold { m = next().multipliedFullWidth(by: span) }
        }
        return range.lowerBound &+ Int(bitPattern: UInt(m.high))
    }

    /// A uniform double in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// True with probability `p` (clamped to [0, 1]).
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A uniformly chosen element. Precondition: `items` is not empty.
    public mutating func pick<T>(_ items: [T]) -> T {
        precondition(!items.isEmpty, "pick from an empty list")
        return items[int(in: 0...(items.count - 1))]
    }

    /// A multiple of `step` in `range` (both ends included when they are multiples), so that
    /// generated constants print short in JSON (`12.5`, not `12.4999…`).
    public mutating func stepped(_ range: ClosedRange<Double>, step: Double) -> Double {
        let lo = (range.lowerBound / step).rounded(.up), hi = (range.upperBound / step).rounded(.down)
        guard hi > lo else { return lo * step }
        return Double(int(in: Int(lo)...Int(hi))) * step
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): the seeding generator, and its finaliser is the
/// mixing function of `caseSeed`.
public struct SplitMix64: Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The finaliser: a bijection of UInt64 with full avalanche.
    public static func mix(_ z0: UInt64) -> UInt64 {
        var z = z0
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed of case `index` (0-based) of a run started with `runSeed`:
/// `index == 0 ? runSeed : SplitMix64.mix(runSeed &+ 0x9E3779B97F4A7C15 &* index)`.
///
/// Case 0 keeps the run seed itself, so the command a case records in its description
/// (`--seed <its own seed> --count 1`) regenerates exactly that case; later cases are spread
/// over the whole seed space by the SplitMix64 finaliser (a bijection, so distinct indices of one
/// run never share a seed). It depends only on (run seed, index): never on the job count.
public func caseSeed(runSeed: UInt64, index: Int) -> UInt64 {
    precondition(index >= 0, "case index \(index) is negative")
    guard index > 0 else { return runSeed }
    return SplitMix64.mix(runSeed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index))
}
