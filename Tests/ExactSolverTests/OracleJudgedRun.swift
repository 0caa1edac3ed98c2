@testable import Cassowary
import ExactSolver
import LinearConstraints
import Testing

/// Runs `file` under `strategy` (`cassowary`, switching early; `cassowary-explicit`, `cassowary-factored`,
/// `cassowary-revised` or `cassowary-rebuild`) with the
/// engine's deep checks on, beside the exact oracle, and records an issue for any disagreement or
/// refusal (or for a strategy it has no solver for).
func expectOracleAgrees(_ file: SystemFile, strategy: String, sourceLocation: SourceLocation = #_sourceLocation) {
    func judged<S: ConstraintSolver>(_ solver: S) -> OracleReport {
        var check = OracleCheck(solver: solver)
        return check.run(file)
    }
    let report: OracleReport
    switch strategy {
    case "cassowary-explicit", "cassowary-factored":
        var solver = CassowarySolver(factored: strategy == "cassowary-factored")
        solver.debugChecks = true
        report = judged(solver)
    case "cassowary":
        // The default engine with a work limit small enough that it hands over to the revised
        // engine early in most sequences, at every kind of point (after an add, during a read's
        // optimisation, before a suggestion).
        var solver = AdaptiveSolver(workLimit: (slack: 0, perStep: 1))
        solver.debugChecks = true
        report = judged(solver)
    case "cassowary-revised":
        var solver = RevisedSolver()
        solver.debugChecks = true
        report = judged(solver)
    case "cassowary-rebuild":
        var solver = RebuildingCassowarySolver()
        solver.debugChecks = true
        report = judged(solver)
    default:
        Issue.record("no solver for strategy \(strategy)", sourceLocation: sourceLocation)
        return
    }
    #expect(report.disagreements.isEmpty && report.oracleRefused == nil, "\(report.disagreements)\n\(file.jsonText())", sourceLocation: sourceLocation)
}
