import ArgumentParser
import Foundation
import StrutSystem
import Reports
import History

/// `strut history record|check|accept|report|simulate`: every run kept per commit and machine in
/// one SQLite store, regressions found as change points across commits (docs/regression-gates.md,
/// "History").
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Keep every bench run per commit; find regressions as change points across commits.",
        discussion: """
            A CI job records each run (strut history record RESULTS) into a store it keeps as an \
            artifact or on a branch, then checks it (strut history check): the check exits 4 when \
            a figure's level rose at one of the newest commits and nobody accepted it (strut \
            history accept SHA --reason ...). No baseline to save again after an intended change.
            """,
        subcommands: [HistoryRecordCommand.self, HistoryCheckCommand.self, HistoryAcceptCommand.self, HistoryReportCommand.self,
                      HistorySimulateCommand.self])
}

/// The store option every history command takes.
struct HistoryStoreOptions: ParsableArguments {
    @Option(name: .long, help: "The history store (an SQLite file).")
    var store = "strut-history.sqlite"

    func open(create: Bool) throws -> HistoryStore {
        do { return try HistoryStore(path: store, create: create) } catch { throw historyUsage("\(error)") }
    }
}

/// A usage error of a history command: the message on standard error, exit 2.
func historyUsage(_ message: String) -> ExitCode { StrutExit.usageError(message, command: "history") }

extension HistoryMetric: ExpressibleByArgument {}

/// `METRIC=FRACTION`, as `--min-change cpu=0.2` gives it.
struct MetricThreshold: ExpressibleByArgument {
    var metric: HistoryMetric
    var value: Double
    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let metric = HistoryMetric(rawValue: parts[0]), let value = Double(parts[1]), value >= 0 else { return nil }
        self.metric = metric
        self.value = value
    }
    static var defaultCompletionKind: CompletionKind { .list(HistoryMetric.allCases.map { "\($0.rawValue)=" }) }
}

/// Commits as git names them, read with `git show` in the current directory.
enum GitCommits {
    /// The commit `revision` names, or nil when git cannot resolve it here.
    static func resolve(_ revision: String) -> CommitInfo? {
        guard let git = ChildProcess.executable(named: "git"), let completion = try? ChildProcess.run(git, ["show", "-s", "--format=%H%x1f%ct%x1f%s", revision, "--"],
                                                              environment: ChildProcess.inheritedEnvironment(setting: []), timeout: .seconds(60)),
              completion.succeeded, let line = completion.output.first
        else { return nil }
        let fields = line.split(separator: "\u{1f}", omittingEmptySubsequences: false)
        guard fields.count >= 3, let time = Int64(fields[1]) else { return nil }
        return CommitInfo(sha: String(fields[0]), time: time, subject: fields[2...].joined(separator: "\u{1f}"))
    }
}

