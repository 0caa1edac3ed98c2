import LinearConstraints

/// The exact oracle (strategy `exact`): a rational lexicographic solver that re-solves from
/// scratch after every change.
///
/// Semantics as docs/architecture.md: required constraints are hard; then, for each distinct non-required
/// priority from highest to lowest, the level's summed error (`|e|` for an equality, the
/// one-sided excess for an inequality) is minimised and that optimum fixed before the next
/// level. Edit variables are soft equalities `v == suggested` at their priority. Each level is an
/// exact rational simplex with Bland's rule (see `Tableau`). Inputs are converted from their binary
/// floating values exactly, so the oracle answers the question a floating-point engine was asked.
///
/// Beyond `ConstraintSolver`: exact values and objective, `determinacy(of:)` (the range of a
/// variable over the optimal set), and `conflict(adding:id:)` (a minimal conflicting set with its
/// Farkas certificate). Every operation costs a full solve, so a size guard refuses systems with
/// more than `maxConstraints` constraints plus edit variables (`SolverError.tooLarge`).
public struct ExactSolver: ConstraintSolver, Sendable {
    public var strategy: String { "exact" }

    /// Constraints plus edit variables above which operations are refused.
    public let maxConstraints: Int

    private(set) var constraints: [(id: ConstraintID, row: ExactRow)] = []
    private(set) var edits: [(variable: Variable, priority: Priority, value: Rational)] = []
    private(set) var solution: ExactSolution
    private var pivotCount = 0

    /// An empty solver. The default of 400 keeps one solve of a layout-like system under about
    /// a second on the machine it was measured on (see the README section on the oracle).
    public init(maxConstraints: Int = 400) {
        self.maxConstraints = maxConstraints
        solution = ExactSolution(rows: [])!
    }

    // MARK: - Constraints

