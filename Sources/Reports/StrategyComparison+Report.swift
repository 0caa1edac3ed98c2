import Bench
import Foundation
import Gates
import Judging
import LinearConstraints

/// The comparison as a terminal table and as a JSON document (`strut compare --out`).
extension StrategyComparison {
    public static let format = "strut-compare"
    public static let formatVersion = 1

    /// One row per family and size: B/A thread-CPU ratio with its interval per phase, the
    /// objective agreement, and the invariants each strategy broke there; then the totals.
    public var text: String {
        var out = "B/A: \(b) over \(a), thread-CPU time, ratio of \(BaselineReport.quantileName) [\(BaselineReport.percent(RatioStatistics.confidence)) bootstrap interval]; "
        out += "agreement: B's solves judged by strategies-agree against A\n"
        out += BenchTable.table(
            ["family", "size", "first B/A", "switch B/A", "diagnostics B/A", "items", "same objective", "objective differs", "frames differ", "not judged", "A breaks", "B breaks"],
            groups.map { g in
                let agree = g.agreement
                return [g.family, String(g.size), BaselineReport.interval(g.cpu[.first]), BaselineReport.interval(g.cpu[.switch]),
                        g.cpu[.diagnostics].map { BaselineReport.interval($0) } ?? "-", String(g.items),
                        agree.map { String($0.sameObjective) } ?? "-", agree.map { String($0.objectiveDiffers) } ?? "-",
                        agree.map { String($0.framesDiffer) } ?? "-", agree.map { String($0.notJudged) } ?? "-",
                        Self.breaksText(g.breaksA), Self.breaksText(g.breaksB)]
            })
        out += "invariants broken (failed solves): \(a): \(Self.breaksText(breaks(a))); \(b): \(Self.breaksText(breaks(b)))\n"
        out += invariants.tallyText
        for f in failures { out += "FAILED: \(f)\n" }
        if !complete { out += "STOPPED EARLY: some units did not run\n" }
        return out
    }

    /// `optimal 3, strategies-agree 5`, or `none`.
    static func breaksText(_ b: [Invariant: Int]) -> String {
        breaksText(Invariant.allCases.compactMap { i in b[i].map { (i, $0) } })
    }

    static func breaksText(_ b: [(invariant: Invariant, solves: Int)]) -> String {
        b.isEmpty ? "none" : b.map { "\($0.invariant.rawValue) \($0.solves)" }.joined(separator: ", ")
    }

    /// The document (`strut compare --out`): format, version, the command, strategies,
    /// complete, groups (ratios per phase for CPU and wall time, agreement, breaks per strategy),
    /// breaks per strategy, the merged invariant results and the sources that failed. Keys in
    /// this order.
    public func document(command: String) -> Document { Document(comparison: self, command: command) }

    public struct Document: Encodable {
        var comparison: StrategyComparison
        var command: String

        enum CodingKeys: String, CodingKey { case format, version, command, strategies, complete, groups, breaks, invariants, failures }

        public func encode(to encoder: any Encoder) throws {
            let x = comparison
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(StrategyComparison.format, forKey: .format)
            try c.encode(StrategyComparison.formatVersion, forKey: .version)
            try c.encode(command, forKey: .command)
            try c.encode([x.a, x.b], forKey: .strategies)
            try c.encode(x.complete, forKey: .complete)
            try c.encode(x.groups.map { GroupDocument(group: $0, a: x.a, b: x.b) }, forKey: .groups)
            try c.encode(Breaks(perStrategy: [(x.a, x.breaks(x.a)), (x.b, x.breaks(x.b))]), forKey: .breaks)
            try c.encode(x.invariants, forKey: .invariants)
            try c.encode(x.failures.map(LoadFailure.init), forKey: .failures)
        }
    }
}

/// Per strategy, the solves that broke each invariant: `{"cassowary": {"optimal": 3}, ...}`.
private struct Breaks: Encodable {
    var perStrategy: [(strategy: String, breaks: [(invariant: Invariant, solves: Int)])]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        for (strategy, breaks) in perStrategy {
            var inner = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(strategy))
            for b in breaks { try inner.encode(b.solves, forKey: JSONKey(b.invariant.rawValue)) }
        }
    }
}

/// One group of the document: family, size, items, cpu and wall ratios per phase, agreement
/// (null when not judged), breaks per strategy.
private struct GroupDocument: Encodable {
    var group: StrategyGroup
    var a: String
    var b: String

    enum CodingKeys: String, CodingKey { case family, size, items, cpu, wall, agreement, breaks }

    func encode(to encoder: any Encoder) throws {
        let g = group
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(g.family, forKey: .family)
        try c.encode(g.size, forKey: .size)
        try c.encode(g.items, forKey: .items)
        for (key, ratios) in [(CodingKeys.cpu, g.cpu), (.wall, g.wall)] {
            var phases = c.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            for p in ItemRecord.Phase.allCases { if let r = ratios[p] { try phases.encode(r, forKey: JSONKey(p.rawValue)) } }
        }
        try c.encode(g.agreement, forKey: .agreement)
        let breaks = { (b: [Invariant: Int]) in Invariant.allCases.compactMap { i in b[i].map { (invariant: i, solves: $0) } } }
        try c.encode(Breaks(perStrategy: [(a, breaks(g.breaksA)), (b, breaks(g.breaksB))]), forKey: .breaks)
    }
}


/// ratio, low and high (null without an interval; a non-finite bound as a string, `"inf"`), the
/// quantile compared and its values in nanoseconds, the sample counts.
extension RatioEstimate: Encodable {
    enum CodingKeys: String, CodingKey { case ratio, low, high, quantile, valueA, valueB, samplesA, samplesB }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(JudgedNumber(ratio), forKey: .ratio)
        try c.encode(interval.map { JudgedNumber($0.lowerBound) }, forKey: .low)
        try c.encode(interval.map { JudgedNumber($0.upperBound) }, forKey: .high)
        try c.encode(RatioStatistics.quantile, forKey: .quantile)
        try c.encode(baselineValue, forKey: .valueA)
        try c.encode(currentValue, forKey: .valueB)
        try c.encode(baselineCount, forKey: .samplesA)
        try c.encode(currentCount, forKey: .samplesB)
    }
}
