import LinearConstraints

/// An incremental Cassowary solver with UIKit's lexicographic priorities in the classic explicit
/// tableau (strategy `cassowary-explicit`),
/// or Kiwi's weighted objective (strategy `cassowary-weighted`).
///
/// A value type with copy-on-write storage. Changes are applied at once (a conflicting required
/// constraint is rejected at `add`), but re-optimisation is deferred to the next read, as UIKit
/// defers solving to the layout pass: building a layout pivots once per layout instead of once
/// per constraint (on the peer chain of 100 views, 607 pivots instead of 5 649). Reads are
/// O(1) once up to date. A solver is not safe to read from two threads at once while it has
/// pending work (reads complete it).
public struct CassowarySolver: DeepChecking {
    final class Box {
        // Unchecked, as `RevisedSolver.Box.core`: the dynamic exclusivity checks of reaching the
        // core through `AdaptiveSolver` were 6% of a realistic first layout's adds. Only this
        // solver and `AdaptiveSolver` touch it, one access at a time.
        @exclusivity(unchecked) var core: CassowaryCore
        init(_ core: CassowaryCore) { self.core = core }
    }

    var box: Box

    public init() { box = Box(CassowaryCore(weighted: false)) }

    /// `weighted: true` gives the `cassowary-weighted` strategy: one objective where priority p
    /// weighs 10^(6·p/1000), spanning Kiwi's weak (1) to strong (1e6) strengths. 750 then weighs
    /// 1000 times 250, so 1000 errors at 250 cost as much as one at 750 (the inversion it shows).
    public init(weighted: Bool) { box = Box(CassowaryCore(weighted: weighted)) }

    /// `factored`: the `cassowary-factored` strategy (basic external variables' rows kept in
    /// terms of each other, `Solver+Factored.swift`); same answers up to rounding.
    public init(factored: Bool) { box = Box(CassowaryCore(weighted: false, factored: factored)) }

    /// Kiwi-style weight of a priority under `cassowary-weighted`.
    public static func weight(of p: Priority) -> Double { CassowaryCore.weight(of: p) }

    public var weighted: Bool { box.core.weighted }
    public var strategy: String { box.core.strategy }

    /// Runs `checkInvariants()` after every operation and traps on a failure (tests, fuzzing).
    public var debugChecks: Bool {
        get { box.core.debugChecks }
        set {
            unique()
            box.core.debugChecks = newValue
        }
    }

    /// Asked every 64 pivots of the deferred optimisation a read triggers; when it returns true
    /// the optimisation stops and the read answers from a feasible tableau that is not yet
    /// optimal (the next read resumes it). For a caller that abandons the work when its time
    /// runs out, as `strut bench --unit-time-limit` does; nil (the default) never stops.
    public var interruption: (() -> Bool)? {
        get { box.core.interruption }
        set {
            unique()
            box.core.interruption = newValue
        }
    }

    mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.core) }
    }

    public mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        unique()
        try box.core.add(constraint, id: id)
    }

    public mutating func remove(_ id: ConstraintID) throws(SolverError) {
        unique()
        try box.core.remove(id)
    }

    public func contains(_ id: ConstraintID) -> Bool { box.core.contains(id) }

    public mutating func reserveCapacity(constraints: Int, ids: Int) {
        unique()
        box.core.reserveCapacity(constraints: constraints, ids: ids)
    }

    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        unique()
        try box.core.addEditVariable(variable, priority: priority)
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        unique()
        try box.core.removeEditVariable(variable)
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        unique()
        try box.core.suggestValue(value, for: variable)
    }

    /// Brings the values up to date now (reads do it on demand); lets a caller time the solve.
    public func solve() { box.core.optimizeIfNeeded() }

    // Not inlined: inlined into `AdaptiveSolver`, reading the core through its box copied the
    // whole core (every array retained and released) on each read.
    @inline(never)
    public func value(of variable: Variable) -> Double {
        box.core.optimizeIfNeeded()
        return box.core.value(of: variable)
    }

    /// `value(of:)` reached in place from a holder's class (as `RevisedSolver.valueInPlace`).
    mutating func valueInPlace(of variable: Variable) -> Double {
        box.core.optimizeIfNeeded()
        return box.core.value(of: variable)
    }

    public func objective() -> [LevelError] {
        box.core.optimizeIfNeeded()
        return box.core.objective()
    }

    public var counters: SolverCounters {
        box.core.optimizeIfNeeded()
        return box.core.counters
    }

    public func checkInvariants() throws(SolverError) {
        box.core.optimizeIfNeeded()
        try box.core.checkInvariants()
    }
}
