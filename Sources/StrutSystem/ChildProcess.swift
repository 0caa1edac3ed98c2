import Foundation

/// A child process of the harness: a fuzz worker (`strut fuzz-worker`, `WorkerPool`) or an
/// outside solver's adapter (`ExternalSession`). One type for both, so they are started, timed
/// out, killed and reaped alike, name their endings from one signal table and wait on one clock
/// (`ContinuousClock` deadlines). The pipes are `ChildProcess+Pipes.swift`.
///
/// Starting: `posix_spawn` with three pipes (standard input, output, error), in the child's own
/// process group (a kill reaches its grandchildren, and a terminal's Ctrl-C reaches only the
/// harness, which decides), with SIGPIPE back to its default and no blocked signals (the spawning
/// thread may be a Dispatch worker that blocks signals, and a child inheriting that mask would
/// survive its own abort or a SIGTERM). Pipes are made and the child spawned under one lock, with
/// every pipe end close-on-exec at once, so no child inherits another's pipes (a dead child's
/// output reaches end of file at once); and the child closes every descriptor above 2 before it
/// runs, so it inherits none that other code of the process opened without close-on-exec either. The harness ignores SIGPIPE from the first spawn on: a
/// write to a dead child is an EPIPE to report, not a signal that kills the harness.
///
/// Ending: `terminate` kills the whole process group with SIGKILL and reaps the child; `deinit`
/// does it too, so no zombie is left. Not thread-safe: one owner at a time.
package final class ChildProcess: @unchecked Sendable {
    /// What runs, for messages and for the adapter pool, which keys idle processes by it.
    package let label: String
    let pid: pid_t
    /// The parent's pipe ends (-1 once closed), non-blocking.
    var stdinFD: Int32
    var stdoutFD: Int32
    var stderrFD: Int32
    /// Bytes read from standard output after the last complete line.
    var pending: [UInt8] = []
    /// The last `stderrLimit` bytes of standard error.
    var stderrTail: [UInt8] = []
    let stderrLimit: Int
    /// Standard output reached end of file.
    package var outputClosed = false
    /// How the child ended, once it has been reaped.
    package private(set) var ending: Ending?
    /// The read buffer, allocated once per process rather than once per read.
    var chunk = [UInt8](repeating: 0, count: 65536)

    /// How a reaped child ended.
    package enum Ending: Hashable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// From a `waitpid` status.
        init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        }

        /// `SIGSEGV` (or `SIG31` for a signal the table lacks), or `exit-N`.
        package var name: String {
            switch self {
            case .exited(let code): "exit-\(code)"
            case .signaled(let s): ChildProcess.signalName(s) ?? "SIG\(s)"
            }
        }
    }

    /// Starts `path` with `arguments` (argv[0] included) and `environment` (`NAME=value`, the
    /// child's whole environment), keeping the last `stderrLimit` bytes of its standard error.
    /// - Throws: `SpawnError` with the system's reason when a pipe or the spawn fails.
    package init(path: String, arguments: [String], environment: [String], label: String, stderrLimit: Int) throws(SpawnError) {
        Self.ignoreBrokenPipes
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var fds = [Int32](repeating: -1, count: 6)
        for k in 0..<3 {
            let ok = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress! + 2 * k) }
            guard ok == 0 else {
                let reason = String(cString: strerror(errno))
                fds.filter { $0 >= 0 }.forEach { close($0) }
                throw SpawnError(reason: "cannot make a pipe: \(reason)")
            }
            for fd in fds[(2 * k)...(2 * k + 1)] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        // Child ends: stdin read end fds[0], stdout write end fds[3], stderr write end fds[5].
        let spawned = Self.spawn(path: path, arguments: arguments, environment: environment, stdin: fds[0], stdout: fds[3], stderr: fds[5])
        close(fds[0]); close(fds[3]); close(fds[5])
        guard case .success(let child) = spawned else {
            close(fds[1]); close(fds[2]); close(fds[4])
            if case .failure(let e) = spawned { throw e }
            throw SpawnError(reason: "posix_spawn failed")
        }
        self.label = label
        self.stderrLimit = stderrLimit
        pid = child
        stdinFD = fds[1]
        stdoutFD = fds[2]
        stderrFD = fds[4]
        for fd in [stdinFD, stdoutFD, stderrFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { terminate() }

    /// Why a pipe or the spawn failed (the system's message).
    package struct SpawnError: Error {
        package var reason: String
    }

    private static let spawnLock = NSLock()
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// The child has not been reaped.
    package var isRunning: Bool { ending == nil }

    /// `waitpid`, blocking or not; records `ending`. True once the child has been reaped (a
    /// child that is not ours any more, ECHILD, counts as reaped with exit status -1).
    @discardableResult
    func reap(blocking: Bool) -> Bool {
        guard ending == nil else { return true }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid {
                ending = Ending(waitStatus: status)
                return true
            }
            if r < 0, errno == EINTR { continue }
            if r < 0 { ending = .exited(-1) }
            return r < 0
        }
    }

    /// Kills the process group with SIGKILL (if still running), reaps the child, collects the
    /// rest of standard error briefly (up to 200 ms) and closes every pipe. Idempotent.
    package func terminate() {
        if ending == nil {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            reap(blocking: true)
        }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(200))
        while stderrFD >= 0, ContinuousClock.now < deadline {
            drainStderr()
            if stderrFD >= 0 { usleep(1000) }
        }
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
        stdinFD = -1; stdoutFD = -1; stderrFD = -1
    }

    /// After the child closed its output: waits up to `grace` for it to exit by itself (so its
    /// own ending and last words on standard error are recorded), then kills and reaps it.
    /// - Returns: true when it exited by itself, false when it had to be killed.
    @discardableResult
    package func reapAfterEndOfFile(grace: Duration = .seconds(2)) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: grace)
        while ending == nil, ContinuousClock.now < deadline {
            drainStderr()
            if reap(blocking: false) { break }
            usleep(1000)
        }
        let exited = ending != nil
        terminate()
        return exited
    }

    /// Closes standard input (a polite child exits on end of input), then waits up to `grace`
    /// before killing.
    package func shutDown(grace: Duration = .milliseconds(500)) {
        if stdinFD >= 0 { close(stdinFD); stdinFD = -1 }
        let deadline = ContinuousClock.now.advanced(by: grace)
        while ending == nil, ContinuousClock.now < deadline {
            if reap(blocking: false) { break }
            usleep(1000)
        }
        terminate()
    }

    /// Resident memory in bytes, from /proc/PID/statm (0 when it cannot be read).
    package var residentBytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// CPU seconds (user plus system) used so far by this process and its live descendants (an
    /// outside solver's adapter started by a worker): /proc/PID/stat's utime and stime, and
    /// /proc/PID/task/TID/children for the descendants. Nil when this process's own figures
    /// cannot be read. O(threads + descendants) file reads.
    package var treeCPUSeconds: Double? {
        guard let own = Self.cpuTicks(pid) else { return nil }
        var ticks = own, pending = Self.childPIDs(pid), seen = Set<pid_t>()
        while let child = pending.popLast(), seen.insert(child).inserted {
            ticks += Self.cpuTicks(child) ?? 0
            pending += Self.childPIDs(child)
        }
        return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// utime + stime of `pid` in clock ticks (fields 14 and 15 of /proc/PID/stat, counted after
    /// the command name, which may hold spaces and parentheses).
    static func cpuTicks(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// The direct children of `pid`, from each of its threads' /proc children list.
    static func childPIDs(_ pid: pid_t) -> [pid_t] {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
        return tasks.flatMap { tid -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// This process's environment with `set` applied (each `NAME=value` replaces any value of
    /// NAME) and the variables `removing` names left out.
    package static func inheritedEnvironment(setting set: [String], removing: [String] = []) -> [String] {
        let names = Set(set.map { $0.prefix { $0 != "=" } + "=" } + removing.map { $0 + "=" })
        var out: [String] = []
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if !names.contains(where: text.hasPrefix) { out.append(text) }
            p += 1
        }
        return out + set
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; the Swift overlay does
    /// not declare it), looked up once; nil on a C library without it.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// `posix_spawn` of `path` as described on the type, standard streams on the given descriptors.
    private static func spawn(path: String, arguments: [String], environment: [String], stdin: Int32, stdout: Int32, stderr: Int32) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Nothing else of this process reaches the child: a descriptor another thread opened
        // without close-on-exec (a pipe to another child, being set up) would otherwise stay open
        // in this child, and whoever reads that pipe would wait for an end of file that never comes.
        _ = Self.addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { return .failure(SpawnError(reason: "cannot start \(path): \(String(cString: strerror(status)))")) }
        return .success(pid)
    }

    /// The usual name of a signal (`SIGABRT`), from the platform's constants; nil for others.
    package static func signalName(_ signal: Int32) -> String? {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
            (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"),
            (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"), (SIGXCPU, "SIGXCPU"), (SIGSYS, "SIGSYS"),
        ]
        return names.first { $0.0 == signal }?.1
    }
}
