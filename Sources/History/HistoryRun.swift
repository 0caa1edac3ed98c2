import Bench
import Gates
import Metering
import StrutSystem

/// What one bench run adds to the history: per group (family, size, strategy and phase, as a
/// baseline comparison groups items) its figures (`HistoryMetric`) and a digest of its answers,
/// and per invariant the solves checked and failed. Built from a results file
/// (`strut bench --out`), so it holds only what the run measured.
public struct HistoryRun: Sendable {
    public struct Group: Hashable, Sendable {
        public var name: String
        /// The strategy and phase the group's items ran under (for the report's suite trends).
        public var strategy: String
        public var phase: String
        public var figures: [HistoryMetric: Double]
        /// FNV-1a over every item's frames digest, conflicts and ambiguous views, in work-item
        /// order: equal when the group's answers are.
        public var answers: String
    }

    public struct InvariantFigure: Hashable, Sendable {
        public var invariant: String
        public var checked: Int
        public var failed: Int
    }

    public var command: String
    public var machine: MachineInfo
    /// True when the run was counted under the instruction meter.
    public var metered: Bool
    public var groups: [Group]
    public var invariants: [InvariantFigure]
    /// A digest of the results' deterministic part and timings: the same file recorded twice is
    /// recognised (`HistoryStore.record`).
    public var digest: String

    /// A run from its parts (tests build histories this way).
    init(command: String, machine: MachineInfo, metered: Bool, groups: [Group], invariants: [InvariantFigure], digest: String) {
        self.command = command
        self.machine = machine
        self.metered = metered
        self.groups = groups
        self.invariants = invariants
        self.digest = digest
    }

    public init(_ results: BenchResults) {
        command = results.command
        machine = results.machine
        metered = results.isMetered
        var order: [String] = []
        var members: [String: [ItemRecord]] = [:]
        for r in results.records {
            let name = r.groupName
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(r)
        }
        let metered = metered
        groups = order.map { Self.group($0, members[$0]!, metered: metered) }
        invariants = results.invariants.tallies.map {
            InvariantFigure(invariant: $0.invariant.rawValue, checked: $0.checked, failed: $0.failed)
        }
        var d = StableDigest()
        d.add(command)
        for r in results.records {
            d.add(r.groupName)
            d.add(r.device)
            d.add(r.direction)
            d.add(r.outcome.framesDigest)
            for list in [r.wall, r.cpu, r.instructions] {
                for v in list { d.add(v) }
                d.add(UInt64.max)
            }
            // Only when probed, so that a file written before the probe keeps its digest.
            if !r.probe.isEmpty {
                for v in r.probe { d.add(v) }
                d.add(UInt64.max)
            }
        }
        digest = d.hex
    }

    static func group(_ name: String, _ items: [ItemRecord], metered: Bool) -> Group {
        var figures: [HistoryMetric: Double] = [:]
        figures[.pivots] = Double(items.reduce(0) { $0 + $1.outcome.pivots })
        if metered {
            figures[.instructions] = items.reduce(0) { $0 + median($1.instructions) }
        } else {
            figures[.cpu] = items.reduce(0) { $0 + timeStatistic($1.cpu) }
            // Each item's fast CPU time over its fast probe time: the 10th percentile of each, so
            // that a spike in either (a preempted repetition, a preempted probe) is left out.
            if items.allSatisfy({ !$0.probe.isEmpty }) {
                figures[.scaledCPU] = items.reduce(0) { $0 + SpeedProbe.scaled(timeStatistic($1.cpu), probe: timeStatistic($1.probe)) }
            }
            figures[.wall] = items.reduce(0) { $0 + timeStatistic($1.wall) }
            figures[.bytes] = Double(items.reduce(UInt64(0)) { $0 + $1.outcome.allocatedBytes })
        }
        var d = StableDigest()
        for r in items {
            d.add(r.outcome.framesDigest)
            d.add(UInt64(bitPattern: Int64(r.outcome.conflicts)))
            d.add(UInt64(bitPattern: Int64(r.outcome.ambiguous ?? -1)))
        }
        return Group(name: name, strategy: items[0].strategy, phase: items[0].phase.rawValue, figures: figures, answers: d.hex)
    }

    static func median(_ samples: [UInt64]) -> Double { RatioStatistics.quantile(samples.map { Double($0) }, 0.5) }

    /// An item's time: the quantile `--baseline` compares (`RatioStatistics.quantile`, the 10th
    /// percentile), since noise on a shared machine almost only adds time.
    static func timeStatistic(_ samples: [UInt64]) -> Double {
        RatioStatistics.quantile(samples.map { Double($0) }, RatioStatistics.quantile)
    }
}
