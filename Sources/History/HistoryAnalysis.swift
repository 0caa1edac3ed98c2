import Foundation
import Gates

/// One group's figure on one machine, commit by commit (the median over the runs of a commit).
public struct HistorySeries: Hashable, Sendable {
    public var machine: String
    public var group: String
    public var metric: HistoryMetric
    /// Indices into the machine's commit list (`HistoryAnalysis.commits`), ascending.
    public var commitIndices: [Int]
    public var values: [Double]
}

/// A change point placed on commits: the first commit at the new level, the last one before it,
/// and, when a hand accepted it, the acceptance.
public struct HistoryChange: Hashable, Sendable {
    public var machine: String
    public var group: String
    public var metric: HistoryMetric
    public var point: ChangePoint
    public var commit: CommitInfo
    /// The last commit at the old level: the change lies in (previous, commit].
    public var previous: CommitInfo
    /// How many of the machine's commits come after `commit` (0: the newest).
    public var age: Int
    public var accepted: Acceptance?
    /// True when the machine's runs at `commit` were built by another toolchain than at `previous`.
    public var toolchainChanged: Bool

    /// A rise in a figure that gates (every figure but wall time), not accepted.
    public var isRegression: Bool { point.change > 0 && metric.gates && accepted == nil }
}

/// A group whose answers (frames, conflicts, ambiguity) differ from the previous commit's.
public struct AnswerChange: Hashable, Sendable {
    public var machine: String
    public var group: String
    public var commit: CommitInfo
    public var previous: CommitInfo
    public var age: Int
    public var accepted: Acceptance?
}

/// An invariant that failed more solves at a commit than at the one before.
public struct InvariantRise: Hashable, Sendable {
    public var machine: String
    public var invariant: String
    public var commit: CommitInfo
    public var failedBefore: Int
    public var failed: Int
    public var age: Int
}

/// The history judged (`strut history check`): every series' change points, the answers that
/// changed and the invariants that began to fail, with what gates: an unaccepted regression,
/// answer change or invariant rise among each machine's `recent` newest commits.
public struct HistoryAnalysis: Sendable {
    public struct Options: Sendable {
        /// Newest commits per machine whose findings gate.
        public var recent = 3
        /// The largest p-value of a change point, per figure (`HistoryMetric.defaultMaxPValue`).
        public var maxPValue: [HistoryMetric: Double] = Dictionary(uniqueKeysWithValues: HistoryMetric.allCases.map { ($0, $0.defaultMaxPValue) })
        public var minimumChange: [HistoryMetric: Double] = Dictionary(uniqueKeysWithValues: HistoryMetric.allCases.map { ($0, $0.defaultMinimumChange) })
        /// The smallest absolute change, per figure (`HistoryMetric.defaultMinimumAbsoluteChange`).
        public var minimumAbsoluteChange: [HistoryMetric: Double] = Dictionary(uniqueKeysWithValues: HistoryMetric.allCases.map { ($0, $0.defaultMinimumAbsoluteChange) })
        public var minimumSegment = 3
        /// Only this machine label's runs (nil: every machine, each on its own).
        public var machine: String?
        public init() {}

        public func detector(for metric: HistoryMetric) -> ChangePointDetector {
            ChangePointDetector(maxPValue: maxPValue[metric] ?? metric.defaultMaxPValue, minimumChange: minimumChange[metric] ?? metric.defaultMinimumChange,
                                minimumAbsoluteChange: minimumAbsoluteChange[metric] ?? metric.defaultMinimumAbsoluteChange, minimumSegment: minimumSegment)
        }
    }

    public var options: Options
    /// Per machine label, its commits in history order (commit time, then the order recorded).
    public var commits: [String: [CommitInfo]] = [:]
    /// Per machine whose newest commit was measured with another bench command than the commit
    /// before it: the two commands. Counts and times compare only between runs of one command
    /// (strategies, `--invariants` and the rest change what runs and what the heap holds).
    public var commandChanges: [String: (previous: String, newest: String)] = [:]
    public var series: [HistorySeries] = []
    public var changes: [HistoryChange] = []
    public var answerChanges: [AnswerChange] = []
    public var invariantRises: [InvariantRise] = []

    public var machines: [String] { commits.keys.sorted() }

    /// What fails the check.
    public var regressions: [HistoryChange] { changes.filter { $0.isRegression && $0.age < options.recent } }
    public var failingAnswerChanges: [AnswerChange] { answerChanges.filter { $0.accepted == nil && $0.age < options.recent } }
    public var failingInvariantRises: [InvariantRise] { invariantRises.filter { $0.age < options.recent } }
    public var fails: Bool { !regressions.isEmpty || !failingAnswerChanges.isEmpty || !failingInvariantRises.isEmpty }

    public init(_ snapshot: HistorySnapshot, options: Options = Options()) {
        self.options = options
        let runs = snapshot.runs.filter { options.machine == nil || $0.machine == options.machine }
        var runsByMachine: [String: [HistorySnapshot.Run]] = [:]
        for r in runs { runsByMachine[r.machine, default: []].append(r) }
        for machine in runsByMachine.keys.sorted() {
            analyse(machine, runsByMachine[machine]!, snapshot)
        }
    }

