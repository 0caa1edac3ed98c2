import AutoLayout
import ExactSolver
import LinearConstraints

/// The invariants judged against the exact oracle on the system the solver held after a layout
/// (its constraints at their priorities, its edit variables at their suggestions).
extension UnitPass {
    /// The oracle loaded with the recorded system: edit variables and suggestions first (cheap
    /// solves on few rows), then every held constraint in one batch (one solve). Nil when it is
    /// beyond the selection's `oracleLimit` or the oracle's own size guard, or the oracle refuses
    /// it (rounding made it infeasible).
    func oracle() -> ExactSolver? {
        let recorded = engine.solver
        var exact = ExactSolver()
        let size = recorded.heldConstraints.count + recorded.edits.count
        guard size <= min(exact.maxConstraints, unit.selection.oracleLimit) else { return nil }
        do throws(SolverError) {
            for e in recorded.edits { try exact.addEditVariable(e.variable, priority: e.priority) }
            for e in recorded.edits where e.value != 0 { try exact.suggestValue(e.value, for: e.variable) }
            try exact.add(contentsOf: recorded.heldConstraints)
        } catch { return nil }
        return exact
    }

    /// `optimal`: every level of the reported objective equals the oracle's. A quick comparison
    /// (1e-9 of the largest magnitude in play) accepts; anything else goes to `OracleCheck`,
    /// which excuses rounding that decides a near-tie above and reports real losses and values
    /// off the optimal face. Nil (skipped) beyond the oracle's size guard.
    func optimal(_ result: LayoutResult) -> [Finding]? {
        guard let exact = oracle() else { return nil }
        let want = exact.objective()
        let scale = magnitude()
        if want.count == result.objective.count,
           zip(want, result.objective).allSatisfy({ $0.priority == $1.priority && abs($0.error - $1.error) <= 1e-9 * scale }) {
            return []
        }
        var check = OracleCheck(solver: FrozenSolver(snapshotOf: engine.solver, strategy: result.strategy))
        let report = check.run(systemFile())
        if report.oracleRefused != nil || report.diverged != nil { return nil }
        return report.disagreements.filter { $0.kind == .objective || $0.kind == .value }.map { d in
            Finding(detail: "\(d.kind.rawValue) \(d.subject): reported \(d.reported.map { "\($0)" } ?? "nothing"), exact \(d.expected)",
                    got: d.reported.map { [$0] } ?? [], expected: want.map(\.error))
        }
    }

    /// `ambiguity-correct`: a view's frame component is reported ambiguous exactly when the
    /// oracle's range for it over the optimal set is not a single value. Nil (skipped) when the
    /// strategy does not report ambiguity or the system is beyond the oracle's size guard.
    /// A component the engine calls ambiguous and the exact optimal set fixes is judged again
    /// over the points at least as good as the engine's answer at every level (its reported
    /// errors plus `noise`, `movesWithinReachedLevels`): exact lexicographic levels break ties
    /// on coefficients rounded to doubles (a stack's proportions 1/7 and 6/7 that do not add up
    /// to 1 exactly let only a zero width meet level 999 with no error at all), which no
    /// floating-point engine can or should see; the engine is right when the component moves on
    /// that face. Cost: two exact LPs per view and component, two more per such component.
    func ambiguityCorrect(_ result: LayoutResult) -> [Finding]? {
        guard let reported = result.ambiguous, let s = engine.system, let exact = oracle() else { return nil }
        var out: [Finding] = []
        for (i, view) in engine.tree.views.enumerated() {
            let said = reported.first { $0.view == view.id }?.attributes ?? []
            var truth: [String] = []
            var ranges: [String] = []
            for c in LayoutVariables.FrameComponent.allCases {
                let variable = s.variables.variable(ItemIndex(i), c)
                let range = exact.determinacy(of: variable)
                if !range.isDetermined || (said.contains(c.name) && movesWithinReachedLevels(variable, result, exact)) {
                    truth.append(c.name)
                    ranges.append("\(c.name) in \(range)")
                }
            }
            if said != truth {
                out.append(Finding(detail: "\(view.id): engine says ambiguous \(said), oracle says \(truth) \(ranges)", views: [view.id]))
            }
        }
        return out
    }

    /// Whether `variable` moves by more than `noise` over the points whose error at every level
    /// is at most the engine's reported error there plus `noise`.
    func movesWithinReachedLevels(_ variable: Variable, _ result: LayoutResult, _ exact: ExactSolver) -> Bool {
        let slack = noise
        let bounds = result.objective.compactMap { level in Rational(exactly: level.error + slack).map { (priority: level.priority, bound: $0) } }
        guard bounds.count == result.objective.count, let range = exact.determinacy(of: variable, bounds: bounds) else { return false }
        guard let low = range.minimum, let high = range.maximum else { return true }
        return (high - low).doubleValue > slack
    }

    /// The largest magnitude among the held constraints' constants and the suggestions (at least 1).
    func magnitude() -> Double {
        var m = 1.0
        for (_, c) in engine.solver.heldConstraints { m = max(m, abs(c.expression.constant)) }
        for e in engine.solver.edits { m = max(m, abs(e.value)) }
        return m
    }

    /// The recorded system as a system file: edits, suggestions, adds in id order, then a check.
    /// Variables are named `v<index>`; constraints `c<id>`.
    func systemFile() -> SystemFile {
        let recorded = engine.solver
        var steps: [SystemStep] = recorded.edits.map { .edit(variable: "v\($0.variable.index)", priority: $0.priority) }
        if !recorded.edits.isEmpty { steps.append(.suggest(recorded.edits.map { .init("v\($0.variable.index)", $0.value) })) }
        for (id, c) in recorded.heldConstraints {
            let symbolic = SymbolicConstraint(
                terms: c.expression.terms.map { ("v\($0.variable.index)", $0.coefficient) }, constant: c.expression.constant,
                relation: c.relation, priority: c.priority)
            steps.append(.add(symbolic, id: "c\(id.rawValue)"))
        }
        steps.append(.check(label: "layout"))
        return SystemFile(name: unit.loaded.tree.name, steps: steps)
    }
}

/// A stand-in solver that accepts every step of `systemFile()` and answers with the values and
/// objective the recorded solver reached, so `OracleCheck` judges that answer. Variables are
/// numbered by first use in the file, exactly as `SystemRun` numbers them.
struct FrozenSolver: ConstraintSolver {
    let strategy: String
    /// Value per file variable number.
    let values: [Double]
    let levels: [LevelError]
    var held: [ConstraintID] = []

    init<T: ConstraintSolver>(snapshotOf recorded: RecordingSolver<T>, strategy: String) {
        var order: [Variable] = []
        var seen = Set<Int32>()
        func use(_ v: Variable) { if seen.insert(v.index).inserted { order.append(v) } }
        for e in recorded.edits { use(e.variable) }
        for (_, c) in recorded.heldConstraints { for t in c.expression.terms { use(t.variable) } }
        values = order.map { recorded.value(of: $0) }
        levels = recorded.objective()
        self.strategy = strategy
    }

    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) { held.append(id) }
    mutating func remove(_ id: ConstraintID) throws(SolverError) { held.removeAll { $0 == id } }
    func contains(_ id: ConstraintID) -> Bool { held.contains(id) }
    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {}
    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {}
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {}
    func value(of variable: Variable) -> Double {
        let k = Int(variable.index)
        return k >= 0 && k < values.count ? values[k] : 0
    }
    func objective() -> [LevelError] { levels }
    var counters: SolverCounters { SolverCounters() }
    func checkInvariants() throws(SolverError) {}
}
