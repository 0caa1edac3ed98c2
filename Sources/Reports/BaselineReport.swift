import Foundation
import Gates

/// The terminal report of a baseline comparison: the verdict line first, warnings about what
/// makes it less comparable, a table of the groups that did not come out unchanged (every group
/// with `all`; regressions first), the deterministic changes, the invariants that newly fail or
/// were fixed, and the verdict line again at the end.
public enum BaselineReport {
    public static func text(_ c: BaselineComparison, file: String, all: Bool = false) -> String {
        var out = summary(c)
        let scaled = c.timesScaled
        out += "baseline \(file): gate on thread-CPU time\(scaled ? " scaled by the speed probe run beside each item" : ""), a regression when the \(percent(RatioStatistics.confidence)) interval of "
        out += "the ratio of \(quantileName)\(c.options.interleaved ? "" : ", divided by the run factor,") lies above \(ratio(1 + c.options.timeThreshold))×; deterministic figures exactly, bytes within \(percent(c.options.byteTolerance))\n"
        out += meterLine(c)
        out += warnings(c)
        out += runLine(c)
        let metered = c.groups.contains { $0.instructions != nil }
        let shown = all ? c.groups : c.groups.filter { $0.verdict != .unchanged }
        if !shown.isEmpty {
            out += BenchTable.table(
                ["verdict", "family", "strategy", "phase", "size", "items", "CPU now/base [CI]", scaled ? "scaled ÷ run factor" : "÷ run factor", "CPU \(quantileShort) base -> now", "wall now/base [CI]"]
                    + (metered ? ["instr now/base", "instr base -> now"] : []),
                shown.map { g in
                    [g.verdict.rawValue, g.family, g.strategy, g.phase.rawValue, String(g.size), String(g.items),
                     interval(g.cpu), interval(g.cpuAgainstRun), values(g.cpu), interval(g.wall)]
                        + (metered ? instructionCells(g.instructions) : [])
                })
        }
        if shown.count < c.groups.count {
            out += "(\(c.groups.count - shown.count) unchanged groups not listed; --verbose lists every group)\n"
        }
        let regressed = c.instructionRegressions
        if !regressed.isEmpty {
            out += "instruction count regressions (more than \(percent(c.options.instructionThreshold)) more instructions): "
            out += regressed.joined(separator: ", ") + "\n"
        }
        let changed = c.groups.filter { !$0.changes.isEmpty }
        if !changed.isEmpty {
            out += "deterministic changes:\n"
            for g in changed { out += g.changes.map { "  \(g.name): \($0.summary)\n" }.joined() }
        }
        let newly = c.invariantChanges.filter(\.newlyFailing), fixed = c.invariantChanges.filter { !$0.newlyFailing }
        if !newly.isEmpty {
            out += "invariants newly failing (regressions):\n"
            out += newly.map { "  \($0.invariant.rawValue): \($0.solve): \($0.detail)\n    replay: \($0.replay)\n" }.joined()
        }
        if !fixed.isEmpty {
            out += "invariants no longer failing:\n" + fixed.map { "  \($0.invariant.rawValue): \($0.solve)\n" }.joined()
        }
        if !c.tallyDifferences.isEmpty { out += "invariant tallies: " + c.tallyDifferences.joined(separator: "; ") + "\n" }
        return out + summary(c)
    }

    /// `baseline verdict: REGRESSION (2 regression, ...)` or `baseline verdict: ok (...)`.
    public static func summary(_ c: BaselineComparison) -> String {
        let counts = c.verdictCounts.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
        let newly = c.invariantChanges.filter(\.newlyFailing).count
        let invariants = newly > 0 ? ", \(newly) invariant failure\(newly == 1 ? "" : "s") new" : ""
        let run = c.timeGates && c.runVerdict == .regression ? ", the whole run slower" : ""
        let unmatched = c.newGroups.isEmpty && c.missingGroups.isEmpty ? "" : "; \(c.newGroups.count) new and \(c.missingGroups.count) missing groups not compared"
        let verdict = c.hasRegression ? "REGRESSION" : c.isStale ? "STALE BASELINE" : "ok"
        return "baseline verdict: \(verdict) (\(counts) group\(c.groups.count == 1 ? "" : "s")\(run)\(invariants)\(unmatched))\n"
    }

    /// The whole run's factor, its verdict, and how the groups use it.
    static func runLine(_ c: BaselineComparison) -> String {
        guard let e = c.runFactor.estimate else {
            return "run factor: not applied (\(c.runFactor.groups) groups, fewer than \(RunFactor.minimumGroups)); groups judged as measured\n"
        }
        var line = "run factor: this run's \(c.timesScaled ? "probe-scaled " : "")CPU times are \(interval(e))× the baseline's (median over \(c.runFactor.groups) groups); "
        line += c.options.interleaved ? "the two sides ran interleaved, so groups are judged as measured; "
            : c.runFactor.factor > 1 ? "groups are judged with it divided out; " : "it is below 1, so groups are judged as measured; "
        line += "the run as a whole: \(c.runVerdict == .regression ? "REGRESSION" : c.runVerdict.rawValue) "
        return line + "(a regression above \(ratio(1 + c.options.runThreshold))×)\n"
    }

