import Foundation
import StrutSystem

/// Starting an outside solver's adapter (docs/adapter-protocol.md) as a `ChildProcess`:
/// `/bin/sh -c COMMAND` with the harness's environment and `SWIFT_BACKTRACE=enable=no` (a Swift
/// adapter then dies at once on a trap instead of printing a backtrace for seconds), keeping the
/// last 4 KiB of its standard error for the failure report.
extension ChildProcess {
    static let adapterStderrLimit = 4096

    /// Starts the adapter `command`; its `label` is the command (the pool's key).
    /// - Throws: `ExternalSpawnError` when a pipe or the spawn fails.
    static func adapter(_ command: String) throws(ExternalSpawnError) -> ChildProcess {
        do {
            return try ChildProcess(path: "/bin/sh", arguments: ["/bin/sh", "-c", shellText(command)],
                                    environment: inheritedEnvironment(setting: ["SWIFT_BACKTRACE=enable=no"]),
                                    label: command, stderrLimit: adapterStderrLimit)
        } catch {
            throw ExternalSpawnError(message: error.reason)
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
}

/// Starting the outside process failed (no /bin/sh, out of file descriptors, ...).
struct ExternalSpawnError: Error {
    var message: String
}
