import Dispatch
import Foundation
import StrutSystem

/// The child processes a run has started and not yet seen end: the metered shards under valgrind
/// (`MeterRun`) and the units of `strut compare --binaries` (`InterleavedRun`). `ChildProcess`
/// starts each in a process group of its own, which a terminal's Ctrl-C does not reach, so strut
/// forwards its signals to them itself (`ChildStopSignals`): without that, a Ctrl-C stopped strut
/// from starting shards while the running ones went on under valgrind for minutes.
///
/// Starting and stopping share one lock, so no child starts after a stop has been forwarded.
final class ChildStop: @unchecked Sendable {
    private let lock = NSLock()
    private var running: Set<pid_t> = []
    private var signals: [Int32] = []

    /// True once a stop was asked (`forward`): start nothing more.
    var isSet: Bool { lock.withLock { !signals.isEmpty } }

    /// True once a stop was asked that ends the children at once (SIGTERM, SIGKILL), not just
    /// asks them to finish their running unit (SIGINT).
    var isHard: Bool { lock.withLock { signals.contains { $0 != SIGINT } } }

    /// Runs `body` unless a stop was asked (nil then). `body` starts one child
    /// (`ChildProcess.run`), handing it the `track` it is given: the child is tracked from its
    /// start until `body` returns, and one that starts after a stop was forwarded gets the stop's
    /// signal at once.
    func launch(
        _ body: (_ track: @escaping (ChildProcess) -> Void) throws(ChildProcess.SpawnError) -> ChildProcess.Completion
    ) throws(ChildProcess.SpawnError) -> ChildProcess.Completion? {
        if isSet { return nil }
        let pid = PIDBox()
        defer { lock.withLock { _ = running.remove(pid.value) } }
        return try body { [self] child in
            pid.value = child.processID
            lock.withLock {
                running.insert(child.processID)
                if let last = signals.last { kill(-child.processID, last) }
            }
        }
    }

    private final class PIDBox: @unchecked Sendable { var value: pid_t = 0 }

    /// Asks for a stop and sends `signal` to the process group of every running child (to the
    /// child itself when it leads no group). Returns how many children it reached.
    @discardableResult
    func forward(_ signal: Int32) -> Int {
        lock.withLock {
            signals.append(signal)
            for pid in running where kill(-pid, signal) != 0 { kill(pid, signal) }
            return running.count
        }
    }

    /// How many children are running.
    var count: Int { lock.withLock { running.count } }
}

/// SIGINT and SIGTERM while a run's work is in child processes (`ChildStop`), for as long as this
/// lives (until `cancel`):
/// - the first Ctrl-C starts no new child and forwards SIGINT to the running ones, which finish
///   their running unit and write what they measured (a metered shard does it under valgrind:
///   seconds, sometimes more);
/// - a second Ctrl-C, or SIGTERM, forwards SIGTERM: the children end at once, and any still
///   running `grace` seconds later get SIGKILL.
/// Either way the caller sees the stop (`ChildStop.isSet`), reports what it has and exits 1.
final class ChildStopSignals: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "strut.child-stop")
    /// Ctrl-Cs seen; read and written on `queue` only.
    private var interrupts = 0
    private let stop: ChildStop
    private let command: String, children: String, grace: Double

    init(_ stop: ChildStop, command: String, children: String, grace: Double = 3) {
        self.stop = stop
        self.command = command
        self.children = children
        self.grace = grace
        for signo in [SIGINT, SIGTERM] {
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { [unowned self] in received(signo) }
            source.resume()
            sources.append(source)
        }
    }

    /// On `queue`: the first SIGINT asks the children to finish their unit; later ones and SIGTERM end them.
    private func received(_ signo: Int32) {
        if signo == SIGINT { interrupts += 1 }
        guard signo == SIGTERM || interrupts > 1 else {
            let n = stop.forward(SIGINT)
            say("interrupted; no new \(children) start, the \(n) running finish their unit (Ctrl-C again ends them at once)")
            return
        }
        let n = stop.forward(SIGTERM)
        say("\(signo == SIGTERM ? "terminated" : "interrupted again"); ending the \(n) running \(children) (SIGTERM to their process groups)")
        queue.asyncAfter(deadline: .now() + grace) { [stop] in
            if stop.count > 0 { stop.forward(SIGKILL) }
        }
    }

    private func say(_ message: String) {
        FileHandle.standardError.write(Data("\n\(command): \(message)\n".utf8))
    }

    /// Stops watching and restores the default behaviour of both signals.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
