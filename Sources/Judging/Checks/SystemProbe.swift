import LinearConstraints
import Peers

/// One run of a system file's steps on one solver with the state checks that need to look
/// between steps: the required constraints present hold after every step, a rejected step
/// changes no value and no level of the objective, a copy of the solver taken before a step does
/// not change with it (built-in solvers are values), no step ends in an error outcome, the
/// solver's own invariant checks pass, and an outside solver's adapter stays alive.
///
/// Cost per step: O(variables + levels) for the snapshot around a state-changing step, plus
/// O(required constraints present × their terms) for the residual check.
struct SystemProbe<S: ConstraintSolver> {
    var run: SystemRun<S>
    let strategy: String
    /// The required constraints present now, in the order they were added.
    var required: [(id: String, constraint: Constraint)] = []
    /// What the checks found, each at the step that showed it (`SystemRootCause` orders by it).
    var findings: [StepFinding] = []
    /// Every constraint present now (any priority), in the order added, and the values suggested
    /// to edit variables: what `precision` is estimated over.
    var present: [(id: String, constraint: Constraint)] = []
    var suggested: [String: Double] = [:]
    /// The worst precision estimate (`PrecisionEstimate`) of the answers at the check steps and at
    /// the steps where a check failed: whether doubles hold what was judged.
    var precision: PrecisionEstimate?

    init(run: SystemRun<S>, strategy: String) {
        self.run = run
        self.strategy = strategy
    }

    /// Set when an outside solver's adapter died, hung or answered nonsense: the one finding of
    /// this run (everything after it is a consequence), named by the failure's stable text alone
    /// (`ExternalFailure.stableText`: no numbers, paths or quoted names; the step is in the
    /// detail), so one abort reached through different steps is one signature.
    var adapterDied: FuzzFinding?
    /// Steps between two runs of the solver's deep checks (O(tableau) each: after every step on
    /// a small file, every 25th step and the last on a long one, which otherwise spends seconds
    /// on them).
    var solverCheckEvery = 1

    /// Performs every step, judging the state after each; returns the records (up to an adapter's
    /// death).
    mutating func run(_ steps: [SystemStep]) -> [StepRecord] {
        var records: [StepRecord] = []
        solverCheckEvery = steps.count <= 200 ? 1 : 25
        for (k, step) in steps.enumerated() {
            let changes: Bool
            if case .check = step { changes = false } else { changes = true }
            let before = changes ? state() : nil
            // A copy taken before the step must not see it (the solvers are values).
            let copy = changes && !(run.solver is ExternalSolver) ? run.solver : nil
            let outcome = run.perform(step)
            records.append(StepRecord(index: k, kind: step.kind, outcome: outcome))
            let noted = findings.count
            if let failure = (run.solver as? ExternalSolver)?.failure {
                adapterDied = FuzzFinding(kind: "adapter-died", strategy: strategy, place: failure.stableText, detail: "step \(k) (\(step.kind)): \(failure.headline)")
                return records
            }
            track(step, outcome)
            if case .error(let message) = outcome { note("error-outcome", k, "step \(k): \(message)") }
            if let before, outcome != .ok { compare(before, state(), step, k, outcome) }
            if let before, let copy, !Self.same(state(of: copy, variables: before.values.count), before) {
                note("copy-independent", k, "step \(k) (\(outcome.name)) also changed a copy of the solver taken before it")
            }
            checkRequired(step, k)
            if k % solverCheckEvery == 0 || k == steps.count - 1 { checkSolver(step, k) }
            // After every step of a small file (the oracle judges those steps too), at checks and
            // failures on a long one.
            if !changes || findings.count > noted || steps.count <= 200 { estimatePrecision() }
        }
        return records
    }

    /// Folds the estimate of the current answer into `precision`. O(terms present).
    mutating func estimatePrecision() {
        let solver = run.solver
        let estimate = PrecisionEstimate(constraints: present.map(\.constraint), value: { solver.value(of: $0) }, extraMagnitudes: Array(suggested.values))
        precision = estimate.worse(precision)
    }

