import Bench
import Gates

/// One row per strategy and phase over every group of a run (a group: a family at one size, or a
/// case file, devices merged), in the run's strategy order and phase order: the short form of a
/// run that `strut bench` prints by default and the Markdown report leads with.
struct StrategyPhaseSummary {
    var strategy: String
    var phase: ItemRecord.Phase
    var groups: Int
    var solves: Int
    /// The median of the groups' p50 wall times.
    var medianP50: UInt64
    /// The group with the largest p50 wall time, named as the tables name it ("chat 120", or a
    /// case file's name alone).
    var slowestName: String
    var slowestP50: UInt64
    /// The slowest group's own solver time at p50 (outside solvers that report it), nil otherwise.
    var slowestSolverP50: UInt64?
    /// The most bytes allocated per solve at p50 among the groups.
    var mostAllocated: UInt64
    /// Under the instruction meter: the median over the groups of each group's instructions per
    /// solve (the median over its items of each item's median repetition); nil without it.
    var medianInstructions: Double?

    static func rows(_ r: BenchResults) -> [StrategyPhaseSummary] {
        var groups: [String: [Aggregate]] = [:]   // lookup only; sorted below
        for a in r.summary { groups["\(a.strategy)\u{1}\(a.phase.rawValue)", default: []].append(a) }
        let strategyRank = Dictionary(r.summary.enumerated().map { ($1.strategy, $0) }, uniquingKeysWith: min)
        let phaseRank = Dictionary(uniqueKeysWithValues: ItemRecord.Phase.allCases.enumerated().map { ($1, $0) })
        let files = Set(r.records.filter(\.isOwnGroup).map(\.family))
        // Instructions per solve, per strategy and phase and then per group (metered runs).
        var counted: [String: [String: [Double]]] = [:]
        for rec in r.records where !rec.instructions.isEmpty {
            let perSolve = RatioStatistics.quantile(rec.instructions.map { Double($0) }, 0.5)
            counted["\(rec.strategy)\u{1}\(rec.phase.rawValue)", default: [:]]["\(rec.family)\u{1}\(rec.size)", default: []].append(perSolve)
        }
        return groups.values.map { g in
            let p50s = g.map { $0.wall.value(atPercentile: 50) }.sorted()
            let slowest = g.max { ($0.wall.value(atPercentile: 50), $1.family, $1.size) < ($1.wall.value(atPercentile: 50), $0.family, $0.size) }!
            return StrategyPhaseSummary(
                strategy: g[0].strategy, phase: g[0].phase, groups: g.count, solves: Int(g.reduce(0) { $0 + $1.wall.count }),
                medianP50: p50s[(p50s.count - 1) / 2],
                slowestName: files.contains(slowest.family) ? slowest.family : "\(slowest.family) \(slowest.size)",
                slowestP50: slowest.wall.value(atPercentile: 50),
                slowestSolverP50: slowest.solver.count > 0 ? slowest.solver.value(atPercentile: 50) : nil,
                mostAllocated: g.map { $0.allocated.value(atPercentile: 50) }.max() ?? 0,
                medianInstructions: counted["\(g[0].strategy)\u{1}\(g[0].phase.rawValue)"].map { byGroup in
                    RatioStatistics.quantile(byGroup.values.map { RatioStatistics.quantile($0, 0.5) }, 0.5)
                })
        }.sorted { (strategyRank[$0.strategy]!, phaseRank[$0.phase]!) < (strategyRank[$1.strategy]!, phaseRank[$1.phase]!) }
    }

    /// The column heads, with a solver column when some outside solver reported its own time.
    /// The column heads, with a solver column when some outside solver reported its own time and
    /// an instruction column for a run under the meter.
    static func header(selfTimed: Bool, metered: Bool = false) -> [String] {
        ["strategy", "phase", "groups", "solves", "p50 median", "p50 slowest"] + (selfTimed ? ["solver p50 slowest"] : [])
            + (metered ? ["instr median"] : []) + ["alloc p50 most", "slowest group"]
    }

    func cells(selfTimed: Bool, metered: Bool = false) -> [String] {
        [strategy, phase.rawValue, String(groups), String(solves), Figures.duration(medianP50), Figures.duration(slowestP50)]
            + (selfTimed ? [slowestSolverP50.map { Figures.duration($0) } ?? "-"] : [])
            + (metered ? [medianInstructions.map { Self.count($0) } ?? "-"] : [])
            + [Figures.bytes(mostAllocated), slowestName]
    }

    /// An instruction count for a table: `35.3 k`, `1.94 M`, `2.10 G`.
    static func count(_ v: Double) -> String {
        switch v {
        case ..<1e3: String(format: "%.0f", v)
        case ..<1e6: String(format: "%.3g k", v / 1e3)
        case ..<1e9: String(format: "%.3g M", v / 1e6)
        default: String(format: "%.3g G", v / 1e9)
        }
    }

    /// The line under a metered run's table: its times are valgrind's.
    static let meteredNote = "metered under valgrind: the times are about 50 times native; instr median: the median over groups of "
        + "each group's instructions per solve, the figure to compare (strut history record, --baseline)"
}