struct HistoryRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Add bench results files to the history store under a commit.",
        discussion: """
            Each file (strut bench --out, strut merge --out) becomes one run of the commit: per \
            group its figures (instructions under the meter; otherwise thread-CPU time as \
            measured and scaled by the speed probe, wall time and bytes; pivots always), a digest \
            of its answers, and the invariant tallies, with the machine and toolchain. Of the \
            times only scaled-cpu gates: the others move with the machine's speed. The commit is read with git (HEAD unless --commit names \
            another); outside a repository give --commit, --commit-time and --subject. Recording \
            the same file again for the same machine adds nothing. Concurrent writers queue on the \
            store's lock; a writer killed part-way leaves nothing of its run.
            """)

    @OptionGroup var storeOptions: HistoryStoreOptions

    @Argument(help: "Results files (strut bench --out).")
    var results: [String]

    @Option(help: "The commit measured (a revision git resolves; default HEAD).")
    var commit: String?

    @Option(help: "The commit's time in seconds since 1970, when git cannot tell it.")
    var commitTime: Int64?

    @Option(help: "The commit's subject line, when git cannot tell it.")
    var subject: String?

    @Option(help: "The machine label the run's series belong to (default: the results' host name). Use one label per kind of machine in CI.")
    var machine: String?

    func validate() throws {
        guard !results.isEmpty else { throw ValidationError("give at least one results file") }
        if commitTime != nil && commit == nil { throw ValidationError("--commit-time needs --commit") }
    }

    func run() throws {
        let info: CommitInfo
        if let commitTime, let commit {
            info = CommitInfo(sha: commit.lowercased(), time: commitTime, subject: subject ?? "")
        } else if let found = GitCommits.resolve(commit ?? "HEAD") {
            info = CommitInfo(sha: found.sha, time: found.time, subject: subject ?? found.subject)
        } else {
            throw historyUsage("git cannot resolve \(commit ?? "HEAD") here; run inside the repository, or give --commit SHA --commit-time SECONDS")
        }
        var runs: [(file: String, run: HistoryRun)] = []
        for file in results {
            do { runs.append((file, HistoryRun(try Report.load(file)))) } catch { throw historyUsage("\(error)") }
        }
        let store = try storeOptions.open(create: true)
        let now = ISO8601DateFormatter().string(from: Date())
        for (file, run) in runs {
            let label = machine ?? run.machine.host
            let outcome: HistoryStore.RecordOutcome
            do { outcome = try store.record(run, commit: info, machine: label, recordedAt: now) } catch { throw historyUsage("\(error)") }
            switch outcome {
            case .recorded(let id):
                print("recorded \(file) as run \(id): commit \(info.short) \"\(info.title)\", machine \(label), \(run.groups.count) groups\(run.metered ? ", instruction counts" : ", times")")
            case .alreadyRecorded(let id):
                print("\(file) is already recorded for machine \(label) (run \(id)); nothing added")
            }
        }
    }
}

struct HistoryCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find change points in every series; exit 4 on a regression in the newest commits.",
        discussion: """
            Every group's figure on every machine is a series over commits (the median of a \
            commit's runs). Its change points are found by E-divisive means, each kept when a \
            t-test between the segments it separates gives p <= --max-p (0.001; time figures \
            0.0002) and the level moved by at \
            least the figure's --min-change (instructions and pivots 1%, time 10%, bytes 5%). A \
            rise in a figure other than wall time is a regression; so is a group whose answers \
            (frames, conflicts, ambiguity) changed and an invariant that fails more solves. Those \
            at one of the --recent newest commits of a machine fail the check (exit 4) unless \
            accepted (strut history accept).
            """)

    @OptionGroup var storeOptions: HistoryStoreOptions

    @Option(help: "How many of each machine's newest commits gate.")
    var recent = 3

    @Option(help: "Only this machine label's runs.")
    var machine: String?

    @Option(name: .customLong("max-p"), help: "Largest p-value of a change point, for every figure (default: 0.001; time figures 0.0002).")
    var maxP: Double?

    @Option(name: .customLong("min-change"), help: "METRIC=FRACTION: the smallest change of a figure that counts (repeatable; e.g. cpu=0.2).")
    var minChange: [MetricThreshold] = []

    @Flag(help: "List every change point, not only those that fail the check.")
    var verbose = false

    func validate() throws {
        guard recent >= 1 else { throw ValidationError("--recent must be at least 1") }
        if let maxP { guard maxP > 0, maxP < 1 else { throw ValidationError("--max-p must lie between 0 and 1") } }
    }

    var options: HistoryAnalysis.Options {
        var o = HistoryAnalysis.Options()
        o.recent = recent
        if let maxP { for m in HistoryMetric.allCases { o.maxPValue[m] = maxP } }
        o.machine = machine
        for t in minChange { o.minimumChange[t.metric] = t.value }
        return o
    }

    func run() throws {
        let store = try storeOptions.open(create: false)
        let snapshot: HistorySnapshot
        do { snapshot = try store.load() } catch { throw historyUsage("\(error)") }
        guard !snapshot.runs.isEmpty else { throw historyUsage("\(storeOptions.store): no runs recorded yet") }
        if let machine, !snapshot.runs.contains(where: { $0.machine == machine }) {
            let labels = Set(snapshot.runs.map(\.machine)).sorted().joined(separator: ", ")
            throw historyUsage("no runs for machine \"\(machine)\" in \(storeOptions.store); its machines: \(labels)")
        }
        let analysis = HistoryAnalysis(snapshot, options: options)
        print(HistoryText.check(analysis, store: storeOptions.store, verbose: verbose), terminator: "")
        if analysis.fails { throw StrutExit.regression.code }
    }
}

