/// A cursor over fuzzer input that never fails: reading past the end gives zero bytes, so every
/// byte string (the empty one included) decodes to something, and a short input reads as if it
/// were padded with zeros.
///
/// Records are read with `record(_:)`: a fixed-size window whose bytes are then picked by
/// position. Fixed sizes keep decoding local: changing one byte of a record changes that record
/// only, and inserting or deleting a byte shifts whole records rather than reinterpreting every
/// later field. That is what makes libFuzzer's byte mutations small changes of the subject.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bytes not yet read (0 once the end is passed).
    var remaining: Int { max(0, bytes.count - offset) }

    /// The next byte, or 0 past the end. O(1).
    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// The next `size` bytes as a record (zeros past the end). O(size).
    mutating func record(_ size: Int) -> ByteRecord {
        var out = [UInt8](repeating: 0, count: size)
        for k in 0..<size { out[k] = byte() }
        return ByteRecord(bytes: out)
    }

    /// How many whole records of `size` bytes are left, at most `limit`.
    func records(of size: Int, limit: Int) -> Int { min(limit, remaining / size) }
}

/// A fixed-size window of input bytes, read by position (positions past its size read 0).
struct ByteRecord {
    var bytes: [UInt8]

    subscript(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    /// Byte `k` as an index into a collection of `count` elements (`count` > 0).
    func index(_ k: Int, _ count: Int) -> Int { Int(self[k]) % count }

    /// The element of `table` picked by byte `k` (a non-empty table).
    func pick<T>(_ k: Int, _ table: [T]) -> T { table[index(k, table.count)] }

    /// Bit `bit` (0 = least significant) of byte `k`.
    func flag(_ k: Int, bit: Int) -> Bool { (self[k] >> UInt8(bit)) & 1 == 1 }

    /// Bits `bit ..< bit + width` of byte `k` as a number.
    func bits(_ k: Int, _ bit: Int, _ width: Int) -> Int { Int(self[k] >> UInt8(bit)) & ((1 << width) - 1) }
}
