import LinearConstraints
import StrutSystem

/// The conversation with one outside solver process: sending a request line and reading its one
/// response line under a timeout, turning every way that can go wrong into an `ExternalFailure`.
///
/// A session holds its process from its first request until it ends; then (if healthy) the
/// process goes back to `ExternalProcessPool` for the next session of the same command, which
/// starts with `{"reset": true}`. After a failure the process is killed and reaped and every
/// later request throws at once.
///
/// Identity is the point (it owns a process), so this is a class; `ExternalSolver` holds it.
final class ExternalSession {
    let configuration: ExternalConfiguration
    private var process: ChildProcess?
    /// The next request is the first one a freshly started process answers (start-up grace).
    private var processIsFresh = false
    private(set) var failure: ExternalFailure?
    /// Told of this session's failure when it happens (`ExternalSolver.watch`).
    var watch: ExternalFailureWatch?
    /// Requests sent in this session (resets of a leased process not counted).
    private(set) var requestCount = 0
    /// Every state-changing request and its response line, in order: a copy of the solver
    /// replays them on a process of its own (`ExternalSolver` copy-on-write).
    private(set) var history: [(request: String, kind: ExternalProtocol.Request, response: ExternalProtocol.Response)] = []
    /// The harness's own record of what the solver holds (for bookkeeping checks, the objective
    /// and required residuals).
    var model = ExternalModel()
    /// Values and objective read by the last check, until the next change.
    var snapshot: ExternalSnapshot?
    /// The solver's own time summed over the responses that reported it (`solverSeconds`), and
    /// how many responses did; benchmarks show it beside the round trip.
    private(set) var reportedSolverNanoseconds: UInt64 = 0
    private(set) var reportedResponses = 0

    init(configuration: ExternalConfiguration) { self.configuration = configuration }

    deinit {
        guard let process else { return }
        if failure == nil { ExternalProcessPool.shared.giveBack(process) } else { process.terminate() }
    }

    /// The error every operation throws once the solver is dead.
    var deadError: SolverError? {
        failure.map { f in
            .internalError("external solver is dead: \(f.headline)" + (f.lastStderrLine.map { " (stderr: \($0))" } ?? ""))
        }
    }

    /// Sends `request` (one JSON line, no newline) and returns the decoded response.
    /// - Throws: `SolverError.internalError` after recording an `ExternalFailure`, or at once
    ///   when the session has already failed.
    func exchange(_ request: String, _ kind: ExternalProtocol.Request) throws(SolverError) -> ExternalProtocol.Response {
        if let deadError { throw deadError }
        requestCount += 1
        let process = try acquireProcess(request)
        let timeout = processIsFresh ? max(configuration.timeout, configuration.startupTimeout) : configuration.timeout
        processIsFresh = false
        if process.hasUnrequestedOutput { throw fail(.nonsense("it wrote a line nobody asked for before this request"), request) }
        switch Self.roundTrip(process, request, timeout: timeout) {
        case .line(let line):
            switch ExternalProtocol.decodeTimed(line, to: kind) {
            case .success(let (response, seconds)):
                if kind != .check { history.append((request, kind, response)) }
                if let seconds {
                    reportedSolverNanoseconds &+= UInt64((seconds * 1e9).rounded())
                    reportedResponses += 1
                }
                return response
            case .failure(let problem): throw fail(.nonsense(problem.message), request)
            }
        case .timedOut:
            process.terminate()
            throw fail(.timedOut(seconds: timeout), request)
        case .endOfFile:
            let exitedByItself = process.reapAfterEndOfFile()
            throw fail(exitedByItself ? Self.kind(of: process.ending) : .nonsense("it closed its output without answering"), request)
        }
    }

    /// Records `kind` as this session's failure, kills the process, and returns the error to throw.
    func fail(_ kind: ExternalFailure.Kind, _ request: String) -> SolverError {
        let tail = process?.stderrText ?? ""
        let failure = ExternalFailure(kind: kind, command: configuration.command, request: request, requestNumber: requestCount, stderrTail: tail)
        self.failure = failure
        watch?.note(failure)
        process?.terminate()
        snapshot = nil
        return deadError!
    }

