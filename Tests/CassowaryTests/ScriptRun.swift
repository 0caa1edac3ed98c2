@testable import Cassowary
import LinearConstraints

/// Runs an operation script on a `CassowarySolver` (deep invariant checks on) beside a model of
/// what the solver should hold, and records every broken promise as a sentence:
/// - a refused operation is refused for the model's reason (duplicate, unknown, bad priority,
///   or, for a required add only, unsatisfiable with a sorted, minimal conflict holding the new id);
/// - a refused operation leaves values and objective bit-identical;
/// - after every operation every required constraint in the solver holds (relative tolerance)
///   and `checkInvariants()` passes (debugChecks also checks inside operations, trapping).
struct ScriptRun {
    /// The engines a script runs on.
    enum Engine {
        case explicit, weighted, factored, revised
        /// The default engine with a work limit so small that it hands the system over to the
        /// revised engine early, at every kind of point of a script.
        case switching

        /// A fresh solver of this engine with deep checks on.
        func make() -> any ConstraintSolver {
            switch self {
            case .revised:
                var s = RevisedSolver()
                s.debugChecks = true
                return s
            case .switching:
                var s = AdaptiveSolver(workLimit: (slack: 0, perStep: 1))
                s.debugChecks = true
                return s
            default:
                var s = self == .factored ? CassowarySolver(factored: true) : CassowarySolver(weighted: self == .weighted)
                s.debugChecks = true
                return s
            }
        }
    }

    var solver: any ConstraintSolver
    let engine: Engine
    let weighted: Bool
    let variables: Int
    /// Constraints in the solver, in the order they went in.
    var present: [(id: ConstraintID, constraint: Constraint)] = []
    /// Edit variables with their priority and current suggested value.
    var edits: [(variable: Variable, priority: Priority, suggested: Double)] = []
    var problems: [String] = []
    /// The state after every step, as bit patterns (for the determinism property).
    var trace: [[UInt64]] = []

    init(weighted: Bool, variables: Int, factored: Bool = false) {
        self.init(engine: factored ? .factored : weighted ? .weighted : .explicit, variables: variables)
    }

    init(engine: Engine, variables: Int) {
        self.engine = engine
        solver = engine.make()
        weighted = engine == .weighted
        self.variables = variables
    }

    /// Runs every operation; returns self for chaining in tests.
    mutating func run(_ operations: [Operation]) {
        for (i, op) in operations.enumerated() { perform(op, step: i) }
    }

    mutating func perform(_ op: Operation, step i: Int) {
        let before = state()
        do throws(SolverError) {
            try apply(op)
            if let reason = refusalExpected(op) { problems.append("step \(i) \(op): accepted, but expected \(reason)") }
            record(op)
        } catch {
            if let problem = rejectionProblem(op, error) { problems.append("step \(i) \(op): \(problem)") }
            if state() != before { problems.append("step \(i) \(op): refused with \(error) but the state changed") }
        }
        for problem in requiredViolations() { problems.append("step \(i) \(op): \(problem)") }
        do throws(SolverError) { try solver.checkInvariants() } catch {
            problems.append("step \(i) \(op): invariant check failed: \(error)")
        }
        trace.append(state())
    }

    mutating func apply(_ op: Operation) throws(SolverError) {
        switch op {
        case .add(let id, let c): try solver.add(c, id: id)
        case .remove(let id): try solver.remove(id)
        case .edit(let v, let p): try solver.addEditVariable(v, priority: p)
        case .suggest(let v, let x): try solver.suggestValue(x, for: v)
        case .removeEdit(let v): try solver.removeEditVariable(v)
        }
    }

    func isPresent(_ id: ConstraintID) -> Bool { present.contains { $0.id == id } }
    func isEdit(_ v: Variable) -> Bool { edits.contains { $0.variable == v } }

    /// Why the model says `op` must be refused, or nil when it may succeed.
    func refusalExpected(_ op: Operation) -> String? {
        switch op {
        case .add(let id, _): isPresent(id) ? "duplicate" : nil
        case .remove(let id): isPresent(id) ? nil : "unknown"
        case .edit(let v, let p): p.isRequired ? "badPriority" : isEdit(v) ? "duplicate" : nil
        case .suggest(let v, _), .removeEdit(let v): isEdit(v) ? nil : "unknown"
        }
    }

    mutating func record(_ op: Operation) {
        switch op {
        case .add(let id, let c): present.append((id, c))
        case .remove(let id): present.removeAll { $0.id == id }
        case .edit(let v, let p): edits.append((v, p, 0))
        case .suggest(let v, let x): if let k = edits.firstIndex(where: { $0.variable == v }) { edits[k].suggested = x }
        case .removeEdit(let v): edits.removeAll { $0.variable == v }
        }
    }

