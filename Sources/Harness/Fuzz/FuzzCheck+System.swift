import ExactSolver
import LinearConstraints

/// The checks of a system file (docs/system-format.md) under each strategy:
/// - `required-satisfied`: every required constraint present holds after every step;
/// - `rejected-changes-state`: a rejected step leaves every value and the objective exactly as before;
/// - `error-outcome`: no step ends in an error outcome (`unbounded`, an internal error);
/// - `solver-invariants`: the solver's own deep checks pass after every step;
/// - `adapter-died`: an outside solver's adapter stays alive (when it dies, that is the only
///   finding of the strategy on this file: everything after is a consequence);
/// - the exact oracle (`OracleCheck`) where the file has at most `oracleStepLimit` steps:
///   `oracle-outcome`, `optimal`, `conflict-real`, `conflict-minimal`, `conflict-members`
///   (weighted strategies: outcomes and conflicts only);
/// - `deterministic`: a second run on a fresh solver records exactly the same outcomes;
/// - `strategies-agree`: the same accept/reject as the first strategy at every step, and for two
///   lexicographic strategies the same objective at every check.
/// Every finding's place is the kind of the step where it showed.
extension FuzzCheck {
    func checkSystem(_ file: SystemFile, heartbeat: (String) -> Void) -> [FuzzFinding] {
        var out: [FuzzFinding] = []
        var reference: [StepRecord] = []
        var steps = file.steps
        if case .check? = steps.last {} else { steps.append(.check(label: "end")) }
        for (i, strategy) in strategies.enumerated() {
            heartbeat(strategy.name)
            let weighted = Self.usesWeights(strategy.name)
            let (records, found, died) = Self.probe(strategy.make(), strategy.name, steps)
            if let died {
                out.append(died)
                continue
            }
            out += found
            // Reading values between steps triggers Cassowary's lazy optimisation, which changes the
            // pivots and so the rounding: determinism compares two runs observed alike (plain runs,
            // the oracle's being one), never the probed run.
            let plain = Self.records(strategy.make(), steps)
            let second: [StepRecord]
            if file.steps.count <= oracleStepLimit {
                let report = Self.oracleReport(file, strategy.make())
                out += oracleFindings(report, file, strategy.name, weighted: weighted)
                second = report.solverRecords
            } else {
                second = Self.records(strategy.make(), steps)
            }
            if let k = (0..<min(plain.count, second.count)).first(where: { plain[$0].outcome != second[$0].outcome }) {
                out.append(FuzzFinding(kind: Invariant.deterministic.rawValue, strategy: strategy.name, place: steps[k].kind,
                                       detail: "step \(k): a second run on a fresh solver recorded another outcome or other values"))
            }
            if i == 0 { reference = records } else {
                out += Self.differences(records, reference, steps, strategy.name, strategies[0].name,
                                        compareObjectives: !weighted && !Self.usesWeights(strategies[0].name))
            }
        }
        return out
    }

    /// The exact oracle's disagreements as findings (weighted: outcome and conflict kinds only).
    func oracleFindings(_ report: OracleReport, _ file: SystemFile, _ strategy: String, weighted: Bool) -> [FuzzFinding] {
        report.disagreements.compactMap { d in
            let kind: String
            switch d.kind {
            case .outcome: kind = "oracle-outcome"
            case .requiredResidual: kind = Invariant.requiredSatisfied.rawValue
            case .objective, .value:
                if weighted { return nil }
                kind = Invariant.optimal.rawValue
            case .conflictNotInfeasible: kind = Invariant.conflictReal.rawValue
            case .conflictNotMinimal: kind = Invariant.conflictMinimal.rawValue
            case .conflictMembers: kind = "conflict-members"
            }
            let place = d.step < file.steps.count ? file.steps[d.step].kind : "check"
            return FuzzFinding(kind: kind, strategy: strategy, place: place, detail: "exact oracle: \(d)")
        }
    }

    /// One probed run of `steps` on `solver` (records and state findings).
    static func probe<S: ConstraintSolver>(_ solver: S, _ name: String, _ steps: [SystemStep]) -> ([StepRecord], [FuzzFinding], FuzzFinding?) {
        var p = SystemProbe(run: SystemRun(solver: solver), strategy: name)
        let records = p.run(steps)
        return (records, p.findings, p.adapterDied)
    }

    /// One plain run of `steps` on `solver`.
    static func records<S: ConstraintSolver>(_ solver: S, _ steps: [SystemStep]) -> [StepRecord] {
        var run = SystemRun(solver: solver)
        return run.replaying(steps)
    }

    static func oracleReport<S: ConstraintSolver>(_ file: SystemFile, _ solver: S) -> OracleReport {
        var check = OracleCheck(solver: solver)
        return check.run(file)
    }

    /// The first step where `records` and the reference's part ways: a different outcome, or (both
    /// lexicographic) a different objective at a check, beyond 1e-6 of the magnitudes in play.
    static func differences(
        _ records: [StepRecord], _ reference: [StepRecord], _ steps: [SystemStep], _ name: String, _ referenceName: String,
        compareObjectives: Bool
    ) -> [FuzzFinding] {
        for (k, (a, b)) in zip(records, reference).enumerated() {
            if a.outcome.name != b.outcome.name {
                return [FuzzFinding(kind: Invariant.strategiesAgree.rawValue, strategy: name, place: steps[k].kind,
                                    detail: "step \(k): \(a.outcome.name) under \(name), \(b.outcome.name) under \(referenceName)")]
            }
            guard compareObjectives, case .check(_, let va, let oa) = a.outcome, case .check(_, let vb, let ob) = b.outcome else { continue }
            let scale = max(1, (va + vb).map { abs($0.value) }.max() ?? 0)
            let priorities = Array(Set(oa.map(\.priority) + ob.map(\.priority))).sorted { $0 > $1 }
            for p in priorities {
                let x = oa.first { $0.priority == p }?.error ?? 0, y = ob.first { $0.priority == p }?.error ?? 0
                if !(abs(x - y) <= 1e-6 * max(scale, abs(x), abs(y))) {
                    return [FuzzFinding(kind: Invariant.strategiesAgree.rawValue, strategy: name, place: steps[k].kind,
                                        detail: "step \(k): objective at priority \(p) is \(x) under \(name), \(y) under \(referenceName)")]
                }
            }
        }
        return []
    }
}

extension SystemRun {
    /// Performs `steps` (the implied final check already appended) and records each.
    mutating func replaying(_ steps: [SystemStep]) -> [StepRecord] {
        steps.enumerated().map { StepRecord(index: $0.offset, kind: $0.element.kind, outcome: perform($0.element)) }
    }
}
