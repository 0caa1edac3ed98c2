import Foundation
import StrutSystem

/// Idle outside solver processes, per command, for reuse across solver instances.
///
/// Starting an adapter costs tens of milliseconds (Python: 20-50 ms, more with a virtual
/// environment), and a layout bench makes a fresh solver per repetition; so a session that ends
/// with a healthy process gives it back here, and the next session for the same command takes it
/// and sends `{"reset": true}` instead of starting another. A process that failed is never given
/// back. At most `limit` processes per command wait here (one per concurrent worker is what
/// the runner needs); a surplus one is shut down (end of input, then SIGKILL) and reaped.
///
/// Thread-safe: sessions on different worker threads lease and return under one lock.
final class ExternalProcessPool: @unchecked Sendable {
    static let shared = ExternalProcessPool()

    private let lock = NSLock()
    /// Looked up by command only, never iterated, so its order cannot leak into results.
    private var idle: [String: [ChildProcess]] = [:]
    let limit: Int

    init(limit: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.limit = limit
    }

    /// An idle process for `command`, most recently returned first, or nil.
    func lease(_ command: String) -> ChildProcess? {
        lock.lock()
        defer { lock.unlock() }
        return idle[command]?.popLast()
    }

    /// Takes back a healthy process after its session ended.
    func giveBack(_ process: ChildProcess) {
        guard process.isRunning, !process.hasUnrequestedOutput else { return process.terminate() }
        lock.lock()
        let kept = (idle[process.label]?.count ?? 0) < limit
        if kept { idle[process.label, default: []].append(process) }
        lock.unlock()
        if !kept { process.shutDown() }
    }

    /// Shuts down every idle process of `command` (tests use it to see that nothing is left).
    /// - Returns: how many there were.
    @discardableResult
    func drain(_ command: String) -> Int {
        lock.lock()
        let processes = idle.removeValue(forKey: command) ?? []
        lock.unlock()
        processes.forEach { $0.shutDown() }
        return processes.count
    }

    /// How many idle processes `command` has now.
    func idleCount(_ command: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return idle[command]?.count ?? 0
    }
}
