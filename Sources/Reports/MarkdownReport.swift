import Bench
import Foundation

/// The Markdown report, for a pull-request comment: the verdict first, then a row per strategy and
/// phase (`StrategyPhaseSummary`) and the strategy comparison lines, or with `verbose` a table per
/// family, size, strategy and phase (p50/p90/p99 latency, allocated bytes per solve, pivots per
/// solve), growth and ratios per group; then the invariant tally, and the failures folded in a
/// `<details>` block, each with the command that replays it. GitHub-flavoured: tables, inline HTML
/// for the fold. The short form stays within a screen or two for any suite (the CI suite's full
/// form is about a thousand lines).
enum MarkdownReport {
    static func render(_ facts: ReportFacts, verbose: Bool = false) -> String {
        let r = facts.results
        let v = facts.verdict
        var out = "## Strut bench: " + (v.passed ? "✅ passed" : "❌ " + Markup.escape(v.text)) + "\n\n"
        out += runLine(facts) + "\n\n"
        if verbose {
            out += summaryTable(facts)
            out += ratioTable(facts)
        } else {
            out += strategyPhaseTable(facts)
        }
        out += tallyTable(facts)
        out += failureBlock(facts)
        out += "\n<sub>reproduce: <code>" + Markup.escape(r.command) + "</code></sub>\n"
        return out
    }

    /// Units, strategies, families, and the machine and load of the first shard.
    static func runLine(_ facts: ReportFacts) -> String {
        let r = facts.results
        var line = "\(r.units.count)/\(r.totalUnits) units, \(Figures.count(r.records.count, "record")), "
        line += facts.strategies.isEmpty ? "no strategy measured" : "strategies " + facts.strategies.map { "`\($0)`" }.joined(separator: ", ")
        if let run = facts.firstRun {
            line += "; \(Markup.escape(run.machine.host)), \(run.machine.cores) cores, \(run.machine.build) build, "
            line += "load \(BenchTable.loads(run.loadAtStart)) at start"
            if r.runs.count > 1 { line += " (\(r.runs.count) shards)" }
        }
        return line
    }

    /// A row per strategy and phase, the cut-offs, and the strategy comparison lines.
    static func strategyPhaseTable(_ facts: ReportFacts) -> String {
        guard !facts.summary.isEmpty else { return "No records.\n\n" }
        let selfTimed = facts.summary.contains { $0.solver.count > 0 }, metered = facts.results.isMetered
        let header = StrategyPhaseSummary.header(selfTimed: selfTimed, metered: metered)
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + header.indices.map { [0, 1, header.count - 1].contains($0) ? "---|" : "---:|" }.joined() + "\n"
        for row in StrategyPhaseSummary.rows(facts.results) {
            out += "| " + row.cells(selfTimed: selfTimed, metered: metered).map(Markup.markdownCell).joined(separator: " | ") + " |\n"
        }
        out += "\nA group is a family at one size, or a case file; p50 is its median wall time per solve, devices merged. "
            + "`strut report FILE --format markdown --verbose` lists every group.\n"
        if metered { out += "\n" + Markup.escape(StrategyPhaseSummary.meteredNote.prefix(1).uppercased() + StrategyPhaseSummary.meteredNote.dropFirst()) + ".\n" }
        out += cutOffLines(facts)
        let lines = facts.summaryLines(facts.ratios)
        if !lines.isEmpty { out += "\n" + lines.map { "- " + Markup.escape($0) + "\n" }.joined() }
        return out + "\n"
    }

    static func summaryTable(_ facts: ReportFacts) -> String {
        guard !facts.summary.isEmpty else { return "No records.\n\n" }
        let selfTimed = facts.summary.contains { $0.solver.count > 0 }
        var out = "| family | size | strategy | phase | solves | p50 | p90 | p99 |" + (selfTimed ? " solver p50 |" : "")
            + " alloc/solve (p50) | pivots/solve | ns/constraint | ns/nonzero |\n"
        out += "|---|---:|---|---|---:|---:|---:|---:|" + (selfTimed ? "---:|" : "") + "---:|---:|---:|---:|\n"
        for a in facts.summary {
            let cells = [a.family, String(a.size), a.strategy, a.phase.rawValue, String(a.wall.count),
                         Figures.duration(a.wall.value(atPercentile: 50)), Figures.duration(a.wall.value(atPercentile: 90)),
                         Figures.duration(a.wall.value(atPercentile: 99))]
                + (selfTimed ? [a.solver.count > 0 ? Figures.duration(a.solver.value(atPercentile: 50)) : "-"] : [])
                + [Figures.bytes(a.allocated.value(atPercentile: 50)), Figures.pivotsPerSolve(a), Figures.nanosecondsPerConstraint(a),
                   Figures.nanosecondsPerNonzero(a)]
            out += "| " + cells.map(Markup.markdownCell).joined(separator: " | ") + " |\n"
        }
        out += "\nns/constraint, ns/nonzero: the p50 divided by the constraints in the solver and by their nonzero coefficients, against the floor of touching each once (about 5-15 ns per constraint).\n"
        if selfTimed { out += "\nsolver p50: the time an outside solver reported for its own work (`solverSeconds`); p50-p99 are the round trip.\n" }
        out += growthTable(facts) + cutOffLines(facts)
        return out + "\n"
    }

