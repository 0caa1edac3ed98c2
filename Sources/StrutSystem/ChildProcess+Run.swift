#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running a child to its end: what `git`, `objcopy`, a metered shard under valgrind and a unit
/// of `strut compare --binaries` need. Standard input is closed at once; standard output is read
/// to its end (kept as lines, or dropped); standard error is drained all along, its tail kept for
/// the failure message, so a chatty child never blocks on a full pipe and never writes over the
/// parent's terminal.
extension ChildProcess {
    /// How a child run to its end ended.
    package struct Completion: Sendable {
        package var ending: Ending
        /// Standard output's lines (empty unless kept).
        package var output: [String]
        /// The last bytes of standard error, as text.
        package var errorText: String
        /// True when it outlived its time and was killed.
        package var timedOut: Bool

        /// Exited with status 0 in time.
        package var succeeded: Bool { !timedOut && ending == .exited(0) }

        /// `status 2`, `signal SIGKILL` or `no answer after its time`, for messages.
        package var endingText: String {
            if timedOut { return "no end in its time (killed)" }
            return switch ending {
            case .exited(let code): "status \(code)"
            case .signaled: "signal \(ending.name)"
            }
        }

        /// The first `lines` lines of standard error, joined, for a one-line message.
        package func errorSummary(lines: Int = 3) -> String {
            errorText.split(separator: "\n").prefix(lines).joined(separator: " ")
        }
    }

    /// Runs `path` with `arguments` (argv[0] is `path`) and `environment` (the child's whole
    /// environment) to its end. `started` learns the child once it runs (a caller that forwards
    /// signals tracks it, `ChildStop`); past `timeout` the child and its process group are killed.
    /// - Throws: `SpawnError` when it cannot be started.
    package static func run(
        _ path: String, _ arguments: [String], environment: [String], keepOutput: Bool = true, timeout: Duration? = nil,
        stderrLimit: Int = 8192, started: (ChildProcess) -> Void = { _ in }
    ) throws(SpawnError) -> Completion {
        let child = try ChildProcess(path: path, arguments: [path] + arguments, environment: environment, label: path, stderrLimit: stderrLimit)
        started(child)
        if child.stdinFD >= 0 { close(child.stdinFD); child.stdinFD = -1 }
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) } ?? ContinuousClock.now.advanced(by: .seconds(365 * 86400))
        var lines: [String] = []
        var timedOut = false
        reading: while true {
            switch child.readLine(deadline: deadline) {
            case .line(let line): if keepOutput { lines.append(String(decoding: line, as: UTF8.self)) }
            case .endOfFile: break reading
            case .timedOut:
                timedOut = true
                break reading
            }
        }
        // Output ended: the child is exiting (or closed its output and goes on); wait for it.
        while !timedOut, !child.reap(blocking: false) {
            if ContinuousClock.now >= deadline { timedOut = true; break }
            if child.stderrFD >= 0 {
                _ = child.wait(for: child.stderrFD, events: Int16(POLLIN), deadline: ContinuousClock.now.advanced(by: .milliseconds(10)))
            } else {
                usleep(2000)
            }
        }
        child.terminate()
        return Completion(ending: child.ending ?? .signaled(SIGKILL), output: lines, errorText: child.stderrText, timedOut: timedOut)
    }

    /// The executable file `name` names: the first in this process's PATH, else in /usr/bin or
    /// /usr/local/bin; nil when there is none.
    package static func executable(named name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0).split(separator: ":").map(String.init) } ?? []
        return (path + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// The child's process id (its process group's too).
    package var processID: Int32 { pid }
}
