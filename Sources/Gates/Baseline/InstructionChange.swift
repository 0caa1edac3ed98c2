import Bench

/// A group's instruction count against the baseline's (`strut bench --meter instructions`): the
/// sum over its paired items of each item's least count over the repetitions (counts repeat
/// exactly, so the least is any), current over baseline. Only items counted on both sides enter.
public struct InstructionChange: Hashable, Sendable {
    public var baseline: UInt64 = 0
    public var current: UInt64 = 0
    /// Items counted on both sides.
    public var items = 0

    public init() {}

    public init(baseline: UInt64, current: UInt64, items: Int) {
        self.baseline = baseline
        self.current = current
        self.items = items
    }

    /// Adds a pair of items; ignored unless both were counted.
    mutating func add(_ b: ItemRecord, _ c: ItemRecord) {
        guard let x = b.instructions.min(), let y = c.instructions.min() else { return }
        baseline &+= x
        current &+= y
        items += 1
    }

    /// Current over baseline (1 when both are 0).
    public var ratio: Double {
        baseline == 0 ? (current == 0 ? 1 : .infinity) : Double(current) / Double(baseline)
    }

    /// Regression above 1 + t, improvement below 1/(1 + t), unchanged between (counts are
    /// deterministic: no interval).
    public func verdict(threshold t: Double) -> TimingVerdict {
        if ratio > 1 + t { return .regression }
        if ratio < 1 / (1 + t) { return .improvement }
        return .unchanged
    }
}
