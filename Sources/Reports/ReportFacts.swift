import Bench
import Gates
import Judging
import StrutSystem

/// What every report format derives from one results file, computed once: the strategies and
/// families in work-item order, the family of each invariant failure, the verdict, strategy
/// ratios and the invariant rows. Nothing here needs a solver (docs/architecture.md: reports read the
/// results file only).
struct ReportFacts {
    let results: BenchResults
    /// Strategies in order of first appearance in the records (the first is the ratios' base).
    let strategies: [String]
    /// Families in order of first appearance in the records.
    let families: [String]
    /// The families that are hand-written case files, each its own group named by the file
    /// (`ItemRecord.isOwnGroup`).
    let caseFiles: Set<String>
    /// Aggregates over devices (family, size, strategy, phase), ordered by family (first
    /// appearance), size, strategy (run order) and phase.
    let summary: [Aggregate]
    private let familyByUnit: [Int: String]   // lookup only, never iterated

    init(_ results: BenchResults) {
        self.results = results
        strategies = Self.ordered(results.records.map(\.strategy))
        var byUnit: [Int: String] = [:]
        for r in results.records where byUnit[r.unit] == nil { byUnit[r.unit] = r.family }
        familyByUnit = byUnit
        let failureFamilies = results.invariants.failures.map { byUnit[$0.unit] ?? $0.caseName }
        let families = Self.ordered(results.records.map(\.family) + failureFamilies)
        self.families = families
        caseFiles = Set(results.records.filter(\.isOwnGroup).map(\.family))
        let strategies = self.strategies
        func key(_ a: Aggregate) -> [Int] {
            [families.firstIndex(of: a.family) ?? 0, a.size, strategies.firstIndex(of: a.strategy) ?? 0, a.phase.order]
        }
        summary = results.summary.sorted { key($0).lexicographicallyPrecedes(key($1)) }
    }

    /// Distinct values in order of first appearance. O(n).
    static func ordered(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// The family of the unit a failure came from (its case name when the unit left no record).
    func family(of f: InvariantFailure) -> String { familyByUnit[f.unit] ?? f.caseName }

    /// Tallies of the invariants that judged or skipped anything, in `Invariant.allCases` order.
    var usedTallies: [InvariantTally] { results.invariants.tallies.filter { $0.checked + $0.skipped > 0 } }

    /// The one-line verdict: `passed`, or what went wrong (invariant failures by invariant,
    /// cases that failed to load, an incomplete run).
    var verdict: (passed: Bool, text: String) {
        var parts: [String] = []
        let failed = results.invariants.tallies.filter { $0.failed > 0 }
        if !failed.isEmpty {
            let solves = failed.map(\.failed).reduce(0, +)
            parts.append(Figures.count(solves, "invariant failure") + " (" + failed.map { "\($0.invariant.rawValue) ×\($0.failed)" }.joined(separator: ", ") + ")")
        } else if !results.invariants.failures.isEmpty {
            parts.append(Figures.count(results.invariants.failures.count, "invariant failure"))
        }
        if !results.failures.isEmpty { parts.append(Figures.count(results.failures.count, "case") + " failed to load or lay out") }
        if !results.complete { parts.append("incomplete run: \(results.units.count) of \(results.totalUnits) units") }
        return parts.isEmpty ? (true, "passed") : (false, parts.joined(separator: "; "))
    }

    /// A strategy's median wall latency (under the instruction meter: its median instruction
    /// count) over the base strategy's (the first) for one family, size and phase, with its bootstrap interval (`MedianRatio`): the items that ran under
    /// both strategies, paired by case, device and direction.
    struct Ratio {
        var family: String
        var size: Int
        var phase: ItemRecord.Phase
        /// Per strategy after the first, in `strategies` order: the estimate, nil when unmeasured.
        var ratios: [MedianRatio?]
    }

    /// Ratios per (family, size, phase) group in summary order; empty with one strategy.
    /// O(groups × strategies × resamples × n log n) for n samples a group.
    var ratios: [Ratio] {
        guard strategies.count > 1, let base = strategies.first else { return [] }
        var byGroup: [String: [ItemRecord]] = [:]   // lookup only, never iterated
        for r in results.records { byGroup["\(r.family)\u{1}\(r.size)\u{1}\(r.phase.rawValue)", default: []].append(r) }
        var out: [Ratio] = []
        for a in summary where a.strategy == base {
            let mine = byGroup["\(a.family)\u{1}\(a.size)\u{1}\(a.phase.rawValue)"] ?? []
            let baseRecords = mine.filter { $0.strategy == base }.map(StrategyGroup.anonymous)
            let others = strategies.dropFirst().map { s -> MedianRatio? in
                let pairs = ItemPairing(baseRecords, mine.filter { $0.strategy == s }.map(StrategyGroup.anonymous)).pairs
                var seed = StableDigest()
                seed.add("ratio \(a.family) \(a.size) \(a.phase.rawValue) \(s)")
                // Under the instruction meter the wall times are valgrind's (every instruction
                // some 50 times slower, unevenly): the strategies are compared on their counts.
                let figure: (ItemRecord) -> [UInt64] = results.isMetered ? { $0.instructions } : { $0.wall }
                return MedianRatio.estimate(base: pairs.map { figure($0.base) }, other: pairs.map { figure($0.current) }, seed: seed.value)
            }
            out.append(Ratio(family: a.family, size: a.size, phase: a.phase, ratios: others))
        }
        return out
    }

    /// Failed solves per invariant (what the verdict, the tallies and `strut bench` count: a
    /// solve failing two invariants counts twice) and the failure reports behind them (a solve
    /// may report several, e.g. one per differing view).
    var failureCounts: (solves: Int, reports: Int) {
        let solves = results.invariants.tallies.map(\.failed).reduce(0, +)
        return (solves == 0 ? results.invariants.failures.count : solves, results.invariants.failures.count)
    }

    /// `14 failed solves (counted per invariant, as in the tallies), in 34 failure reports`.
    var failureCountText: String {
        let c = failureCounts
        var out = Figures.count(c.solves, "failed solve") + " (counted per invariant, as in the verdict and the tallies)"
        if c.reports != c.solves { out += ", reported in " + Figures.count(c.reports, "failure report") + " (a solve can report several, e.g. one per differing view)" }
        return out
    }

    /// The failures of one invariant on one family (and strategy, when given), in results order.
    func failures(_ invariant: Invariant, family: String, strategy: String? = nil) -> [InvariantFailure] {
        results.invariants.failures.filter { $0.invariant == invariant && family == self.family(of: $0) && (strategy == nil || $0.strategy == strategy) }
    }

    /// The strategies that ran a family, in `strategies` order.
    func strategies(of family: String) -> [String] {
        let used = Set(results.records.filter { $0.family == family }.map(\.strategy)
            + results.invariants.failures.filter { self.family(of: $0) == family }.map(\.strategy))
        return strategies.filter(used.contains) + Self.ordered(results.invariants.failures.filter { self.family(of: $0) == family }.map(\.strategy)).filter { !strategies.contains($0) }
    }

    /// Every wall sample (nanoseconds) of the records of one group, in record order.
    func wallSamples(family: String, size: Int, strategy: String, phase: ItemRecord.Phase) -> [UInt64] {
        results.records.filter { $0.family == family && $0.size == size && $0.strategy == strategy && $0.phase == phase }.flatMap(\.wall)
    }

    /// The run's first shard's metadata (every shard of a merged run shares the configuration).
    var firstRun: BenchResults.RunInfo? { results.runs.first }
}
