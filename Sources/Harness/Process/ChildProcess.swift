import Foundation

/// What every child process of the harness shares (fuzz workers, outside-solver adapters): how it
/// is started and how its ending is named. One spawn routine and one signal table, so the two
/// kinds of children behave alike.
///
/// `spawn` starts the child with `posix_spawn` in its own process group (a kill reaches its
/// grandchildren; a terminal's Ctrl-C reaches only the harness, which decides), with SIGPIPE
/// back to its default and no blocked signals (the spawning thread may be a Dispatch worker that
/// blocks signals, and a child inheriting that mask would survive its own abort or a SIGTERM),
/// and its standard input, output and error on the given descriptors. The caller makes its pipe
/// ends close-on-exec before any other child can be spawned.
enum ChildProcess {
    /// Starts `path` with `arguments` (argv[0] included) and `environment` (`NAME=value`).
    /// - Returns: the child's pid, or the system's reason when the spawn failed.
    static func spawn(path: String, arguments: [String], environment: [String], stdin: Int32, stdout: Int32, stderr: Int32) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
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
        guard status == 0 else { return .failure(SpawnError(reason: String(cString: strerror(status)))) }
        return .success(pid)
    }

    /// Why a spawn failed (the system's message).
    struct SpawnError: Error {
        var reason: String
    }

    /// The usual name of a signal (`SIGABRT`), from the platform's constants; nil for others.
    static func signalName(_ signal: Int32) -> String? {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
            (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"),
            (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"), (SIGXCPU, "SIGXCPU"), (SIGSYS, "SIGSYS"),
        ]
        return names.first { $0.0 == signal }?.1
    }
}
