import LinearConstraints

/// The `cassowary-rebuild` strategy: the default engine (`AdaptiveSolver`), rebuilt from scratch
/// when suggested values have changed, as a layout engine without incremental edits would do per
/// device. It exists to
/// measure what incrementality buys (docs/architecture.md, "Strategies"); answers are the same as
/// `cassowary`'s up to ties.
///
/// Adds and removes go to the live engine (so conflicts are reported identically); suggestions
/// are recorded, and the next read rebuilds once: edit variables first, their suggestions, then
/// every constraint in the order it was added (so a device switch that suggests several values
/// costs one rebuild). O(constraints) adds per rebuild. Copy-on-write storage like
/// the engines'; not safe to read from two threads at once while a rebuild is pending.
public struct RebuildingCassowarySolver: DeepChecking {
    final class State {
        var solver = AdaptiveSolver()
        var constraints: [(id: ConstraintID, constraint: Constraint)] = []
        var edits: [(variable: Variable, priority: Priority, value: Double)] = []
        var stale = false
        var rebuilds = 0

        init() {}

        init(copying other: State) {
            solver = other.solver
            constraints = other.constraints
            edits = other.edits
            stale = other.stale
            rebuilds = other.rebuilds
        }

        /// A fresh engine with the same edit variables, suggestions and constraints, if stale.
        func rebuildIfNeeded() {
            guard stale else { return }
            stale = false
            var fresh = AdaptiveSolver()
            fresh.debugChecks = solver.debugChecks
            do throws(SolverError) {
                for e in edits {
                    try fresh.addEditVariable(e.variable, priority: e.priority)
                    try fresh.suggestValue(e.value, for: e.variable)
                }
                for c in constraints { try fresh.add(c.constraint, id: c.id) }
            } catch {
                // Every piece was accepted by the live engine in the same order, so a fresh engine
                // accepts it too; a refusal here is an engine bug, not bad input.
                preconditionFailure("cassowary-rebuild: a fresh engine refused what the live one accepted: \(error)")
            }
            fresh.solve()
            solver = fresh
            rebuilds += 1
        }
    }

    var state = State()

    public init() {}

    public var strategy: String { "cassowary-rebuild" }

    /// Rebuilds so far (a deterministic counter, reported as pivots are).
    public var rebuilds: Int {
        state.rebuildIfNeeded()
        return state.rebuilds
    }

    public var debugChecks: Bool {
        get { state.solver.debugChecks }
        set {
            unique()
            state.solver.debugChecks = newValue
        }
    }

    mutating func unique() {
        if !isKnownUniquelyReferenced(&state) { state = State(copying: state) }
    }

    public mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        unique()
        try state.solver.add(constraint, id: id)
        state.constraints.append((id, constraint))
    }

    public mutating func remove(_ id: ConstraintID) throws(SolverError) {
        unique()
        try state.solver.remove(id)
        state.constraints.removeAll { $0.id == id }
    }

    public func contains(_ id: ConstraintID) -> Bool { state.solver.contains(id) }

    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        unique()
        try state.solver.addEditVariable(variable, priority: priority)
        state.edits.append((variable, priority, 0))
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        unique()
        try state.solver.removeEditVariable(variable)
        state.edits.removeAll { $0.variable == variable }
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let i = state.edits.firstIndex(where: { $0.variable == variable }) else {
            throw .unknownEditVariable(variable)
        }
        guard value.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        unique()
        state.edits[i].value = value
        state.stale = true
    }

    /// Rebuilds now if suggestions changed (reads do it on demand); lets a caller time it.
    public func solve() {
        state.rebuildIfNeeded()
        state.solver.solve()
    }

    public func value(of variable: Variable) -> Double {
        state.rebuildIfNeeded()
        return state.solver.value(of: variable)
    }

    public func objective() -> [LevelError] {
        state.rebuildIfNeeded()
        return state.solver.objective()
    }

    public var counters: SolverCounters {
        state.rebuildIfNeeded()
        return state.solver.counters
    }

    public func checkInvariants() throws(SolverError) {
        state.rebuildIfNeeded()
        try state.solver.checkInvariants()
    }

    /// The variables among `candidates` whose value is not unique over the optimal solutions.
    public func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        state.rebuildIfNeeded()
        return state.solver.ambiguousVariables(candidates)
    }
}
