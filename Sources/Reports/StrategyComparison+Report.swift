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

    /// The document: format, version, strategies, the command, groups (ratios per phase for CPU
    /// and wall time, agreement, breaks per strategy), the merged invariant results and the
    /// sources that failed. Keys in a fixed order.
    public func json(command: String) -> JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .number(Double(Self.formatVersion))),
            ("command", .string(command)), ("strategies", .array([.string(a), .string(b)])),
            ("complete", .bool(complete)),
            ("groups", .array(groups.map { $0.json(a: a, b: b) })),
            ("breaks", .object([(a, Self.breaksJSON(breaks(a))), (b, Self.breaksJSON(breaks(b)))])),
            ("invariants", invariants.json),
            ("failures", .array(failures.map { .object([("source", .string($0.source)), ("message", .string($0.message))]) })),
        ])
    }

    static func breaksJSON(_ b: [(invariant: Invariant, solves: Int)]) -> JSONValue {
        .object(b.map { ($0.invariant.rawValue, .number(Double($0.solves))) })
    }
}

extension StrategyGroup {
    func json(a: String, b: String) -> JSONValue {
        let phases = ItemRecord.Phase.allCases
        return .object([
            ("family", .string(family)), ("size", .number(Double(size))), ("items", .number(Double(items))),
            ("cpu", .object(phases.compactMap { p in cpu[p].map { (p.rawValue, $0.json) } })),
            ("wall", .object(phases.compactMap { p in wall[p].map { (p.rawValue, $0.json) } })),
            ("agreement", agreement.map(\.json) ?? .null),
            ("breaks", .object([(a, Self.json(breaksA)), (b, Self.json(breaksB))])),
        ])
    }

    static func json(_ b: [Invariant: Int]) -> JSONValue {
        .object(Invariant.allCases.compactMap { i in b[i].map { (i.rawValue, .number(Double($0))) } })
    }
}

extension ObjectiveAgreement {
    var json: JSONValue {
        .object([("judged", .number(Double(judged))), ("sameObjective", .number(Double(sameObjective))),
                 ("objectiveDiffers", .number(Double(objectiveDiffers))), ("framesDiffer", .number(Double(framesDiffer))),
                 ("notJudged", .number(Double(notJudged)))])
    }
}

extension RatioEstimate {
    /// ratio, low and high (null without an interval; a non-finite bound as a string, `"inf"`), the
    /// quantile compared and its values in nanoseconds, the sample counts.
    public var json: JSONValue {
        .object([
            ("ratio", InvariantFailure.number(ratio)), ("low", interval.map { InvariantFailure.number($0.lowerBound) } ?? .null),
            ("high", interval.map { InvariantFailure.number($0.upperBound) } ?? .null),
            ("quantile", .number(RatioStatistics.quantile)), ("valueA", .number(baselineValue)), ("valueB", .number(currentValue)),
            ("samplesA", .number(Double(baselineCount))), ("samplesB", .number(Double(currentCount))),
        ])
    }
}
