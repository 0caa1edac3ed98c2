import LinearConstraints

/// The `cassowary-rebuild` strategy: the same engine, rebuilt from scratch whenever a suggested
/// value changes, as a layout engine without incremental edits would do per device. It exists
/// to measure what incrementality buys (DESIGN.md, "Strategies"); answers are the same as
/// `cassowary`'s up to ties.
///
/// Adds and removes go to the live engine (so conflicts are reported identically); a suggestion
/// records the value and rebuilds: edit variables first, their suggestions, then every
/// constraint in the order it was added. O(constraints) adds per suggestion.
public struct RebuildingCassowarySolver: ConstraintSolver {
    var solver = CassowarySolver()
    var constraints: [(id: ConstraintID, constraint: Constraint)] = []
    var edits: [(variable: Variable, priority: Priority, value: Double)] = []
    /// Rebuilds so far (a deterministic counter, reported as pivots are).
    public private(set) var rebuilds = 0

    public init() {}

    public var strategy: String { "cassowary-rebuild" }

    public var debugChecks: Bool {
        get { solver.debugChecks }
        set { solver.debugChecks = newValue }
    }

    public mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        try solver.add(constraint, id: id)
        constraints.append((id, constraint))
    }

    public mutating func remove(_ id: ConstraintID) throws(SolverError) {
        try solver.remove(id)
        constraints.removeAll { $0.id == id }
    }

    public func contains(_ id: ConstraintID) -> Bool { solver.contains(id) }

    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        try solver.addEditVariable(variable, priority: priority)
        edits.append((variable, priority, 0))
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try solver.removeEditVariable(variable)
        edits.removeAll { $0.variable == variable }
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let i = edits.firstIndex(where: { $0.variable == variable }) else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        edits[i].value = value
        try rebuild()
    }

    /// A fresh engine holding the same edit variables, suggestions and constraints.
    mutating func rebuild() throws(SolverError) {
        var fresh = CassowarySolver()
        fresh.debugChecks = solver.debugChecks
        for e in edits {
            try fresh.addEditVariable(e.variable, priority: e.priority)
            try fresh.suggestValue(e.value, for: e.variable)
        }
        for c in constraints { try fresh.add(c.constraint, id: c.id) }
        fresh.solve()
        solver = fresh
        rebuilds += 1
    }

    public func value(of variable: Variable) -> Double { solver.value(of: variable) }
    public func objective() -> [LevelError] { solver.objective() }
    public var counters: SolverCounters { solver.counters }
    public func checkInvariants() throws(SolverError) { try solver.checkInvariants() }
}
