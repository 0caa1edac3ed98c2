import ArgumentParser
import Foundation
import Gates
import Generator
import LinearConstraints
import Reports
import Subjects

/// `strut workloads [--kinds flat,hug,grid,chain] [--sizes 100,1000] [--strategy NAME]
/// [--time-limit S] [--json]`: times the four peer workloads of docs/peers.md under one strategy and
/// prints µs per constraint beside Kiwi's figures, with the deterministic counters and a check that
/// every answer is optimal.
///
/// Exit status: 0 when every measured size was verified; 1 when a solver error or a wrong answer
/// was found; 2 for a usage error.
struct WorkloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workloads",
        abstract: "Time the peer workloads (flat, hug, grid, chain) and compare with Kiwi's figures.",
        discussion: """
            For each workload and size: build (edit variables with the portrait size, then every \
            constraint in view order), one rotation (suggest both root values, read every variable), \
            a 1 px drag, and removing and re-adding the middle view's left constraint. Times are \
            medians on the monotonic clock; counters (pivots, rows, cells) are deterministic. After \
            each operation every required constraint is checked and, where the optimum has a closed \
            form, the objective too. Without --sizes each workload runs at the sizes docs/peers.md \
            measured Kiwi at. A size whose build would exceed --time-limit, extrapolated from the \
            growth between the previous sizes, is skipped with a message.

            Strategies:\(Strategy.all.map { "\n  \($0.name): \($0.summary)" }.joined())
            """)

    @Option(help: "Comma-separated workloads (flat, hug, grid, chain).")
    var kinds: String = "flat,hug,grid,chain"

    @Option(help: "Comma-separated view counts, run in ascending order (default: the sizes docs/peers.md measured per workload).")
    var sizes: String?

    @Option(help: "The solver strategy (\(Strategy.nameList)).")
    var strategy: String = "cassowary"

    @Option(help: "Skip a size whose estimated build time exceeds this many seconds.")
    var timeLimit: Double = 60

    @Option(help: "Run the solver's deep invariant check after measuring sizes up to this many views.")
    var checkInvariantsUpTo: Int = 316

    @Flag(help: "Report the thread's CPU time instead of wall time (steadier on a busy machine; JSON has both).")
    var cpuTime = false

    @Flag(help: "Print one JSON document instead of a table.")
    var json = false

    @Option(help: "Write each selected workload as a system file (peer-<kind>-<views>.system.json) into this directory, for strut solve-system, instead of measuring.")
    var writeSystems: String?

    func run() throws {
        guard let chosen = Strategy.named(strategy) else {
            throw fail("unknown strategy \"\(strategy)\"; known strategies: \(Strategy.nameList)")
        }
        do { try Strategy.probeOutsideSolvers([chosen.name]) } catch { throw fail(error.message) }
        guard timeLimit > 0, timeLimit.isFinite else { throw fail("--time-limit must be a positive number of seconds") }
        let kindList = try parsedKinds(), sizeList = try parsedSizes()
        if let writeSystems { return try write(kindList, sizeList, into: writeSystems) }
        var report = WorkloadReport(strategy: chosen.name, timeLimit: timeLimit, cpuTime: cpuTime)
        if !json { print(report.header()) }
        for kind in kindList {
            for views in sizeList ?? KiwiReference.sizes(kind) {
                let workload = try PeerWorkload(kind: kind, views: views)
                if let skip = report.skipReason(workload) {
                    report.skipped.append((workload, skip))
                    if !json { print("  skipped \(workload.name): \(skip)") }
                    continue
                }
                let measured = try measure(workload, chosen)
                report.results.append(measured)
                if !json { print(report.row(measured)) }
            }
            if !json { report.growthLines(kind).forEach { print($0) } }
        }
        if json { print(try report.jsonValue().jsonText(indent: 2)) }
        if report.results.contains(where: { !$0.problems.isEmpty }) {
            if !json { report.problemLines().forEach { print($0) } }
            throw StrutExit.failure.code
        }
    }

    func parsedKinds() throws -> [PeerWorkload.Kind] {
        var list: [PeerWorkload.Kind] = []
        for name in kinds.split(separator: ",") {
            do { list.append(try PeerWorkload.Kind.named(String(name))) } catch { throw fail("--kinds: \(error)") }
        }
        guard !list.isEmpty else { throw fail("--kinds: name at least one workload (flat, hug, grid, chain)") }
        return list
    }

    func parsedSizes() throws -> [Int]? {
        guard let sizes else { return nil }
        var list: [Int] = []
        for text in sizes.split(separator: ",") {
            guard let n = Int(text.filter { $0 != "_" && $0 != " " }), n >= 1, n <= PeerWorkload.maximumViews else {
                throw fail("--sizes: \"\(text)\" is not a view count in 1...\(PeerWorkload.maximumViews)")
            }
            list.append(n)
        }
        guard !list.isEmpty else { throw fail("--sizes: give at least one view count") }
        // Ascending, so each size's time estimate extrapolates from the smaller ones.
        return Array(Set(list)).sorted()
    }

    /// Writes the system file of every selected workload into `directory` (created if missing).
    func write(_ kinds: [PeerWorkload.Kind], _ sizes: [Int]?, into directory: String) throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw fail("cannot create \(directory): \(error.localizedDescription)")
        }
        for kind in kinds {
            for views in sizes ?? KiwiReference.sizes(kind) {
                let file = try PeerWorkload(kind: kind, views: views).systemFile()
                let url = folder.appendingPathComponent("\(file.name).system.json")
                do { try Data(file.jsonText().utf8).write(to: url) } catch {
                    throw fail("cannot write \(url.path): \(error.localizedDescription)")
                }
                print(url.path)
            }
        }
    }

    /// Prints `message` as a usage error with the usage line and returns exit status 2 to throw
    /// (the convention of `strut solve-system`).
    func fail(_ message: String) -> ExitCode {
        let usage = Self.usageString().split(separator: "\n").joined(separator: "\n  ")
        FileHandle.standardError.write(Data("Error: \(message)\nUsage: strut \(usage)\n  See 'strut workloads --help'.\n".utf8))
        return StrutExit.usage.code
    }

    /// Measures one workload; a solver error is reported and ends the run with status 1.
    func measure(_ workload: PeerWorkload, _ chosen: Strategy) throws -> WorkloadMeasurement {
        let first = chosen.make(false)
        do {
            return try open(first, workload, chosen)
        } catch {
            FileHandle.standardError.write(Data("strut: \(workload.name) under \(chosen.name): \(error)\n".utf8))
            throw StrutExit.failure.code
        }
    }

    func open<S: ConstraintSolver>(_ first: S, _ workload: PeerWorkload, _ chosen: Strategy) throws(SolverError) -> WorkloadMeasurement {
        try WorkloadMeasurement.measure(
            workload, first: first, make: { chosen.make(false) },
            checkInvariants: workload.views <= checkInvariantsUpTo)
    }
}
