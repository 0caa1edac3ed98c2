import LinearConstraints

extension OracleCheck {
    /// Judges a conflict the solver reported for rejecting `rejected`: members must be known
    /// required constraints including the rejected one, infeasible together, and each needed.
    func judgeConflict(
        _ members: [String], rejected: (id: String, constraint: Constraint), index: Int
    ) -> [Disagreement] {
        func fault(_ kind: Disagreement.Kind, _ subject: String, _ expected: String) -> Disagreement {
            Disagreement(step: index, kind: kind, subject: subject, reported: nil, expected: expected, tolerance: 0)
        }
        var found: [Disagreement] = []
        var constraints: [Constraint] = []
        var names: [String] = []
        for name in members {
            guard let c = name == rejected.id ? rejected.constraint : active[name] else {
                found.append(fault(.conflictMembers, name, "a constraint in the solver or the rejected one"))
                continue
            }
            constraints.append(c)
            names.append(name)
        }
        if !members.contains(rejected.id) {
            found.append(fault(.conflictMembers, rejected.id, "the rejected constraint among the members \(members)"))
        }
        guard let verdict = try? ConflictAnalysis.verdict(on: constraints) else {
            return found + [fault(.conflictMembers, "\(members)", "finite constraints")]
        }
        for k in verdict.nonRequiredMembers {
            found.append(fault(.conflictMembers, names[k], "a required constraint, not priority \(constraints[k].priority)"))
        }
        if !verdict.isInfeasible {
            found.append(fault(.conflictNotInfeasible, "\(names)", "these constraints can all hold"))
        } else if !verdict.removableMembers.isEmpty {
            let extra = verdict.removableMembers.map { names[$0] }
            found.append(fault(.conflictNotMinimal, "\(names)", "still infeasible without any one of \(extra)"))
        }
        return found
    }

    /// Judges a check: required residuals, every level's error and every value's range.
    func judgeCheck(values: [Double], names: [String], levels: [LevelError], index: Int) -> [Disagreement] {
        let exact = oracle.solver
        var x: [Rational] = []
        var found: [Disagreement] = []
        for (name, v) in zip(names, values) {
            guard let r = Rational(exactly: v) else {
                found.append(Disagreement(step: index, kind: .value, subject: name, reported: v, expected: "a finite number", tolerance: 0))
                return found
            }
            x.append(r)
        }
        found += judgeResiduals(at: x, index: index)
        found += judgeObjective(levels, index: index)
        for (k, name) in names.enumerated() {
            // Within tolerance of the oracle's own optimal point is within tolerance of the range;
            // only values that differ need the two range LPs.
            let own = exact.exactValue(of: Variable(k))
            if !((x[k] - own).magnitude > allowance * (.one + own.magnitude)) { continue }
            let range = exact.determinacy(of: Variable(k))
            if !within(x[k], range) {
                found.append(Disagreement(step: index, kind: .value, subject: name, reported: values[k],
                                          expected: range.determinedValue?.description ?? "in \(range)", tolerance: tolerance))
            }
        }
        return found
    }

    /// True when `value` lies in `range` widened by `tolerance·(1 + |bound|)` on each side.
    private func within(_ value: Rational, _ range: Determinacy) -> Bool {
        let t = allowance
        if let lo = range.minimum, value < lo - t * (.one + lo.magnitude) { return false }
        if let hi = range.maximum, hi + t * (.one + hi.magnitude) < value { return false }
        return true
    }

    private var allowance: Rational { Rational(exactly: tolerance) ?? .zero }

    private func judgeResiduals(at x: [Rational], index: Int) -> [Disagreement] {
        var found: [Disagreement] = []
        for c in oracle.solver.constraints where c.row.priority == nil {
            let v = c.row.violation(x)
            if allowance * (.one + c.row.magnitude(x)) < v {
                found.append(Disagreement(step: index, kind: .requiredResidual, subject: oracle.name(of: c.id),
                                          reported: v.doubleValue, expected: "0", tolerance: tolerance))
            }
        }
        return found
    }

    /// Compares level by level; the allowance of a level scales with the magnitudes of its rows
    /// at the exact optimum (what a floating-point solver had to add up to reach it).
    private func judgeObjective(_ levels: [LevelError], index: Int) -> [Disagreement] {
        let exact = oracle.solver
        let rows = ExactSolver.rows(exact.constraints, exact.edits)
        let at = exact.solution.values
        var found: [Disagreement] = []
        for level in exact.exactObjective() {
            let scale = rows.filter { $0.priority == level.priority }.reduce(Rational.one) { $0 + $1.magnitude(at) }
            let subject = "priority \(level.priority)"
            guard let got = levels.first(where: { $0.priority == level.priority }) else {
                found.append(Disagreement(step: index, kind: .objective, subject: subject, reported: nil,
                                          expected: "\(level.error) (level missing)", tolerance: tolerance))
                continue
            }
            let diff = (Rational(exactly: got.error) ?? .zero) - level.error
            if !got.error.isFinite || allowance * scale < diff.magnitude {
                found.append(Disagreement(step: index, kind: .objective, subject: subject, reported: got.error,
                                          expected: level.error.description, tolerance: tolerance))
            }
        }
        for level in levels where !exact.exactObjective().contains(where: { $0.priority == level.priority }) {
            found.append(Disagreement(step: index, kind: .objective, subject: "priority \(level.priority)",
                                      reported: level.error, expected: "no such level", tolerance: 0))
        }
        return found
    }
}
