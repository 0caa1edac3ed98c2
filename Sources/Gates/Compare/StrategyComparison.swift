import Bench
import Judging
import StrutSystem
import Subjects

/// Two strategies on the same work (`strut compare --strategies A,B`), per family and size:
/// B's time over A's with a confidence interval (the baseline gate's statistics,
/// `RatioStatistics`, with A in the baseline's place), how often B reached A's objective (the
/// invariant `strategies-agree`), and the invariants each one breaks.
public struct StrategyComparison: Sendable {
    public var a: String
    public var b: String
    public var groups: [StrategyGroup]
    /// Every invariant result of the run, merged over the groups.
    public var invariants: InvariantOutcome
    /// Sources that could not be loaded or laid out.
    public var failures: [CaseLoadError]
    /// True when every unit of every group ran.
    public var complete: Bool

    /// Reads the per-group results of `CompareRun.run`.
    public init(a: String, b: String, results: [BenchResults]) {
        self.a = a
        self.b = b
        groups = results.flatMap { StrategyGroup.groups($0, a: a, b: b) }
        invariants = InvariantOutcome.merged(results.map(\.invariants))
        failures = results.flatMap(\.failures)
        complete = results.allSatisfy(\.complete)
    }

    /// Failed solves per invariant for `strategy` over the whole run, in `Invariant` order.
    public func breaks(_ strategy: String) -> [(invariant: Invariant, solves: Int)] {
        StrategyGroup.breaks(invariants.failures, strategy)
    }
}

/// One family and size of a comparison.
public struct StrategyGroup: Hashable, Sendable {
    public var family: String
    public var size: Int
    /// Items of B paired with an item of A (same case, device, direction and phase).
    public var items = 0
    /// Thread-CPU and wall time, B over A, per phase (first layout, device switches).
    public var cpu: [ItemRecord.Phase: RatioEstimate] = [:]
    public var wall: [ItemRecord.Phase: RatioEstimate] = [:]
    /// Nil when `strategies-agree` was not checked (not selected, or a solver workload).
    public var agreement: ObjectiveAgreement?
    /// Failed solves per invariant, per strategy (A then B).
    public var breaksA: [Invariant: Int] = [:]
    public var breaksB: [Invariant: Int] = [:]

    /// The groups in one session's results (normally one; a case file's group holds one family
    /// and size by construction).
    static func groups(_ r: BenchResults, a: String, b: String) -> [StrategyGroup] {
        var out: [StrategyGroup] = []
        for (family, size) in familiesAndSizes(r.records) {
            let mine = r.records.filter { $0.family == family && $0.size == size }
            var g = StrategyGroup(family: family, size: size)
            let pairs = ItemPairing(mine.filter { $0.strategy == a }.map(Self.anonymous), mine.filter { $0.strategy == b }.map(Self.anonymous)).pairs
            // Items and solves are layouts; the diagnostics phase re-reads them (its own ratio below).
            g.items = pairs.count { $0.base.phase != .diagnostics }
            var seed = StableDigest()
            seed.add("\(family) \(size)")
            for phase in ItemRecord.Phase.allCases {
                let p = pairs.filter { $0.base.phase == phase }
                guard !p.isEmpty else { continue }
                g.cpu[phase] = RatioStatistics.estimate(baseline: p.map(\.base.cpu), current: p.map(\.current.cpu), seed: seed.value)
                g.wall[phase] = RatioStatistics.estimate(baseline: p.map(\.base.wall), current: p.map(\.current.wall), seed: seed.value &+ 1)
            }
            let units = Set(mine.map(\.unit))
            let failures = r.invariants.failures.filter { units.contains($0.unit) }
            g.agreement = ObjectiveAgreement(r.invariants, failures, solvesOfB: mine.filter { $0.strategy == b && $0.phase != .diagnostics }.count, b: b)
            g.breaksA = Dictionary(uniqueKeysWithValues: breaks(failures, a).map { ($0.invariant, $0.solves) })
            g.breaksB = Dictionary(uniqueKeysWithValues: breaks(failures, b).map { ($0.invariant, $0.solves) })
            out.append(g)
        }
        return out
    }

    /// (family, size) pairs in order of first appearance.
    static func familiesAndSizes(_ records: [ItemRecord]) -> [(String, Int)] {
        var out: [(String, Int)] = []
        for r in records where !out.contains(where: { $0 == (r.family, r.size) }) { out.append((r.family, r.size)) }
        return out
    }

    /// The record without its strategy, so that A's and B's items pair up.
    package static func anonymous(_ r: ItemRecord) -> ItemRecord {
        var r = r
        r.strategy = ""
        return r
    }

    /// Distinct failed solves (unit, device, direction) per invariant for `strategy`.
    static func breaks(_ failures: [InvariantFailure], _ strategy: String) -> [(invariant: Invariant, solves: Int)] {
        let mine = failures.filter { $0.strategy == strategy }
        return Invariant.allCases.compactMap { i in
            let solves = Set(mine.filter { $0.invariant == i }.map { "\($0.unit)\u{1}\($0.device)\u{1}\($0.direction)" }).count
            return solves > 0 ? (i, solves) : nil
        }
    }
}

/// How B's solves fared against A's under `strategies-agree` in one group.
public struct ObjectiveAgreement: Hashable, Sendable, Encodable {
    /// B's solves the invariant judged (the rest: not applicable, the two broke different
    /// conflicts, or the reference could not lay the case out).
    public var judged: Int
    /// Judged solves where every priority level's error matched A's.
    public var sameObjective: Int
    /// Judged solves where some level's error differed.
    public var objectiveDiffers: Int
    /// Judged solves with A's objective but other frames (views neither calls ambiguous).
    public var framesDiffer: Int
    public var notJudged: Int
}

extension ObjectiveAgreement {
    /// Nil when the group's session did not check `strategies-agree` at all (a solver
    /// workload, or the invariant was not selected). A solve whose failures include an objective
    /// finding (`objective at priority ...`) differs in objective; other failures are frames.
    init?(_ outcome: InvariantOutcome, _ failures: [InvariantFailure], solvesOfB: Int, b: String) {
        guard let tally = outcome.tallies.first(where: { $0.invariant == .strategiesAgree }), tally.checked + tally.skipped > 0 else { return nil }
        let mine = failures.filter { $0.invariant == .strategiesAgree && $0.strategy == b }
        let solve = { (f: InvariantFailure) in "\(f.unit)\u{1}\(f.device)\u{1}\(f.direction)" }
        let objective = Set(mine.filter { $0.detail.hasPrefix("objective at priority") }.map(solve))
        let failed = Set(mine.map(solve))
        judged = tally.checked
        objectiveDiffers = objective.count
        framesDiffer = failed.count - objective.count
        sameObjective = tally.checked - objective.count
        notJudged = max(0, solvesOfB - tally.checked)
    }
}
