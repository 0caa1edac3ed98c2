import Bench
import Metering
import StrutSystem

/// One group of work items (family, size, strategy, phase) judged against the baseline: the
/// thread-CPU and wall-time ratios with their intervals, the deterministic figures that moved,
/// and the verdict that combines them (`BaselineComparison`).
public struct GroupVerdict: Hashable, Sendable {
    public var family: String
    public var size: Int
    public var strategy: String
    public var phase: ItemRecord.Phase
    /// Paired work items in the group.
    public var items = 0
    /// Thread-CPU and wall time, current over baseline, as measured.
    public var cpu: RatioEstimate?
    public var wall: RatioEstimate?
    /// Thread-CPU time scaled by the speed probe measured beside each item (`SpeedProbe`): every
    /// sample of an item times the reference over the item's 10th-percentile probe time. Nil
    /// unless every item of the group was probed on both sides (native runs; not under the meter).
    public var scaledCPU: RatioEstimate?
    /// `judgedCPU` divided by the run's factor (`RunFactor`): what the CPU verdict judges.
    public var cpuAgainstRun: RatioEstimate?
    /// The CPU time the gate judges: scaled by the probe when both sides were probed, else as
    /// measured. Why scaled: the repetitions of one item run back to back within a few
    /// milliseconds, so a stretch in which the machine runs slower (a neighbour's burst, a
    /// frequency change) slows all of them, and the 10th percentile cannot see it; the probe
    /// around them slows with them. CI failed three times running on unchanged code with a 2×
    /// threshold on single-item groups of 20-110 µs judged as measured (2026-11-28).
    public var judgedCPU: RatioEstimate? { scaledCPU ?? cpu }
    /// The CPU verdict (on `cpuAgainstRun`), and the wall verdict (on `wall` as measured; shown,
    /// never gating).
    public var cpuVerdict = TimingVerdict.inconclusive
    public var wallVerdict = TimingVerdict.inconclusive
    /// The deterministic metrics that differ on some item, in `DeterministicMetric` order.
    public var changes: [MetricTally] = []
    /// Instruction counts against the baseline's (nil when either side was not counted) and
    /// their verdict (`--instruction-threshold`).
    public var instructions: InstructionChange?
    public var instructionVerdict: TimingVerdict?
    /// False when time does not gate this comparison (both runs under the instruction meter,
    /// whose times are valgrind's, or only one of them: times not comparable); shown only.
    public var timeGates = true

    /// Regression when CPU time regressed or a deterministic figure got worse or changed;
    /// otherwise improvement when CPU time or a figure improved; otherwise the CPU verdict
    /// (inconclusive or unchanged). Wall time does not enter (see `BaselineComparison`).
    /// Under the instruction meter the instruction verdict takes the CPU verdict's place.
    public var verdict: Verdict {
        let time = timeGates ? cpuVerdict : .inconclusive
        if time == .regression || instructionVerdict == .regression || changes.contains(where: { $0.verdict == .regression }) { return .regression }
        if time == .improvement || instructionVerdict == .improvement || !changes.isEmpty { return .improvement }
        return time == .unchanged || instructionVerdict == .unchanged ? .unchanged : .inconclusive
    }

    public var name: String { ItemRecord.groupName(family: family, size: size, strategy: strategy, phase: phase) }

    /// The distinct group names of `items`, in order of first appearance.
    static func names(_ items: [ItemRecord]) -> [String] {
        var seen = Set<String>()
        return items.map(\.groupName).filter { seen.insert($0).inserted }
    }

