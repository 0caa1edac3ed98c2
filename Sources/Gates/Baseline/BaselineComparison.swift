import Bench
import LinearConstraints

/// A run judged against a baseline (`strut bench --baseline FILE`): per group of work items a
/// verdict from the timings and the deterministic figures, the invariants that newly fail or no
/// longer fail, and the differences in machine, toolchain and configuration that make the
/// comparison less trustworthy.
///
/// Items are paired by (case, device, strategy, direction, phase), a repeated key by its
/// occurrence; items on one side only are counted, not judged. Groups are (family, size,
/// strategy, phase), listed regressions first, then improvements, inconclusive and unchanged,
/// each in work-item order.
///
/// What gates (`hasRegression`, exit status 4): a group whose thread-CPU time regressed against
/// the rest of the run (`RatioStatistics`, `RunFactor`, `TimingVerdict`), the whole run's CPU
/// time regressed beyond `runThreshold`, a deterministic figure that got worse or changed
/// (`DeterministicMetric`), or an invariant failing on a solve where the baseline's held. Wall
/// time is compared the same way and reported, but does not gate: on a shared machine it moves
/// with the neighbours' load.
public struct BaselineComparison: Sendable {
    public struct Options: Hashable, Sendable {
        /// t in `TimingVerdict` (0.25: a regression needs the whole interval above 1.25×).
        public var timeThreshold = 0.25
        /// t for the whole run's factor (0.5: a regression needs its interval above 1.5×).
        public var runThreshold = 0.5
        /// Relative rise of a group's instruction count that regresses it (`--meter instructions`
        /// on both sides; 0.02: more than 2% more instructions).
        public var instructionThreshold = 0.02
        /// Relative tolerance on allocated and freed bytes.
        public var byteTolerance = 0.05
        public var resamples = RatioStatistics.defaultResamples
        /// Both sides ran interleaved on one machine (`strut compare --binaries`): the machine's
        /// drift fell on both, so the run factor is judged (against `runThreshold`) but not divided
        /// out of the groups, and a uniform slowdown shows in every group as well as in the run.
        public var interleaved = false
        public init() {}
    }

    public var options: Options
    /// Whether the baseline and this run were counted in instructions (`--meter instructions`).
    /// When either was, time does not gate (valgrind's times, or times not comparable).
    public var baselineMetered: Bool
    public var currentMetered: Bool
    public var timeGates: Bool { !baselineMetered && !currentMetered }
    /// `field: baseline -> current` for each machine or toolchain field that differs.
    public var machineDifferences: [String]
    /// True when the baseline ran with other settings (inputs, devices, strategies, repeats...).
    public var configurationDiffers: Bool
    /// False when build configuration or allocator differ, or either run was metered: bytes are
    /// then not compared. Under the instruction meter every region runs once inside valgrind, and
    /// its single samples of bytes moved by more than the tolerance in 80 of 402 groups between
    /// two runs of one build (README, "Regression gates"), so a metered comparison gates on
    /// instructions and the deterministic answers, not on bytes.
    public var bytesComparable: Bool
    /// Why bytes were not compared (nil when they were).
    public var bytesNotComparedBecause: String?
    public var groups: [GroupVerdict]
    /// The whole run's CPU time against the baseline's; groups are judged relative to it.
    public var runFactor: RunFactor
    /// `runFactor` judged against `runThreshold` (inconclusive when not applied).
    public var runVerdict: TimingVerdict
    public var invariantChanges: [InvariantChange]
    /// `invariant: failed b of n -> c of m` for each invariant whose failed tally differs.
    public var tallyDifferences: [String]
    /// Work items found on one side only.
    public var baselineOnlyItems: Int
    public var currentOnlyItems: Int
    /// Groups (`GroupVerdict.name`) with work items in this run that the baseline lacks (new
    /// groups, or cases renamed since), and with items of the baseline this run lacks (missing
    /// groups), each in work-item order. Their unpaired items are not judged.
    public var newGroups: [String]
    public var missingGroups: [String]

