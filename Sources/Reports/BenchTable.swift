import Bench
import Foundation
import Peers

/// The terminal report of a bench run: per family, size, strategy and phase (devices merged),
/// then per device and strategy, then growth exponents and the run's machine figures. Every
/// number shown is also in the JSON results (`summary`, `devices`, `growth`, `runs`).
///
/// Three forms, from short to whole:
/// - `.summary` (what `strut bench` prints by default): one row per strategy and phase over every
///   family and size, with the slowest group named; fits a screen for any suite.
/// - `.families` (`--by-family`): one row per family, strategy and phase with its sizes collapsed
///   (p50 at the smallest and the largest size, the growth exponent), no per-device table.
/// - `.full` (`--verbose`): every family, size and device row, and the growth table.
/// Each ends with the strategy comparison lines and the run figures.
public enum BenchTable {
    public enum Form: String, CaseIterable, Sendable {
        case summary, families, full
    }

    public static func text(_ results: BenchResults, form: Form = .full) -> String {
        // Outside solvers by their profiles' names, with a legend (`StrategyLabels`).
        let (r, labels) = results.withShortStrategyNames()
        let legend = StrategyLabels.legend(labels).map { "strategy \($0)\n" }.joined()
        switch form {
        case .summary: return summaryText(r) + legend
        case .families: return compactText(r) + legend
        case .full: break
        }
        var out = ""
        // An outside solver that reports its own time (`solverSeconds`) gets a column beside the
        // round trip the other columns time.
        let selfTimed = r.summary.contains { $0.solver.count > 0 }
        let spread = wallSpread(r.records)
        out += table(
            ["family", "size", "strategy", "phase", "solves", "mean ± σ", "p50", "p90", "p99", "max"] + (selfTimed ? ["solver p50"] : [])
                + ["alloc p50", "pivots/solve", "ns/constraint", "ns/nonzero", "solves/s"],
            r.summary.map { a in
                [a.family, String(a.size), a.strategy, a.phase.rawValue, String(a.wall.count),
                 spread["\(a.family)\u{1}\(a.size)\u{1}\(a.strategy)\u{1}\(a.phase.rawValue)"] ?? "-"] + latencies(a.wall)
                    + (selfTimed ? [a.solver.count > 0 ? duration(a.solver.value(atPercentile: 50)) : "-"] : [])
                    + [bytes(a.allocated.value(atPercentile: 50)), perSolve(a), perConstraint(a), perNonzero(a), rate(a.throughput)]
            })
        out += "\n"
        out += table(
            ["device", "strategy", "phase", "solves", "p50", "p99", "max", "alloc p50", "alloc max"],
            r.perDevice.map { a in
                [a.device, a.strategy, a.phase.rawValue, String(a.wall.count), duration(a.wall.value(atPercentile: 50)),
                 duration(a.wall.value(atPercentile: 99)), duration(a.wall.max), bytes(a.allocated.value(atPercentile: 50)), bytes(a.allocated.max)]
            })
        out += growthTable(r.growth)
        let facts = ReportFacts(r)
        let summary = facts.summaryLines(facts.ratios)
        if !summary.isEmpty { out += "\n" + summary.map { $0 + "\n" }.joined() }
        out += "\n" + runLines(r)
        return out + legend
    }

    /// The summary form (see the type's comment; `StrategyPhaseSummary`).
    static func summaryText(_ r: BenchResults) -> String {
        let selfTimed = r.summary.contains { $0.solver.count > 0 }, metered = r.isMetered
        let header = StrategyPhaseSummary.header(selfTimed: selfTimed, metered: metered)
        var out = table(header, StrategyPhaseSummary.rows(r).map { $0.cells(selfTimed: selfTimed, metered: metered) }, left: [0, 1, header.count - 1])
        out += "(a group is a family at one size, or a case file; p50: its median wall time per solve, devices merged; "
            + "alloc p50 most: the most bytes any group allocates per solve, its median; "
            + "--by-family: a row per family with sizes collapsed and growth; --verbose: every row)\n"
        if metered { out += "(" + StrategyPhaseSummary.meteredNote + ")\n" }
        let facts = ReportFacts(r)
        let summary = facts.summaryLines(facts.ratios)
        if !summary.isEmpty { out += "\n" + summary.map { $0 + "\n" }.joined() }
        out += "\n" + runLines(r)
        return out
    }

