import ArgumentParser
import Foundation
import Fuzzing
import Judging
import Peers
import StrutSystem
import Subjects

/// `strut replay PATHS...`: the CI regression command. Every case and system file named (and
/// every one under a named directory) is checked again under the strategies: invariants, the
/// case's expectations, the system checks and the exact oracle, and a system file's sibling
/// `NAME.expected.json`. Checks run in `--jobs` worker processes, so a file that traps or hangs
/// fails alone (`crash:SIGILL|...`, `hang|...`). Without `--strategies`, a finding saved by
/// `strut fuzz` is checked under the strategies its campaign used (`FindingOrigin`), every other
/// file under `cassowary`. Failures in the known-findings lists (`KnownListOptions`: by default
/// Strut's own and each outside solver's) are reported as KNOWN (`KnownFindings`). Every path is checked on its own: a file that does not read or is not
/// a valid case or system file (the message says what is wrong), a path that does not exist and a
/// directory that cannot be listed or holds no case or system file each fail alone, and the rest
/// are still checked. Exit status 0 when all pass or fail only as known, 1 when any fails
/// otherwise (each failure listed), 2 for bad usage (options, an unreadable --known file).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Check saved cases, system files and corpora again (CI's regression command).")

    @Argument(help: "Case files, system files or directories (walked recursively; *.expected.json and index.json are skipped).")
    var paths: [String]

    @Option(help: ArgumentHelp(
        "Comma-separated strategies; the first is the reference.",
        discussion: "Default: a finding saved by strut fuzz is checked under the strategies (and peer profiles) its campaign used, as its description records them; every other file under cassowary."))
    var strategies: String?

    @Option(help: "Invariants for layout cases: cheap, all, none or a comma list.")
    var invariants = "cheap"

    @Flag(help: "Print only failures and the summary.")
    var quiet = false

    @Option(help: "Worker processes (a file that traps or hangs fails alone).")
    var jobs = 2

    @Option(help: "CPU seconds one file may take in a worker, its adapters included (or 6 times that on the clock).")
    var timeout: Double = 120

    @Flag(help: "Check in this process (faster start; a trap ends the run).")
    var inProcess = false

    @Option(help: "Peer profile (a JSON file) for the outside solvers, instead of the one beside each adapter (repeatable, in their order).")
    var profile: [String] = []

    /// The known-findings lists (default: Strut's own and each outside solver's).
    @OptionGroup var knownLists: KnownListOptions

    @Option(help: "Write the agreement with reference frames (imported cases) as Markdown (.md) or HTML (.html), with wireframes of the screens that disagree.")
    var agreementReport: String?

    func validate() throws {
        if let r = agreementReport, !(r.hasSuffix(".md") || r.hasSuffix(".html")) {
            throw ValidationError("--agreement-report must end in .md or .html, not \"\(r)\"")
        }
        guard jobs >= 1, timeout > 0 else { throw ValidationError("--jobs and --timeout must be positive") }
    }

    /// The strategies a file is checked under: `--strategies` when given, else those a saved
    /// finding's campaign used, else `cassowary`; with the peer profiles to read.
    func checkSettings(for subject: FuzzSubject) -> CheckSettings {
        if let strategies { return CheckSettings(strategies: strategies, profiles: profile) }
        let origin = FindingOrigin(subject)
        return CheckSettings(strategies: origin?.strategies ?? Self.defaultStrategy, profiles: profile.isEmpty ? origin?.profiles ?? [] : profile)
    }

    static let defaultStrategy = "cassowary"

    struct CheckSettings: Hashable {
        var strategies: String
        var profiles: [String]
        var label: String { strategies + profiles.map { " --profile \($0)" }.joined() }
    }

    func run() throws {
        var agreements: [ScreenAgreement] = []
        var failed = 0
        var knownCount = 0
        var count = 0
        var notJudged: [String] = []
        var usedSettings: [CheckSettings] = []
        do {
            guard !paths.isEmpty else { throw FuzzUsageError("give at least one file or directory") }
            if let strategies {
                let check = try FuzzCommandSupport.check(strategies: strategies, invariants: invariants, profiles: profile)
                do { try Strategy.probeOutsideSolvers(check.strategies.map(\.name)) } catch { throw FuzzUsageError(error.message) }
            } else {
                _ = try InvariantSelection(parsing: invariants)
            }
            let listed = FuzzCorpus.listing(paths)
            // Every file is read and validated alone: one that does not read or is not a valid
            // case or system file fails with what is wrong, and every other file is still checked.
            var subjects: [FuzzSubject] = []
            var order: [(path: String, subject: Int?, problem: String?)] = listed.problems.map { ($0.path, nil, $0.reason) }
            for path in listed.files {
                do throws(FuzzUsageError) {
                    subjects.append(try FuzzCorpus.readValid(path))
                    order.append((path, subjects.count - 1, nil))
                } catch {
                    let prefix = path + ": "
                    order.append((path, nil, error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message))
                }
            }
            // Files are checked in groups of the same strategies (one worker pool per group); a
            // group whose strategies this build cannot run (a planted strategy without its
            // environment variable, an adapter that does not answer) fails its files alone.
            let settings = subjects.map(checkSettings(for:))
            var results = [FuzzJobResult?](repeating: nil, count: subjects.count)
            var unrunnable: [Int: String] = [:]
            var profiles: [String: PeerProfile] = [:]
            var checks: [CheckSettings: FuzzCheck] = [:]
            var groups: [CheckSettings] = []
            for s in settings where !groups.contains(s) { groups.append(s) }
            for group in groups {
                let members = settings.indices.filter { settings[$0] == group }
                let check: FuzzCheck
                do throws(FuzzUsageError) {
                    check = try FuzzCommandSupport.check(strategies: group.strategies, invariants: invariants, profiles: group.profiles)
                    if strategies == nil { do { try Strategy.probeOutsideSolvers(check.strategies.map(\.name)) } catch { throw FuzzUsageError(error.message) } }
                } catch {
                    for k in members { unrunnable[k] = "cannot be checked under the strategies it was found with (\(group.label)): \(error.message)" }
                    continue
                }
                usedSettings.append(group)
                checks[group] = check
                profiles.merge(check.profiles) { a, _ in a }
                notJudged += check.notJudged.filter { !notJudged.contains($0) }
                let pool = inProcess ? nil : FuzzCommandSupport.pool(strategies: group.strategies, invariants: invariants, profiles: group.profiles, jobs: jobs,
                                                                    timeout: timeout, maxMemoryMB: 4096)
                defer { pool?.shutdown() }
                let evaluator: FuzzEvaluator = pool ?? InProcessEvaluator(check: check)
                let groupResults = evaluator.evaluate(members.map { FuzzJob(subject: subjects[$0], expectations: true) }, stop: { false })
                for (k, r) in zip(members, groupResults) { results[k] = r }
            }
            let knownPaths = knownLists.paths(profiles: profiles.values)
            let knownFindings = KnownFindings(entries: try knownPaths.flatMap { path throws(FuzzUsageError) in try KnownFindings(file: path).entries })
            agreements = Self.agreements(subjects: subjects, order: order, results: results, strategy: strategies ?? Self.defaultStrategy)
            for (path, k, problem) in order {
                count += 1
                guard let k else {
                    failed += 1
                    print("FAIL \(path)")
                    print("  \(problem ?? "could not be read")")
                    FileHandle.standardError.write(Data("strut: replay: \(path): \(problem ?? "could not be read")\n".utf8))
                    continue
                }
                let findings = results[k]?.findings ?? []
                let knownHere = findings.filter { knownFindings.isKnown($0.signature, path: path) }
                let problems = findings.filter { !knownFindings.isKnown($0.signature, path: path) }.map(\.description)
                    + (results[k]?.invalid.map { ["could not be checked: \($0)"] } ?? [])
                    + (unrunnable[k].map { [$0] } ?? [])
                    + FuzzReplay.expectedFileProblems(path: path, subject: subjects[k], strategies: checks[settings[k]]?.strategies ?? [])
                let under = strategies == nil && settings[k].strategies != Self.defaultStrategy ? "  (under \(settings[k].label))" : ""
                if problems.isEmpty, !knownHere.isEmpty {
                    knownCount += 1
                    print("KNOWN \(path)\(under)")
                    if !quiet { for f in knownHere { print("  \(f)") } }
                } else if problems.isEmpty {
                    if !quiet { print("PASS \(path)\(under)") }
                } else {
                    failed += 1
                    print("FAIL \(path)\(under)")
                    for p in problems { print("  \(p)") }
                }
            }
            if !quiet || knownCount > 0 { print(KnownListOptions.summary(knownPaths)) }
        } catch let error as FuzzUsageError {
            throw StrutExit.usageError(error.message, command: "replay")
        }
        for line in notJudged { print("profile: \(line)") }
        if !agreements.isEmpty {
            let report = AgreementReport(screens: agreements, strategy: Self.firstStrategy(strategies ?? Self.defaultStrategy))
            print(report.text, terminator: "")
            if let path = agreementReport {
                do { try AtomicFile.write(path.hasSuffix(".md") ? report.markdown : report.html, to: path) } catch {
                    FileHandle.standardError.write(Data("strut: replay: --agreement-report: \(error)\n".utf8))
                    failed += 1
                }
            }
        }
        let under = strategies ?? (usedSettings.map(\.strategies) == [Self.defaultStrategy] || usedSettings.isEmpty
            ? Self.defaultStrategy : usedSettings.map(\.label).joined(separator: "; "))
        print("replay: \(count) files under \(under), \(failed) failed, \(knownCount) known")
        if failed > 0 { throw StrutExit.failure.code }
    }

    static func firstStrategy(_ list: String) -> String {
        String(list.split(separator: ",").first ?? "cassowary")
    }

    /// Agreement with reference frames for every case that carries them (imported screens),
    /// laid out again in this process under the first strategy, each disagreeing screen a third
    /// time with its reference frames held (`ReferenceCheck`); files that failed to check in a
    /// worker (a trap, a hang) are left out, and so are outside solvers (their answers arrive
    /// through an adapter).
    static func agreements(
        subjects: [FuzzSubject], order: [(path: String, subject: Int?, problem: String?)], results: [FuzzJobResult?],
        strategy list: String
    ) -> [ScreenAgreement] {
        guard let strategy = Strategy.named(firstStrategy(list)) else { return [] }
        var out: [ScreenAgreement] = []
        for (path, k, _) in order {
            guard let k, case .layout(let c) = subjects[k], let r = results[k], r.invalid == nil,
                c.expect.contains(where: { $0.tolerance != nil && $0.frames != nil }),
                let tree = try? c.validate(), let configurations = try? c.deviceConfigurations() ?? []
            else { continue }
            guard let laid = try? SolveCommand.layout(tree, on: configurations, solver: strategy.make(false)) else { continue }
            for (configuration, result) in zip(configurations, laid) {
                guard var a = ScreenAgreement.compare(c, result: result, configuration: configuration, path: path) else { continue }
                if a.needsReferenceCheck, let held = ReferenceCheck.heldCase(c, on: configuration), let heldTree = try? held.validate(),
                   let heldResult = try? SolveCommand.layout(heldTree, on: [configuration], solver: strategy.make(false)).first {
                    a.apply(ReferenceCheck.judge(free: result, held: heldResult))
                }
                out.append(a)
            }
        }
        return out
    }
}
