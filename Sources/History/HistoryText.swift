import Foundation

/// The terminal text of `strut history check`: the verdict first, then what fails it, then a
/// count of the rest (all of it with `verbose`).
public enum HistoryText {
    public static func check(_ a: HistoryAnalysis, store: String, verbose: Bool) -> String {
        var out: [String] = []
        let regressions = a.regressions, answers = a.failingAnswerChanges, invariants = a.failingInvariantRises
        if a.fails {
            var parts: [String] = []
            if !regressions.isEmpty { parts.append(count(regressions.count, "regression")) }
            if !answers.isEmpty { parts.append(count(answers.count, "answer change")) }
            if !invariants.isEmpty { parts.append(count(invariants.count, "invariant failing more")) }
            out.append("history check: FAILED: \(parts.joined(separator: ", ")) among the newest \(a.options.recent) commits (exit 4)")
        } else {
            out.append("history check: ok: no unaccepted regression among the newest \(a.options.recent) commits")
        }
        // A change point needs a segment of `minimumSegment` commits before the newest one.
        let needed = a.options.minimumSegment + 1
        for machine in a.machines {
            let commits = a.commits[machine]!
            let seriesCount = a.series.filter { $0.machine == machine }.count
            out.append("  \(store), machine \(machine): \(count(commits.count, "commit")) (\(commits.first!.short) .. \(commits.last!.short) \"\(commits.last!.title)\"), \(count(seriesCount, "series", plural: "series"))")
            if let change = a.commandChanges[machine] {
                out.append("  note: the newest commit of machine \(machine) was measured with another command than the one before it; figures compare only between runs of one command:")
                out.append("    before: \(change.previous)")
                out.append("    newest: \(change.newest)")
            }
            if commits.count < needed {
                out.append("  note: a change point needs at least \(needed) commits of machine \(machine); with \(commits.count) no figure was compared (record runs of earlier commits, or keep recording)")
            }
        }
        if !regressions.isEmpty {
            out.append("")
            out.append("Regressions (not accepted):")
            out += regressions.map { "  " + line($0) }
        }
        if !answers.isEmpty {
            out.append("")
            out.append("Answers changed (frames, conflicts or ambiguity; not accepted):")
            out += answers.prefix(20).map { "  \($0.group) at \($0.commit.short) \"\($0.commit.title)\" (since \($0.previous.short))" }
            if answers.count > 20 { out.append("  and \(answers.count - 20) more groups") }
        }
        if !invariants.isEmpty {
            out.append("")
            out.append("Invariants failing more solves:")
            out += invariants.map { "  \($0.invariant): \($0.failedBefore) -> \($0.failed) failed at \($0.commit.short) \"\($0.commit.title)\"" }
        }
        let others = a.changes.filter { !regressions.contains($0) }
        if verbose {
            if !others.isEmpty {
                out.append("")
                out.append("Other change points (newest first):")
                out += others.sorted { ($0.age, $0.group) < ($1.age, $1.group) }.map { "  " + line($0) }
            }
        } else if !others.isEmpty {
            let rises = others.filter { $0.point.change > 0 }.count, accepted = others.filter { $0.accepted != nil }.count
            out.append("")
            out.append("\(count(others.count, "other change point")) (\(rises) rises, \(others.count - rises) falls, \(accepted) accepted); --verbose lists them, strut history report charts them.")
        }
        if a.fails {
            out.append("")
            out.append("If a change is intended: strut history accept SHA --reason \"why\" [--group NAME] [--metric METRIC]")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `GROUP METRIC +4.3% [+3.9%, +4.8%] at SHA "subject" (since SHA), p 1e-06`.
    static func line(_ c: HistoryChange) -> String {
        var s = "\(c.group) \(c.metric.rawValue) \(percent(c.point.change)) [\(percent(c.point.interval.lowerBound)), \(percent(c.point.interval.upperBound))]"
        s += " at \(c.commit.short) \"\(c.commit.title)\" (since \(c.previous.short)), \(pValue(c.point.pValue))"
        if c.toolchainChanged { s += ", toolchain changed" }
        if let a = c.accepted { s += ", accepted: \(a.reason)" }
        return s
    }

    public static func percent(_ x: Double) -> String {
        guard x.isFinite else { return x > 0 ? "from 0" : "to 0" }
        let p = x * 100
        let digits = abs(p) < 10 ? 1 : 0
        return (p >= 0 ? "+" : "") + String(format: "%.\(digits)f%%", p)
    }

    static func pValue(_ p: Double) -> String { p < 1e-6 ? "p < 1e-6" : String(format: "p %.1g", p) }

    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
    }
}
