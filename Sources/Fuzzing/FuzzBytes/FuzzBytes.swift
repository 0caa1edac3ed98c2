import AutoLayout
import LinearConstraints
import Subjects

/// Turns arbitrary bytes into a bounded fuzz subject: the decoder behind the libFuzzer entry
/// point (`Fuzzing/StrutFuzzer`) and `strut decode-bytes`, which turns a crash file back into a
/// replayable case or system file.
///
/// Contract:
/// - Total: every byte string, the empty one included, decodes to a valid subject (a case that
///   validates, a system whose file text reads back as the same system); nothing throws or traps.
/// - Bounded: at most `maxViews` views (root included) and `maxConstraints` explicit constraints,
///   or at most `maxSteps` steps over at most `maxVariables` variables, whatever the input length.
/// - Deterministic: the same bytes give the same subject, on every machine.
/// - Local: the input is a header followed by fixed-size records (one per view, constraint or
///   step), so changing a byte changes one field of one record, and inserting or deleting bytes
///   shifts whole records (see `ByteReader`). libFuzzer's mutations are then small edits of the
///   subject, and its coverage feedback can climb.
///
/// Layout of the input: byte 0 picks the kind (odd: a system, even: a layout case), the rest is
/// read by `decodeSystem` or `decodeLayout`. Cost: O(input length), capped by the bounds.
public enum FuzzBytes {
    /// Views of a decoded case, the root included.
    public static let maxViews = 12
    /// Explicit constraints of a decoded case (stack views add their own on lowering).
    public static let maxConstraints = 40
    /// Steps of a decoded system.
    public static let maxSteps = 48
    /// Variables of a decoded system.
    public static let maxVariables = 6

    /// The subject `bytes` stand for.
    public static func decode(_ bytes: [UInt8]) -> FuzzSubject {
        var reader = ByteReader(bytes)
        let kind = reader.byte()
        let name = "bytes-" + hexDigest(bytes)
        let description = "Decoded from \(bytes.count) fuzzer input bytes by FuzzBytes (`strut decode-bytes FILE`)."
        if kind & 1 == 1 {
            return .system(decodeSystem(&reader, name: name, description: description))
        }
        return .layout(decodeLayout(&reader, name: name, description: description))
    }

    /// 64-bit FNV-1a of the bytes as 16 hex digits: a stable name for the subject (two inputs
    /// that decode alike still get their own names, so saved files do not collide).
    static func hexDigest(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