struct HistoryAcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Accept an intended change at a commit, so the check no longer fails on it.",
        discussion: """
            A change point whose commit range (the last commit at the old level, then the first at \
            the new one) holds SHA is accepted: listed with the reason, never a regression. \
            --group (a group name, * as wildcard) and --metric narrow it; without them every \
            change there is accepted, answer changes included. SHA may be a prefix of a recorded \
            commit, or anything git resolves here.
            """)

    @OptionGroup var storeOptions: HistoryStoreOptions

    @Argument(help: "The commit that made the change.")
    var commit: String

    @Option(help: "Only changes of groups matching this name (* matches any text).")
    var group: String?

    @Option(help: "Only changes of this figure: \(HistoryMetric.allCases.map(\.rawValue).joined(separator: ", ")).")
    var metric: HistoryMetric?

    @Option(help: "Why the change is intended (kept with the acceptance and shown in reports).")
    var reason: String

    func validate() throws {
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--reason must say why") }
    }

    func run() throws {
        let store = try storeOptions.open(create: false)
        let info: CommitInfo
        let recorded = (try? store.commits(matching: commit)) ?? []
        if recorded.count == 1 {
            info = recorded[0]
        } else if recorded.count > 1 {
            throw historyUsage("\(commit) names \(recorded.count) recorded commits (\(recorded.map(\.short).joined(separator: ", "))); give more digits")
        } else if let found = GitCommits.resolve(commit) {
            info = found
        } else {
            throw historyUsage("\(commit) is neither a recorded commit nor one git resolves here")
        }
        let now = ISO8601DateFormatter().string(from: Date())
        do { try store.accept(Acceptance(commit: info, group: group, metric: metric, reason: reason, acceptedAt: now)) } catch { throw historyUsage("\(error)") }
        print("accepted \(info.short) \"\(info.title)\"\(group.map { ", groups \($0)" } ?? "")\(metric.map { ", \($0.rawValue)" } ?? ""): \(reason)")
    }
}

struct HistoryReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render the history: Markdown for a pull-request comment, or one HTML page of charts.",
        discussion: """
            markdown: the check's verdict, each strategy's trend per phase and figure as a \
            sparkline, and the change points newest first (at most 60 rows). html: one \
            self-contained page (nothing fetched) with the trends and a chart of every series with \
            a change point, each change point marked and its commit named. The change points are \
            those strut history check finds with the same options.
            """)

    @OptionGroup var storeOptions: HistoryStoreOptions

    @Option(help: "markdown or html.")
    var format: HistoryReportFormat = .markdown

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var out: String?

    @Option(help: "How many of each machine's newest commits gate (as in check).")
    var recent = 3

    @Option(help: "Only this machine label's runs.")
    var machine: String?

    func run() throws {
        let store = try storeOptions.open(create: false)
        let snapshot: HistorySnapshot
        do { snapshot = try store.load() } catch { throw historyUsage("\(error)") }
        guard !snapshot.runs.isEmpty else { throw historyUsage("\(storeOptions.store): no runs recorded yet") }
        var options = HistoryAnalysis.Options()
        options.recent = recent
        options.machine = machine
        let analysis = HistoryAnalysis(snapshot, options: options)
        let text = format == .html ? HistoryReport.html(analysis, snapshot) : HistoryReport.markdown(analysis, snapshot)
        guard let out else {
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            return
        }
        do { try Report.write(text, to: out) } catch { throw historyUsage("cannot write \(out): \(error)") }
    }
}

enum HistoryReportFormat: String, ExpressibleByArgument, CaseIterable {
    case markdown, html
}

