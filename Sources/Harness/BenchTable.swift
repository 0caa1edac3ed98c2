import Foundation

/// The terminal report of a bench run: per family, size, strategy and phase (devices merged),
/// then per device and strategy, then growth exponents and the run's machine figures. Every
/// number shown is also in the JSON results (`summary`, `devices`, `growth`, `runs`).
public enum BenchTable {
    public static func text(_ r: BenchResults) -> String {
        var out = ""
        // An outside solver that reports its own time (`solverSeconds`) gets a column beside the
        // round trip the other columns time.
        let selfTimed = r.summary.contains { $0.solver.count > 0 }
        out += table(
            ["family", "size", "strategy", "phase", "solves", "p50", "p90", "p99", "max"] + (selfTimed ? ["solver p50"] : [])
                + ["alloc p50", "pivots/solve", "solves/s"],
            r.summary.map { a in
                [a.family, String(a.size), a.strategy, a.phase.rawValue, String(a.wall.count)] + latencies(a.wall)
                    + (selfTimed ? [a.solver.count > 0 ? duration(a.solver.value(atPercentile: 50)) : "-"] : [])
                    + [bytes(a.allocated.value(atPercentile: 50)), perSolve(a), rate(a.throughput)]
            })
        out += "\n"
        out += table(
            ["device", "strategy", "phase", "solves", "p50", "p99", "max", "alloc p50", "alloc max"],
            r.perDevice.map { a in
                [a.device, a.strategy, a.phase.rawValue, String(a.wall.count), duration(a.wall.value(atPercentile: 50)),
                 duration(a.wall.value(atPercentile: 99)), duration(a.wall.max), bytes(a.allocated.value(atPercentile: 50)), bytes(a.allocated.max)]
            })
        let growth = r.growth.filter { $0.exponent != nil }
        if !growth.isEmpty {
            out += "\n" + table(
                ["family", "strategy", "phase", "sizes", "growth exponent (p50 wall)", "(p50 CPU)"],
                growth.map {
                    [$0.family, $0.strategy, $0.phase.rawValue, $0.sizes.map(String.init).joined(separator: ","),
                     String(format: "%.2f", $0.exponent ?? 0), $0.cpuExponent.map { String(format: "%.2f", $0) } ?? "-"]
                })
        }
        out += "\n" + runLines(r)
        return out
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
        var line = String(format: "metering: %.0f ns per solve, %.0f ns of it inside the reported latency", m.bracketNanoseconds, m.inWallNanoseconds)
        if let fastest {
            line += String(format: " (%.2f%% and %.2f%% of the fastest group's p50, ", 100 * m.bracketNanoseconds / Double(fastest), 100 * m.inWallNanoseconds / Double(fastest)) + duration(fastest) + ")"
        }
        return line + "\n"
    }

    static func latencies(_ h: LogHistogram) -> [String] {
        [duration(h.value(atPercentile: 50)), duration(h.value(atPercentile: 90)), duration(h.value(atPercentile: 99)), duration(h.max)]
    }

    static func perSolve(_ a: Aggregate) -> String { a.items == 0 ? "-" : String(format: "%.1f", Double(a.pivots) / Double(a.items)) }

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
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - row[c].count)
                return c < 4 ? row[c] + pad : pad + row[c]
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
