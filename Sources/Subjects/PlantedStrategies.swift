import AutoLayout
import Cassowary
import Foundation
import LinearConstraints
import Synchronization

/// Strategies with a bug planted on purpose, so the fuzzing machinery can be shown to catch
/// each kind of failure (issue 9's tests). They are the `cassowary` engine until they are given
/// a constraint whose constant is exactly ±7777 (`marker`), and then:
/// - `planted-trap` traps (`fatalError`, which names its file and line in release builds too, where
///   `precondition` messages are dropped; SIGILL in the parent) inside `add`;
/// - `planted-hang` never returns from `add`, computing; `planted-stall` never returns, asleep;
/// - `planted-wrong` reports every value 1 too high from then on (breaks required constraints);
/// - `planted-nondeterministic` reports values shifted by 1 on every other solver instance;
/// - `planted-leaky-rollback` keeps a trace of a rejected add, as Kiwi does: values read 1 too
///   high from the next accepted change on (no marker needed);
/// - `planted-sticky-removal` acknowledges the removal of a constraint with the marker constant
///   and keeps it in force, as Kiwi keeps a removed duplicate's trace: what follows is wrong;
/// - `planted-no-conflict-set` rejects what cassowary rejects but names no conflicting
///   constraints, as Kiwi does (no marker needed);
/// - `planted-memory` allocates and touches memory without bound inside `add`;
/// - `planted-shared` stops being a value: from then on its copies share one engine, so a change
///   to one shows in the others (what copy-on-write dropped from `add` would do);
/// - `planted-killed-once` is killed with SIGKILL, as an operator or another process's OOM
///   killer would, the first time only (it creates the file `STRUT_PLANTED_KILL_FILE` names and
///   is not killed while that file exists): a death that does not reproduce.
/// The command line registers them only when `STRUT_PLANTED_STRATEGIES=1` (`enabled`).
public enum PlantedStrategies {
    /// The constant that triggers a planted fault.
    public static let marker = 7777.0

    /// True when the environment asks for the planted strategies.
    public static var enabled: Bool { ProcessInfo.processInfo.environment["STRUT_PLANTED_STRATEGIES"] == "1" }

    /// Name, one-line summary and factory of each planted strategy.
    public static let all: [(name: String, summary: String, make: @Sendable () -> any ConstraintSolver)] = [
        ("planted-trap", "TESTS ONLY: cassowary that traps on a constant of 7777", { PlantedSolver(fault: .trap) }),
        ("planted-hang", "TESTS ONLY: cassowary that hangs on a constant of 7777", { PlantedSolver(fault: .hang) }),
        ("planted-stall", "TESTS ONLY: cassowary that sleeps forever on a constant of 7777", { PlantedSolver(fault: .stall) }),
        ("planted-wrong", "TESTS ONLY: cassowary whose values are off by one after a constant of 7777", { PlantedSolver(fault: .wrong) }),
        ("planted-nondeterministic", "TESTS ONLY: cassowary whose values differ between instances after a constant of 7777",
         { PlantedSolver(fault: .nondeterministic) }),
        ("planted-leaky-rollback", "TESTS ONLY: cassowary whose values go wrong from the next change after a rejected add",
         { PlantedSolver(fault: .leakyRollback) }),
        ("planted-sticky-removal", "TESTS ONLY: cassowary that keeps a removed constraint of constant 7777 in force",
         { PlantedSolver(fault: .stickyRemoval) }),
        ("planted-no-conflict-set", "TESTS ONLY: cassowary whose unsatisfiable answers name no conflicting constraints",
         { PlantedSolver(fault: .noConflictSet) }),
        ("planted-memory", "TESTS ONLY: cassowary that allocates without bound on a constant of 7777", { PlantedSolver(fault: .memory) }),
        ("planted-shared", "TESTS ONLY: cassowary whose copies share one engine after a constant of 7777", { PlantedSolver(fault: .shared) }),
        ("planted-killed-once", "TESTS ONLY: cassowary killed by SIGKILL once (STRUT_PLANTED_KILL_FILE) on a constant of 7777",
         { PlantedSolver(fault: .killedOnce) }),
    ]

    /// `all` when `enabled`, else nothing.
    public static var registered: [(name: String, summary: String, make: @Sendable () -> any ConstraintSolver)] { enabled ? all : [] }

    /// The planted strategies as bench strategies (for in-process tests).
    public static func strategy(_ name: String) -> BenchStrategy? {
        all.first { $0.name == name }.map { p in BenchStrategy(name: p.name, make: p.make) }
    }

    /// Nondeterministic solver instances made so far (its source of difference: consecutive
    /// instances differ).
    static let instances = Atomic<Int>(0)
}

