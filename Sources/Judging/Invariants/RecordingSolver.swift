import AutoLayout
import LinearConstraints

/// A solver wrapper that forwards every operation to `inner` and keeps what the solver holds:
/// its constraints by id (as added: a broken constraint at its broken priority), its edit
/// variables with their priorities and last suggestions, and every conflict it claimed with the
/// members' constraints. The oracle checks replay exactly this system, so they judge the answer
/// the engine really got, incremental history included.
///
/// Cost: one array write per operation; only the invariant pass uses it, never a measured solve.
struct RecordingSolver<Inner: ConstraintSolver>: ConstraintSolver {
    var inner: Inner
    /// Constraint by id (`nil`: not in the solver).
    private(set) var constraints: [Constraint?] = []
    /// Edit variables in the order they were added, with priority and suggested value.
    private(set) var edits: [(variable: Variable, priority: Priority, value: Double)] = []
    /// Every conflict the solver reported, in order.
    private(set) var claims: [ConflictClaim] = []

    /// A conflict the solver reported when refusing to add `rejected`: the members it named and
    /// each member's constraint (nil for an id the solver did not hold).
    struct ConflictClaim {
        var rejected: ConstraintID
        var members: [(id: ConstraintID, constraint: Constraint?)]
    }

    init(_ inner: Inner) { self.inner = inner }

    var strategy: String { inner.strategy }

    mutating func reserveCapacity(constraints: Int, ids: Int) { inner.reserveCapacity(constraints: constraints, ids: ids) }

    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        do throws(SolverError) { try inner.add(constraint, id: id) } catch {
            if case .unsatisfiable(let ids) = error {
                claims.append(ConflictClaim(rejected: id, members: ids.map { m in (m, m == id ? constraint : stored(m)) }))
            }
            throw error
        }
        if constraints.count <= id.rawValue { constraints += Array(repeating: nil, count: id.rawValue + 1 - constraints.count) }
        constraints[id.rawValue] = constraint
    }

    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        try inner.remove(id)
        constraints[id.rawValue] = nil
    }

    func contains(_ id: ConstraintID) -> Bool { inner.contains(id) }

    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        try inner.addEditVariable(variable, priority: priority)
        edits.append((variable, priority, 0))
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try inner.removeEditVariable(variable)
        edits.removeAll { $0.variable == variable }
    }

    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        try inner.suggestValue(value, for: variable)
        if let k = edits.firstIndex(where: { $0.variable == variable }) { edits[k].value = value }
    }

    func value(of variable: Variable) -> Double { inner.value(of: variable) }
    func objective() -> [LevelError] { inner.objective() }
    var counters: SolverCounters { inner.counters }
    func checkInvariants() throws(SolverError) { try inner.checkInvariants() }

    /// The constraint held under `id`, if any.
    func stored(_ id: ConstraintID) -> Constraint? {
        id.rawValue >= 0 && id.rawValue < constraints.count ? constraints[id.rawValue] : nil
    }

    /// The held constraints in id order.
    var heldConstraints: [(id: ConstraintID, constraint: Constraint)] {
        constraints.indices.compactMap { i in constraints[i].map { (ConstraintID(i), $0) } }
    }
}

/// Ambiguity passes through when the wrapped solver reports it, so the engine's ambiguity
/// report is the same with and without the recording.
extension RecordingSolver: AmbiguityReporting where Inner: AmbiguityReporting {
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] { inner.ambiguousVariables(candidates) }
}
