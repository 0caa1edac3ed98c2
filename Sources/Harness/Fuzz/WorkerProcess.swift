import Foundation

/// One child process of the fuzz supervisor, started with `posix_spawn` and three pipes: JSON
/// lines go in on its standard input, JSON lines come back on its standard output, and the tail
/// of its standard error is kept for crash reports.
///
/// Every pipe end is made close-on-exec right after `pipe` (the supervisor spawns from one
/// thread, so no spawn falls between), so no worker inherits another's pipes (a dead worker's
/// output reaches end of file at once). The parent's ends are non-blocking and read after
/// `poll`. The child gets its own process group (a Ctrl-C in the terminal reaches only the
/// parent, which decides) and `SWIFT_BACKTRACE=enable=no` (a trap exits in milliseconds).
/// A class: a process has identity, and `deinit` kills and reaps it so no zombie is left.
final class WorkerProcess {
    let pid: pid_t
    let input: Int32
    let output: Int32
    let errors: Int32
    private var outBuffer: [UInt8] = []
    /// The last `tailLimit` bytes of standard error.
    private(set) var errorTail: [UInt8] = []
    private(set) var outputClosed = false
    private var reaped: Int32?
    static let tailLimit = 16 * 1024

    /// Starts `command` (an executable path and its arguments).
    /// - Throws: `FuzzUsageError` when a pipe or the spawn fails (the path is wrong, no resources).
    init(command: [String], environment: [String: String]) throws(FuzzUsageError) {
        var fds: [Int32] = [0, 0, 0, 0, 0, 0]
        for k in 0..<3 {
            let r = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress! + 2 * k) }
            guard r == 0 else { throw FuzzUsageError("cannot make a pipe for a worker: \(String(cString: strerror(errno)))") }
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let spawned = ChildProcess.spawn(path: command[0], arguments: command,
                                         environment: environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
                                         stdin: fds[0], stdout: fds[3], stderr: fds[5])
        close(fds[0]); close(fds[3]); close(fds[5])
        guard case .success(let child) = spawned else {
            close(fds[1]); close(fds[2]); close(fds[4])
            if case .failure(let e) = spawned { throw FuzzUsageError("cannot start worker \(command[0]): \(e.reason)") }
            throw FuzzUsageError("cannot start worker \(command[0])")
        }
        pid = child
        input = fds[1]
        output = fds[2]
        errors = fds[4]
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
        close(input); close(output); close(errors)
    }

    /// Writes one line (a newline is appended). False when the worker is gone (EPIPE).
    func send(_ line: String) -> Bool {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Reads what is available on standard output and standard error without blocking; returns
    /// the complete lines received. Sets `outputClosed` at end of file.
    func drain() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            errorTail += chunk[..<n]
            if errorTail.count > Self.tailLimit { errorTail.removeFirst(errorTail.count - Self.tailLimit) }
        }
        while !outputClosed {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if n == 0 { outputClosed = true }
            if n <= 0 { break }
            outBuffer += chunk[..<n]
        }
        var lines: [String] = []
        while let newline = outBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: outBuffer[..<newline], as: UTF8.self))
            outBuffer.removeSubrange(...newline)
        }
        return lines
    }

    /// Resident memory in bytes, from /proc/PID/statm (0 when it cannot be read).
    var residentBytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Kills the worker (SIGKILL) and reaps it.
    func terminate() {
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
    }

    /// The wait status once the process has exited (reaping it), nil while it runs (non-blocking).
    func reap(blocking: Bool) -> Int32? {
        if let reaped { return reaped }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid { reaped = status; return status }
            if r == -1, errno == EINTR { continue }
            return nil
        }
    }

    /// The standard error tail as text.
    var errorText: String { String(decoding: errorTail, as: UTF8.self) }
}
