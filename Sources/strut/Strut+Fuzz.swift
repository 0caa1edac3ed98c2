import ArgumentParser
import Bench
import Foundation
import Fuzzing
import Generator
import Judging
import Peers
import StrutSystem
import Subjects
import Synchronization

/// `strut fuzz`: a fuzzing campaign (issue 9). Small generated cases and mutations of corpus
/// cases are checked in long-lived worker processes (`strut fuzz-worker`) so that a trap, a hang
/// or a memory blow-up is recorded with its case instead of ending the campaign; findings are
/// deduplicated by signature, shrunk and saved under `--findings`. Exit status 1 only when a
/// finding is new (not in the findings index nor `--known`), so CI fails on new bugs only.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz the strategies with generated and mutated cases; shrink and save what fails.",
        discussion: """
            Case k's seed derives from (--seed, k), so with --runs the same seed finds the same findings \
            whatever --jobs; with --time the cases run depend on the machine's speed (--runs N --time S: \
            N cases unless S seconds pass first); shrinking and confirming a new finding happen within --time too (each shrink at most --shrink-time). Findings are written \
            to --findings DIR as <signature>.json or .system.json (the replay command in the description) \
            with DIR/index.json listing every signature, its count, first case and time to find. Exit \
            status: 0 no new finding, 1 new findings, 2 bad usage or input. Ctrl-C stops feeding, ends the \
            workers, writes the index and prints the summary.
            """)

    @Option(help: "Stop after this many seconds (default 60 without --runs; with --runs, a cap).")
    var time: Double?

    @Option(help: "Run exactly this many cases (reproducible).")
    var runs: Int?

    @Option(help: "Worker processes.")
    var jobs = 2

    @Option(help: "Run seed.")
    var seed: UInt64 = 1

    @Option(help: "Comma-separated generator families, or none (default: every family, at small sizes).")
    var families: String?

    @Option(help: "Corpus file or directory to mutate (repeatable; default: corpora and examples/systems).")
    var corpus: [String] = []

    @Option(help: "Largest corpus entry mutated (views plus constraints, or steps; default 300; with an outside solver and --time of 300 s or more, or --runs, 2000 over its profile's timeoutScale).")
    var corpusMaxSize: Int?

    /// The corpus limit: 300 keeps campaigns on Strut's own strategies fast; a campaign of 5
    /// minutes or more against an outside solver gets 2000 divided by the largest `timeoutScale`
    /// of the peers' profiles (at least 300), so the long operation sequences (the 7x7 grid's
    /// removals, 1 581 steps) that reach Kiwi's spurious "unbounded" are mutated too, and a slow
    /// peer (BeeWare, scale 6: 333) is not fed cases it cannot finish within its scaled timeout.
    /// A shorter campaign stays at 300: through a Python adapter, one 1 583-step entry took most
    /// of a 100-second campaign to check, shrink and confirm.
    func corpusLimit(_ check: FuzzCheck) -> Int {
        let scale = check.profiles.values.map(\.timeoutScale).max() ?? 1
        let long = runs != nil || (time ?? 60) >= 300
        return corpusMaxSize ?? (fuzzesPeer && long ? max(300, Int(2000 / scale)) : 300)
    }

    /// Whether an outside solver is among the strategies.
    var fuzzesPeer: Bool { check.strategies.contains(ExternalSolver.prefix) }

    @Option(help: "Directory for saved findings and index.json.")
    var findings = "findings"

    /// The known-findings lists (default: Strut's own and each outside solver's).
    @OptionGroup var knownLists: KnownListOptions

    /// Strategies, invariants and worker limits (shared with strut shrink).
    @OptionGroup var check: WorkerCheckOptions

    @Option(help: "Seconds one finding's shrinking may take (default 60, 20 when an outside solver is fuzzed).")
    var shrinkTime: Double?

    @Option(help: "Checks of a shrunk finding before it is saved; one that does not show every time is saved as flaky (0: none).")
    var replays = 4

    @Flag(help: "Check in this process instead of workers (no protection against traps and hangs; measures isolation).")
    var inProcess = false

    func run() throws {
        do {
            let (campaign, pool) = try prepare()
            let notJudged = try check.check().notJudged
            FuzzInterrupt.install()
            let progress = FuzzProgress(runs: runs)
            let status = try campaign.run { progress.update($0) }
            progress.finish(status)
            pool?.shutdown()
            print(FuzzSummary.text(status, seed: seed, jobs: inProcess ? 0 : jobs, started: pool?.started, findings: campaign.store.directory,
                                   timed: runs == nil || status.cases < (runs ?? 0), notJudged: notJudged), terminator: "")
            print(KnownListOptions.summary(knownLists.paths(profiles: try check.check().profiles.values)))
            if status.newCount > 0 { throw StrutExit.failure.code }
        } catch let error as FuzzUsageError {
            throw StrutExit.usageError(error.message, command: "fuzz")
        }
    }

    /// Reads the options, the corpus and the findings index; builds the campaign.
    func prepare() throws(FuzzUsageError) -> (FuzzCampaign, WorkerPool?) {
        if let runs, runs < 0 { throw FuzzUsageError("--runs must be at least 0") }
        guard replays >= 0 else { throw FuzzUsageError("--replays must be at least 0") }
        guard jobs >= 1 else { throw FuzzUsageError("--jobs must be at least 1") }
        let workerCheck = try check.check()
        do { try Strategy.probeOutsideSolvers(workerCheck.strategies.map(\.name)) } catch { throw FuzzUsageError(error.message) }
        let familyList = try chosenFamilies()
        let corpusPaths = corpus.isEmpty ? ["corpora", "examples/systems"].filter { FileManager.default.fileExists(atPath: $0) } : corpus
        let loaded = try FuzzCorpus(paths: corpusPaths, maxSize: corpusLimit(workerCheck))
        guard !familyList.isEmpty || !loaded.entries.isEmpty else { throw FuzzUsageError("nothing to fuzz: no families and no corpus entry") }
        let store = try FindingStore(directory: findings)
        var knownSignatures = Set<FuzzSignature>()
        for path in knownLists.paths(profiles: workerCheck.profiles.values) { knownSignatures.formUnion(try FindingStore.knownSignatures(file: path)) }
        var settings = FuzzCampaign.Settings(seed: seed, runs: runs, seconds: runs == nil ? (time ?? 60) : time, batchSize: 2 * jobs)
        // A new finding stops the campaign while it shrinks: against a peer, whose long corpus
        // entries shrink slowly, 20 s keeps the other failures within reach of a 5-minute campaign.
        settings.shrinkSeconds = shrinkTime ?? (fuzzesPeer ? 20 : 60)
        settings.replays = replays
        settings.replayPrefix = FuzzCommandSupport.replayPrefix(check.strategies)
        settings.replayArguments = check.replayArguments
        let pool = inProcess ? nil : check.pool(jobs: jobs)
        let evaluator: FuzzEvaluator = pool ?? InProcessEvaluator(check: workerCheck)
        var maker = FuzzCaseMaker(runSeed: seed, families: familyList, corpus: loaded)
        if fuzzesPeer { maker.asIs = FuzzCaseMaker.systemFilesFirst(loaded) }
        return (FuzzCampaign(settings: settings, maker: maker, evaluator: evaluator, store: store, known: knownSignatures,
                             stop: { FuzzInterrupt.requested }), pool)
    }

    func chosenFamilies() throws(FuzzUsageError) -> [String] {
        guard let families else { return FuzzCaseMaker.defaultFamilies }
        if families == "none" { return [] }
        let names = families.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        for name in names where !GeneratorFamilies.names.contains(name) {
            throw FuzzUsageError("--families: unknown family \"\(name)\"; known: \(GeneratorFamilies.names.joined(separator: ", "))")
        }
        return names
    }
}

/// Ctrl-C during a campaign: the first one asks the campaign to stop (it ends its workers, writes
/// the index and prints the summary); a second one ends the process at once.
enum FuzzInterrupt {
    static let flag = Atomic<Bool>(false)
    static var requested: Bool { flag.load(ordering: .relaxed) }

    static func install() {
        signal(SIGINT) { _ in
            FuzzInterrupt.flag.store(true, ordering: .relaxed)
            signal(SIGINT, SIG_DFL)
        }
    }
}
