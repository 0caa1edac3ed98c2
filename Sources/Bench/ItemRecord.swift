import LinearConstraints

/// Everything measured for one work item (case, device, strategy, direction) over the measured
/// repetitions. The deterministic part (`deterministic`) is the same for any job count, shard or
/// machine; the timings are not.
public struct ItemRecord: Hashable, Sendable {
    /// The work unit it belongs to (its place in the whole run) and its device's place in the unit.
    public var unit: Int
    public var position: Int
    public var caseName: String
    public var family: String
    public var size: Int
    /// Configuration id (`iphone-x:landscape`), or the solver workload's step (`landscape`).
    public var device: String
    public var strategy: String
    public var direction: String
    public var phase: Phase
    public var outcome: Outcome
    /// Wall and thread CPU nanoseconds per measured repetition, in order.
    public var wall: [UInt64]
    public var cpu: [UInt64]
    /// Per measured repetition, the time the solver itself reported for the solve (an outside
    /// solver's `solverSeconds`, the protocol and its process left out); empty when the
    /// strategy reports none. `wall` stays the round trip.
    public var solverTime: [UInt64] = []
    /// Per measured repetition, the instructions the solve executed (`strut bench --meter
    /// instructions`: counted by callgrind, the same on every run of the same build and command);
    /// empty without the meter.
    public var instructions: [UInt64] = []
    /// Per measured repetition, the thread-CPU nanoseconds of the speed probe around it (the
    /// mean of the probe run just before and the one just after; `SpeedProbe`): how fast the
    /// machine was running at the time. Empty under the instruction meter and in results
    /// written before the probe.
    public var probe: [UInt64] = []

    /// True for a hand-written case file: its group is its own, named by the file (the family
    /// is the case's name, `CaseSource.read`); generated cases and workloads share their family.
    public var isOwnGroup: Bool { caseName == family }

    /// The group a baseline comparison and the history judge this item in: family, size,
    /// strategy and phase (`forms-10 10 cassowary first`).
    public var groupName: String { Self.groupName(family: family, size: size, strategy: strategy, phase: phase) }

    public static func groupName(family: String, size: Int, strategy: String, phase: Phase) -> String {
        "\(family) \(size) \(strategy) \(phase.rawValue)"
    }

    /// First layout on a fresh engine (or a solver workload's build), a device switch, or the
    /// diagnostics asked after a layout pass (the ambiguity report, UIKit's `hasAmbiguousLayout`),
    /// timed apart so that `first` and `switch` are what a layout pass costs.
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case first, `switch`, diagnostics

        /// A label short enough for a chart axis: `first`, `switch`, `diag`.
        public var shortName: String { self == .diagnostics ? "diag" : rawValue }

        /// Sort key for tables: first, switch, diagnostics.
        public var order: Int {
            switch self {
            case .first: 0
            case .switch: 1
            case .diagnostics: 2
            }
        }
    }

    /// The figures that do not depend on timing: frames (as a digest), conflicts, ambiguity,
    /// counters after the solve, and bytes allocated and freed by the solve (the least over the
    /// measured repetitions, which leaves out one-time lazy initialisation).
    public struct Outcome: Hashable, Sendable {
        public var framesDigest: String
        public var conflicts: Int
        /// Ambiguous views; nil when the strategy cannot tell.
        public var ambiguous: Int?
        public var counters: SolverCounters
        /// Pivots this solve took (counter difference across the solve, first measured repetition).
        public var pivots: Int
        public var allocatedBytes: UInt64
        public var freedBytes: UInt64
        public init(framesDigest: String, conflicts: Int, ambiguous: Int?, counters: SolverCounters, pivots: Int, allocatedBytes: UInt64, freedBytes: UInt64) {
            self.framesDigest = framesDigest
            self.conflicts = conflicts
            self.ambiguous = ambiguous
            self.counters = counters
            self.pivots = pivots
            self.allocatedBytes = allocatedBytes
            self.freedBytes = freedBytes
        }
    }

    /// The record without its timings: what must match between job counts and shards.
    public var deterministic: ItemRecord {
        var r = self
        r.wall = []
        r.cpu = []
        r.solverTime = []
        r.instructions = []
        r.probe = []
        return r
    }
}
