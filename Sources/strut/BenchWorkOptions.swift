import Foundation
import ArgumentParser
import AutoLayout
import Generator
import Bench
import StrutSystem
import Subjects

/// The options `strut bench` and `strut compare` share (mounted with `@OptionGroup`): what work
/// to run (case paths, generator families, a named suite), on which devices and in which
/// directions, how many repetitions, the seed and the worker count. Both commands build their
/// plan from it (`plan(strategies:defaultRepeats:)`), so they read inputs, suites, devices and
/// repetitions the same way; `validate()` rejects bad values before any work.
struct BenchWorkOptions: ParsableArguments {
    @Argument(help: "Case files or directories of case files.")
    var paths: [String] = []

    @Option(name: .customLong("family"), help: "A generator family to run, NAME or NAME:SIZE,SIZE (repeatable).")
    var families: [String] = []

    @Option(name: .customLong("workload"), help: "A peer workload at the solver level, KIND:VIEWS,VIEWS with KIND one of \(PeerWorkload.Kind.allCases.map(\.rawValue).joined(separator: ", ")) (docs/peers.md): built and rotated by the solver alone, no layout engine, as the scale suite runs them (repeatable).")
    var workloads: [String] = []

    @Option(help: "Generated cases per family and size.")
    var count = 1

    @Option(help: "A named suite instead of inputs: \(BenchSuite.nameList) (default: the default suite when there are no inputs).")
    var suite: String?

    @Option(help: "Devices (a device spec; default: each case's own, else the standard set).")
    var devices: String?

    @Option(help: "Comma-separated layout directions: case (the case's own), ltr, rtl.")
    var directions = "case"

    @Option(name: .customLong("repeat"), help: "Measured repetitions of each unit, each on fresh solvers (default: 3 for bench, 5 for compare; 10 with --suite ci).")
    var repeats: Int?

    @Option(help: "Unmeasured repetitions before the measured ones.")
    var warmup = 1

    @Option(help: "Run seed for generated cases.")
    var seed: UInt64 = 0

    @Option(help: "Worker count (default: every core, 1 with --suite scale; Dispatch runs at most one worker per core at a time).")
    var jobs: Int?

    /// --jobs, else the named suite's default, else every core.
    var jobCount: Int {
        jobs ?? (try? namedSuite())??.defaultJobs ?? ProcessInfo.processInfo.activeProcessorCount
    }

    func validate() throws {
        guard repeats ?? 1 >= 1, warmup >= 0, count >= 1 else { throw ValidationError("--repeat and --count must be at least 1, --warmup at least 0") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        do {
            _ = try namedSuite()
            _ = try peerWorkloads()
        } catch { throw ValidationError(error.message) }
    }

    /// The `--workload` inputs, in order. Each is `KIND:VIEWS,VIEWS`; a size the workload
    /// cannot be built at is refused with the workload's own reason.
    func peerWorkloads() throws(BenchUsageError) -> [PeerWorkload] {
        var out: [PeerWorkload] = []
        for text in workloads {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            let kinds = PeerWorkload.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 2, let kind = PeerWorkload.Kind(rawValue: parts[0]) else {
                throw BenchUsageError("--workload \(text): expected KIND:VIEWS,VIEWS with KIND one of \(kinds)")
            }
            for n in try FamilyInput.sizes(parts[1], of: "--workload \(text)") {
                do { out.append(try PeerWorkload(kind: kind, views: n)) } catch { throw BenchUsageError("--workload \(text): \(error)") }
            }
        }
        return out
    }

    /// The suite to run: the one --suite names (never together with inputs), the default suite
    /// when there are no inputs, nil when the inputs are given.
    func namedSuite() throws(BenchUsageError) -> BenchSuite? {
        guard let suite else { return paths.isEmpty && families.isEmpty && workloads.isEmpty ? .default : nil }
        guard let s = BenchSuite(rawValue: suite) else { throw BenchUsageError("--suite: unknown suite \"\(suite)\"; known: \(BenchSuite.nameList)") }
        guard paths.isEmpty && families.isEmpty && workloads.isEmpty else { throw BenchUsageError("--suite \(suite) replaces the inputs: give either case paths, --family and --workload, or --suite") }
        return s
    }

    /// The plan of this work under `strategies`: the sources (case files first, in path order,
    /// then the generated ones), the suite's workloads and per-unit time limit, devices,
    /// directions, repetitions (`defaultRepeats` unless --repeat or the suite says), warmup,
    /// seed and the input arguments that rerun it. The invariants, shard and meter are the
    /// command's own.
    func plan(strategies: [BenchStrategy], defaultRepeats: Int) throws -> BenchPlan {
        let chosenSuite = try namedSuite()
        if chosenSuite == .default, !BenchSuite.hasRealScreens {
            FileHandle.standardError.write(Data("bench: note: the default suite's real screens (\(BenchSuite.realScreens)) are not under the working directory; run in the repository root to include them\n".utf8))
        }
        let (files, missing) = CaseSource.files(paths + (chosenSuite?.casePaths ?? []))
        if let m = missing.first { throw BenchUsageError("\(m)" + (chosenSuite == nil ? "" : " (--suite \(chosenSuite!.rawValue) reads it from the working directory: run it in the repository root)")) }
        let inputs = try chosenSuite?.families ?? families.map(FamilyInput.init(parsing:))
        var generated: [CaseSource] = []
        for f in inputs { generated += try f.requests(seed: seed, count: count) }
        var plan = BenchPlan(sources: files + generated, solverWorkloads: try chosenSuite?.solverWorkloads() ?? peerWorkloads(), strategies: strategies)
        if let devices = devices ?? chosenSuite?.devices {
            do { plan.devices = try DeviceSpec.parse(devices) } catch {
                let named = devices.split(separator: ",").map { String($0.split(separator: ":").first ?? "") }
                if let peer = named.first(where: PeerWorkload.caseDeviceIDs.contains) {
                    throw BenchUsageError("--devices: \(peer) is a device the peer families' cases carry themselves (its screen is the workload's root size, different per size), not a catalog device: leave out --devices and each peer case runs on its own peer-portrait and peer-landscape")
                }
                throw BenchUsageError("--devices: \(error)")
            }
            plan.deviceSpec = devices
        }
        plan.unitTimeLimit = chosenSuite?.unitTimeLimit
        plan.directions = try directions.split(separator: ",").map { try BenchPlan.direction(named: String($0)) }
        plan.repeats = repeats ?? (chosenSuite == .ci ? BenchSuite.ci.defaultRepeats : defaultRepeats)
        plan.warmup = warmup
        plan.seed = seed
        switch chosenSuite {
        case .default?: plan.inputArguments = []
        case .ci?: plan.inputArguments = ["--suite", "ci"] + (count == 1 ? [] : ["--count", String(count)])
        case .scale?: plan.inputArguments = ["--suite", "scale"] + (count == 1 ? [] : ["--count", String(count)])
        case .real?: plan.inputArguments = ["--suite", "real"]
        case nil:
            plan.inputArguments = paths + inputs.flatMap { ["--family", $0.text] } + (families.isEmpty ? [] : ["--count", String(count)])
                + workloads.flatMap { ["--workload", $0] }
        }
        return plan
    }
}
