@testable import Cassowary
import ExactSolver
import LinearConstraints
import Testing

/// Runs `file` under `strategy` (`cassowary` or `cassowary-factored`) with the engine's deep
/// checks on, beside the exact oracle, and records an issue for any disagreement or refusal.
func expectOracleAgrees(_ file: SystemFile, strategy: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var solver = CassowarySolver(factored: strategy == "cassowary-factored")
    solver.debugChecks = true
    var check = OracleCheck(solver: solver)
    let report = check.run(file)
    #expect(report.disagreements.isEmpty && report.oracleRefused == nil, "\(report.disagreements)\n\(file.jsonText())", sourceLocation: sourceLocation)
}
