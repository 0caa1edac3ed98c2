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
            // Satisfiable only far beyond the magnitudes in play is a conflict to a float engine.
            if infeasibleWithinBox(members, rejected: rejected) { return found }
            found.append(fault(.conflictNotInfeasible, "\(names)", "these constraints can all hold"))
        } else if !verdict.removableMembers.isEmpty {
            let extra = verdict.removableMembers.map { names[$0] }
            found.append(fault(.conflictNotMinimal, "\(names)", "still infeasible without any one of \(extra)"))
        }
        return found
    }

    /// True when the two outcomes of an add differ only by rounding (see `OracleReport.diverged`).
    func divergesWithinTolerance(_ got: StepOutcome, _ exact: StepOutcome, rejected: (id: String, constraint: Constraint)) -> Bool {
        switch (got, exact) {
        case (.ok, .unsatisfiable(let members)): return holdsWithinTolerance(members, rejected: rejected)
        case (.unsatisfiable(let members), .ok): return infeasibleWithinBox(members, rejected: rejected)
        default: return false
        }
    }

    /// True when the solver's conflict `members` cannot hold with every variable within
    /// `[-box, box]`, box = 2^20 times the largest constant or coefficient among them: satisfiable
    /// only far away, where no floating-point engine can tell.
    func infeasibleWithinBox(_ members: [String], rejected: (id: String, constraint: Constraint)) -> Bool {
        var set: [Constraint] = []
        var largest = 1.0
        for name in members {
            guard let c = name == rejected.id ? rejected.constraint : active[name] else { return false }
            largest = Swift.max(largest, abs(c.expression.constant))
            for t in c.expression.terms { largest = Swift.max(largest, abs(t.coefficient)) }
            set.append(c)
        }
        let box = largest * 0x1p20
        let variables = Set(set.flatMap { $0.expression.terms.map(\.variable) }).sorted()
        for v in variables {
            set.append(Constraint(LinearExpression(v) - box, .lessThanOrEqual))
            set.append(Constraint(LinearExpression(v) + box, .greaterThanOrEqual))
        }
        guard let feasibility = try? ConflictAnalysis.feasibility(of: set) else { return false }
        return !feasibility.isFeasible
    }

    /// True when the oracle's conflict `members` (file ids; the rejected constraint among them)
    /// becomes feasible once each member is relaxed by the tolerance, `tolerance·(1 + |k| +
    /// Σ|a|·(1 + |x|))` at the oracle's current point: the set is infeasible only by rounding.
    func holdsWithinTolerance(_ members: [String], rejected: (id: String, constraint: Constraint)) -> Bool {
        var relaxed: [Constraint] = []
        let x = oracle.solver.solution.values
        for name in members {
            guard let c = name == rejected.id ? rejected.constraint : active[name] else { return false }
            var size = 1 + abs(c.expression.constant)
            for t in c.expression.terms {
                let v = Int(t.variable.index) < x.count ? abs(x[Int(t.variable.index)].doubleValue) : 0
                size += abs(t.coefficient) * (1 + v)
            }
            let slack = tolerance * size
            if c.relation != .greaterThanOrEqual { relaxed.append(Constraint(c.expression - slack, .lessThanOrEqual)) }
            if c.relation != .lessThanOrEqual { relaxed.append(Constraint(c.expression + slack, .greaterThanOrEqual)) }
        }
        return (try? ConflictAnalysis.feasibility(of: relaxed).isFeasible) == true
    }

    /// Judges a check: required residuals, the reported objective against the reported values,
    /// each level's optimality given the levels above, and every value's range.
    func judgeCheck(values: [Double], names: [String], levels: [LevelError], index: Int) -> [Disagreement] {
        var x: [Rational] = []
        for (name, v) in zip(names, values) {
            guard let r = Rational(exactly: v) else {
                return [Disagreement(step: index, kind: .value, subject: name, reported: v, expected: "a finite number", tolerance: 0)]
            }
            x.append(r)
        }
        let exact = oracle.solver
        let own = exact.levelErrors(at: x)
        let slack = own.map { level in
            allowance * (.one + exact.levelMagnitude(level.priority, at: x) + exact.levelMagnitude(level.priority, at: exact.solution.values))
        }
        let box = judgingBox(x)
        return judgeResiduals(at: x, index: index)
            + judgeReportedObjective(levels, own: own, slack: slack, index: index)
            + judgeOptimality(own: own, slack: slack, box: box, index: index)
            + judgeValues(x, reported: values, names: names, own: own, slack: slack, box: box, index: index)
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

    /// The reported objective must be the error of the reported values, level by level, and
    /// list exactly the levels present.
    private func judgeReportedObjective(_ levels: [LevelError], own: [ExactLevelError], slack: [Rational], index: Int) -> [Disagreement] {
        var found: [Disagreement] = []
        for (level, allowed) in zip(own, slack) {
            let subject = "priority \(level.priority)"
            guard let got = levels.first(where: { $0.priority == level.priority }) else {
                found.append(Disagreement(step: index, kind: .objective, subject: subject, reported: nil,
                                          expected: "\(show(level.error)) (level missing)", tolerance: tolerance))
                continue
            }
            let diff = (Rational(exactly: got.error) ?? .zero) - level.error
            if !got.error.isFinite || allowed < diff.magnitude {
                found.append(Disagreement(step: index, kind: .objective, subject: subject, reported: got.error,
                                          expected: "\(show(level.error)) (the error of the reported values)", tolerance: tolerance))
            }
        }
        for level in levels where !own.contains(where: { $0.priority == level.priority }) {
            found.append(Disagreement(step: index, kind: .objective, subject: "priority \(level.priority)",
                                      reported: level.error, expected: "no such level", tolerance: 0))
        }
        return found
    }

    /// Each level's error at the reported values must be optimal given the levels above, in
    /// either reading of a near-tie there:
    /// - at least the least error reachable when each level above may be as bad as the reported
    ///   values' error plus its tolerance (nothing beats the optimum by more than tolerance);
    /// - at most the least error reachable when each level above is held to the least error so
    ///   reachable (the tightest reading: a solver that settled the levels above exactly could
    ///   not have done better here), or, where those holds contradict each other (the solver
    ///   broke a near-tie above the other way), when each level above is held to the reported
    ///   values' own error.
    /// A difference above that is rounding noise deciding a tie below is therefore excused, a real
    /// loss is not. Where every level is within tolerance of the exact optimum this holds without
    /// solving anything; otherwise it costs two bounded LPs per level.
    private func judgeOptimality(own: [ExactLevelError], slack: [Rational], box: Rational, index: Int) -> [Disagreement] {
        let optimum = oracle.solver.exactObjective()
        let nearOptimal = zip(zip(own, optimum), slack).allSatisfy { pair, allowed in
            !(allowed < (pair.0.error - pair.1.error).magnitude)
        }
        if nearOptimal { return [] }
        var found: [Disagreement] = []
        var tight: [(priority: Priority, bound: Rational)] = []
        var caps: [(priority: Priority, bound: Rational)] = []
        var relaxed: [(priority: Priority, bound: Rational)] = []
        for ((level, best), allowed) in zip(zip(own, optimum), slack) {
            let lower = oracle.solver.minimumError(at: level.priority, bounds: relaxed, box: box)
            let upper = oracle.solver.minimumError(at: level.priority, bounds: tight, box: box)
                ?? oracle.solver.minimumError(at: level.priority, bounds: caps, box: box)
            let subject = "priority \(level.priority)"
            if let upper, upper + allowed < level.error {
                found.append(Disagreement(step: index, kind: .objective, subject: subject, reported: level.error.doubleValue,
                                          expected: "at most \(show(upper)) given the levels above (exact optimum \(show(best.error)))", tolerance: tolerance))
            } else if let lower, level.error < lower - allowed {
                found.append(Disagreement(step: index, kind: .objective, subject: subject, reported: level.error.doubleValue,
                                          expected: "at least \(show(lower)) given the levels above (exact optimum \(show(best.error)))", tolerance: tolerance))
            }
            tight.append((level.priority, lower ?? level.error))
            caps.append((level.priority, level.error))
            relaxed.append((level.priority, level.error + allowed))
        }
        return found
    }

    /// A value off the oracle's own point must lie in the variable's range over the points that
    /// are at least as good as both answers at every level (within tolerance); for a variable
    /// determined there, that is its only value.
    private func judgeValues(
        _ x: [Rational], reported: [Double], names: [String], own: [ExactLevelError], slack: [Rational], box: Rational,
        index: Int
    ) -> [Disagreement] {
        let exact = oracle.solver
        let bounds = zip(zip(own, exact.exactObjective()), slack).map { pair, allowed in
            (priority: pair.0.priority, bound: Rational.max(pair.0.error, pair.1.error) + allowed)
        }
        var found: [Disagreement] = []
        for (k, name) in names.enumerated() {
            let mine = exact.exactValue(of: Variable(k))
            if !(allowance * (.one + mine.magnitude) < (x[k] - mine).magnitude) { continue }
            guard let range = exact.determinacy(of: Variable(k), bounds: bounds, box: box), !within(x[k], range) else { continue }
            found.append(Disagreement(step: index, kind: .value, subject: name, reported: reported[k],
                                      expected: range.determinedValue.map(show) ?? "in \(range)", tolerance: tolerance))
        }
        return found
    }

    /// The box the optimality and value judgements look within: 10^6 times the largest
    /// magnitude in play (the reported values and every constant and coefficient), as a power
    /// of two. Exact optima far outside it come from near-parallel rows, not from layout.
    private func judgingBox(_ x: [Rational]) -> Rational {
        var largest = x.reduce(Rational.one) { Rational.max($0, $1.magnitude) }
        for c in oracle.solver.constraints {
            largest = Rational.max(largest, c.row.constant.magnitude)
            for t in c.row.terms { largest = Rational.max(largest, t.coefficient.magnitude) }
        }
        var box = Rational(1 << 20)
        while box < largest * Rational(1 << 20) { box = box * Rational(2) }
        return box
    }

    /// True when `value` lies in `range` widened by `tolerance·(1 + |bound|)` on each side.
    private func within(_ value: Rational, _ range: Determinacy) -> Bool {
        let t = allowance
        if let lo = range.minimum, value < lo - t * (.one + lo.magnitude) { return false }
        if let hi = range.maximum, hi + t * (.one + hi.magnitude) < value { return false }
        return true
    }

    /// A number for a message: an integer as is, anything else as its nearest `Double`.
    private func show(_ r: Rational) -> String { r.isInteger ? r.description : "\(r.doubleValue)" }
}
