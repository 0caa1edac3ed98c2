import ExactSolver
import LinearConstraints
import Peers
import Subjects

/// The checks of a system file (docs/system-format.md) under each strategy:
/// - `required-satisfied`: every required constraint present holds after every step;
/// - `rejected-changes-state`: a rejected step leaves every value and the objective exactly as
///   before, and the steps after it behave as if it had never been sent (`SystemRootCause`);
/// - `error-outcome`: no step ends in an error outcome (`unbounded`, an internal error);
/// - `solver-invariants`: the solver's own deep checks pass after every step;
/// - `adapter-died`: an outside solver's adapter stays alive (when it dies, that is the only
///   finding of the strategy on this file: everything after is a consequence);
/// - the exact oracle (`OracleCheck`) where the file has at most `oracleStepLimit` steps:
///   `oracle-outcome`, `optimal`, `conflict-real`, `conflict-minimal`, `conflict-members`
///   (weighted strategies: outcomes and conflicts only; a peer without conflict sets: no
///   conflict checks);
/// - `nondeterministic`: a second run on a fresh solver records the same outcomes, values within
///   the strategy's own rounding (`PeerProfile.tolerance`; exactly for Strut's strategies),
///   unless its profile does not promise determinism;
/// - `strategies-agree`: the same accept/reject as the first strategy at every step, and for two
///   lexicographic strategies the same objective at every check.
/// Each strategy gives at most one finding per file and family (state, nondeterminism), named
/// by its root cause (`SystemRootCause`): several checks failing on one file are one finding.
/// A file whose answers doubles cannot hold (`PrecisionEstimate`) gives the precision class
/// for a check that judges values (`PrecisionClass`: `precision-limit|STRATEGY|extreme`, as
/// for layouts).
extension FuzzCheck {
    func checkSystem(_ file: SystemFile, heartbeat: (String) -> Void) -> [FuzzFinding] {
        var out: [FuzzFinding] = []
        var reference: [StepRecord] = []
        var referenceFailed = false
        var steps = file.steps
        if case .check? = steps.last {} else { steps.append(.check(label: "end")) }
        for (i, given) in strategies.enumerated() {
            let name = label(given.name)
            heartbeat(name)
            // Every solver made below (the oracle's run, the second plain run, the root cause's
            // replays) reports an outside solver's death: what it then answered is not the solver's.
            let watch = ExternalFailureWatch()
            let strategy = given.watched(by: watch)
            func deadInASecondRun() -> FuzzFinding? {
                watch.first.map { FuzzFinding(kind: "adapter-died", strategy: name, place: $0.stableText, detail: "in a second run for a check: \($0.headline)") }
            }
            let judged = judgeState(strategy, file, steps)
            if let died = judged.died {
                out.append(FuzzFinding(signature: FuzzSignature(kind: died.signature.kind, strategy: name, place: died.signature.place),
                                       detail: died.detail))
                if i == 0 { referenceFailed = true }
                continue
            }
            var found = judged.findings
            if profile(strategy.name)?.deterministic ?? true {
                // Reading values between steps triggers Cassowary's lazy optimisation, which changes the
                // pivots and so the rounding: determinism compares two runs observed alike (plain runs,
                // the oracle's being one), never the probed run.
                let plain = Self.records(strategy.make(), steps)
                let second = judged.oracleRecords ?? Self.records(strategy.make(), steps)
                if let f = Nondeterminism.first(plain, second, steps, tolerance: profile(strategy.name)?.tolerance ?? 0) { found.append(f) }
            }
            if i == 0 { reference = judged.records } else if !referenceFailed {
                let lexicographic = !isWeighted(strategy.name) && !isWeighted(strategies[0].name)
                found += Self.differences(judged.records, reference, strategy.name, strategies[0].name, compareObjectives: lexicographic)
            }
            let cause = SystemRootCause(steps: steps, records: judged.records, precision: judged.precision) { reduced in
                let again = judgeState(strategy, SystemFile(name: file.name, description: file.description, steps: reduced), reduced)
                // A missing conflict set is a cause of its own, judged apart (`MissingConflictSet`).
                return again.died == nil && again.findings.allSatisfy { MissingConflictSet.shows($0, again.records) }
            }
            let roots = cause.roots(found)
            if let died = deadInASecondRun() {
                out.append(died)
                if i == 0 { referenceFailed = true }
                continue
            }
            for root in roots {
                out.append(FuzzFinding(kind: root.kind, strategy: name, place: root.place, detail: root.detail))
                if i == 0 { referenceFailed = true }
            }
        }
        return out
    }

