import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// One outside solver process: `/bin/sh -c COMMAND` with pipes on its standard input, output and
/// error, spoken to one JSON line at a time (docs/adapter-protocol.md).
///
/// Every wait is bounded: writes and reads poll(2) the non-blocking pipe ends against a deadline,
/// and a process that does not answer in time is killed with SIGKILL (its whole process group,
/// so a shell that did not `exec` takes its child with it) and reaped, so no zombie is left.
/// Standard error is drained while waiting (a chatty child never blocks on a full pipe) and its
/// last `stderrLimit` bytes are kept for the failure report.
///
/// Not thread-safe: one owner at a time (the pool hands a process to one session, under its lock).
final class ExternalProcess: @unchecked Sendable {
    let command: String
    private(set) var pid: pid_t
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var stderrFD: Int32
    /// Bytes read from standard output after the last complete line.
    private var pending: [UInt8] = []
    /// The last bytes of standard error (at most `stderrLimit`).
    private(set) var stderrTail: [UInt8] = []
    /// How the process ended, once it has been reaped.
    private(set) var exitStatus: ExitDescription?
    static let stderrLimit = 4096
    private static let spawnLock = NSLock()
    /// The read buffer, allocated once per process rather than once per read.
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// How a reaped process ended.
    enum ExitDescription: Hashable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Outcome of waiting for one line of standard output.
    enum LineResult {
        case line([UInt8])
        case endOfFile
        case timedOut
    }

    /// Starts `/bin/sh -c command` in its own process group with `SWIFT_BACKTRACE=enable=no`
    /// (a Swift child then dies at once on a trap instead of printing a backtrace for seconds).
    /// - Throws: `ExternalSpawnError` when a pipe or the spawn fails.
    init(command: String) throws(ExternalSpawnError) {
        Self.ignoreBrokenPipes
        self.command = command
        // Pipes and spawn under one lock: the pipes are made close-on-exec before any other
        // session's child can be started, so no child inherits another's pipe ends (which
        // would keep a dead adapter's input open).
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var fds = [Int32](repeating: -1, count: 6)
        for k in 0..<3 {
            let ok = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress! + 2 * k) }
            guard ok == 0 else {
                fds.filter { $0 >= 0 }.forEach { close($0) }
                throw ExternalSpawnError(message: "pipe failed: \(String(cString: strerror(errno)))")
            }
            for fd in fds[(2 * k)...(2 * k + 1)] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        // Child ends: stdin read end fds[0], stdout write end fds[3], stderr write end fds[5].
        do {
            pid = try Self.spawn(command, stdin: fds[0], stdout: fds[3], stderr: fds[5])
        } catch {
            fds.forEach { close($0) }
            throw error
        }
        close(fds[0]); close(fds[3]); close(fds[5])
        stdinFD = fds[1]
        stdoutFD = fds[2]
        stderrFD = fds[4]
        for fd in [stdinFD, stdoutFD, stderrFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { terminate() }

    /// The process is still running (not reaped).
    var isRunning: Bool { exitStatus == nil }

    /// Bytes already read past the last answered line: output nobody asked for.
    var hasUnrequestedOutput: Bool { !pending.isEmpty }

    /// A broken pipe must be an error code (EPIPE) we can report, not a signal that kills the
    /// harness: SIGPIPE is ignored once per process, before the first child is started.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// `/bin/sh -c` the command through the harness's one spawn routine (`ChildProcess`).
    private static func spawn(_ command: String, stdin: Int32, stdout: Int32, stderr: Int32) throws(ExternalSpawnError) -> pid_t {
        switch ChildProcess.spawn(path: "/bin/sh", arguments: ["/bin/sh", "-c", shellText(command)], environment: childEnvironment(),
                                  stdin: stdin, stdout: stdout, stderr: stderr) {
        case .success(let pid): return pid
        case .failure(let e): throw ExternalSpawnError(message: "posix_spawn /bin/sh failed: \(e.reason)")
        }
    }

    /// The text for `sh -c`: a simple command (no `;`, `&`, `|`, parentheses, backquotes or
    /// newlines) is prefixed with `exec`, so the adapter replaces the shell and its own exit
    /// status or signal is what the harness reaps (a shell in between turns SIGABRT into exit
    /// status 134 and prints "Aborted" on standard error). Anything else runs as written.
    static func shellText(_ command: String) -> String {
        let compound = command.contains { ";&|()`\n".contains($0) }
        return compound ? command : "exec " + command
    }

    /// This process's environment with `SWIFT_BACKTRACE=enable=no` set (replacing any value).
    private static func childEnvironment() -> [String] {
        var out: [String] = []
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { out.append(text) }
            p += 1
        }
        out.append("SWIFT_BACKTRACE=enable=no")
        return out
    }

