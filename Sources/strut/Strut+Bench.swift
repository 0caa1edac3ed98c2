import ArgumentParser
import AutoLayout
import Bench
import Cassowary
import Foundation
import Gates
import Generator
import Judging
import LinearConstraints
import Metering
import Reports
import StrutSystem
import Subjects

/// `strut bench [CASE-OR-DIR ...] [--family NAME[:SIZES]] ...`: Strut's main job. Lays cases
/// out on devices under strategies on every core and reports latency, CPU time, allocations and
/// solver counters per family, size, device and strategy (the Bench module does the work).
///
/// `--save-baseline FILE` saves the run as a baseline; `--baseline FILE` judges it against one
/// (Gates/Baseline: deterministic figures exactly, CPU time statistically) and prints the
/// verdicts after the tables.
///
/// Exit status: 0 when everything ran, every checked invariant held and nothing regressed; 1
/// when a case failed to load or lay out, or the run stopped early (Ctrl-C, --time-limit; what
/// was measured is still reported and written), or the --baseline is stale (same configuration,
/// work items that pair with nothing: `BaselineComparison.isStale`); 2 for a usage error or an unreadable baseline;
/// 3 when an invariant failed; 4 when the run regressed against --baseline. When several apply,
/// 3 wins over 4 and 4 over 1: a wrong answer matters more than a slow one, and a slow one more
/// than a missing one.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark layout across devices and strategies, in parallel (Strut's main job).",
        discussion: """
            Inputs: case files and directories of case files (*.json), and/or generator families \
            (--family name or name:size,size; --count cases per size), or a named suite (--suite). \
            With no inputs, the default suite: realistic and adversarial families at two sizes on the \
            standard devices, plus the peer workloads at the solver level. --suite ci: a small fixed \
            suite for the regression gate (every default family at two small sizes, the golden corpus in \
            corpora/golden, small peer workloads; --repeat 10), about a minute in a release build. \
            --suite scale: the realistic families chat, settings, form, scroll-content and \
            table-cells at 120, 240, 480 and 960 views on iphone-16-pro then landscape, and the peer \
            workloads at 1 000, 3 160 and 10 000 views (chain 316, 1 000 and 3 160), under \
            \(ScaleSuite.strategies) unless --strategies says otherwise, with a per-run limit of 30 s \
            (--unit-time-limit): growth exponents per family, strategy and phase.

            Each work unit is a case under one strategy and direction; its devices run in sequence \
            on one engine (first layout, then incremental switches), repeated --repeat times on \
            fresh solvers after --warmup unmeasured runs. Results are in work-item order and the \
            same for any --jobs.

            Phases: first and switch time a layout pass (solve and frames, what UIKit's layout pass \
            does; a conflict breaks a constraint there, its conflicting set unminimised); \
            diagnostics times the diagnosis of each of those layouts, asked apart (ambiguity, \
            UIKit's hasAmbiguousLayout, and the minimal conflicting sets); --no-diagnostics leaves \
            it out. Invariants that need either compute it in their own unmeasured pass.

            Devices: --devices takes a device spec (ids, phones, ipads, splits, all, lists); without \
            it each case's own devices, else the standard set: \(BenchPlan.standardDeviceSpec).

            Strategies:\(Strategy.all.map { "\n  \($0.name): \($0.summary)" }.joined())

            Invariants (--invariants): after each unit's measured runs, an unmeasured pass checks \
            cheap (default: the cheap invariants on every solve, the costly ones on cases of at \
            most 60 lowered constraints), all, none, or a comma list of: \(Invariant.nameList). \
            Failures are printed first and written to the results file with a replay command.

            Baselines: --save-baseline FILE saves the machine, toolchain, configuration, every work \
            item's deterministic figures and timing samples, and the invariant results. --baseline \
            FILE compares this run with it per family, size, strategy and phase: frames, conflicts, \
            ambiguity, pivots and counters exactly, allocated and freed bytes within 5% (only with \
            the same build configuration and allocator), invariant failures by solve (a new one is \
            a regression), and thread-CPU time as the ratio of pooled 10th percentiles with a seeded \
            95% bootstrap interval (on the speed probe's scale when both runs were probed: each \
            item's samples over its own probe time, so a stretch of slow machine is taken out), \
            divided by the run factor (the median ratio over all groups, when \
            above 1: a machine busier during the whole run slows every group alike): a regression when the \
            whole interval lies above 1 + --time-threshold, an improvement when below \
            1/(1 + threshold), unchanged inside, inconclusive otherwise. The run factor itself is a \
            regression above 1.5x. Wall time is shown, not gated. A different machine, toolchain or \
            configuration is warned about, and groups found on one side only are listed (new, \
            missing) and not judged; with the same configuration that means a stale baseline (cases \
            renamed, added or removed since it was saved): exit 1, save a new one.

            Exit status: 0 when everything ran, every checked invariant held and nothing regressed; \
            1 when a case failed or the run stopped early (Ctrl-C or --time-limit; results are still \
            written; a results or baseline file that could not be written at the end, saved to the \
            temporary directory instead; a stale --baseline); 2 for a usage error, an unreadable baseline file or an \
            output path (--out, --save-baseline) whose directory is missing or not writable, checked \
            before the work starts; 3 when an invariant failed; \
            4 when the run regressed against --baseline. 3 wins over 4, 4 over 1.
            """)

    @OptionGroup var work: BenchWorkOptions

    @Option(help: "Comma-separated strategies (default: \(BenchCommand.defaultStrategies); \(ScaleSuite.strategies) with --suite scale).")
    var strategies: String?

    @Option(help: "Run only shard i of n, i counted from 0 (--shard 0/2 and 1/2 run the two halves); merge the shards' results with strut merge. A shard that ran all of its units exits 0.")
    var shard: String?

    @Option(help: "Start no new unit after this many seconds.")
    var timeLimit: Double?

    @Option(help: "Seconds one unit (a case under one strategy, all devices and repetitions) may take; past it the unit is cut off and reported, and larger sizes of its family are not started (default: none; 30 with --suite scale).")
    var unitTimeLimit: Double?

    @Option(help: "Write the JSON results file here (atomically; its directory must exist and be writable, checked before the work).")
    var out: String?

    @Option(help: "Invariants to check: cheap, all, none, or a comma list of names.")
    var invariants = "cheap"

    @Option(help: "Save the run as a baseline file for --baseline (JSON, written atomically).")
    var saveBaseline: String?

    @Option(help: "Compare the run with this baseline file; exit 4 on a regression.")
    var baseline: String?

    @OptionGroup var gate: GateThresholdOptions

    @Option(help: "Also count each measured region in instructions: 'instructions' (strut runs the work again under valgrind's callgrind in \(MeterRun.shards) fixed shards, --jobs at a time, no live progress; counts are the same on every run of the same build and command, whatever --jobs). Gate them with --baseline and --instruction-threshold.")
    var meter: Meter?

    @Flag(inversion: .prefixedNo, help: "Time the diagnostics phase (ambiguity and minimal conflicting sets of every layout, asked apart from the layout pass as UIKit's hasAmbiguousLayout is).")
    var diagnostics = true

    @Flag(help: "Print plain progress lines even on a terminal.")
    var plainProgress = false

    @Flag(help: "Print a row per family, strategy and phase, sizes collapsed, with growth exponents (default: a row per strategy and phase).")
    var byFamily = false

    @Flag(help: "Print every family, size and device row, and the growth table.")
    var verbose = false

    func run() throws {
        PlantedSlowdown.percent = InstructionMeter.plantedSlowdownPercent
        let plan: BenchPlan
        do { plan = try makePlan() } catch { throw usage("\(error)") }
        if plan.meterInstructions, InstructionMeter.runningOnValgrind {
            try runMeteredChild(plan)
            return
        }
        // Output paths and the baseline are checked before the work, which may take hours, starts.
        for (option, path) in [("--out", out), ("--save-baseline", saveBaseline)] {
            guard let path else { continue }
            do { try AtomicFile.checkWritable(path) } catch { throw usage("\(option) \(error)") }
        }
        let reference: BenchBaseline?
        do { reference = try baseline.map(BenchBaseline.read) } catch { throw usage("--baseline: \(error)") }
        let jobs = work.jobCount
        let results: BenchResults
        let stop = ChildStop()
        if plan.meterInstructions {
            // The shards run under valgrind in process groups of their own: strut forwards Ctrl-C and SIGTERM.
            let signals = ChildStopSignals(stop, command: "bench", children: "metered shards")
            defer { signals.cancel() }
            do {
                results = try MeterRun.withDirectory { dir throws(BenchUsageError) in
                    try MeterRun(plan: plan, jobs: jobs, timeLimit: timeLimit).run(in: dir, stop: stop)
                }
            } catch {
                guard stop.isSet else { throw usage("\(error)") }
                FileHandle.standardError.write(Data("bench: stopped: \(error)\n".utf8))
                throw StrutExit.failure.code
            }
        } else {
            results = BenchSession.run(plan, jobs: jobs, timeLimit: timeLimit, handleInterrupt: true,
                                       progress: ProgressDisplay(isTerminal: plainProgress ? false : nil))
        }
        for f in results.invariants.failures { print(f) }
        print(BenchTable.text(results, form: verbose ? .full : byFamily ? .families : .summary), terminator: "")
        print(results.invariants.tallyText, terminator: "")
        var lost = false
        if let out {
            if OutputFile.write(try OutputFile.jsonData(results, what: "results"), to: out, what: "results") { print("results: \(out)") } else { lost = true }
        }
        if let saveBaseline {
            if OutputFile.write(try OutputFile.jsonData(BenchBaseline(results), what: "baseline"), to: saveBaseline, what: "baseline") {
                print("baseline saved: \(saveBaseline)")
            } else {
                lost = true
            }
        }
        let comparison = reference.map { compare(results, with: $0) }
        if results.invariants.hasFailures { throw StrutExit.invariant.code }
        if comparison?.hasRegression == true { throw StrutExit.regression.code }
        if stop.isSet { FileHandle.standardError.write(Data("bench: stopped early; the counts above are of the units the metered shards finished\n".utf8)) }
        if results.hasFailures || lost || comparison?.isStale == true || stop.isSet { throw StrutExit.failure.code }
    }

    /// The metered child (`MeterRun`): runs its shard on one worker, no progress, and writes the
    /// results (region numbers for counts) to the dump directory for the parent. It prints and
    /// gates nothing: the parent does, once it has the counts.
    func runMeteredChild(_ plan: BenchPlan) throws {
        guard let directory = InstructionMeter.childDirectory else {
            throw usage("--meter instructions under valgrind needs \(InstructionMeter.directoryVariable) (run strut bench --meter instructions directly: it starts valgrind itself)")
        }
        let results = BenchSession.run(plan, jobs: 1, timeLimit: timeLimit, handleInterrupt: true, progress: nil)
        do { try ResultsFile.write(results, to: directory + "/results.json") } catch {
            FileHandle.standardError.write(Data("strut: metered child: cannot write \(directory)/results.json: \(error)\n".utf8))
            throw StrutExit.failure.code
        }
    }

    /// Prints the verdicts of `results` against the baseline and returns the comparison.
    func compare(_ results: BenchResults, with reference: BenchBaseline) -> BaselineComparison {
        let comparison = BaselineComparison(baseline: reference, current: BenchBaseline(results), options: gate.comparisonOptions())
        print("\n" + BaselineReport.text(comparison, file: baseline ?? "-", all: verbose), terminator: "")
        return comparison
    }

    func validate() throws {
        if meter != nil, shard != nil, !InstructionMeter.runningOnValgrind { throw ValidationError("--meter instructions shards the run itself (\(MeterRun.shards) fixed shards, --jobs at a time): leave out --shard") }
        if let unitTimeLimit, !(unitTimeLimit > 0 && unitTimeLimit.isFinite) { throw ValidationError("--unit-time-limit must be a positive number of seconds") }
    }

    /// The plan: the shared work options (`BenchWorkOptions.plan`) under the chosen strategies,
    /// with bench's own invariants, diagnostics, meter, per-unit time limit and shard.
    func makePlan() throws -> BenchPlan {
        let chosenSuite = try work.namedSuite()
        let listed: [Strategy]
        do {
            listed = try Strategy.list(strategies ?? chosenSuite?.strategies ?? Self.defaultStrategies)
            try Strategy.probeOutsideSolvers(listed.map(\.name))
        } catch { throw BenchUsageError(error.message) }
        var plan = try work.plan(strategies: listed.map(\.benchStrategy), defaultRepeats: 3)
        if let unitTimeLimit { plan.unitTimeLimit = unitTimeLimit }
        plan.invariants = try InvariantSelection(parsing: invariants)
        plan.diagnostics = diagnostics
        plan.meterInstructions = meter != nil
        if let shard { plan.shard = try Shard(parsing: shard) }
        return plan
    }

    static let defaultStrategies = "cassowary,cassowary-explicit,cassowary-weighted,cassowary-rebuild"

    func usage(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "bench")
    }
}