    public mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        guard !contains(id) else { throw .duplicateConstraint(id) }
        let row = try ExactRow(constraint, what: "constraint \(id)")
        try checkSize(adding: 1)
        var next = constraints
        next.insert((id, row), at: next.firstIndex { $0.id > id } ?? next.count)
        guard let solved = solve(next, edits) else {
            guard let conflict = Self.conflict(in: next) else {
                throw .internalError("adding \(id): the solve failed but the required set is feasible")
            }
            throw .unsatisfiable(conflict: conflict.members)
        }
        constraints = next
        install(solved)
    }

    /// Adds every constraint of `batch` with one solve, all or nothing: a duplicate id, a
    /// non-finite number, the size guard or a conflict (`.unsatisfiable` with a minimal conflicting
    /// set, which may lie entirely within the batch) leaves the solver unchanged. Building a system
    /// this way costs one solve instead of one per constraint.
    public mutating func add(contentsOf batch: [(id: ConstraintID, constraint: Constraint)]) throws(SolverError) {
        var next = constraints
        for (id, constraint) in batch {
            guard !next.contains(where: { $0.id == id }) else { throw .duplicateConstraint(id) }
            next.insert((id, try ExactRow(constraint, what: "constraint \(id)")), at: next.firstIndex { $0.id > id } ?? next.count)
        }
        try checkSize(adding: batch.count)
        guard let solved = solve(next, edits) else {
            guard let conflict = Self.conflict(in: next) else {
                throw .internalError("adding \(batch.count) constraints: the solve failed but the required set is feasible")
            }
            throw .unsatisfiable(conflict: conflict.members)
        }
        constraints = next
        install(solved)
    }

    public mutating func remove(_ id: ConstraintID) throws(SolverError) {
        guard let k = constraints.firstIndex(where: { $0.id == id }) else { throw .unknownConstraint(id) }
        var next = constraints
        next.remove(at: k)
        guard let solved = solve(next, edits) else { throw .internalError("removing \(id) made the required set infeasible") }
        constraints = next
        install(solved)
    }

    public func contains(_ id: ConstraintID) -> Bool { constraints.contains { $0.id == id } }

    /// The minimal conflict that adding `constraint` under `id` would cause, with its Farkas
    /// certificate, or nil when the required set would stay feasible. Does not change the solver.
    /// Cost: one phase 1 per member of the certificate's support.
    public func conflict(adding constraint: Constraint, id: ConstraintID) throws(SolverError) -> ExactConflict? {
        guard !contains(id) else { throw .duplicateConstraint(id) }
        var next = constraints
        next.insert((id, try ExactRow(constraint, what: "constraint \(id)")), at: next.firstIndex { $0.id > id } ?? next.count)
        return Self.conflict(in: next)
    }

    private static func conflict(in list: [(id: ConstraintID, row: ExactRow)]) -> ExactConflict? {
        let required = list.filter { $0.row.priority == nil }
        guard let found = ConflictAnalysis.minimalConflict(rows: required.map(\.row)) else { return nil }
        return ExactConflict(members: found.members.map { required[$0].id }, certificate: found.certificate)
    }

    // MARK: - Edit variables

    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        guard !priority.isRequired else { throw .badPriority(priority) }
        guard !edits.contains(where: { $0.variable == variable }) else { throw .duplicateEditVariable(variable) }
        try checkSize(adding: 1)
        var next = edits
        next.insert((variable, priority, .zero), at: next.firstIndex { $0.variable > variable } ?? next.count)
        try commit(edits: next)
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let k = edits.firstIndex(where: { $0.variable == variable }) else { throw .unknownEditVariable(variable) }
        var next = edits
        next.remove(at: k)
        try commit(edits: next)
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let k = edits.firstIndex(where: { $0.variable == variable }) else { throw .unknownEditVariable(variable) }
        guard let exact = Rational(exactly: value) else { throw .nonFinite("suggested value \(value) for \(variable)") }
        var next = edits
        next[k].value = exact
        try commit(edits: next)
    }

    private mutating func commit(edits next: [(variable: Variable, priority: Priority, value: Rational)]) throws(SolverError) {
        guard let solved = solve(constraints, next) else { throw .internalError("an edit made the required set infeasible") }
        edits = next
        install(solved)
    }

    // MARK: - Solving

    private func checkSize(adding n: Int) throws(SolverError) {
        let size = constraints.count + edits.count + n
        guard size <= maxConstraints else {
            throw .tooLarge("\(size) constraints and edit variables exceed the exact oracle's limit of \(maxConstraints)")
        }
    }

    /// The rows of a state: constraints by id, then edit variables by variable.
    static func rows(
        _ constraints: [(id: ConstraintID, row: ExactRow)], _ edits: [(variable: Variable, priority: Priority, value: Rational)]
    ) -> [ExactRow] {
        constraints.map(\.row) + edits.map { ExactRow(editing: $0.variable, value: $0.value, priority: $0.priority) }
    }

    private func solve(
        _ constraints: [(id: ConstraintID, row: ExactRow)], _ edits: [(variable: Variable, priority: Priority, value: Rational)]
    ) -> ExactSolution? {
        ExactSolution(rows: Self.rows(constraints, edits))
    }

    private mutating func install(_ solved: ExactSolution) {
        pivotCount += solved.program.tableau.pivots
        solution = solved
    }

    // MARK: - Results

    public func value(of variable: Variable) -> Double { solution.value(Int(variable.index)).doubleValue }

    /// The chosen optimum's exact value of `variable` (0 when no constraint mentions it).
    public func exactValue(of variable: Variable) -> Rational { solution.value(Int(variable.index)) }

    public func objective() -> [LevelError] {
        solution.levels.map { LevelError(priority: $0.priority, error: $0.error.doubleValue) }
    }

    /// The exact summed error per distinct non-required priority, highest first.
    public func exactObjective() -> [ExactLevelError] { solution.levels }

    /// The exact range of `variable` over the optimal set (two simplex runs).
    public func determinacy(of variable: Variable) -> Determinacy {
        let r = solution.program.range(of: Int(variable.index))
        return Determinacy(minimum: r.min, maximum: r.max)
    }

    /// `determinacy(of:)` for each of `variables`, in order.
    public func determinacy(of variables: [Variable]) -> [Determinacy] { variables.map { determinacy(of: $0) } }

    public var counters: SolverCounters {
        let t = solution.program.tableau
        return SolverCounters(pivots: pivotCount, rows: t.rowCount, cells: t.nonZeroCount, constraints: constraints.count + edits.count,
                              nonzeros: constraints.reduce(edits.count) { $0 + $1.row.terms.count })
    }
}