    public init(baseline: BenchBaseline, current: BenchBaseline, options: Options = Options()) {
        self.options = options
        machineDifferences = Self.differences(baseline.machine, current.machine)
        configurationDiffers = Self.keysSorted(baseline.configuration) != Self.keysSorted(current.configuration)
        baselineMetered = baseline.items.contains { !$0.instructions.isEmpty }
        currentMetered = current.items.contains { !$0.instructions.isEmpty }
        let sameBuild = baseline.machine.build == current.machine.build && baseline.machine.allocator == current.machine.allocator
        bytesComparable = sameBuild && !baselineMetered && !currentMetered
        bytesNotComparedBecause = !sameBuild ? "build configuration or allocator differ"
            : bytesComparable ? nil
            : "\(baselineMetered && currentMetered ? "both runs were" : baselineMetered ? "the baseline was" : "this run was") measured under the instruction meter (single samples inside valgrind)"
        let paired = ItemPairing(baseline.items, current.items)
        baselineOnlyItems = paired.baselineOnly.count
        currentOnlyItems = paired.currentOnly.count
        newGroups = GroupVerdict.names(paired.currentOnly)
        missingGroups = GroupVerdict.names(paired.baselineOnly)
        var metrics = DeterministicMetric.allCases
        if !bytesComparable { metrics.removeAll(where: \.needsSameBuild) }
        var unsorted = GroupVerdict.judge(paired.pairs, metrics: metrics, options: options)
        runFactor = RunFactor(groupRatios: unsorted.compactMap { $0.judgedCPU?.ratio }, seed: 0x5275_6e46_6163_746f, resamples: options.resamples)
        runVerdict = TimingVerdict(runFactor.estimate, threshold: options.runThreshold)
        for g in unsorted.indices {
            unsorted[g].judgeTimes(runFactor: options.interleaved ? 1 : runFactor.factor, threshold: options.timeThreshold)
            unsorted[g].timeGates = !baselineMetered && !currentMetered
        }
        groups = unsorted.enumerated().sorted { ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset) }.map(\.element)
        invariantChanges = InvariantChange.between(baseline.invariants, current.invariants)
        tallyDifferences = InvariantChange.tallyDifferences(baseline.invariants, current.invariants)
    }

    /// True when the groups' CPU times were judged on the speed probe's scale (both runs probed).
    public var timesScaled: Bool { groups.contains { $0.scaledCPU != nil } }

    /// True when anything gates: a regressed group, a regressed run, a newly failing invariant.
    public var hasRegression: Bool {
        groups.contains { $0.verdict == .regression } || (timeGates && runVerdict == .regression) || invariantChanges.contains(where: \.newlyFailing)
    }

    /// True when the baseline ran the same configuration (command, inputs, sources counted,
    /// strategies, devices) yet some work items pair with nothing: the cases or their names
    /// changed since it was saved (a case file renamed, a generator changed), so part of the run
    /// went unjudged. Not a pass: `strut bench --baseline` exits 1 and asks for a new baseline.
    public var isStale: Bool { !configurationDiffers && baselineOnlyItems + currentOnlyItems > 0 }

    /// The groups whose instruction count regressed, by name.
    public var instructionRegressions: [String] {
        groups.filter { $0.instructionVerdict == .regression }.map(\.name)
    }

    /// Groups per verdict, in `Verdict` order.
    public var verdictCounts: [(Verdict, Int)] {
        Verdict.allCases.map { v in (v, groups.filter { $0.verdict == v }.count) }
    }

    /// `value` with every object's keys sorted: JSON gives key order no meaning, so a baseline
    /// rewritten by another tool still has the configuration it was saved with.
    static func keysSorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let xs): .array(xs.map(keysSorted))
        case .object(let fields): .object(fields.map { ($0.key, keysSorted($0.value)) }.sorted { $0.0 < $1.0 }.map { (key: $0.0, value: $0.1) })
        default: value
        }
    }

    static func differences(_ a: MachineInfo, _ b: MachineInfo) -> [String] {
        let fields: [(String, String, String)] = [
            ("host", a.host, b.host), ("os", a.os, b.os), ("cores", String(a.cores), String(b.cores)),
            ("memory", String(a.memoryBytes), String(b.memoryBytes)), ("swift", a.swift, b.swift),
            ("build", a.build, b.build), ("allocator", a.allocator, b.allocator),
        ]
        return fields.filter { $0.1 != $0.2 }.map { "\($0.0): \($0.1) -> \($0.2)" }
    }
}

/// A group's verdict, ordered by how urgently a reader needs it (regressions first).
public enum Verdict: String, Hashable, Sendable, CaseIterable, Comparable {
    case regression, improvement, inconclusive, unchanged

    public static func < (a: Verdict, b: Verdict) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Work items of two runs paired by (case, device, strategy, direction, phase) and, for a key
/// that repeats within a run, by its occurrence. O(n) with a lookup table (never iterated).
package struct ItemPairing {
    package var pairs: [(base: ItemRecord, current: ItemRecord)] = []
    /// The items on one side only, in their run's order.
    var baselineOnly: [ItemRecord] = []
    var currentOnly: [ItemRecord] = []

    package init(_ baseline: [ItemRecord], _ current: [ItemRecord]) {
        var index: [String: Int] = [:]
        for (k, key) in Self.keys(baseline).enumerated() { index[key] = k }
        var used = [Bool](repeating: false, count: baseline.count)
        for (k, key) in Self.keys(current).enumerated() {
            guard let b = index[key] else {
                currentOnly.append(current[k])
                continue
            }
            pairs.append((baseline[b], current[k]))
            used[b] = true
        }
        baselineOnly = zip(baseline, used).filter { !$0.1 }.map(\.0)
    }

    static func keys(_ items: [ItemRecord]) -> [String] {
        var seen: [String: Int] = [:]
        return items.map { r in
            let key = [r.caseName, r.device, r.strategy, r.direction, r.phase.rawValue].joined(separator: "\u{1}")
            let n = seen[key, default: 0]
            seen[key] = n + 1
            return key + "\u{1}\(n)"
        }
    }
}