    /// What one strategy's state checks gave on `steps` (the file's, with the implied final
    /// check): the probed run, the oracle's judgements where the file is small enough, and the
    /// solver records of the oracle's run (a second, plain run, for determinism).
    struct StateJudgement {
        var records: [StepRecord]
        var findings: [StepFinding]
        var died: FuzzFinding?
        var oracleRecords: [StepRecord]?
        /// Whether doubles hold the strategy's answers (`SystemProbe.precision`).
        var precision: PrecisionEstimate?
    }

    func judgeState(_ strategy: BenchStrategy, _ file: SystemFile, _ steps: [SystemStep]) -> StateJudgement {
        let (records, found, died, precision) = Self.probe(strategy.make(), strategy.name, steps)
        guard died == nil else { return StateJudgement(records: records, findings: [], died: died, oracleRecords: nil) }
        guard file.steps.count <= oracleStepLimit else { return StateJudgement(records: records, findings: found, died: nil, oracleRecords: nil, precision: precision) }
        let report = Self.oracleReport(file, strategy.make())
        return StateJudgement(records: records, findings: found + oracleFindings(report, strategy.name), died: nil, oracleRecords: report.solverRecords,
                              precision: precision)
    }

    /// The exact oracle's disagreements as step findings (weighted: no optimality; a peer that
    /// promises no conflict sets: no conflict checks).
    func oracleFindings(_ report: OracleReport, _ strategy: String) -> [StepFinding] {
        let weighted = isWeighted(strategy), conflicts = profile(strategy)?.conflictSets ?? true
        return report.disagreements.compactMap { d in
            let kind: String
            switch d.kind {
            case .outcome: kind = "oracle-outcome"
            case .requiredResidual: kind = Invariant.requiredSatisfied.rawValue
            case .objective, .value:
                if weighted { return nil }
                kind = Invariant.optimal.rawValue
            case .conflictNotInfeasible, .conflictNotMinimal, .conflictMembers:
                if !conflicts { return nil }
                kind = d.kind == .conflictNotInfeasible ? Invariant.conflictReal.rawValue
                    : d.kind == .conflictNotMinimal ? Invariant.conflictMinimal.rawValue : "conflict-members"
            }
            return StepFinding(step: d.step, kind: kind, detail: "exact oracle: \(d)")
        }
    }

    /// One probed run of `steps` on `solver` (records, state findings, an adapter's death, and
    /// the worst precision estimate of its answers).
    static func probe<S: ConstraintSolver>(_ solver: S, _ name: String, _ steps: [SystemStep])
        -> ([StepRecord], [StepFinding], FuzzFinding?, PrecisionEstimate?) {
        var p = SystemProbe(run: SystemRun(solver: solver), strategy: name)
        let records = p.run(steps)
        return (records, p.findings, p.adapterDied, p.precision)
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
        _ records: [StepRecord], _ reference: [StepRecord], _ name: String, _ referenceName: String, compareObjectives: Bool
    ) -> [StepFinding] {
        let kind = Invariant.strategiesAgree.rawValue
        for (k, (a, b)) in zip(records, reference).enumerated() {
            if a.outcome.name != b.outcome.name {
                return [StepFinding(step: k, kind: kind, detail: "step \(k): \(a.outcome.name) under \(name), \(b.outcome.name) under \(referenceName)")]
            }
            guard compareObjectives, case .check(_, let va, let oa) = a.outcome, case .check(_, let vb, let ob) = b.outcome else { continue }
            let scale = max(1, (va + vb).map { abs($0.value) }.max() ?? 0)
            let priorities = Array(Set(oa.map(\.priority) + ob.map(\.priority))).sorted { $0 > $1 }
            for p in priorities {
                let x = oa.first { $0.priority == p }?.error ?? 0, y = ob.first { $0.priority == p }?.error ?? 0
                if !(abs(x - y) <= 1e-6 * max(scale, abs(x), abs(y))) {
                    return [StepFinding(step: k, kind: kind, detail: "step \(k): objective at priority \(p) is \(x) under \(name), \(y) under \(referenceName)")]
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