    /// Writes `bytes` to the child's standard input before `deadline`.
    /// - Returns: false when the pipe is broken (the child closed it or died) or the deadline passed.
    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(stdinFD, $0.baseAddress! + offset, bytes.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            guard wait(for: stdinFD, events: Int16(POLLOUT), deadline: deadline) else { return false }
        }
        return true
    }

    /// Reads one line of standard output (without its newline) before `deadline`.
    func readLine(deadline: ContinuousClock.Instant) -> LineResult {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return .line(line)
            }
            switch readChunk(stdoutFD, into: &pending) {
            case .data: continue
            case .endOfFile: return .endOfFile
            case .wouldBlock:
                guard wait(for: stdoutFD, events: Int16(POLLIN), deadline: deadline) else { return .timedOut }
            }
        }
    }

    private enum ChunkResult { case data, endOfFile, wouldBlock }

    /// Reads what `fd` holds now (up to 64 KiB) onto the end of `buffer`.
    private func readChunk(_ fd: Int32, into buffer: inout [UInt8]) -> ChunkResult {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
                return .data
            }
            if n == 0 { return .endOfFile }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .endOfFile
        }
    }

    /// Polls `fd` for `events` until `deadline`, draining standard error meanwhile.
    /// - Returns: true when `fd` is ready (or hung up: the next read or write says how), false on timeout.
    private func wait(for fd: Int32, events: Int16, deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let ms = Int32(clamping: (remaining.components.seconds * 1000) + Int64(remaining.components.attoseconds / 1_000_000_000_000_000) + 1)
            var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, fds[1].fd >= 0 ? 2 : 1, ms)
            if n < 0 { if errno == EINTR { continue } else { return true } }
            if fds[1].revents != 0 { drainStderr() }
            if fds[0].revents != 0 { return true }
        }
    }

    /// Reads whatever standard error holds now, keeping the last `stderrLimit` bytes; closes it at EOF.
    private func drainStderr() {
        guard stderrFD >= 0 else { return }
        while true {
            switch readChunk(stderrFD, into: &stderrTail) {
            case .data:
                if stderrTail.count > Self.stderrLimit { stderrTail.removeFirst(stderrTail.count - Self.stderrLimit) }
            case .endOfFile:
                close(stderrFD)
                stderrFD = -1
                return
            case .wouldBlock: return
            }
        }
    }

    /// After the child closed its output: waits up to `grace` for it to exit by itself (so its
    /// own status and last words on standard error are recorded), then kills and reaps it.
    /// - Returns: true when it exited by itself, false when it had to be killed.
    @discardableResult
    func reapAfterEndOfFile(grace: Duration = .seconds(2)) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: grace)
        while exitStatus == nil, ContinuousClock.now < deadline {
            drainStderr()
            if reap(options: WNOHANG) { break }
            usleep(1000)
        }
        let exited = exitStatus != nil
        terminate()
        return exited
    }

    /// Kills the process group with SIGKILL (if still running), reaps the child, collects the
    /// rest of standard error briefly and closes every pipe. Idempotent.
    func terminate() {
        if exitStatus == nil {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            _ = reap(options: 0)
        }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(200))
        while stderrFD >= 0, ContinuousClock.now < deadline {
            drainStderr()
            if stderrFD >= 0 { usleep(1000) }
        }
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
        stdinFD = -1; stdoutFD = -1; stderrFD = -1
    }

    /// Closes standard input (a polite adapter exits on end of input), then waits up to
    /// `grace` before killing. Used when the pool has no room for an idle process.
    func shutDown(grace: Duration = .milliseconds(500)) {
        if stdinFD >= 0 { close(stdinFD); stdinFD = -1 }
        let deadline = ContinuousClock.now.advanced(by: grace)
        while exitStatus == nil, ContinuousClock.now < deadline {
            if reap(options: WNOHANG) { break }
            usleep(1000)
        }
        terminate()
    }

    /// waitpid; records the exit status. Returns true when the child has been reaped.
    private func reap(options: Int32) -> Bool {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, options)
            if r == pid {
                exitStatus = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
                return true
            }
            if r < 0, errno == EINTR { continue }
            if r < 0 { exitStatus = .exited(-1) }  // not our child any more (ECHILD): nothing to reap
            return r < 0
        }
    }
}

/// Starting the outside process failed (no /bin/sh, out of file descriptors, ...).
struct ExternalSpawnError: Error {
    var message: String
}
