import ArgumentParser
import Bench
import Foundation
import Gates
import Judging
import LinearConstraints
import Reports
import StrutSystem
import Subjects

/// `strut compare --binaries OLD NEW`: both builds run the same work, interleaved unit by unit
/// (`InterleavedRun`), and with `--meter instructions` under callgrind too (`MeterRun`, one
/// build after the other: counts do not depend on the machine's load); NEW is then judged
/// against OLD with `strut bench --baseline`'s statistics (`BaselineComparison`).
struct BinaryComparison {
    var work: BenchWorkOptions
    var strategies: String?
    var invariants: String?
    var options: BinaryCompareOptions
    var out: String?

    func run() throws {
        let plan = try makePlan()
        if let out { do { try AtomicFile.checkWritable(out) } catch { throw usage("--out \(error)") } }
        let jobs = work.jobCount
        let units = plan.allUnits.count
        // Every unit runs in a child process group of its own: strut forwards Ctrl-C and SIGTERM.
        let stop = ChildStop()
        let signals = ChildStopSignals(stop, command: "compare", children: "strut runs")
        defer { signals.cancel() }
        let outcome: (native: (old: BenchResults, new: BenchResults), metered: (old: BenchResults, new: BenchResults)?)
        do {
            outcome = try MeterRun.withDirectory { dir throws(BenchUsageError) in
                FileHandle.standardError.write(Data("compare: \(units) units under OLD and NEW, interleaved, \(jobs) at a time\n".utf8))
                let interleaved = InterleavedRun(plan: plan, old: options.old, new: options.new, jobs: jobs, plantInNew: options.plantInNew, stop: stop)
                let native: (old: BenchResults, new: BenchResults)
                do {
                    native = try interleaved.run(in: dir) { k, n in
                        if k % 25 == 0 || k == n { FileHandle.standardError.write(Data("compare: \(k) of \(n) units\n".utf8)) }
                    }
                } catch { throw BenchUsageError("compare --binaries: \(error)") }
                guard options.meter != nil else { return (native, nil) }
                var metered = plan
                metered.repeats = 1
                metered.warmup = max(1, plan.warmup)
                metered.meterInstructions = true
                var runs: [BenchResults] = []
                for (tag, binary) in [("a", options.old), ("b", options.new)] {
                    FileHandle.standardError.write(Data("compare: \(binary) under the instruction meter\n".utf8))
                    var m = MeterRun(plan: metered, executable: binary, jobs: jobs, timeLimit: nil, tag: Character(tag))
                    m.plantedSlowdown = tag == "b" ? options.plantInNew ?? 0 : 0
                    runs.append(try m.run(in: dir, stop: stop))
                }
                return (native, (runs[0], runs[1]))
            }
        } catch {
            guard stop.isSet else { throw usage("\(error)") }
            FileHandle.standardError.write(Data("compare: stopped before both builds ran all the work; no comparison (\(error))\n".utf8))
            throw StrutExit.failure.code
        }
        let timed = BaselineComparison(baseline: BenchBaseline(outcome.native.old), current: BenchBaseline(outcome.native.new), options: options.gate.comparisonOptions(interleaved: true))
        // The verdicts first (time, then counts), NEW's own figures after them.
        print("NEW \(options.new) against OLD \(options.old), interleaved:")
        print(BaselineReport.text(timed, file: options.old), terminator: "")
        var counted: BaselineComparison?
        if let metered = outcome.metered {
            let c = BaselineComparison(baseline: BenchBaseline(metered.old), current: BenchBaseline(metered.new), options: options.gate.comparisonOptions(interleaved: true))
            print("\nNEW against OLD, instruction counts (callgrind):")
            print(BaselineReport.text(c, file: options.old), terminator: "")
            counted = c
        }
        print("\nNEW's figures:")
        print(BenchTable.text(outcome.native.new, form: .families), terminator: "")
        if let out {
            let document = BinaryComparisonDocument(old: options.old, new: options.new, native: outcome.native, metered: outcome.metered)
            guard OutputFile.write(try OutputFile.jsonData(document, what: "comparison"), to: out, what: "comparison") else { throw StrutExit.failure.code }
            print("comparison: \(out)")
        }
        let new = [outcome.native.new] + (outcome.metered.map { [$0.new] } ?? [])
        if new.contains(where: { $0.invariants.hasFailures }) { throw StrutExit.invariant.code }
        if timed.hasRegression || counted?.hasRegression == true { throw StrutExit.regression.code }
        let all = new + [outcome.native.old] + (outcome.metered.map { [$0.old] } ?? [])
        if stop.isSet { FileHandle.standardError.write(Data("compare: interrupted after the work had run; the comparison above is complete\n".utf8)) }
        if all.contains(where: \.hasFailures) || timed.isStale || counted?.isStale == true || stop.isSet { throw StrutExit.failure.code }
    }

    /// The plan both builds run: the work options (default --suite ci), the strategies given
    /// or bench's defaults, the invariants given or the cheap ones.
    func makePlan() throws -> BenchPlan {
        var work = work
        if work.suite == nil, work.paths.isEmpty, work.families.isEmpty, work.workloads.isEmpty { work.suite = BenchSuite.ci.rawValue }
        do {
            let suite = try work.namedSuite()
            let listed = try Strategy.list(strategies ?? suite?.strategies ?? BenchCommand.defaultStrategies)
            try Strategy.probeOutsideSolvers(listed.map(\.name))
            var plan = try work.plan(strategies: listed.map(\.benchStrategy), defaultRepeats: 5)
            plan.invariants = try InvariantSelection(parsing: invariants ?? "cheap")
            return plan
        } catch let error as BenchUsageError { throw usage(error.message) } catch let error as StrategyListError { throw usage(error.message) } catch { throw usage("\(error)") }
    }

    func usage(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "compare")
    }
}

/// `strut compare --binaries --out`: format, the two binaries, each one's results (`oldResults`,
/// `newResults`), and under the meter each one's counted results (`oldMetered`, `newMetered`).
struct BinaryComparisonDocument: Encodable {
    var old: String
    var new: String
    var native: (old: BenchResults, new: BenchResults)
    var metered: (old: BenchResults, new: BenchResults)?

    enum CodingKeys: String, CodingKey { case format, old, new, oldResults, newResults, oldMetered, newMetered }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("strut-compare-binaries", forKey: .format)
        try c.encode(old, forKey: .old)
        try c.encode(new, forKey: .new)
        try c.encode(native.old, forKey: .oldResults)
        try c.encode(native.new, forKey: .newResults)
        if let metered {
            try c.encode(metered.old, forKey: .oldMetered)
            try c.encode(metered.new, forKey: .newMetered)
        }
    }
}
