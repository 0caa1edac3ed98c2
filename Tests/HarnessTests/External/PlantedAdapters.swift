import Foundation
import LinearConstraints

@testable import Peers

/// Adapters planted by the tests: tiny shell scripts written into a fresh temporary directory,
/// each misbehaving in one way (or answering blindly), and the `strut` binary's reference adapter.
///
/// Every script writes its process id (and any child's) to `pids` first, so a test can see that
/// the harness reaped it: a reaped process has no /proc entry, a zombie still has one.
struct PlantedAdapter {
    let directory: URL
    let command: String

    var pidFile: URL { directory.appendingPathComponent("pids") }
    var logFile: URL { directory.appendingPathComponent("log") }

    /// Writes `body(log path)` (sh, after the pid bookkeeping) as an executable script.
    init(_ name: String, body: (String) -> String) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("strut-external-\(ProcessInfo.processInfo.processIdentifier)-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("adapter.sh")
        let text = "#!/bin/sh\necho $$ >> '\(directory.path)/pids'\necho start >> '\(directory.path)/log'\n" + body("'\(directory.path)/log'") + "\n"
        try Data(text.utf8).write(to: script)
        // Run by /bin/sh rather than executed: executing a file that another test's fork may
        // still hold open for writing fails with ETXTBSY ("Text file busy").
        command = "/bin/sh '\(script.path)'"
    }

    /// A solver on this adapter with a short timeout (a bound for the tests, not a measurement).
    func solver(timeout: Double = 0.5) -> ExternalSolver {
        ExternalSolver(ExternalConfiguration(command: command, timeout: timeout, startupTimeout: 20))
    }

    /// Process ids the script recorded.
    var pids: [Int32] {
        let text = (try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int32($0) }
    }

    /// Lines the script logged (`start`, then whatever its body logs).
    var log: [String] {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Recorded processes that are still running, or are zombies this test process has not
    /// reaped, after waiting up to a second for killed ones to go. (A killed grandchild is
    /// reaped by init, not by us: its brief zombie state is not ours.)
    var survivors: [Int32] {
        let deadline = Date().addingTimeInterval(1)
        while true {
            let left = pids.filter(Self.isOurs)
            if left.isEmpty || Date() > deadline { return left }
            usleep(10_000)
        }
    }

    /// True when `pid` runs, or is a zombie whose parent is this process.
    static func isOurs(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1 else { return false }
        return fields[0] != "Z" || Int32(fields[1]) == getpid()
    }

    /// Answers `{"outcome":"ok"}` to everything, `{"values":{}}` to a check, logging each request.
    static func blind(_ name: String) throws -> PlantedAdapter {
        try PlantedAdapter(name) { log in
            """
            while read -r line; do
              echo "$line" >> \(log)
              case "$line" in
                *'"check"'*) echo '{"values":{}}' ;;
                *) echo '{"outcome":"ok"}' ;;
              esac
            done
            """
        }
    }

    /// The `strut` executable built with the tests (next to the test binary), or nil.
    static let strutBinary: String? = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("strut").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }()
}

/// Small constraint builders over variables x = v0 and y = v1.
enum External {
    static let x = Variable(0)
    static let y = Variable(1)

    static func atLeast(_ v: Variable, _ k: Double, _ p: Priority = .required) -> Constraint {
        Constraint(LinearExpression(v) - LinearExpression(constant: k), .greaterThanOrEqual, priority: p)
    }

    static func atMost(_ v: Variable, _ k: Double, _ p: Priority = .required) -> Constraint {
        Constraint(LinearExpression(v) - LinearExpression(constant: k), .lessThanOrEqual, priority: p)
    }

    static func equal(_ v: Variable, _ k: Double, _ p: Priority = .required) -> Constraint {
        Constraint(LinearExpression(v) - LinearExpression(constant: k), .equal, priority: p)
    }
}
