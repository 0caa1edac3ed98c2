import LinearConstraints

/// One way a solver under test disagreed with the exact oracle, at one step of a system file.
public struct Disagreement: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The two solvers recorded different outcomes (one rejected a step the other accepted).
        case outcome
        /// A required constraint is violated beyond tolerance at the reported values.
        case requiredResidual
        /// A level's reported error differs from the exact optimum beyond tolerance (or a level
        /// is missing or extra).
        case objective
        /// A reported value lies outside the variable's range over the optimal set (for a
        /// determined variable: differs from its only optimal value).
        case value
        /// A reported conflict set is satisfiable.
        case conflictNotInfeasible
        /// A reported conflict set has members it does not need.
        case conflictNotMinimal
        /// A reported conflict set names a non-required constraint, an unknown id, or leaves out
        /// the rejected constraint.
        case conflictMembers
    }

    /// Index of the step in the file (`steps.count` for the implied final check).
    public var step: Int
    public var kind: Kind
    /// What it is about: a constraint id, a variable name, a priority, or the outcome names.
    public var subject: String
    /// The solver's number, when there is one.
    public var reported: Double?
    /// The oracle's exact answer, as text (a rational, a range, an outcome).
    public var expected: String
    /// The allowance the comparison used (0 for exact checks).
    public var tolerance: Double

    public var description: String {
        let got = reported.map { " reported \($0)," } ?? ""
        return "step \(step): \(kind.rawValue) \(subject):\(got) exact \(expected) (tolerance \(tolerance))"
    }
}

/// The result of running a system file through a solver and the oracle side by side.
public struct OracleReport: Sendable {
    public var disagreements: [Disagreement]
    /// The step at which the oracle refused to continue (its size guard), with its message; no
    /// step from there on is judged.
    public var oracleRefused: (step: Int, message: String)?
    /// The step at which the two solvers' states parted without either being wrong, with the
    /// conflict in question: the oracle rejected an add whose conflict holds within tolerance
    /// (infeasible only exactly, e.g. `x == -6` with `0.3333333333333333*x <= -2`) and the solver
    /// accepted it, or the solver rejected an add whose conflict is satisfiable only at magnitudes
    /// beyond the judging box (e.g. `0.6666666666666666*x + y <= -0.5` with `2*x + 3*y >= 0`, near
    /// x = 5e15). No step from there on is judged; this is not a disagreement.
    public var diverged: (step: Int, conflict: [String])?
    /// Both solvers' records, step by step (up to the refusal or divergence).
    public var solverRecords: [StepRecord]
    public var oracleRecords: [StepRecord]

    /// True when nothing was found and the oracle's size guard did not stop the comparison
    /// (a divergence within tolerance is not a disagreement).
    public var agrees: Bool { disagreements.isEmpty && oracleRefused == nil }
}

/// Runs a `SystemFile` step by step through a solver under test and through `ExactSolver`, and
/// reports every disagreement (docs/architecture.md "Semantics" is the contract):
/// - different outcomes for the same step;
/// - at every check (and the implied final one): a required residual, a level's error, or a value
///   of a variable outside its optimal range, beyond `tolerance` relative to the magnitudes involved;
/// - for every conflict the solver reports: members that are unknown, not required or missing the
///   rejected constraint, a set the oracle finds satisfiable, or members it does not need.
/// A value of a variable the oracle finds undetermined is not a disagreement as long as it lies in
/// the optimal range. Cost: a full exact solve per step, two LPs per variable per check, and one
/// phase 1 per member of each reported conflict.
public struct OracleCheck<Solver: ConstraintSolver> {
    public var tolerance: Double
    var test: SystemRun<Solver>
    var oracle: SystemRun<ExactSolver>
    /// Constraints in the oracle now, by file id.
    var active: [String: Constraint] = [:]

    public init(solver: Solver, oracle: ExactSolver = ExactSolver(), tolerance: Double = 1e-6) {
        self.tolerance = tolerance
        test = SystemRun(solver: solver)
        self.oracle = SystemRun(solver: oracle)
    }

    /// Runs every step of `file` (plus the implied final check) through both solvers.
    public mutating func run(_ file: SystemFile) -> OracleReport {
        var report = OracleReport(disagreements: [], oracleRefused: nil, diverged: nil, solverRecords: [], oracleRecords: [])
        var steps = file.steps
        if case .check? = steps.last {} else { steps.append(.check(label: "end")) }
        for (i, step) in steps.enumerated() {
            let got = test.perform(step)
            let exact = oracle.perform(step)
            report.solverRecords.append(StepRecord(index: i, kind: step.kind, outcome: got))
            report.oracleRecords.append(StepRecord(index: i, kind: step.kind, outcome: exact))
            if case .error(let message) = exact {
                report.oracleRefused = (i, message)
                break
            }
            if case .add(let c, let id) = step, divergesWithinTolerance(got, exact, rejected: (id, c.resolved { oracle.variable($0) })) {
                if case .unsatisfiable(let members) = exact { report.diverged = (i, members) }
                if case .unsatisfiable(let members) = got { report.diverged = (i, members) }
                break
            }
            report.disagreements += judge(step, index: i, got: got, exact: exact)
            track(step, exact: exact)
        }
        return report
    }

    /// Keeps `active` in step with the oracle's constraint set.
    private mutating func track(_ step: SystemStep, exact: StepOutcome) {
        guard exact == .ok else { return }
        switch step {
        case .add(let c, let id): active[id] = c.resolved { oracle.variable($0) }
        case .remove(let id): active[id] = nil
        default: break
        }
    }

    private mutating func judge(_ step: SystemStep, index: Int, got: StepOutcome, exact: StepOutcome) -> [Disagreement] {
        var found: [Disagreement] = []
        if got.name != exact.name {
            found.append(Disagreement(step: index, kind: .outcome, subject: step.kind, reported: nil,
                                      expected: "\(exact.name), solver recorded \(got.name)", tolerance: 0))
        }
        if case .unsatisfiable(let members) = got, case .add(let c, let id) = step {
            let rejected = c.resolved { oracle.variable($0) }
            found += judgeConflict(members, rejected: (id, rejected), index: index)
        }
        if case .check(_, let values, let levels) = got, case .check = exact {
            found += judgeCheck(values: values.map(\.value), names: values.map(\.name), levels: levels, index: index)
        }
        return found
    }
}