    /// Keeps `required`, `present` and `suggested` in step with what the solver accepted.
    mutating func track(_ step: SystemStep, _ outcome: StepOutcome) {
        guard outcome == .ok else { return }
        switch step {
        case .add(let c, let id):
            let constraint = run.lastAdd?.constraint ?? c.resolved { run.variable($0) }
            present.append((id, constraint))
            if c.priority.isRequired { required.append((id, constraint)) }
        case .remove(let id):
            required.removeAll { $0.id == id }
            present.removeAll { $0.id == id }
        case .suggest(let list):
            for s in list { suggested[s.variable] = s.value }
        case .removeEdit(let v):
            suggested[v] = nil
        default: break
        }
    }

    /// Values of every variable known now, and the objective.
    func state() -> (values: [Double], objective: [LevelError]) { state(of: run.solver, variables: run.variableNames.count) }

    /// Whether two states are bit for bit the same (a NaN equals itself).
    static func same(_ a: (values: [Double], objective: [LevelError]), _ b: (values: [Double], objective: [LevelError])) -> Bool {
        a.values.map(\.bitPattern) == b.values.map(\.bitPattern) && a.objective == b.objective
    }

    /// Values of the first `variables` variables, and the objective, read from `solver`.
    func state(of solver: S, variables: Int) -> (values: [Double], objective: [LevelError]) {
        ((0..<variables).map { solver.value(of: Variable(Int32($0))) }, solver.objective())
    }

    mutating func compare(_ a: (values: [Double], objective: [LevelError]), _ b: (values: [Double], objective: [LevelError]),
                          _ step: SystemStep, _ k: Int, _ outcome: StepOutcome) {
        if let i = a.values.indices.first(where: { a.values[$0] != b.values[$0] }) {
            note("rejected-changes-state", k, "step \(k) was rejected (\(outcome.name)) but \(run.variableNames[i]) moved from \(a.values[i]) to \(b.values[i])")
        } else if a.objective != b.objective {
            note("rejected-changes-state", k, "step \(k) was rejected (\(outcome.name)) but the objective changed from \(a.objective.map(\.error)) to \(b.objective.map(\.error))")
        }
    }

    /// The solver's own deep checks (Cassowary: the tableau's consistency, O(tableau)); outside
    /// solvers are left out (their check repeats `checkRequired`, and a dead one is `adapterDied`).
    mutating func checkSolver(_ step: SystemStep, _ k: Int) {
        guard !(run.solver is ExternalSolver) else { return }
        do { try run.solver.checkInvariants() } catch {
            note("solver-invariants", k, "after step \(k): \(error)")
        }
    }

    /// Every required constraint present holds within 1e-6 of its magnitude at the current values.
    mutating func checkRequired(_ step: SystemStep, _ k: Int) {
        if let (id, violation) = firstViolated() {
            note(Invariant.requiredSatisfied.rawValue, k, "after step \(k): required \(id) is violated by \(violation)")
        }
    }

    /// The first required constraint present that does not hold, with its violation.
    func firstViolated() -> (String, Double)? { violated(all: false).first }

    /// Every required constraint present that does not hold (within 1e-6 of its magnitude), with
    /// its violation, in the order they were added.
    func violated(all: Bool = true) -> [(String, Double)] {
        let solver = run.solver
        let value = { (v: Variable) in solver.value(of: v) }
        var out: [(String, Double)] = []
        for (id, c) in required {
            let scale = abs(c.expression.constant) + c.expression.terms.reduce(0) { $0 + abs($1.coefficient * value($1.variable)) }
            let violation = c.violation(value)
            if !(violation <= 1e-6 * max(1, scale)) {
                out.append((id, violation))
                if !all { break }
            }
        }
        return out
    }

    mutating func note(_ kind: String, _ k: Int, _ detail: String) {
        findings.append(StepFinding(step: k, kind: kind, detail: detail))
    }
}
