import Bench
import LinearConstraints

/// A figure of a work item that does not depend on timing, and how the baseline gate compares it
/// (`ItemRecord.Outcome`). These are the gate's firm evidence: on a shared machine they do not
/// move unless the code does.
///
/// | metric | comparison | a difference is |
/// |---|---|---|
/// | `frames` (digest) | exact | a change (the answers moved): regression |
/// | `conflicts` | exact | a change: regression |
/// | `ambiguous` | exact | a change: regression |
/// | `pivots` | exact | more: regression; fewer: improvement |
/// | `counters` (pivots, rows, cells, constraints, noise skips) | exact, per component | all more or equal: regression; all fewer or equal: improvement; mixed: a change (regression) |
/// | `allocated-bytes`, `freed-bytes` | relative tolerance (default 5%) | more: regression; fewer: improvement |
///
/// Bytes are compared only when the baseline was measured with the same build configuration
/// and allocator (a debug build, or the system allocator, allocates differently); otherwise they
/// are reported as not comparable. The tolerance absorbs the few hundred bytes a conflict path's
/// runtime calls vary by between runs.
public enum DeterministicMetric: String, Hashable, Sendable, CaseIterable {
    case frames, conflicts, ambiguous, pivots, counters
    case allocatedBytes = "allocated-bytes"
    case freedBytes = "freed-bytes"

    /// How one item's figure moved against the baseline's.
    public enum Change: String, Hashable, Sendable {
        case worse, better, changed
    }

    /// Whether the metric depends on the build configuration and allocator.
    public var needsSameBuild: Bool { self == .allocatedBytes || self == .freedBytes }

    /// The change from `base` to `current`; nil when equal (within `byteTolerance` for bytes).
    public func judge(_ base: ItemRecord.Outcome, _ current: ItemRecord.Outcome, byteTolerance: Double) -> Change? {
        switch self {
        case .frames: base.framesDigest == current.framesDigest ? nil : .changed
        case .conflicts: base.conflicts == current.conflicts ? nil : .changed
        case .ambiguous: base.ambiguous == current.ambiguous ? nil : .changed
        case .pivots: Self.cost(Double(base.pivots), Double(current.pivots), tolerance: 0)
        case .counters: Self.dominance(Self.components(base.counters), Self.components(current.counters))
        case .allocatedBytes: Self.cost(Double(base.allocatedBytes), Double(current.allocatedBytes), tolerance: byteTolerance)
        case .freedBytes: Self.cost(Double(base.freedBytes), Double(current.freedBytes), tolerance: byteTolerance)
        }
    }

    /// The figure as text, for the examples a report shows.
    public func text(_ o: ItemRecord.Outcome) -> String {
        switch self {
        case .frames: o.framesDigest
        case .conflicts: String(o.conflicts)
        case .ambiguous: o.ambiguous.map(String.init) ?? "unknown"
        case .pivots: String(o.pivots)
        case .counters: Self.components(o.counters).map(String.init).joined(separator: "/")
        case .allocatedBytes: String(o.allocatedBytes)
        case .freedBytes: String(o.freedBytes)
        }
    }

    /// A cost: more than `tolerance` (relative to the baseline) above is worse, as far below is
    /// better.
    static func cost(_ base: Double, _ current: Double, tolerance: Double) -> Change? {
        let slack = tolerance * base
        if current > base + slack { return .worse }
        if current < base - slack { return .better }
        return nil
    }

    /// Component-wise: every component at least the baseline's is worse, at most is better,
    /// some of each is a change.
    static func dominance(_ base: [Int], _ current: [Int]) -> Change? {
        guard base != current else { return nil }
        let more = zip(base, current).contains { $1 > $0 }, fewer = zip(base, current).contains { $1 < $0 }
        return more && fewer ? .changed : (more ? .worse : .better)
    }

    static func components(_ c: SolverCounters) -> [Int] { [c.pivots, c.rows, c.cells, c.constraints, c.noiseSkips] }
}
