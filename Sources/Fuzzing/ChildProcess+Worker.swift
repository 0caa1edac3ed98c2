import StrutSystem

/// Starting a fuzz worker (`strut fuzz-worker`) as a `ChildProcess`: the command's executable
/// with its arguments and exactly the given environment (`WorkerPool.Settings`, which sets
/// `SWIFT_BACKTRACE=enable=no` so a trap exits in milliseconds), keeping the last 16 KiB of its
/// standard error for crash reports (the place of a "Fatal error" line).
extension ChildProcess {
    static let workerStderrLimit = 16 * 1024

    /// Starts `command` (an executable path and its arguments).
    /// - Throws: `FuzzUsageError` when a pipe or the spawn fails (the path is wrong, no resources).
    static func worker(_ command: [String], environment: [String: String]) throws(FuzzUsageError) -> ChildProcess {
        guard let path = command.first else { throw FuzzUsageError("no worker command") }
        do {
            return try ChildProcess(path: path, arguments: command, environment: environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
                                    label: command.joined(separator: " "), stderrLimit: workerStderrLimit)
        } catch {
            throw FuzzUsageError("cannot start worker \(path): \(error.reason)")
        }
    }
}
