import LinearConstraints

/// The `cassowary-revised` strategy: Cassowary's model and UIKit's lexicographic priorities,
/// solved by a revised simplex over a sparse LU of the basis (`RevisedCore`), so that chains
/// and grids of views do not fill a tableau in. A value type with copy-on-write storage;
/// optimisation is deferred to the next read, as in `CassowarySolver`.
public struct RevisedSolver: DeepChecking {
    final class Box {
        // Unchecked: every read goes through it, and its dynamic exclusivity check was a third
        // of a read's instructions in a rotation. Only this solver touches it, one access at
        // a time (the core's methods work on the core, never through the box).
        @exclusivity(unchecked) var core: RevisedCore
        init(_ core: RevisedCore) { self.core = core }
    }

    var box = Box(RevisedCore())

    public init() {}

    public var strategy: String { "cassowary-revised" }

    /// Runs `checkInvariants()` after every operation and traps on a failure (tests, fuzzing).
    public var debugChecks: Bool {
        get { box.core.debugChecks }
        set {
            unique()
            box.core.debugChecks = newValue
        }
    }

    /// Asked every 64 pivots of the deferred optimisation (as `CassowarySolver.interruption`).
    public var interruption: (() -> Bool)? {
        get { box.core.interruption }
        set {
            unique()
            box.core.interruption = newValue
        }
    }

    /// Whether a rejected add reports a minimal conflicting set (the default) or its
    /// certificate's members as they are (as `CassowarySolver.minimizesConflicts`).
    public var minimizesConflicts: Bool {
        get { box.core.minimizeConflicts }
        set {
            unique()
            box.core.minimizeConflicts = newValue
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
        box.core.optimizeIfNeeded()
        try box.core.suggestValue(value, for: variable)
    }

    /// Brings the values up to date now (reads do it on demand).
    public func solve() { box.core.optimizeIfNeeded() }

    // Through a mutating read: a non-mutating one (`box.core.value(of:)`) copied the whole core
    // out of its box on each read (its bytes moved, every array retained and released), 2.4% of
    // a whole `strut solve-system` on the peer grid of 10 000 views.
    @inline(never)
    public func value(of variable: Variable) -> Double {
        box.core.settledValue(of: variable)
    }

    /// `value(of:)` for a holder that keeps this solver in a class's stored property
    /// (`AdaptiveSolver.Box`): mutating, so that the call reaches the solver in place. A
    /// non-mutating call there loads a copy first, a retain and a release per read (14% of a
    /// chain of 3 160 views' rotation after the hand-over).
    mutating func valueInPlace(of variable: Variable) -> Double {
        box.core.settledValue(of: variable)
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