/// The `cassowary` engine with one planted fault (see `PlantedStrategies`).
struct PlantedSolver: ConstraintSolver {
    enum Fault { case trap, hang, stall, wrong, nondeterministic, memory, killedOnce, leakyRollback, shared, stickyRemoval, noConflictSet }
    /// The engine every copy uses once `planted-shared` triggered (a reference: copies share it).
    final class Shared: @unchecked Sendable {
        var solver: CassowarySolver
        init(_ solver: CassowarySolver) { self.solver = solver }
    }
    var _inner = CassowarySolver()
    var shared: Shared?
    var inner: CassowarySolver {
        get { shared?.solver ?? _inner }
        set { if let shared { shared.solver = newValue } else { _inner = newValue } }
    }
    let fault: Fault
    let instance: Int
    /// True once a marked constraint was added (`leakyRollback`: once a change followed a rejected add).
    var triggered = false
    /// `leakyRollback`: an add was rejected, and the next accepted change triggers the fault.
    var leaked = false
    /// `stickyRemoval`: the marked constraints added, and those removed but kept in force.
    var marked: Set<ConstraintID> = []
    var ghosts: Set<ConstraintID> = []

    init(fault: Fault) {
        self.fault = fault
        instance = fault == .nondeterministic ? PlantedStrategies.instances.add(1, ordering: .relaxed).newValue : 0
    }

    var strategy: String { "planted" }

    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        if abs(constraint.expression.constant) == PlantedStrategies.marker {
            triggered = true
            switch fault {
            case .trap: fatalError("planted trap: a constraint with constant \(PlantedStrategies.marker)")
            case .hang: while true { _ = ContinuousClock.now }  // a loop that computes, as a cycling simplex would
            case .stall: while true { usleep(10_000) }  // blocked without computing
            case .memory: Self.exhaustMemory()
            case .killedOnce: Self.killOnce()
            case .shared: if shared == nil { shared = Shared(_inner) }
            case .stickyRemoval: marked.insert(id)
            case .wrong, .nondeterministic, .leakyRollback, .noConflictSet: break
            }
        }
        do { try inner.add(constraint, id: id) } catch {
            if fault == .leakyRollback { leaked = true }
            if fault == .noConflictSet, case .unsatisfiable = error { throw .unsatisfiable(conflict: []) }
            throw error
        }
        noteChange()
    }

    /// `leakyRollback`: an accepted change after a rejected add turns the fault on.
    mutating func noteChange() {
        if fault == .leakyRollback && leaked { triggered = true }
    }

    /// SIGKILL to this process unless the marker file exists (creating it first).
    static func killOnce() {
        guard let path = ProcessInfo.processInfo.environment["STRUT_PLANTED_KILL_FILE"],
            !FileManager.default.fileExists(atPath: path)
        else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        kill(getpid(), SIGKILL)
    }

    /// Touches 64 MiB blocks forever (until the supervisor kills the process).
    static func exhaustMemory() -> Never {
        var blocks: [[UInt8]] = []
        while true {
            blocks.append([UInt8](repeating: 1, count: 64 << 20))
            _ = withExtendedLifetime(blocks) { usleep(1_000) }
        }
    }

    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        if fault == .stickyRemoval, marked.contains(id), !ghosts.contains(id) {
            ghosts.insert(id)
            return
        }
        try inner.remove(id)
        noteChange()
    }
    func contains(_ id: ConstraintID) -> Bool { !ghosts.contains(id) && inner.contains(id) }
    mutating func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) {
        try inner.addEditVariable(v, priority: priority)
        noteChange()
    }
    mutating func removeEditVariable(_ v: Variable) throws(SolverError) { try inner.removeEditVariable(v) }
    mutating func suggestValue(_ value: Double, for v: Variable) throws(SolverError) { try inner.suggestValue(value, for: v) }

    func value(of v: Variable) -> Double {
        guard triggered else { return inner.value(of: v) }
        switch fault {
        case .wrong, .leakyRollback: return inner.value(of: v) + 1
        case .nondeterministic: return inner.value(of: v) + Double(instance % 2)
        default: return inner.value(of: v)
        }
    }

    func objective() -> [LevelError] { inner.objective() }
    var counters: SolverCounters { inner.counters }
    func checkInvariants() throws(SolverError) { try inner.checkInvariants() }
}

/// Ambiguity as the engine underneath reports it (so the invariants leave ambiguous views out of
/// frame comparisons, as they do for `cassowary`).
extension PlantedSolver: AmbiguityReporting {
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] { inner.ambiguousVariables(candidates) }
}
