import Foundation

/// The parent's side of the instruction meter: after a metered child has exited, replaces the
/// region numbers in its records' `instructions` (`InstructionMeter.measure`) by the totals of
/// the dumps `DIR/cg.<number>` callgrind wrote for them.
public enum MeterDumps {
    /// A dump that is missing or has no total.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Fills every record's counts from `directory`'s dumps, deleting each dump once read.
    public static func fill(_ records: inout [ItemRecord], directory: String) throws(Problem) {
        for r in records.indices {
            for k in records[r].instructions.indices {
                let path = "\(directory)/cg.\(records[r].instructions[k])"
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw Problem(description: "\(path): missing (callgrind wrote no dump for region \(records[r].instructions[k]))")
                }
                guard let total = data.withUnsafeBytes({ parseTotal($0.bindMemory(to: UInt8.self)) }) else {
                    throw Problem(description: "\(path): no totals: or summary: line")
                }
                records[r].instructions[k] = total
            }
        }
    }

    /// The total of a dump's text (tests; `parseTotal(_:UnsafeBufferPointer)` on its bytes).
    public static func parseTotal(_ text: String) -> UInt64? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parseTotal(UnsafeBufferPointer($0)) }
    }

    /// The total instruction count (Ir) of a callgrind dump's bytes: the number after the last
    /// `totals:` at a line start, else after `summary:`. nil when neither is there.
    static func parseTotal(_ b: UnsafeBufferPointer<UInt8>) -> UInt64? {
        func number(after key: String) -> UInt64? {
            let k = Array(key.utf8)
            var found: UInt64?
            var i = 0
            while i + k.count <= b.count {
                if (i == 0 || b[i - 1] == 10), (0..<k.count).allSatisfy({ b[i + $0] == k[$0] }) {
                    var j = i + k.count
                    while j < b.count, b[j] == 32 { j += 1 }
                    var value: UInt64 = 0, any = false
                    while j < b.count, b[j] >= 48, b[j] <= 57 {
                        value = value &* 10 &+ UInt64(b[j] - 48)
                        any = true
                        j += 1
                    }
                    if any { found = value }
                }
                i += 1
            }
            return found
        }
        return number(after: "totals:") ?? number(after: "summary:")
    }
}
