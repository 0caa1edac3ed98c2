import LinearConstraints

/// A tiny solver for testing `SystemRun`: it does no optimisation, it records every call and answers
/// with values that reveal the variable numbering.
///
/// - A required constraint whose expression is a negative constant with no terms (`0 >= 1`) is
///   rejected as unsatisfiable, with the conflict `conflictWith` plus itself, sorted.
/// - A variable's value is its suggested value when it is an edit variable, else `index * 10`.
/// - The objective holds one level per edit priority, each with the summed |suggested value|.
struct FakeSolver: ConstraintSolver {
    var strategy: String { "fake" }
    var constraints: [(id: ConstraintID, constraint: Constraint)] = []
    var edits: [(variable: Variable, priority: Priority, value: Double)] = []
    /// Every call, in order, as text (`add #0`, `suggest v1 = 3`, ...).
    var calls: [String] = []
    /// Other constraints reported in the conflict of a rejected add.
    var conflictWith: [ConstraintID] = []

    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        calls.append("add \(id)")
        guard !contains(id) else { throw .duplicateConstraint(id) }
        guard constraint.expression.isFinite else { throw .nonFinite("constraint \(id)") }
        let e = constraint.expression.normalized()
        if constraint.isRequired, e.terms.isEmpty, constraint.violation({ _ in 0 }) > 0 {
            throw .unsatisfiable(conflict: (conflictWith + [id]).sorted())
        }
        constraints.append((id, constraint))
    }

    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        calls.append("remove \(id)")
        guard let i = constraints.firstIndex(where: { $0.id == id }) else { throw .unknownConstraint(id) }
        constraints.remove(at: i)
    }

    func contains(_ id: ConstraintID) -> Bool { constraints.contains { $0.id == id } }

    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        calls.append("edit \(variable)")
        guard !priority.isRequired else { throw .badPriority(priority) }
        guard !edits.contains(where: { $0.variable == variable }) else { throw .duplicateEditVariable(variable) }
        edits.append((variable, priority, 0))
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        calls.append("removeEdit \(variable)")
        guard let i = edits.firstIndex(where: { $0.variable == variable }) else { throw .unknownEditVariable(variable) }
        edits.remove(at: i)
    }

    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        calls.append("suggest \(variable) = \(formatJSONNumber(value))")
        guard value.isFinite else { throw .nonFinite("suggested value") }
        guard let i = edits.firstIndex(where: { $0.variable == variable }) else { throw .unknownEditVariable(variable) }
        edits[i].value = value
    }

    func value(of variable: Variable) -> Double {
        edits.first { $0.variable == variable }?.value ?? Double(variable.index) * 10
    }

    func objective() -> [LevelError] {
        var levels: [LevelError] = []
        for e in edits.sorted(by: { $0.priority > $1.priority }) {
            if let last = levels.last, last.priority == e.priority {
                levels[levels.count - 1].error += abs(e.value)
            } else {
                levels.append(LevelError(priority: e.priority, error: abs(e.value)))
            }
        }
        return levels
    }

    var counters: SolverCounters { SolverCounters(constraints: constraints.count + edits.count) }

    func checkInvariants() throws(SolverError) {}
}
