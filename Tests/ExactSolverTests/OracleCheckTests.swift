import Cassowary
import ExactSolver
import LinearConstraints
import Testing

@Suite struct OracleCheckTests {
    /// docs/system-format.md's example, plus an under-determined pair.
    static let example = """
        { "strut-system": 1, "name": "rollback-after-conflict", "steps": [
          { "add": "x >= 10", "id": "floor" },
          { "add": "x == 20 @1", "id": "pref" },
          { "add": "x <= 5", "id": "bad" },
          { "check": "after rejected add" },
          { "edit": "y", "priority": 999 },
          { "suggest": { "y": 42 } },
          { "add": "p + q == y", "id": "pair" },
          { "add": "p >= 0", "id": "p0" },
          { "add": "q >= 0", "id": "q0" },
          { "remove": "pref" },
          { "check": "with edit" },
          { "removeEdit": "y" },
          { "check": "end" } ] }
        """

    static func file(_ text: String = example) throws -> SystemFile { try SystemFile(jsonText: text) }

    static func kinds(_ report: OracleReport) -> [Disagreement.Kind] { report.disagreements.map(\.kind) }

    @Test func theOracleAgreesWithItself() throws {
        var check = OracleCheck(solver: ExactSolver())
        let report = check.run(try Self.file())
        #expect(report.agrees, "\(report.disagreements)")
        #expect(report.solverRecords.count == 13)
        #expect(report.solverRecords[2].outcome == .unsatisfiable(conflict: ["floor", "bad"]))
    }

    @Test func cassowaryAgreesOnTheSpecExample() throws {
        var check = OracleCheck(solver: CassowarySolver())
        let report = check.run(try Self.file())
        #expect(report.agrees, "\(report.disagreements)")
    }

    @Test func aShiftedValueIsReportedThroughTheErrorItAdds() throws {
        var check = OracleCheck(solver: FaultySolver(fault: .shiftValue(Variable(0), 0.5)))
        let report = check.run(try Self.file())
        // x is determined (20) at the first check: 20.5 costs 0.5 at priority 1, which the solver
        // neither reports nor may pay. Later x is anywhere in [10, +inf) and 0.5 off is fine.
        #expect(Self.kinds(report) == [.objective, .objective])
        #expect(report.disagreements.allSatisfy { $0.step == 3 && $0.subject == "priority 1" })
        #expect(report.disagreements.map(\.reported) == [0, 0.5])
        #expect(report.disagreements.last?.expected == "at most 0 given the levels above (exact optimum 0)")
    }

    @Test func aValueOffItsOnlyOptimalValueIsReported() throws {
        // y = 0 is pinned by a required row whose terms are about 1e6: 1e-3 off is within the
        // residual's tolerance (relative to 1e6) but not within the value's (relative to 1).
        let text = """
            { "strut-system": 1, "name": "pinned", "steps": [
              { "add": "w == 0.5", "id": "half" },
              { "add": "y + 1000000*w == 500000", "id": "pin" } ] }
            """
        var check = OracleCheck(solver: FaultySolver(fault: .shiftValue(Variable(1), 1e-3)))
        let report = check.run(try Self.file(text))
        #expect(Self.kinds(report) == [.value])
        #expect(report.disagreements.first?.expected == "0")
    }

    @Test func aValueInsideTheOptimalRangeOfAnUndeterminedVariableIsNoDisagreement() throws {
        // At the "with edit" check p is in [0, 42]; the oracle picks an end of the range, and
        // ±1 away from it stays inside, but p + q == y then fails by 1.
        let oracle = ExactSolver()
        var probe = OracleCheck(solver: oracle)
        let records = probe.run(try Self.file()).oracleRecords
        guard case .check("with edit", let values, _) = records[10].outcome, let pValue = values.first(where: { $0.name == "p" })?.value else {
            Issue.record("no final check"); return
        }
        var check = OracleCheck(solver: FaultySolver(fault: .shiftValue(Variable(2), pValue == 0 ? 1 : -1)))
        let atEdit = check.run(try Self.file()).disagreements.filter { $0.step == 10 }
        #expect(atEdit.map(\.kind) == [.requiredResidual], "p = \(pValue): \(atEdit)")
    }

    @Test func aValueOutsideTheOptimalRangeIsReported() throws {
        var check = OracleCheck(solver: FaultySolver(fault: .shiftValue(Variable(2), 100)))
        let report = check.run(try Self.file())
        #expect(Set(Self.kinds(report)) == [.value, .requiredResidual], "\(report.disagreements)")
    }

    @Test func anInflatedObjectiveIsReportedPerLevel() throws {
        var check = OracleCheck(solver: FaultySolver(fault: .inflateObjective(0.25)))
        let report = check.run(try Self.file())
        #expect(Self.kinds(report) == [.objective, .objective])
        #expect(report.disagreements.map(\.subject) == ["priority 1", "priority 999"])
        #expect(report.disagreements.map(\.expected) == ["0 (the error of the reported values)", "0 (the error of the reported values)"])
    }

