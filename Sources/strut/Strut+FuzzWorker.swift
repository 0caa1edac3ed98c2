import ArgumentParser
import Foundation
import Fuzzing
import Judging
import Peers
import StrutSystem
import Subjects

/// `strut fuzz-worker` (hidden): the child process of `strut fuzz`, `strut shrink` and anything
/// else that checks subjects in isolation. Reads requests as JSON lines on standard input and
/// answers each with a heartbeat per strategy and one result line (Fuzzing's `WorkerMessage`),
/// flushing after every line so the parent sees a heartbeat before a crash. Ignores SIGINT (the
/// parent decides when its workers stop) and exits at the end of its input.
struct FuzzWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-worker",
        abstract: "Check fuzz subjects read as JSON lines on standard input (the child process of strut fuzz).",
        shouldDisplay: false)

    @Option(help: "Comma-separated strategies; the first is the reference.")
    var strategies = "cassowary"

    @Option(help: "Invariants for layout cases: cheap, all, none or a comma list.")
    var invariants = "cheap"

    @Option(help: "Peer profile for the outside solvers (repeatable, in their order).")
    var profile: [String] = []

    func run() throws {
        signal(SIGINT, SIG_IGN)
        let check: FuzzCheck
        do { check = try FuzzCommandSupport.check(strategies: strategies, invariants: invariants, profiles: profile) } catch {
            throw StrutExit.usageError(error.description, command: "fuzz-worker")
        }
        while let line = readLine(strippingNewline: true) {
            guard let request = WorkerMessage.parseRequest(line) else { continue }
            switch request.subject {
            case .failure(let error):
                emit(WorkerMessage.result(id: request.id, findings: [], invalid: error.description))
            case .success(let subject):
                var c = check
                c.checkExpectations = request.expectations
                let findings = c.check(subject) { emit(WorkerMessage.heartbeat(id: request.id, strategy: $0)) }
                emit(WorkerMessage.result(id: request.id, findings: findings))
            }
        }
    }

    /// Writes one line straight to the standard output descriptor (unbuffered, so the parent
    /// sees every heartbeat even if the next instruction traps).
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// Helpers shared by fuzz, fuzz-worker, replay and shrink.
enum FuzzCommandSupport {
    /// The strategies of a comma list, as bench strategies.
    static func strategies(_ text: String) throws(FuzzUsageError) -> [BenchStrategy] {
        let list: [Strategy]
        do { list = try Strategy.list(text) } catch { throw FuzzUsageError("--strategies: \(error.message)") }
        guard !list.isEmpty else { throw FuzzUsageError("--strategies: give at least one strategy") }
        return list.map(\.benchStrategy)
    }

    static func check(strategies text: String, invariants: String, profiles: [String] = []) throws(FuzzUsageError) -> FuzzCheck {
        let selection: InvariantSelection
        do { selection = try InvariantSelection(parsing: invariants) } catch { throw FuzzUsageError(error.message) }
        let list = try strategies(text)
        return FuzzCheck(strategies: list, invariants: selection, profiles: try peerProfiles(list.map(\.name), files: profiles))
    }

    /// The outside solvers' profiles by strategy name: `files[i]` for the i-th outside solver
    /// (one file: every outside solver), else the profile beside its adapter, else none.
    /// - Throws: `FuzzUsageError` for a malformed profile, or more files than outside solvers.
    static func peerProfiles(_ names: [String], files: [String]) throws(FuzzUsageError) -> [String: PeerProfile] {
        let external = names.filter { $0.hasPrefix(ExternalSolver.prefix) }
        guard files.count <= max(1, external.count) else {
            throw FuzzUsageError("--profile: \(files.count) profiles for \(external.count) outside solver(s)")
        }
        if !files.isEmpty && external.isEmpty { throw FuzzUsageError("--profile: no outside solver (external:COMMAND) among the strategies") }
        var out: [String: PeerProfile] = [:]
        for (i, name) in external.enumerated() {
            let file = files.count == 1 ? files[0] : (i < files.count ? files[i] : nil)
            if let p = try PeerProfile.of(strategy: name, override: file) { out[name] = p }
        }
        return out
    }


    /// This executable's path (what workers run).
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// A worker pool running `strut fuzz-worker` with these strategies and invariants.
    static func pool(strategies: String, invariants: String, profiles: [String] = [], jobs: Int, timeout: Double, maxMemoryMB: Int) -> WorkerPool {
        var environment = WorkerPool.environment(ProcessInfo.processInfo.environment, timeout: timeout)
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return WorkerPool(WorkerPool.Settings(
            command: [executablePath, "fuzz-worker", "--strategies", strategies, "--invariants", invariants] + profiles.flatMap { ["--profile", $0] },
            jobs: jobs, timeout: timeout, maxMemoryBytes: maxMemoryMB << 20, environment: environment))
    }

    /// The replay command's prefix: the planted strategies need their environment variable.
    static func replayPrefix(_ strategies: String) -> String {
        strategies.contains("planted-") ? "STRUT_PLANTED_STRATEGIES=1 " : ""
    }
}
