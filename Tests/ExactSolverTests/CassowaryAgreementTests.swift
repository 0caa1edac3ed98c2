import Cassowary
import ExactSolver
import LinearConstraints
import PropertyBased
import Testing

/// The lead's engine judged by the oracle on random operation sequences: after every step the
/// outcome, every level of the objective, the required residuals and every determined value
/// agree, and every conflict Cassowary reports is infeasible and minimal.
@Suite struct CassowaryAgreementTests {
    /// cassowary-explicit, the default (handing over to the revised engine early, at every kind of
    /// point), and cassowary-revised on the same kind of sequences, each with its deep checks
    /// after every operation. For cassowary-revised they hold suggestions that carry a soft
    /// equality's basic error (an edit's among them) below 0, where exchanging it for its partner
    /// is optimal and where it is not (then the dual simplex pivots): `Revised+DualExchange.swift`.
    @Test(arguments: [("cassowary-explicit", 1000), ("cassowary", 600), ("cassowary-revised", 600)])
    func theEngineAndExactAgreeAfterEveryStep(strategy: String, count: Int) async {
        await propertyCheck(count: count, input: Gen.int(in: 1...3), RandomSystems.encodedOperations(maxSteps: 12)) { n, codes in
            expectOracleAgrees(RandomSystems.file(codes, variables: n), strategy: strategy)
        }
    }

    @Test func everyConflictCassowaryReportsIsMinimalUnderTheOracle() async {
        // Only required constraints, so that conflicts are frequent.
        await propertyCheck(count: 600, input: Gen.int(in: 1...3), RandomSystems.encodedOperations(maxSteps: 10)) { n, codes in
            let forced = codes.map { code in code.enumerated().map { $0.offset == 6 ? -4 : ($0.offset == 8 ? -4 : $0.element) } }
            let file = RandomSystems.file(forced, variables: n)
            var check = OracleCheck(solver: CassowarySolver())
            let report = check.run(file)
            let conflicts = report.solverRecords.filter { $0.outcome.name == "unsatisfiable" }.count
            #expect(report.disagreements.isEmpty && report.oracleRefused == nil, "\(conflicts) conflicts: \(report.disagreements)\n\(file.jsonText())")
        }
    }

    @Test func theWeightedEngineDisagreesOnlyWhereWeightsInvertPriorities() throws {
        // One unit at 750 against 2000 units at 250: weights 10^4.5 and 10^1.5 invert the order.
        let file = SystemFile(name: "inversion", steps: [
            .add(try SymbolicConstraint.parse("x == 1 @750"), id: "high"),
            .add(try SymbolicConstraint.parse("2000*x == 0 @250"), id: "low"),
            .check(label: "end"),
        ])
        var weighted = OracleCheck(solver: CassowarySolver(weighted: true))
        let report = weighted.run(file)
        #expect(report.disagreements.contains { $0.kind == .objective && $0.subject == "priority 750" })
        // Below the inversion point (999 units) the weights keep the order and nothing is reported.
        let mild = SystemFile(name: "no-inversion", steps: [
            .add(try SymbolicConstraint.parse("x == 1 @750"), id: "high"),
            .add(try SymbolicConstraint.parse("999*x == 0 @250"), id: "low"),
        ])
        var again = OracleCheck(solver: CassowarySolver(weighted: true))
        #expect(again.run(mild).agrees)
    }
}
