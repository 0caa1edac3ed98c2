import Foundation
import LinearConstraints

/// How to run an outside solver: the shell command of its adapter and the time limits.
public struct ExternalConfiguration: Hashable, Sendable {
    /// Run as `/bin/sh -c command`.
    public var command: String
    /// Seconds a request may take before the process is killed and the solver declared dead.
    public var timeout: Double
    /// Seconds the first request to a freshly started process may take (interpreter start-up,
    /// a virtual environment being created); at least `timeout`.
    public var startupTimeout: Double

    public init(command: String, timeout: Double = 30, startupTimeout: Double = 120) {
        self.command = command
        self.timeout = timeout
        self.startupTimeout = startupTimeout
    }

    /// The defaults with `STRUT_EXTERNAL_TIMEOUT` and `STRUT_EXTERNAL_STARTUP_TIMEOUT` (seconds)
    /// applied when set to a positive number: the command line's only knob, since a strategy
    /// is named by one word (`external:COMMAND`).
    public static func fromEnvironment(command: String, _ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var c = ExternalConfiguration(command: command)
        if let t = environment["STRUT_EXTERNAL_TIMEOUT"].flatMap(Double.init), t > 0, t.isFinite { c.timeout = t }
        if let t = environment["STRUT_EXTERNAL_STARTUP_TIMEOUT"].flatMap(Double.init), t > 0, t.isFinite { c.startupTimeout = t }
        return c
    }
}

/// A solver in another process, spoken to over the adapter protocol (ExternalProtocol.swift):
/// strategy `external:COMMAND`.
///
/// Outcomes map to the typed `SolverError`s (`duplicate` to `.duplicateConstraint` or
/// `.duplicateEditVariable`, an `unsatisfiable` without a conflict set to `.unsatisfiable([])`,
/// an adapter error to `.internalError(message)`). Values come from a `check` sent lazily on the
/// first read after a change and cached until the next change. The harness keeps its own record
/// of the accepted constraints and edits; an answer that contradicts it (ok to a duplicate add,
/// unknown for a held id) counts as nonsense, and the objective is computed from it when the
/// adapter does not send one.
///
/// A process that dies, hangs past the timeout, or answers nonsense becomes `failure` (an
/// `ExternalFailure`: what, which request, the tail of standard error), never a harness crash.
/// From then on every operation throws `SolverError.internalError("external solver is dead: ...")`,
/// values read NaN, and `checkInvariants()` throws it. Fuzz code reaches the failure with
/// `(solver as? ExternalSolver)?.failure`, or sees it through `checkInvariants()`.
///
/// Copies: `ConstraintSolver` is value-typed, and so is this, though it is a handle on a process.
/// Copies share the session until one of them changes; that one (copy-on-write) takes a process
/// of its own and replays the session's state-changing requests on it, expecting the same
/// answers. Copying is therefore safe but costs a replay; the runner's usual pattern (a fresh
/// solver per repetition, moved into the engine) never pays it. Processes are reused across
/// solvers through `ExternalProcessPool` with `{"reset": true}`.
/// A strategy that reports the time its solver itself spent (an outside solver's `solverSeconds`
/// responses), so benchmarks can show it beside the round trip they time.
public protocol SelfTimedSolver {
    /// Nanoseconds the solver reported so far, and how many of its answers reported any.
    var reportedSolverTime: (nanoseconds: UInt64, responses: Int) { get }
}

public struct ExternalSolver: ConstraintSolver, SelfTimedSolver {
    /// Shared by copies until one changes (see the type's comment); internal for the reading extension.
    var session: ExternalSession

    public init(_ configuration: ExternalConfiguration) { session = ExternalSession(configuration: configuration) }

    /// A solver for `command` with the environment's time limits (`ExternalConfiguration.fromEnvironment`).
    public init(command: String) { self.init(.fromEnvironment(command: command)) }

    public var configuration: ExternalConfiguration { session.configuration }
    public var strategy: String { Self.prefix + session.configuration.command }
    /// The strategy-name prefix: `external:COMMAND`.
    public static let prefix = "external:"

    /// Why the outside solver stopped answering, or nil while it is healthy.
    public var failure: ExternalFailure? { session.failure }

    /// Tells `watch` of this solver's failure (and its copies') when it happens: for code that
    /// hands the solver on and cannot ask it afterwards (the invariant pass's fresh layouts).
    public func watch(with watch: ExternalFailureWatch) { session.watch = watch }

    /// The session, copied first when another copy of this solver shares it.
    private mutating func unique() throws(SolverError) -> ExternalSession {
        if !isKnownUniquelyReferenced(&session) { session = session.replayedCopy() }
        if let dead = session.deadError { throw dead }
        return session
    }