struct HistorySimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Measure how well the check finds planted steps on your own machine's noise.",
        discussion: """
            Give results files of repeated runs of one build (the same bench command run several \
            times). Histories of --commits commits are built by drawing --runs-per-commit runs per \
            commit (its figure is their median, as check takes it); in \
            half the series a step is planted from a random commit on (--step METRIC=FRACTION, \
            default instructions=0.02, cpu=0.25 and scaled-cpu=0.25). The check then runs on each series. Prints, \
            per figure, the steps found and the false change points per 100 series without a \
            step, so you can choose --min-change and --max-p for your machine.
            """)

    @Argument(help: "Results files of repeated runs of one build.")
    var results: [String]

    @Option(help: "Commits per simulated history.")
    var commits = 50

    @Option(name: .customLong("runs-per-commit"), help: "Runs recorded per commit (distinct runs while there are enough files).")
    var runsPerCommit = 1

    @Option(help: "METRIC=FRACTION planted in half the series (repeatable; default instructions=0.02, cpu=0.25 and scaled-cpu=0.25).")
    var step: [MetricThreshold] = []

    @Option(help: "Histories built per series.")
    var repetitions = 1

    @Option(help: "Seed of the draws: the same seed and files give the same tallies.")
    var seed: UInt64 = 1

    @Option(name: .customLong("max-p"), help: "Largest p-value of a change point, for every figure (as in check; default: 0.001; time figures 0.0002).")
    var maxP: Double?

    @Option(name: .customLong("min-change"), help: "METRIC=FRACTION: the smallest change that counts (as in check).")
    var minChange: [MetricThreshold] = []

    @Option(help: "Also write the last simulated history to this new store (machine \"simulated\"), to check, time or chart it.")
    var store: String?

    func validate() throws {
        if let store, FileManager.default.fileExists(atPath: store) { throw ValidationError("--store \(store) exists; give a new file") }
        guard results.count >= 2 else { throw ValidationError("give at least two results files of one build (repeated runs)") }
        guard commits >= 12 else { throw ValidationError("--commits must be at least 12") }
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
        guard runsPerCommit >= 1 else { throw ValidationError("--runs-per-commit must be at least 1") }
        if let maxP { guard maxP > 0, maxP < 1 else { throw ValidationError("--max-p must lie between 0 and 1") } }
    }

    func run() throws {
        var runs: [HistoryRun] = []
        for file in results {
            do { runs.append(HistoryRun(try Report.load(file))) } catch { throw historyUsage("\(error)") }
        }
        var options = HistorySimulation.Options()
        options.commits = commits
        options.repetitions = repetitions
        options.runsPerCommit = runsPerCommit
        options.seed = seed
        if !step.isEmpty { options.steps = Dictionary(step.map { ($0.metric, $0.value) }, uniquingKeysWith: { $1 }) }
        var analysis = HistoryAnalysis.Options()
        if let maxP { for m in HistoryMetric.allCases { analysis.maxPValue[m] = maxP } }
        for t in minChange { analysis.minimumChange[t.metric] = t.value }
        let simulation = HistorySimulation(runs, analysis: analysis, options: options)
        print("history simulate: \(runs.count) runs, histories of \(commits) commits of \(runsPerCommit) run\(runsPerCommit == 1 ? "" : "s") each, seed \(seed), max p \(maxP.map { "\($0)" } ?? "0.001 (time figures 0.0002)")")
        print("figure        min change  step   series  found            false per 100 series without a step  (in series with one)")
        for t in simulation.tallies {
            let found = t.stepped == 0 ? "-" : "\(t.found)/\(t.stepped) (\(String(format: "%.1f", t.foundShare * 100))%)"
            let stepText = t.step.map { HistoryText.percent($0) } ?? "none"
            let minimum = analysis.minimumChange[t.metric] ?? t.metric.defaultMinimumChange
            print(pad(t.metric.rawValue, 13) + " " + pad(HistoryText.percent(minimum), 11) + " " + pad(stepText, 6) + " " + pad("\(t.series)", 7) + " "
                  + pad(found, 16) + " " + pad(String(format: "%.2f (%d in %d)", t.falsePer100, t.falseInUnstepped, t.unstepped), 37) + " (\(t.falseInStepped))")
        }
        guard let store else { return }
        do {
            let history = try HistoryStore(path: store, create: true)
            let now = ISO8601DateFormatter().string(from: Date())
            for (c, run) in simulation.history.enumerated() {
                let commit = CommitInfo(sha: String(format: "%07x", c + 1) + String(repeating: "0", count: 33), time: 1_700_000_000 + Int64(c) * 3_600, subject: "simulated commit \(c + 1)")
                _ = try history.record(run, commit: commit, machine: "simulated", recordedAt: now)
            }
        } catch { throw historyUsage("\(error)") }
        print("wrote the last history (\(simulation.history.count) commits) to \(store)")
    }

    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
}
