/// FNV-1a over 64 bits: a stable digest of frames (the same on every machine and run, unlike
/// `Hasher`). O(bytes).
public struct StableDigest: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ x: UInt64) {
        var v = x
        for _ in 0..<8 {
            value = (value ^ (v & 0xff)) &* 0x0000_0100_0000_01b3
            v >>= 8
        }
    }

    public mutating func add(_ d: Double) { add(d.bitPattern) }

    public mutating func add(_ s: String) {
        for b in s.utf8 { add(UInt64(b)) }
        add(UInt64(0xff))
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
