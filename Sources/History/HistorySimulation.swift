import Gates
import Generator

/// How well the change-point check finds planted steps on a machine's own noise
/// (`strut history simulate`): histories of `commits` commits are built from repeated runs of
/// one build, each commit drawing `runsPerCommit` of the runs at random (so every group of a
/// commit shares its runs' conditions, as in real history, and its figure is the median of
/// them, as `strut history check` takes it); in a share of the series, chosen at random, every
/// value from a random commit on is multiplied by 1 + the metric's step. The check then runs on
/// every series as `strut history check` would.
///
/// A step counts as found when a rise is placed within one commit of where it was planted. Every
/// other change point is false: in a series without a step, or a second one in a series with one.
public struct HistorySimulation: Sendable {
    public struct Options: Sendable {
        public var commits = 50
        /// Runs recorded per commit (distinct runs when there are enough files).
        public var runsPerCommit = 1
        /// The relative step planted per metric; metrics not named get no step (false alarms only).
        public var steps: [HistoryMetric: Double] = [.instructions: 0.02, .cpu: 0.25, .scaledCPU: 0.25]
        /// The share of series that get a step.
        public var steppedShare = 0.5
        /// Histories built per series, each from its own draws.
        public var repetitions = 1
        public var seed: UInt64 = 1
        public init() {}
    }

    public struct Tally: Hashable, Sendable {
        public var metric: HistoryMetric
        public var step: Double?
        public var series = 0
        public var stepped = 0
        public var found = 0
        public var unstepped = 0
        /// Change points in series without a step.
        public var falseInUnstepped = 0
        /// Change points beyond the one matched, in series with a step.
        public var falseInStepped = 0

        public var foundShare: Double { stepped == 0 ? 0 : Double(found) / Double(stepped) }
        /// False change points per 100 series without a step.
        public var falsePer100: Double { unstepped == 0 ? 0 : Double(falseInUnstepped) * 100 / Double(unstepped) }
    }

    public var options: Options
    public var tallies: [Tally] = []
    /// The runs drawn from.
    public var runs: Int
    /// The last history built, commit by commit (`strut history simulate --store` records it).
    public var history: [HistoryRun] = []
    /// Where a step was planted in it, per group and figure.
    public var planted: [String: [HistoryMetric: Int]] = [:]

    /// Runs the simulation. Series are the (group, metric) pairs every run has.
    public init(_ runs: [HistoryRun], analysis: HistoryAnalysis.Options, options: Options) {
        self.options = options
        self.runs = runs.count
        guard let first = runs.first else { return }
        var random = SeededRandom(seed: options.seed)
        var byMetric: [HistoryMetric: Tally] = [:]
        let groups = first.groups.filter { g in runs.allSatisfy { $0.groups.contains { $0.name == g.name } } }
        let lookup = runs.map { Dictionary(uniqueKeysWithValues: $0.groups.map { ($0.name, $0.figures) }) }
        for _ in 0..<options.repetitions {
            let draws = (0..<options.commits).map { _ in Self.draw(options.runsPerCommit, of: runs.count, &random) }
            var values: [String: [HistoryMetric: [Double]]] = [:]
            planted = [:]
            for group in groups.map(\.name) {
                for metric in HistoryMetric.allCases {
                    guard lookup.allSatisfy({ $0[group]?[metric] != nil }) else { continue }
                    let step = options.steps[metric]
                    var tally = byMetric[metric] ?? Tally(metric: metric, step: step)
                    let stepAt: Int? = step != nil && random.chance(options.steppedShare)
                        ? random.int(in: 5...(options.commits - 5)) : nil
                    let series = draws.enumerated().map { c, drawn in
                        RatioStatistics.quantile(drawn.map { lookup[$0][group]![metric]! }, 0.5) * (stepAt.map { c >= $0 ? 1 + step! : 1 } ?? 1)
                    }
                    values[group, default: [:]][metric] = series
                    if let stepAt { planted[group, default: [:]][metric] = stepAt }
                    let points = analysis.detector(for: metric).changePoints(series)
                    tally.series += 1
                    if let stepAt {
                        tally.stepped += 1
                        let hit = points.contains { abs($0.index - stepAt) <= 1 && $0.change > 0 }
                        if hit { tally.found += 1 }
                        tally.falseInStepped += points.count - (hit ? 1 : 0)
                    } else {
                        tally.unstepped += 1
                        tally.falseInUnstepped += points.count
                    }
                    byMetric[metric] = tally
                }
            }
            history = (0..<options.commits).map { c in
                var run = runs[draws[c][0]]
                run.groups = groups.map { g in
                    var g = g
                    g.figures = [:]
                    for (metric, series) in values[g.name] ?? [:] { g.figures[metric] = series[c] }
                    return g
                }
                run.digest = "simulated-\(options.seed)-\(c)"
                return run
            }
        }
        tallies = byMetric.values.sorted { $0.metric < $1.metric }
    }

    /// `k` run indices out of `n`: distinct while `k` ≤ `n` (a partial shuffle), else with repeats.
    static func draw(_ k: Int, of n: Int, _ random: inout SeededRandom) -> [Int] {
        guard k <= n else { return (0..<k).map { _ in random.int(in: 0...(n - 1)) } }
        var pool = Array(0..<n)
        for i in 0..<k { pool.swapAt(i, random.int(in: i...(n - 1))) }
        return Array(pool[0..<k])
    }
}
