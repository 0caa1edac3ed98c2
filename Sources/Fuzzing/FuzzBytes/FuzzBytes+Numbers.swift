import LinearConstraints

/// The numbers a byte stands for. Most byte values map to ordinary layout numbers in order
/// (neighbouring bytes give neighbouring numbers, so a one-step mutation nudges a constant);
/// the top of each range maps to awkward values that have found bugs in Cassowary engines:
/// residues around Kiwi's absolute 1e-8 tolerance, thirds that do not round-trip through
/// decimal, magnitudes up to 1e18 against ordinary points (`docs/peers.md`, Kiwi's known
/// failures; commits 9ca5693 and ce34151 of this repository).
extension FuzzBytes {
    /// Awkward magnitudes and fractions, the last 32 byte values of `constant` and `length`.
    static let awkward: [Double] = [
        1e-9, -1e-9, 1e-8, -1.3e-8, 1.3e-8, 1e-12, -1e-12, 1e-15,
        1.0 / 3, 2.0 / 3, -1.0 / 3, 0.1, 0.7, 0.30000000000000004, 999.999, 1000.0001,
        1e6, -1e6, 1e8, 1e9, -1e9, 1e12, 1e15, -1e15,
        1e18, -1e18, 4503599627370497, 0.5, 12.5, 1024.25, 1e-4, 65535,
    ]

    /// A signed constant: bytes 0..<192 give the integers -32 ... 159 (points), 192..<224 the
    /// quarters -4 ... 3.75, and 224..<256 the awkward values.
    static func constant(_ b: UInt8) -> Double {
        switch b {
        case 0..<192: Double(Int(b) - 32)
        case 192..<224: Double(Int(b) - 208) / 4
        default: awkward[Int(b) - 224]
        }
    }

    /// A non-negative length (intrinsic sizes, frames, margins): bytes 0..<224 give 0 ... 223
    /// points, the rest the magnitudes of the awkward values.
    static func length(_ b: UInt8) -> Double {
        b < 224 ? Double(b) : abs(awkward[Int(b) - 224])
    }

    /// Multipliers of a second anchor. Mostly 1; zero, negatives and extremes are there because
    /// UIKit accepts them (a zero multiplier only on dimensions; see `locationMultiplier`).
    static let multipliers: [Double] = [
        1, 1, 1, 1, 1, 1, 1, 1, 2, 0.5, 0.25, 0.75, 1.5, 3, 1.0 / 3, -1,
        -0.5, 0.1, 10, 1e-6, 1e6, 0, 0.999, 1.001, 2.0 / 3, 4, 0.01, 100, 1e-3, -2, 0.2, 5,
    ]

    /// Priorities: required most often, then UIKit's special values (999.999 and 999.5 from stack
    /// views, 751/750/749 and 251/250/249 around hugging and compression resistance, the drag and
    /// scene priorities, fitting size) and the extremes of the open range.
    static let priorities: [Priority] = [
        .required, .required, .required, .required, .required, .required, .required, .required,
        Priority(999.999), Priority(999.5), Priority(999), Priority(751), .defaultHigh, Priority(749),
        .dragThatCanResizeScene, .sceneSizeStayPut, .dragThatCannotResizeScene, Priority(251), .defaultLow,
        Priority(249), .fittingSizeLevel, Priority(1), Priority(0.001), Priority(999.9999), Priority(500.5),
        Priority(100), Priority(10), Priority(990), Priority(760), Priority(740), Priority(260), Priority(240),
    ]

    /// Priorities that are never required: hugging, compression resistance and edit variables.
    static let optionalPriorities: [Priority] = priorities.filter { !$0.isRequired }
}
