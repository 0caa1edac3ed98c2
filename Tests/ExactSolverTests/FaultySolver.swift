import ExactSolver
import LinearConstraints

/// The oracle with one planted fault, to show that `OracleCheck` notices each kind of wrong answer.
struct FaultySolver: ConstraintSolver {
    enum Fault {
        /// Reports `value(of:)` of the variable shifted by the amount.
        case shiftValue(Variable, Double)
        /// Reports every level's error plus the amount.
        case inflateObjective(Double)
        /// Pads every conflict with every other required constraint it holds.
        case padConflicts
        /// Accepts adds the oracle rejects (and so stops holding them).
        case swallowConflicts
    }

    var inner = ExactSolver()
    var fault: Fault
    var required: [ConstraintID] = []

    var strategy: String { "faulty" }

    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        do throws(SolverError) {
            try inner.add(constraint, id: id)
            if constraint.isRequired { required.append(id) }
        } catch {
            switch (fault, error) {
            case (.swallowConflicts, .unsatisfiable): return
            case (.padConflicts, .unsatisfiable): throw .unsatisfiable(conflict: (required + [id]).sorted())
            default: throw error
            }
        }
    }

    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        try inner.remove(id)
        required.removeAll { $0 == id }
    }

    func contains(_ id: ConstraintID) -> Bool { inner.contains(id) }
    mutating func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) { try inner.addEditVariable(v, priority: priority) }
    mutating func removeEditVariable(_ v: Variable) throws(SolverError) { try inner.removeEditVariable(v) }
    mutating func suggestValue(_ value: Double, for v: Variable) throws(SolverError) { try inner.suggestValue(value, for: v) }

    func value(of variable: Variable) -> Double {
        if case .shiftValue(let v, let amount) = fault, v == variable { return inner.value(of: variable) + amount }
        return inner.value(of: variable)
    }

    func objective() -> [LevelError] {
        guard case .inflateObjective(let amount) = fault else { return inner.objective() }
        return inner.objective().map { LevelError(priority: $0.priority, error: $0.error + amount) }
    }

    var counters: SolverCounters { inner.counters }
    func checkInvariants() throws(SolverError) { try inner.checkInvariants() }
}