    /// The compact form (see the type's comment).
    static func compactText(_ r: BenchResults) -> String {
        var groups: [(key: String, rows: [Aggregate])] = []
        var index: [String: Int] = [:]   // lookup only; `groups` keeps first-appearance order
        // Hand-written case files (each a group named by its file) share one row per strategy
        // and phase here; --verbose and the reports list them one by one.
        let files = Set(r.records.filter(\.isOwnGroup).map(\.family))
        let filesLabel = "case files (\(files.count))"
        for a in r.summary {
            let key = "\(files.contains(a.family) ? filesLabel : a.family)\u{1}\(a.strategy)\u{1}\(a.phase.rawValue)"
            if let k = index[key] { groups[k].rows.append(a) } else {
                index[key] = groups.count
                groups.append((key, [a]))
            }
        }
        let fits = Dictionary(GrowthFit.shown(r.growth).map { ("\($0.growth.family)\u{1}\($0.growth.strategy)\u{1}\($0.growth.phase.rawValue)", $0) },
                              uniquingKeysWith: { a, _ in a })
        // An outside solver that reports its own time gets it beside the round trip.
        let selfTimed = r.summary.contains { $0.solver.count > 0 }
        var out = table(
            ["family", "strategy", "phase", "sizes", "solves", "p50 smallest", "p50 largest", "growth (p50 wall)"]
                + (selfTimed ? ["solver p50 largest"] : []) + ["alloc p50 largest"],
            groups.map { g in
                let rows = g.rows.sorted { ($0.size, $0.family) < ($1.size, $1.family) }
                let small = rows[0], large = rows[rows.count - 1]
                let sizes = rows.count == 1 ? String(small.size) : "\(small.size)..\(large.size) (\(rows.count))"
                let name = files.contains(small.family) ? filesLabel : small.family
                return [name, small.strategy, small.phase.rawValue, sizes, String(rows.reduce(0) { $0 + $1.wall.count }),
                        duration(small.wall.value(atPercentile: 50)), rows.count == 1 ? "-" : duration(large.wall.value(atPercentile: 50)),
                        fits[g.key]?.wallText ?? "-"]
                    + (selfTimed ? [large.solver.count > 0 ? duration(large.solver.value(atPercentile: 50)) : "-"] : [])
                    + [bytes(large.allocated.value(atPercentile: 50))]
            })
        out += "(compact: sizes collapsed, devices merged\(files.isEmpty ? "" : ", case files in one row (smallest and largest by view count)"); "
            + "--verbose prints every family, case file, size and device row)\n"
        let facts = ReportFacts(r)
        let summary = facts.summaryLines(facts.ratios)
        if !summary.isEmpty { out += "\n" + summary.map { $0 + "\n" }.joined() }
        out += "\n" + runLines(r)
        return out
    }

    /// Growth exponents from three sizes or more, with the R² of each log-log fit and `?` on an
    /// unreliable one (`GrowthFit`), then how they were judged; empty when nothing was fitted.
    static func growthTable(_ growth: [Growth]) -> String {
        guard let note = GrowthFit.note(growth) else { return "" }
        let fits = GrowthFit.shown(growth)
        var out = "\n"
        if !fits.isEmpty {
            out += table(
                ["family", "strategy", "phase", "sizes", "growth exponent (p50 wall)", "R²", "(p50 CPU)", "R²", "fit"],
                fits.map { f in
                    [f.growth.family, f.growth.strategy, f.growth.phase.rawValue, f.growth.sizes.map(String.init).joined(separator: ","),
                     f.wallText, Figures.fixed(f.rSquared), f.cpuText, Figures.fixed(f.cpuRSquared), f.verdict]
                }, left: [0, 1, 2, 3, 8])
        }
        return out + note + "\n"
    }

    /// `mean ± σ` of the wall samples per (family, size, strategy, phase), keyed by those joined
    /// with U+0001; σ is the sample standard deviation (`-` from one sample).
    static func wallSpread(_ records: [ItemRecord]) -> [String: String] {
        var samples: [String: [UInt64]] = [:]   // lookup only, never iterated in order
        for r in records { samples["\(r.family)\u{1}\(r.size)\u{1}\(r.strategy)\u{1}\(r.phase.rawValue)", default: []].append(contentsOf: r.wall) }
        return samples.mapValues { s in
            guard !s.isEmpty else { return "-" }
            let x = s.map { Double($0) }, mean = x.reduce(0, +) / Double(x.count)
            guard x.count > 1 else { return duration(UInt64(mean.rounded())) + " ± -" }
            let sd = (x.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(x.count - 1)).squareRoot()
            return duration(UInt64(mean.rounded())) + " ± " + duration(UInt64(sd.rounded()))
        }
    }