    /// What gates when either side was counted in instructions.
    static func meterLine(_ c: BaselineComparison) -> String {
        switch (c.baselineMetered, c.currentMetered) {
        case (true, true):
            return "instruction meter: a group regresses when its instruction count rose by more than \(percent(c.options.instructionThreshold)); "
                + "times were measured under valgrind and are shown only, not gated\n"
        case (false, true):
            return "WARNING: the baseline has no instruction counts (save it with --meter instructions): instructions not compared; times measured under valgrind, not gated\n"
        case (true, false):
            return "WARNING: the baseline was measured under the instruction meter (valgrind times): times not gated; run with --meter instructions to compare instruction counts\n"
        case (false, false):
            return ""
        }
    }

    /// `1.031` and `1.20M -> 1.24M`, or dashes when not counted on both sides.
    static func instructionCells(_ i: InstructionChange?) -> [String] {
        guard let i else { return ["-", "-"] }
        return [String(format: "%.3f", i.ratio), "\(count(i.baseline)) -> \(count(i.current))"]
    }

    /// An instruction count in K, M or G with three significant digits.
    static func count(_ n: UInt64) -> String {
        let x = Double(n)
        if x >= 1e9 { return String(format: "%.3gG", x / 1e9) }
        if x >= 1e6 { return String(format: "%.3gM", x / 1e6) }
        if x >= 1e3 { return String(format: "%.3gK", x / 1e3) }
        return String(n)
    }

    static func warnings(_ c: BaselineComparison) -> String {
        var out = ""
        if !c.machineDifferences.isEmpty {
            out += "WARNING: the machine or toolchain differs from the baseline's (\(c.machineDifferences.joined(separator: "; "))); "
            out += "timings may differ for that reason alone\n"
        }
        if let why = c.bytesNotComparedBecause { out += "WARNING: \(why): allocated and freed bytes are not comparable and were not compared\n" }
        if c.isStale {
            out += "STALE BASELINE: same configuration, but \(c.baselineOnlyItems) work items are only in the baseline and \(c.currentOnlyItems) only in this run "
            out += "(cases renamed, added or removed since it was saved); those were not compared: save a new baseline with --save-baseline\n"
        } else if c.configurationDiffers || c.baselineOnlyItems + c.currentOnlyItems > 0 {
            out += "WARNING: the baseline ran \(c.configurationDiffers ? "another configuration" : "other work items"); "
            out += "compared the items found in both (\(c.baselineOnlyItems) only in the baseline, \(c.currentOnlyItems) only in this run)\n"
        }
        out += groupList("new groups (not in the baseline, not compared)", c.newGroups)
        out += groupList("missing groups (in the baseline, not in this run)", c.missingGroups)
        return out
    }

    /// `title: N: a, b, c, ... and M more` on one line (at most `shown` names), or nothing.
    static func groupList(_ title: String, _ names: [String], shown: Int = 6) -> String {
        guard !names.isEmpty else { return "" }
        let more = names.count > shown ? " and \(names.count - shown) more" : ""
        return "\(title): \(names.count): " + names.prefix(shown).joined(separator: ", ") + more + "\n"
    }

    /// `1.02 [0.97, 1.08]`, or `1.02 (few samples)` without an interval, or `-`.
    public static func interval(_ e: RatioEstimate?) -> String {
        guard let e else { return "-" }
        guard let i = e.interval else { return ratio(e.ratio) + " (few samples)" }
        return "\(ratio(e.ratio)) [\(ratio(i.lowerBound)), \(ratio(i.upperBound))]"
    }

    static func values(_ e: RatioEstimate?) -> String {
        guard let e else { return "-" }
        return BenchTable.duration(UInt64(e.baselineValue.rounded())) + " -> " + BenchTable.duration(UInt64(e.currentValue.rounded()))
    }

    /// `10th percentiles` and `p10`, from `RatioStatistics.quantile`.
    static var quantileName: String { String(format: "%gth percentiles", 100 * RatioStatistics.quantile) }
    static var quantileShort: String { String(format: "p%g", 100 * RatioStatistics.quantile) }

    static func ratio(_ x: Double) -> String { x.isFinite ? String(format: "%.2f", x) : "inf" }

    static func percent(_ x: Double) -> String { String(format: "%g%%", 100 * x) }
}