    /// Groups in order of first appearance among the current run's pairs, with their ratios
    /// estimated and their deterministic figures judged (timing verdicts: `judgeTimes`).
    static func judge(_ pairs: [(base: ItemRecord, current: ItemRecord)], metrics: [DeterministicMetric], options: BaselineComparison.Options) -> [GroupVerdict] {
        var groups: [GroupVerdict] = []
        var strata: [(cpu: ([[UInt64]], [[UInt64]]), scaled: ([[UInt64]], [[UInt64]])?, wall: ([[UInt64]], [[UInt64]]))] = []
        var index: [String: Int] = [:]  // lookup only; order comes from `groups`
        for (b, c) in pairs {
            let key = "\(c.family)\u{1}\(c.size)\u{1}\(c.strategy)\u{1}\(c.phase.rawValue)"
            if index[key] == nil {
                index[key] = groups.count
                groups.append(GroupVerdict(family: c.family, size: c.size, strategy: c.strategy, phase: c.phase))
                strata.append((([], []), ([], []), ([], [])))
            }
            let g = index[key]!
            groups[g].items += 1
            strata[g].cpu.0.append(b.cpu)
            strata[g].cpu.1.append(c.cpu)
            if var scaled = strata[g].scaled, let sb = scaledSamples(b), let sc = scaledSamples(c) {
                scaled.0.append(sb)
                scaled.1.append(sc)
                strata[g].scaled = scaled
            } else {
                strata[g].scaled = nil
            }
            strata[g].wall.0.append(b.wall)
            strata[g].wall.1.append(c.wall)
            groups[g].tally(b, c, metrics: metrics, byteTolerance: options.byteTolerance)
            var counted = groups[g].instructions ?? InstructionChange()
            counted.add(b, c)
            if counted.items > 0 { groups[g].instructions = counted }
        }
        for g in groups.indices {
            groups[g].instructionVerdict = groups[g].instructions?.verdict(threshold: options.instructionThreshold)
            let seed = groups[g].seed
            groups[g].cpu = RatioStatistics.estimate(baseline: strata[g].cpu.0, current: strata[g].cpu.1, seed: seed, resamples: options.resamples)
            if let scaled = strata[g].scaled {
                groups[g].scaledCPU = RatioStatistics.estimate(baseline: scaled.0, current: scaled.1, seed: seed &+ 2, resamples: options.resamples)
            }
            groups[g].wall = RatioStatistics.estimate(baseline: strata[g].wall.0, current: strata[g].wall.1, seed: seed &+ 1, resamples: options.resamples)
        }
        return groups
    }

    /// An item's CPU samples on the probe's reference scale (`SpeedProbe.scaled`), each by the
    /// item's 10th-percentile probe time (as the history's `scaled-cpu`: a preempted probe is left
    /// out as a preempted repetition is); nil when the item was not probed.
    static func scaledSamples(_ r: ItemRecord) -> [UInt64]? {
        guard !r.probe.isEmpty, r.probe.count == r.cpu.count else { return nil }
        let probe = RatioStatistics.quantile(r.probe.map { Double($0) }, RatioStatistics.quantile)
        guard probe > 0 else { return nil }
        return r.cpu.map { UInt64(SpeedProbe.scaled(Double($0), probe: probe).rounded()) }
    }

    /// Sets the timing verdicts, the CPU one on the judged ratio divided by the run's factor.
    mutating func judgeTimes(runFactor: Double, threshold: Double) {
        cpuAgainstRun = judgedCPU?.divided(by: runFactor)
        cpuVerdict = TimingVerdict(cpuAgainstRun, threshold: threshold)
        wallVerdict = TimingVerdict(wall, threshold: threshold)
    }

    /// Counts the metrics that moved on one pair of items, keeping the first example of each.
    mutating func tally(_ b: ItemRecord, _ c: ItemRecord, metrics: [DeterministicMetric], byteTolerance: Double) {
        for m in metrics {
            guard let change = m.judge(b.outcome, c.outcome, byteTolerance: byteTolerance) else { continue }
            if let k = changes.firstIndex(where: { $0.metric == m }) {
                changes[k].add(change)
            } else {
                var t = MetricTally(metric: m, example: "\(c.caseName) on \(c.device) (\(c.direction)): \(m.text(b.outcome)) -> \(m.text(c.outcome))")
                t.add(change)
                changes.append(t)
            }
        }
        changes.sort { DeterministicMetric.allCases.firstIndex(of: $0.metric)! < DeterministicMetric.allCases.firstIndex(of: $1.metric)! }
    }

    /// The bootstrap seed: a stable digest of the group's name, so a group's interval is the same
    /// on every run of the same data.
    var seed: UInt64 {
        var d = StableDigest()
        d.add(name)
        return d.value
    }
}

/// How many items of a group moved on one deterministic metric, and the first one as an example.
public struct MetricTally: Hashable, Sendable {
    public var metric: DeterministicMetric
    public var worse = 0
    public var better = 0
    public var changed = 0
    /// `case on device (direction): baseline -> current` for the first item that moved.
    public var example: String

    public init(metric: DeterministicMetric, example: String) {
        self.metric = metric
        self.example = example
    }

    mutating func add(_ change: DeterministicMetric.Change) {
        switch change {
        case .worse: worse += 1
        case .better: better += 1
        case .changed: changed += 1
        }
    }

    /// Regression when any item got worse or changed, else improvement.
    public var verdict: Verdict { worse + changed > 0 ? .regression : .improvement }

    /// `pivots: 3 worse, 1 better (form-10-0 on iphone-8 (case): 12 -> 15)`.
    public var summary: String {
        let parts = [(worse, "worse"), (better, "better"), (changed, "changed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(metric.rawValue): \(parts.joined(separator: ", ")) (\(example))"
    }
}
