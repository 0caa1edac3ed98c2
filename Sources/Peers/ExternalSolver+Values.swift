import LinearConstraints

/// Reading an outside solver: values from a lazily sent `check`, the objective, and the checks
/// the harness can make on answers it cannot see inside of.
extension ExternalSolver {
    /// The value the adapter reported at the last check, sent now if anything changed since;
    /// 0 for a variable it did not report, NaN once the solver is dead.
    public func value(of variable: Variable) -> Double {
        guard let snapshot = currentSnapshot() else { return .nan }
        return snapshot.values[variable.index] ?? 0
    }

    /// The adapter's objective when it sends one; otherwise the harness computes it from the
    /// accepted constraints and edits at the reported values (summed absolute violation per
    /// distinct non-required priority, highest first, summing in constraint-id order). Errors
    /// are NaN once the solver is dead.
    public func objective() -> [LevelError] {
        let snapshot = currentSnapshot()
        if let given = snapshot?.objective { return given }
        let model = session.model
        let value: (Variable) -> Double = { v in snapshot.map { $0.values[v.index] ?? 0 } ?? .nan }
        var levels: [Priority: Double] = [:]
        for id in model.constraints.keys.sorted() {
            let c = model.constraints[id]!
            if !c.isRequired { levels[c.priority, default: 0] += Self.violation(c, value) }
        }
        for v in model.edits.keys.sorted() {
            let e = model.edits[v]!
            levels[e.priority, default: 0] += abs(value(v) - e.suggested)
        }
        return levels.keys.sorted(by: >).map { LevelError(priority: $0, error: levels[$0]!) }
    }

    /// Throws the failure when the solver is dead; otherwise checks that the reported values
    /// satisfy every accepted required constraint within 1e-7 of the constraint's magnitude at
    /// those values (|constant| + Σ|coefficient·value|, at least 1). The outside solver's
    /// insides are out of reach, but a required constraint it accepted and then violates (Kiwi
    /// after a rejected add, docs/peers.md failure 1) is a wrong answer seen from here.
    /// O(constraints · terms), plus a `check` request when values are not cached.
    public func checkInvariants() throws(SolverError) {
        if let dead = session.deadError { throw dead }
        guard let snapshot = currentSnapshot() else {
            throw session.deadError ?? .internalError("external solver gave no values")
        }
        let model = session.model
        let value: (Variable) -> Double = { snapshot.values[$0.index] ?? 0 }
        for id in model.constraints.keys.sorted() {
            let c = model.constraints[id]!
            guard c.isRequired else { continue }
            let violation = Self.violation(c, value)
            let scale = c.expression.terms.reduce(abs(c.expression.constant)) { $0 + abs($1.coefficient * value($1.variable)) }
            guard violation <= 1e-7 * max(1, scale) else {
                throw .internalError("external solver violates required constraint \(id) by \(formatJSONNumber(violation)) at its own values")
            }
        }
    }

    /// The constraint's violation, NaN when a value is (so NaN never passes as satisfied).
    static func violation(_ c: Constraint, _ value: (Variable) -> Double) -> Double {
        let v = c.expression.evaluate(value)
        return v.isNaN ? .nan : c.violation(value)
    }

    /// The values of the last check, sending one when none is cached; nil once dead. A solver
    /// that was never sent anything reads all zeros without starting a process.
    func currentSnapshot() -> ExternalSnapshot? {
        let s = session
        if s.failure != nil { return nil }
        if let cached = s.snapshot { return cached }
        if s.requestCount == 0 { return ExternalSnapshot(values: [:], objective: []) }
        guard case .values(let list, let objective)? = try? s.exchange(ExternalProtocol.checkRequest, .check) else { return nil }
        var values: [Int32: Double] = [:]
        values.reserveCapacity(list.count)
        for (index, value) in list { values[index] = value }
        let snapshot = ExternalSnapshot(values: values, objective: objective)
        s.snapshot = snapshot
        return snapshot
    }
}