    /// The session's process: the one it has, else an idle one from the pool that answers a
    /// reset, else a new one.
    private func acquireProcess(_ request: String) throws(SolverError) -> ChildProcess {
        if let process { return process }
        while let idle = ExternalProcessPool.shared.lease(configuration.command) {
            if case .line(let line) = Self.roundTrip(idle, ExternalProtocol.resetRequest, timeout: configuration.timeout),
               case .success(.ok) = ExternalProtocol.decode(line, to: .reset), !idle.hasUnrequestedOutput {
                process = idle
                return idle
            }
            idle.terminate()
        }
        do {
            let started = try ChildProcess.adapter(configuration.command)
            process = started
            processIsFresh = true
            return started
        } catch {
            throw fail(.spawnFailed(error.message), request)
        }
    }

    enum RoundTrip {
        case line(String)
        case endOfFile
        case timedOut
    }

    /// Writes `request` and a newline, then reads one line, all before `timeout` seconds pass.
    static func roundTrip(_ process: ChildProcess, _ request: String, timeout: Double) -> RoundTrip {
        let deadline = ContinuousClock.now.advanced(by: .nanoseconds(Int64(timeout * 1e9)))
        guard process.write(Array((request + "\n").utf8), deadline: deadline) else {
            return ContinuousClock.now >= deadline ? .timedOut : .endOfFile
        }
        switch process.readLine(deadline: deadline) {
        case .line(let bytes): return .line(String(decoding: bytes, as: UTF8.self))
        case .endOfFile: return .endOfFile
        case .timedOut: return .timedOut
        }
    }

    /// The failure kind for how the process ended. `/bin/sh` that did not `exec` its command
    /// reports a child killed by signal n as exit status 128 + n; that is read as the signal.
    static func kind(of status: ChildProcess.Ending?) -> ExternalFailure.Kind {
        switch status {
        case .signaled(let s)?: .signaled(s)
        case .exited(let code)? where code > 128 && code < 160: .signaled(code - 128)
        case .exited(let code)?: .exited(status: code)
        case nil: .exited(status: -1)
        }
    }

    /// A new session in the same state on a process of its own: it replays `history` and
    /// expects the same answers (decoded, so a reported `solverSeconds` may differ; a
    /// deterministic adapter gives them; one that does not is recorded as answering nonsense).
    /// A failed session's copy is failed the same way.
    func replayedCopy() -> ExternalSession {
        let copy = ExternalSession(configuration: configuration)
        copy.watch = watch
        copy.model = model
        copy.snapshot = snapshot
        guard failure == nil else {
            copy.failure = failure
            copy.requestCount = requestCount
            return copy
        }
        for (k, entry) in history.enumerated() {
            copy.requestCount += 1
            guard let process = try? copy.acquireProcess(entry.request) else { break }
            let timeout = copy.processIsFresh ? max(configuration.timeout, configuration.startupTimeout) : configuration.timeout
            copy.processIsFresh = false
            let answer = Self.roundTrip(process, entry.request, timeout: timeout)
            guard case .line(let line) = answer, case .success(entry.response) = ExternalProtocol.decode(line, to: entry.kind) else {
                _ = copy.fail(.nonsense("replaying request \(k + 1) of \(history.count) for a copy of the solver gave a different answer"), entry.request)
                break
            }
            copy.history.append(entry)
        }
        copy.requestCount = requestCount
        return copy
    }
}

/// What the harness knows the outside solver holds: the accepted constraints and the edit
/// variables with their last suggested values. Dictionaries for lookup; every computation
/// that sums or lists walks them in sorted key order, so results never depend on hashing.
struct ExternalModel {
    var constraints: [ConstraintID: Constraint] = [:]
    var edits: [Variable: (priority: Priority, suggested: Double)] = [:]
    /// One more than the largest variable index any accepted request mentioned.
    var variableCount: Int32 = 0

    mutating func noteVariables(of constraint: Constraint) {
        for t in constraint.expression.terms { variableCount = max(variableCount, t.variable.index + 1) }
    }
}

/// The values (by variable index; absent reads 0) and the adapter's objective from one check.
struct ExternalSnapshot {
    var values: [Int32: Double]
    var objective: [LevelError]?
}

extension ExternalSolver {
    /// Starts the adapter of `command` and asks it for a reset, once, before any work: nil when it
    /// answers, else what went wrong (a mistyped command, a missing interpreter, an adapter that
    /// does not speak the protocol). Commands call this first, so such a mistake is a usage error
    /// and never a finding about the solver. A healthy process goes back to the pool for the work.
    public static func probe(command: String) -> ExternalFailure? {
        let session = ExternalSession(configuration: .fromEnvironment(command: command))
        do { _ = try session.exchange(ExternalProtocol.resetRequest, .reset) } catch { return session.failure }
        return nil
    }
}