    static func runLines(_ r: BenchResults) -> String {
        var out = ""
        for run in r.runs {
            out += "shard \(run.shard), \(run.jobs) job\(run.jobs == 1 ? "" : "s"): \(run.unitsRun)/\(run.unitsPlanned) units, "
            out += String(format: "%.2f s wall, %.2f s CPU, %.0f solves/s, ", run.wallSeconds, run.processCPUSeconds, run.throughput)
            out += "peak RSS \(bytes(run.peakResidentBytes)); "
            out += "load \(loads(run.loadAtStart)) at start, \(loads(run.loadAtEnd)) at end on \(run.machine.cores) cores"
            out += run.stopped.map { "; STOPPED EARLY (\($0))" } ?? ""
            out += "\n" + overheadLine(run, r)
            if let first = run.loadAtStart.first, Double(run.machine.cores) < first {
                out += "note: the machine was loaded (1-minute load \(String(format: "%.1f", first)) > \(run.machine.cores) cores); latencies are noisy, counters and bytes are not\n"
            }
        }
        for f in r.failures { out += "FAILED: \(f)\n" }
        for u in r.cutOffs { out += "CUT OFF: \(u.source)\(u.strategy.isEmpty ? "" : " under \(u.strategy)"): \(u.cutOff ?? "")\n" }
        out += "reproduce: \(r.command)\n"
        return out
    }

    /// The metering cost per solve against the smallest median latency of the run.
    static func overheadLine(_ run: BenchResults.RunInfo, _ r: BenchResults) -> String {
        let fastest = r.summary.map { $0.wall.value(atPercentile: 50) }.filter { $0 > 0 }.min()
        let m = run.metering
        var line = String(format: "metering: timing and counting bytes cost %.0f ns per solve, %.0f ns of it inside the reported latency", m.bracketNanoseconds, m.inWallNanoseconds)
        if let fastest {
            line += String(format: " (%.2f%% and %.2f%% of the fastest group's p50, ", 100 * m.bracketNanoseconds / Double(fastest), 100 * m.inWallNanoseconds / Double(fastest)) + duration(fastest) + ")"
        }
        return line + "\n"
    }

    static func latencies(_ h: LogHistogram) -> [String] {
        [duration(h.value(atPercentile: 50)), duration(h.value(atPercentile: 90)), duration(h.value(atPercentile: 99)), duration(h.max)]
    }

    /// Pivots per solve; "-" for an outside solver, which reports none.
    static func perSolve(_ a: Aggregate) -> String {
        a.items == 0 || a.strategy.hasPrefix(ExternalSolver.prefix) ? "-" : String(format: "%.1f", Double(a.pivots) / Double(a.items))
    }

    /// Median wall nanoseconds per constraint in the solver (`Aggregate.nanosecondsPerConstraint`),
    /// "-" for an outside solver or without a count.
    static func perConstraint(_ a: Aggregate) -> String {
        guard !a.strategy.hasPrefix(ExternalSolver.prefix), let ns = a.nanosecondsPerConstraint else { return "-" }
        return ns >= 100 ? String(format: "%.0f", ns) : String(format: "%.1f", ns)
    }

    /// Median wall nanoseconds per nonzero coefficient of those constraints
    /// (`Aggregate.nanosecondsPerNonzero`), "-" as `perConstraint`.
    static func perNonzero(_ a: Aggregate) -> String {
        guard !a.strategy.hasPrefix(ExternalSolver.prefix), let ns = a.nanosecondsPerNonzero else { return "-" }
        return ns >= 100 ? String(format: "%.0f", ns) : String(format: "%.1f", ns)
    }

    static func loads(_ l: [Double]) -> String { l.map { String(format: "%.2f", $0) }.joined(separator: "/") }

    static func rate(_ x: Double) -> String { x >= 100 ? String(format: "%.0f", x) : String(format: "%.1f", x) }

    /// Nanoseconds as ns, µs, ms or s with three significant digits.
    public static func duration(_ ns: UInt64) -> String {
        let x = Double(ns)
        if x < 1e3 { return "\(ns) ns" }
        if x < 1e6 { return String(format: "%.3g µs", x / 1e3) }
        if x < 1e9 { return String(format: "%.3g ms", x / 1e6) }
        return String(format: "%.3g s", x / 1e9)
    }

    /// Bytes as B, KiB or MiB.
    public static func bytes(_ b: UInt64) -> String {
        let x = Double(b)
        if x < 1024 { return "\(b) B" }
        if x < 1024 * 1024 { return String(format: "%.1f KiB", x / 1024) }
        return String(format: "%.1f MiB", x / 1024 / 1024)
    }

    /// Left-aligned text columns, right-aligned numbers, two spaces apart.
    static func table(_ header: [String], _ rows: [[String]], left: Set<Int> = [0, 1, 2, 3]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - row[c].count)
                return left.contains(c) ? row[c] + pad : pad + row[c]
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }
}