/// Writing results files atomically (a reader never sees half a file; `AtomicFile`).
enum ResultsFile {
    static func write(_ results: BenchResults, to path: String) throws {
        try AtomicFile.write(Data(try results.jsonFileText().utf8), to: path)
    }
}

/// Writing a command's output file at the end of its work: atomically, and when that fails
/// anyway (the disk filled up, the directory went away), to a fallback file in the temporary
/// directory whose path is printed, so the work is not lost.
enum OutputFile {
    /// True when `data` was written to `path`; otherwise the problem and where the data went
    /// are printed on stderr.
    /// `value` as indented JSON (keys in the order it encodes them). A value JSON cannot hold (a
    /// NaN, an integer past 2^53) is a failure that names where it is, on stderr.
    static func jsonData<T: Encodable>(_ value: T, what: String) throws -> Data {
        do { return Data(try value.jsonFileText().utf8) } catch {
            FileHandle.standardError.write(Data("strut: cannot write the \(what): \(error)\n".utf8))
            throw StrutExit.failure.code
        }
    }

    static func write(_ data: Data, to path: String, what: String) -> Bool {
        let outcome = AtomicFile.writeOrFallBack(data, to: path)
        guard let problem = outcome.problem else { return true }
        var message = "strut: cannot write the \(what) to \(problem)"
        if let fallback = outcome.fallback {
            message += "; saved to \(fallback) instead"
        } else {
            message += "; no fallback file in the temporary directory could be written either"
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return false
    }
}