    @Test func aPaddedConflictIsReportedAsNotMinimal() throws {
        let text = Self.example.replacingFirst("{ \"check\": \"after rejected add\" },", with: "{ \"add\": \"z == 1\", \"id\": \"extra\" }, { \"add\": \"x <= 4\", \"id\": \"bad2\" },")
        var check = OracleCheck(solver: FaultySolver(fault: .padConflicts))
        let report = check.run(try Self.file(text))
        #expect(Self.kinds(report) == [.conflictNotMinimal], "\(report.disagreements)")
        #expect(report.disagreements.first?.step == 4)
    }

    @Test func anAcceptedAddTheOracleRejectsIsAnOutcomeDisagreement() throws {
        var check = OracleCheck(solver: FaultySolver(fault: .swallowConflicts))
        let report = check.run(try Self.file())
        #expect(Self.kinds(report) == [.outcome])
        #expect(report.disagreements.first?.step == 2)
    }

    @Test func anAddInfeasibleOnlyByRoundingEndsTheComparisonWithoutADisagreement() throws {
        // 0.3333333333333333·(−6) is −1.9999999999999998: exactly infeasible, within tolerance not.
        let text = """
            { "strut-system": 1, "name": "hair", "steps": [
              { "add": "x == -6", "id": "six" },
              { "add": "0.3333333333333333*x <= -2", "id": "third" },
              { "add": "x == 1 @1", "id": "later" } ] }
            """
        var check = OracleCheck(solver: CassowarySolver())
        let report = check.run(try Self.file(text))
        #expect(report.diverged?.step == 1 && report.diverged?.conflict == ["six", "third"])
        #expect(report.agrees && report.solverRecords.count == 2)
        var strict = OracleCheck(solver: FaultySolver(fault: .swallowConflicts))
        let far = try Self.file(text.replacingFirst("<= -2", with: "<= -3"))
        #expect(Self.kinds(strict.run(far)) == [.outcome])
    }

    @Test func aConflictSatisfiableOnlyFarAwayIsNotADisagreement() throws {
        // Exactly, 0.6666666666666666 < 2/3 lets x ≈ 5e15 satisfy both; a float engine sees a conflict.
        let text = """
            { "strut-system": 1, "name": "far", "steps": [
              { "add": "0.6666666666666666*x + y <= -0.5", "id": "one" },
              { "add": "2*x + 3*y >= 0", "id": "two" } ] }
            """
        var oracle = SystemRun(solver: ExactSolver())
        #expect(oracle.perform(.add(try SymbolicConstraint.parse("0.6666666666666666*x + y <= -0.5"), id: "one")) == .ok)
        #expect(oracle.perform(.add(try SymbolicConstraint.parse("2*x + 3*y >= 0"), id: "two")) == .ok)
        #expect(abs(oracle.solver.value(of: Variable(0))) > 1e15)
        var check = OracleCheck(solver: CassowarySolver())
        let report = check.run(try Self.file(text))
        #expect(report.disagreements.isEmpty, "\(report.disagreements)")
        #expect(report.solverRecords.last?.outcome == .unsatisfiable(conflict: ["one", "two"]))
        #expect(report.diverged?.step == 1 && report.diverged?.conflict == ["one", "two"])
    }

    @Test func theSizeGuardStopsTheComparison() throws {
        var check = OracleCheck(solver: CassowarySolver(), oracle: ExactSolver(maxConstraints: 1))
        let report = check.run(try Self.file())
        #expect(report.oracleRefused?.step == 1)
        #expect(!report.agrees && report.disagreements.isEmpty)
    }

    /// Kiwi-style weights: a unit error at 750 weighs 10^4.5, an error at 250 10^1.5, so an error
    /// 2000 times larger at 250 outweighs it and the weighted engine inverts the priorities.
    @Test func theWeightedStrategyInvertsPrioritiesAndTheCheckSaysSo() throws {
        let text = """
            { "strut-system": 1, "name": "inversion", "steps": [
              { "add": "x == 1 @750", "id": "high" },
              { "add": "2000*x == 0 @250", "id": "low" } ] }
            """
        var weighted = OracleCheck(solver: CassowarySolver(weighted: true))
        let report = weighted.run(try Self.file(text))
        #expect(Set(Self.kinds(report)) == [.objective], "\(report.disagreements)")
        #expect(report.disagreements.contains { $0.subject == "priority 750" && $0.reported == 1 && $0.expected.hasPrefix("at most 0 ") })
        var exact = OracleCheck(solver: CassowarySolver())
        #expect(exact.run(try Self.file(text)).agrees)
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