    public mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        let s = try unique()
        guard constraint.expression.isFinite else { throw .nonFinite("a coefficient or the constant of constraint \(id)") }
        let request = ExternalProtocol.addRequest(constraint, id: id)
        let held = s.model.constraints[id] != nil
        switch try change(s, request, .add) {
        case .ok:
            guard !held else { throw s.fail(.nonsense("ok to adding \(ExternalProtocol.name(of: id)), which it already holds"), request) }
            s.model.constraints[id] = constraint
            s.model.noteVariables(of: constraint)
        case .duplicate:
            guard held else { throw s.fail(.nonsense("duplicate for \(ExternalProtocol.name(of: id)), which it does not hold"), request) }
            throw .duplicateConstraint(id)
        case .unsatisfiable(let conflict): throw .unsatisfiable(conflict: conflict ?? [])
        case let response: throw Self.refusal(response, s, request)
        }
    }

    public mutating func remove(_ id: ConstraintID) throws(SolverError) {
        let s = try unique()
        let request = ExternalProtocol.removeRequest(id)
        let held = s.model.constraints[id] != nil
        switch try change(s, request, .remove) {
        case .ok:
            guard held else { throw s.fail(.nonsense("ok to removing \(ExternalProtocol.name(of: id)), which it does not hold"), request) }
            s.model.constraints[id] = nil
        case .unknown:
            guard !held else { throw s.fail(.nonsense("unknown for \(ExternalProtocol.name(of: id)), which it holds"), request) }
            throw .unknownConstraint(id)
        case let response: throw Self.refusal(response, s, request)
        }
    }

    public func contains(_ id: ConstraintID) -> Bool { session.model.constraints[id] != nil }

    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        let s = try unique()
        let request = ExternalProtocol.editRequest(variable, priority: priority)
        let held = s.model.edits[variable] != nil
        switch try change(s, request, .edit) {
        case .ok:
            guard !held else { throw s.fail(.nonsense("ok to editing \(variable), which it already edits"), request) }
            s.model.edits[variable] = (priority, 0)
            s.model.variableCount = max(s.model.variableCount, variable.index + 1)
        case .duplicate:
            guard held else { throw s.fail(.nonsense("duplicate for \(variable), which it does not edit"), request) }
            throw .duplicateEditVariable(variable)
        case .badPriority: throw .badPriority(priority)
        case let response: throw Self.refusal(response, s, request)
        }
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        let s = try unique()
        let request = ExternalProtocol.removeEditRequest(variable)
        try editChange(s, request, .removeEdit, variable)
        s.model.edits[variable] = nil
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        let s = try unique()
        guard value.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        try editChange(s, ExternalProtocol.suggestRequest(variable, value: value), .suggest, variable)
        s.model.edits[variable]?.suggested = value
    }

    /// A suggest or removeEdit: ok when `variable` is edited, unknown when it is not.
    private func editChange(_ s: ExternalSession, _ request: String, _ kind: ExternalProtocol.Request, _ variable: Variable) throws(SolverError) {
        let held = s.model.edits[variable] != nil
        switch try change(s, request, kind) {
        case .ok:
            guard held else { throw s.fail(.nonsense("ok to \(kind.rawValue) of \(variable), which it does not edit"), request) }
        case .unknown:
            guard !held else { throw s.fail(.nonsense("unknown for \(variable), which it edits"), request) }
            throw .unknownEditVariable(variable)
        case let response: throw Self.refusal(response, s, request)
        }
    }

    /// Sends a state-changing request. The cached values are dropped whatever the answer: a
    /// refused request must change nothing, and reading afresh is how a solver that broke that
    /// promise (Kiwi after a rejected add) is caught.
    private func change(_ s: ExternalSession, _ request: String, _ kind: ExternalProtocol.Request) throws(SolverError) -> ExternalProtocol.Response {
        s.snapshot = nil
        return try s.exchange(request, kind)
    }

    /// The error for a response that refuses an operation in a way the caller did not handle:
    /// an adapter error as its SolverError, anything else (decode already limits outcomes per
    /// request, so this is defensive) as nonsense.
    private static func refusal(_ response: ExternalProtocol.Response, _ s: ExternalSession, _ request: String) -> SolverError {
        guard case .error(let kind, let message) = response else { return s.fail(.nonsense("an answer the request does not allow"), request) }
        switch kind {
        case "nonFinite": return .nonFinite(message)
        case "tooLarge": return .tooLarge(message)
        default: return .internalError(message)
        }
    }

    public var reportedSolverTime: (nanoseconds: UInt64, responses: Int) {
        (session.reportedSolverNanoseconds, session.reportedResponses)
    }

    public var counters: SolverCounters {
        SolverCounters(constraints: session.model.constraints.count + session.model.edits.count,
                       nonzeros: session.model.constraints.values.reduce(session.model.edits.count) { $0 + $1.expression.terms.count })
    }
}

/// The first failure of any outside solver told to report to it (`ExternalSolver.watch(with:)`).
/// Thread-safe.
public final class ExternalFailureWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: ExternalFailure?

    public init() {}

    /// The first failure noted, if any.
    public var first: ExternalFailure? {
        lock.lock()
        defer { lock.unlock() }
        return noted
    }

    func note(_ failure: ExternalFailure) {
        lock.lock()
        defer { lock.unlock() }
        if noted == nil { noted = failure }
    }
}