    /// What is wrong with refusing `op` with `error`, or nil when the refusal is right.
    func rejectionProblem(_ op: Operation, _ error: SolverError) -> String? {
        switch (op, error) {
        case let (.add(id, _), .duplicateConstraint(e)) where e == id && isPresent(id): return nil
        case let (.add(id, c), .unsatisfiable(conflict)) where !isPresent(id) && c.isRequired:
            return conflictProblem(conflict, adding: c, id: id)
        case let (.remove(id), .unknownConstraint(e)) where e == id && !isPresent(id): return nil
        case let (.edit(_, p), .badPriority(e)) where e == p && p.isRequired: return nil
        case let (.edit(v, _), .duplicateEditVariable(e)) where e == v && isEdit(v): return nil
        case let (.suggest(v, _), .unknownEditVariable(e)) where e == v && !isEdit(v): return nil
        case let (.removeEdit(v), .unknownEditVariable(e)) where e == v && !isEdit(v): return nil
        default: return "refused with \(error), expected \(refusalExpected(op) ?? "success")"
        }
    }

    /// A conflict must be sorted, hold the new id, name only required constraints in the solver,
    /// be infeasible as a whole and feasible without any one member (checked on fresh solvers).
    func conflictProblem(_ conflict: [ConstraintID], adding c: Constraint, id: ConstraintID) -> String? {
        guard conflict == conflict.sorted(), conflict.contains(id) else { return "conflict \(conflict) unsorted or without \(id)" }
        var members: [(ConstraintID, Constraint)] = []
        for m in conflict where m != id {
            guard let p = present.first(where: { $0.id == m }), p.constraint.isRequired else {
                return "conflict \(conflict) names \(m), not a required constraint in the solver"
            }
            members.append(p)
        }
        members.append((id, c))
        if Self.feasible(members, weighted: weighted) { return "conflict \(conflict) is satisfiable" }
        for k in members.indices where !Self.feasible(members.enumerated().filter { $0.offset != k }.map(\.element), weighted: weighted) {
            return "conflict \(conflict) is not minimal: still infeasible without \(members[k].0)"
        }
        return nil
    }

    static func feasible(_ constraints: [(ConstraintID, Constraint)], weighted: Bool) -> Bool {
        var fresh = CassowarySolver(weighted: weighted)
        fresh.debugChecks = true
        for (id, c) in constraints {
            do throws(SolverError) { try fresh.add(c, id: id) } catch { return false }
        }
        return true
    }

    /// Every required constraint in the solver that does not hold, within 1e-9 of its terms' size.
    func requiredViolations() -> [String] {
        present.filter { $0.constraint.isRequired }.compactMap { id, c in
            let value = { (v: Variable) in solver.value(of: v) }
            let scale = c.expression.terms.reduce(abs(c.expression.constant)) { $0 + abs($1.coefficient * value($1.variable)) }
            let violation = c.violation(value)
            return violation <= 1e-9 * max(1, scale) ? nil : "required \(id) violated by \(violation)"
        }
    }

    /// Values of every variable and the objective, as bit patterns.
    func state() -> [UInt64] {
        var bits = (0..<variables).map { solver.value(of: Variable($0)).bitPattern }
        for level in solver.objective() {
            bits.append(UInt64(level.priority.value.bitPattern))
            bits.append(level.error.bitPattern)
        }
        return bits
    }

    /// A fresh solver given the final constraints (by id) and edit variables with their suggestions.
    func freshSolve() throws(SolverError) -> any ConstraintSolver {
        var fresh = engine.make()
        for (id, c) in present.sorted(by: { $0.id < $1.id }) { try fresh.add(c, id: id) }
        for e in edits {
            try fresh.addEditVariable(e.variable, priority: e.priority)
            try fresh.suggestValue(e.suggested, for: e.variable)
        }
        return fresh
    }
}

/// Objectives agree: level by level within 1e-7 relative under `cassowary` (the lexicographic
/// optimum's error vector is unique); as one weighted sum under `cassowary-weighted` (its
/// optimum may split the same total differently between levels).
func sameObjective(_ a: [LevelError], _ b: [LevelError], weighted: Bool) -> Bool {
    func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-7 * max(1, abs(x), abs(y)) }
    if weighted {
        let sum = { (o: [LevelError]) in o.reduce(0) { $0 + CassowarySolver.weight(of: $1.priority) * $1.error } }
        return close(sum(a), sum(b))
    }
    return a.count == b.count && zip(a, b).allSatisfy { $0.priority == $1.priority && close($0.error, $1.error) }
}