    /// Growth exponents per family, strategy and phase (three sizes or more), each with the R²
    /// of its log-log fit and `?` when the fit is unreliable (`GrowthFit`).
    static func growthTable(_ facts: ReportFacts) -> String { growthTable(facts.results.growth) }

    static func growthTable(_ growth: [Growth]) -> String {
        let fits = GrowthFit.shown(growth)
        guard let note = GrowthFit.note(growth) else { return "" }
        var out = ""
        if !fits.isEmpty {
            out += "\n| family | strategy | phase | sizes | growth exponent (p50 wall) | R² | (p50 CPU) | R² | fit |\n|---|---|---|---|---:|---:|---:|---:|---|\n"
            for f in fits {
                let g = f.growth
                let cells = [g.family, g.strategy, g.phase.rawValue, g.sizes.map(String.init).joined(separator: ","),
                             f.wallText, Figures.fixed(f.rSquared), f.cpuText, Figures.fixed(f.cpuRSquared), f.reliable ? "ok" : "⚠️ " + f.verdict]
                out += "| " + cells.map(Markup.markdownCell).joined(separator: " | ") + " |\n"
            }
        }
        return out + "\n" + Markup.escape(note) + "\n"
    }

    /// Units cut off by the per-run time limit.
    static func cutOffLines(_ facts: ReportFacts) -> String {
        let cut = facts.results.cutOffs
        guard !cut.isEmpty else { return "" }
        return "\nCut off (too slow to wait for, not failures):\n\n" + cut.map { "- `\(Markup.escape($0.source))` under `\(Markup.escape($0.strategy))`: \(Markup.escape($0.cutOff ?? ""))\n" }.joined()
    }

    /// Median wall latency of each strategy over the base's with its 95% bootstrap interval;
    /// a ratio is marked (🔴 slower, 🟢 faster) only when its interval excludes 1. Then the
    /// summary over groups per phase.
    static func ratioTable(_ facts: ReportFacts) -> String {
        let ratios = facts.ratios
        guard !ratios.isEmpty, let base = facts.strategies.first else { return "" }
        var out = "Median wall latency relative to `\(base)` [95% bootstrap interval]; 🔴 slower or 🟢 faster only when the interval excludes 1:\n\n| family | size | phase | "
        out += facts.strategies.dropFirst().map(Markup.markdownCell).joined(separator: " | ") + " |\n"
        out += "|---|---:|---|" + String(repeating: "---:|", count: facts.strategies.count - 1) + "\n"
        for x in ratios {
            let cells = x.ratios.map { r in r.map { ($0.clear ? ($0.ratio > 1 ? "🔴 " : "🟢 ") : "") + $0.text } ?? "-" }
            out += "| \(Markup.markdownCell(x.family)) | \(x.size) | \(x.phase.rawValue) | " + cells.joined(separator: " | ") + " |\n"
        }
        let lines = facts.summaryLines(ratios)
        if !lines.isEmpty { out += "\n" + lines.map { "- " + Markup.escape($0) + "\n" }.joined() }
        return out + "\n"
    }

    static func tallyTable(_ facts: ReportFacts) -> String {
        let used = facts.usedTallies
        guard !used.isEmpty else { return "No invariants were checked.\n\n" }
        var out = "| invariant | checked | passed | failed | skipped |\n|---|---:|---:|---:|---:|\n"
        for t in used {
            let mark = t.failed > 0 ? "❌ " : (t.checked > 0 ? "✅ " : "")
            out += "| \(mark)`\(t.invariant.rawValue)` | \(t.checked) | \(t.checked - t.failed) | \(t.failed) | \(t.skipped) |\n"
        }
        return out + "\n"
    }

    /// Invariant failures listed in full; a pull-request comment holds at most 65 536
    /// characters, and a few hundred replay commands would pass that.
    static var failureLimit: Int { 40 }

    /// Invariant failures (the first `failureLimit`) and failed cases in one fold, each with its
    /// replay command.
    static func failureBlock(_ facts: ReportFacts) -> String {
        let r = facts.results
        guard !r.invariants.failures.isEmpty || !r.failures.isEmpty else { return "" }
        var parts: [String] = []
        if !r.invariants.failures.isEmpty { parts.append(facts.failureCountText) }
        if !r.failures.isEmpty { parts.append(Figures.count(r.failures.count, "case") + " failed to load or lay out") }
        var out = "<details><summary>" + Markup.escape(parts.joined(separator: "; ")) + " (click to expand)</summary>\n\n"
        for f in r.invariants.failures.prefix(failureLimit) {
            out += "**`\(f.invariant.rawValue)`** \(Markup.escape(f.caseName)) on `\(f.device)` with `\(f.strategy)` (\(f.direction)): "
            out += Markup.escape(f.detail) + "\n\n"
            out += "```sh\n\(f.replay)\n```\n\n"
        }
        if r.invariants.failures.count > failureLimit {
            out += "… and \(r.invariants.failures.count - failureLimit) more invariant failures (every one is in the HTML, JUnit and terminal reports).\n\n"
        }
        for f in r.failures {
            out += "**failed to load** `\(f.source.replacingOccurrences(of: "`", with: "'"))`: \(Markup.escape(f.message))\n\n"
        }
        return out + "</details>\n"
    }
}
