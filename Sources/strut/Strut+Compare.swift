import ArgumentParser
import Bench
import Foundation
import Gates
import Judging
import StrutSystem
import Subjects

/// `strut compare --strategies A,B [inputs...]`: runs both strategies on the same work and
/// reports, per family and size, B's thread-CPU time over A's with a confidence interval, how
/// often B reached A's objective, and the invariants each breaks (Gates/Compare).
/// `strut compare --binaries OLD NEW [inputs...]`: runs two builds on the same work, interleaved,
/// and judges NEW against OLD as `strut bench --baseline` judges a run (`BinaryComparison`).
///
/// The inputs and the run settings are `strut bench`'s: both mount `BenchWorkOptions` and build
/// their plan with it, so they read inputs, suites, devices and repetitions the same way.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two strategies on the same cases: time ratio with confidence, objective agreement, invariants broken.",
        discussion: """
            Inputs as for strut bench: case files, directories, --family NAME[:SIZES], --suite; with \
            none, the default suite. A runs first and is the reference: the invariant \
            strategies-agree judges each of B's solves against A's layout of the same case, device \
            and direction (same objective at every priority level; same frames where neither calls \
            a view ambiguous). It is checked on every case by default, with the cheap invariants.

            For each family and size: B/A is the ratio of the pooled 10th percentiles of thread-CPU time per \
            phase (first layout, device switches), with a 95% stratified bootstrap interval (the \
            statistics of strut bench --baseline); then B's solves with the same objective as A, \
            with another objective, with the same objective but other frames, and not judged (the \
            two broke different conflicts); then the invariants each strategy broke (failed \
            solves). Each family and size runs as its own bench session, A and B interleaved.

            --binaries OLD NEW compares two strut builds instead (default work: --suite ci; \
            --strategies then lists the strategies both run): every work unit runs under OLD's and \
            NEW's own strut bench (that unit alone), back to back, which one first alternating, \
            --jobs units at a time, so a neighbour's load falls on both. NEW is judged against OLD \
            as strut bench --baseline judges a run: per family, size, strategy and phase the \
            thread-CPU ratio NEW/OLD with its bootstrap interval (--time-threshold, \
            --run-threshold), deterministic figures exactly, invariants newly failing (by default the \
            cheap ones, checked by each build on its own solves: not strategies-agree). With \
            --meter instructions each build also runs the work under callgrind (strut bench \
            --meter instructions) and NEW's instruction counts are gated per group past \
            --instruction-threshold. Both builds must have --meter and --shard (this one's).

            Exit status: 0 when everything ran and every invariant held, 1 when a case failed or \
            the run stopped early, 2 for a usage error, 3 when an invariant failed (for either \
            strategy, including strategies-agree; with --binaries, in NEW), 4 with --binaries when \
            NEW regressed against OLD.
            """)

    @OptionGroup var work: BenchWorkOptions

    @Option(help: "The two strategies, A,B (B's time is reported over A's); with --binaries, the strategies both builds run (default as strut bench's).")
    var strategies: String?

    @OptionGroup var binaries: BinaryCompareOptions

    @Option(help: "Invariants: cheap, all, none or a comma list (default: the cheap ones and strategies-agree, on every case; with --binaries, the cheap ones only, each build checking its own solves: name strategies-agree to judge the later of its --strategies against the first).")
    var invariants: String?

    @Option(help: "Write the comparison as JSON here.")
    var out: String?

    func validate() throws {
        if binaries.isSet { return }
        guard let strategies else { throw ValidationError("give --strategies A,B (two strategies) or --binaries OLD NEW (two builds)") }
        let names: [String]
        do { names = try Strategy.list(strategies).map(\.name) } catch { throw ValidationError(error.message) }
        guard names.count == 2, names[0] != names[1] else { throw ValidationError("--strategies takes two different strategies, A,B") }
    }

    func run() throws {
        if binaries.isSet {
            try BinaryComparison(work: work, strategies: strategies, invariants: invariants, options: binaries, out: out).run()
            return
        }
        let (a, b, plan) = try makePlan()
        if let out { do { try AtomicFile.checkWritable(out) } catch { throw usage("--out \(error)") } }
        let results = CompareRun.run(plan, jobs: work.jobCount) { k, n in
            FileHandle.standardError.write(Data("compare: group \(k + 1) of \(n)\n".utf8))
        }
        let comparison = StrategyComparison(a: a, b: b, results: results)
        let failures = comparison.invariants.failures
        for f in failures.prefix(20) { print(f) }
        if failures.count > 20 { print("... and \(failures.count - 20) more invariant failures\(out.map { " (all in \($0))" } ?? "")") }
        print(comparison.text, terminator: "")
        if let out {
            let data = try OutputFile.jsonData(comparison.document(command: command(plan)), what: "comparison")
            guard OutputFile.write(data, to: out, what: "comparison") else { throw StrutExit.failure.code }
            print("comparison: \(out)")
        }
        if comparison.invariants.hasFailures { throw StrutExit.invariant.code }
        if !comparison.failures.isEmpty || !comparison.complete { throw StrutExit.failure.code }
    }

    /// The two strategy names and the plan (`BenchWorkOptions.plan`, 5 repetitions by default),
    /// checked with the cheap invariants and strategies-agree unless --invariants says otherwise.
    func makePlan() throws -> (String, String, BenchPlan) {
        let listed: [Strategy]
        do {
            listed = try Strategy.list(strategies ?? "")
            try Strategy.probeOutsideSolvers(listed.map(\.name))
        } catch { throw usage(error.message) }
        do {
            var plan = try work.plan(strategies: listed.map(\.benchStrategy), defaultRepeats: 5)
            plan.invariants = try InvariantSelection(parsing: invariants ?? Self.defaultInvariants)
            return (listed[0].name, listed[1].name, plan)
        } catch { throw usage("\(error)") }
    }

    /// The cheap invariants and strategies-agree.
    static var defaultInvariants: String {
        (Invariant.allCases.filter(\.isCheap) + [.strategiesAgree]).map(\.rawValue).joined(separator: ",")
    }

    /// The command that reruns this comparison (the bench plan's settings, all explicit).
    func command(_ plan: BenchPlan) -> String {
        plan.command.replacingOccurrences(of: "strut bench", with: "strut compare")
    }

    func usage(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "compare")
    }
}