    private mutating func analyse(_ machine: String, _ runs: [HistorySnapshot.Run], _ snapshot: HistorySnapshot) {
        // Commit order: committer time, then the first run's place in the store.
        var firstRun: [String: Int64] = [:]
        for r in runs where firstRun[r.sha] == nil { firstRun[r.sha] = r.id }
        let ordered = firstRun.keys.compactMap { snapshot.commits[$0] }.sorted {
            ($0.time, firstRun[$0.sha]!) < ($1.time, firstRun[$1.sha]!)
        }
        commits[machine] = ordered
        if ordered.count >= 2 {
            let newest = runs.last { $0.sha == ordered[ordered.count - 1].sha }!.command
            let previous = runs.last { $0.sha == ordered[ordered.count - 2].sha }!.command
            if newest != previous { commandChanges[machine] = (previous, newest) }
        }
        let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1.sha, $0) })
        var toolchain: [Int: String] = [:]
        for r in runs { toolchain[position[r.sha]!] = r.toolchain }
        let runPosition = Dictionary(uniqueKeysWithValues: runs.map { ($0.id, position[$0.sha]!) })

        // Values per series and commit.
        struct SeriesKey: Hashable { var group: String; var metric: HistoryMetric }
        var samples: [SeriesKey: [Int: [Double]]] = [:]
        for (key, value) in snapshot.figures {
            guard let c = runPosition[key.run] else { continue }
            samples[SeriesKey(group: key.group, metric: key.metric), default: [:]][c, default: []].append(value)
        }
        let groupRank = Dictionary(uniqueKeysWithValues: snapshot.groupOrder.enumerated().map { ($1, $0) })
        let keys = samples.keys.sorted { (groupRank[$0.group] ?? 0, $0.metric) < (groupRank[$1.group] ?? 0, $1.metric) }
        for key in keys {
            let byCommit = samples[key]!
            let indices = byCommit.keys.sorted()
            let values = indices.map { RatioStatistics.quantile(byCommit[$0]!, 0.5) }
            let s = HistorySeries(machine: machine, group: key.group, metric: key.metric, commitIndices: indices, values: values)
            series.append(s)
            for point in options.detector(for: key.metric).changePoints(values) {
                let c = indices[point.index], p = indices[point.index - 1]
                var change = HistoryChange(machine: machine, group: key.group, metric: key.metric, point: point, commit: ordered[c],
                                           previous: ordered[p], age: ordered.count - 1 - c, accepted: nil,
                                           toolchainChanged: toolchain[c] != toolchain[p])
                change.accepted = Self.acceptance(snapshot.accepted, group: key.group, metric: key.metric, previous: ordered[p], commit: ordered[c])
                changes.append(change)
            }
        }
        answers(machine, runs, ordered, runPosition, snapshot)
        invariants(machine, runs, ordered, runPosition, snapshot)
    }

    /// Answers compared commit to commit (the first run of each commit), per group.
    private mutating func answers(_ machine: String, _ runs: [HistorySnapshot.Run], _ ordered: [CommitInfo], _ runPosition: [Int64: Int], _ snapshot: HistorySnapshot) {
        var byGroup: [String: [Int: String]] = [:]
        let firstRunOfCommit = Set(Dictionary(runs.map { (runPosition[$0.id]!, $0.id) }, uniquingKeysWith: min).values)
        for (key, digest) in snapshot.answers where firstRunOfCommit.contains(key.run) {
            byGroup[key.group, default: [:]][runPosition[key.run]!] = digest
        }
        for group in snapshot.groupOrder {
            guard let digests = byGroup[group] else { continue }
            let indices = digests.keys.sorted()
            for (p, c) in zip(indices, indices.dropFirst()) where digests[p] != digests[c] {
                answerChanges.append(AnswerChange(
                    machine: machine, group: group, commit: ordered[c], previous: ordered[p], age: ordered.count - 1 - c,
                    accepted: Self.acceptance(snapshot.accepted, group: group, metric: nil, previous: ordered[p], commit: ordered[c])))
            }
        }
    }

    /// Failed tallies compared commit to commit (the most failures among a commit's runs).
    private mutating func invariants(_ machine: String, _ runs: [HistorySnapshot.Run], _ ordered: [CommitInfo], _ runPosition: [Int64: Int], _ snapshot: HistorySnapshot) {
        var failed: [String: [Int: Int]] = [:]
        for r in runs {
            for i in snapshot.invariants[r.id] ?? [] where i.checked > 0 {
                failed[i.invariant, default: [:]][runPosition[r.id]!] = max(failed[i.invariant]?[runPosition[r.id]!] ?? 0, i.failed)
            }
        }
        for invariant in failed.keys.sorted() {
            let tally = failed[invariant]!
            let indices = tally.keys.sorted()
            for (p, c) in zip(indices, indices.dropFirst()) where tally[c]! > tally[p]! {
                invariantRises.append(InvariantRise(machine: machine, invariant: invariant, commit: ordered[c], failedBefore: tally[p]!,
                                                    failed: tally[c]!, age: ordered.count - 1 - c))
            }
        }
    }

    /// The first acceptance that covers a change in (previous, commit] of this group and metric.
    /// An acceptance without a metric covers every metric and answer changes; one with a metric
    /// covers that metric only.
    static func acceptance(_ list: [Acceptance], group: String, metric: HistoryMetric?, previous: CommitInfo, commit: CommitInfo) -> Acceptance? {
        list.first { a in
            let inRange = a.commit.sha == commit.sha || (a.commit.time > previous.time && a.commit.time <= commit.time && a.commit.sha != previous.sha)
            let metricMatches = a.metric == nil || a.metric == metric
            let groupMatches = a.group.map { fnmatch($0, group, 0) == 0 } ?? true
            return inRange && metricMatches && groupMatches
        }
    }
}
