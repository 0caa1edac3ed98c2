import ExactSolver
import LinearConstraints
import Testing

@Suite struct ConflictTests {
    static let cycle = ["a == b + 1", "b == c + 1", "c == a + 1"]

    @Test func aCycleOfEqualitiesIsRejectedWithItsMinimalConflict() throws {
        var s = try solver(["d == 5", "a >= -100", Self.cycle[0], Self.cycle[1]])
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(2), ConstraintID(3), ConstraintID(4)])) {
            try s.add(try constraint(Self.cycle[2]), id: ConstraintID(4))
        }
    }

    @Test func theCycleCertificateIsTheSumOfTheThreeRows() throws {
        let s = try solver(["d == 5", Self.cycle[0], Self.cycle[1]])
        let conflict = try #require(try s.conflict(adding: try constraint(Self.cycle[2]), id: ConstraintID(9)))
        #expect(conflict.members == [ConstraintID(1), ConstraintID(2), ConstraintID(9)])
        // (a−b−1) + (b−c−1) + (c−a−1) = −3: the multipliers are equal and negative.
        let m = conflict.certificate.multipliers
        #expect(m.count == 3 && m[0] == m[1] && m[1] == m[2] && m[0].signum < 0)
        #expect(conflict.certificate.verifies(try Self.cycle.map(constraint)))
    }

    @Test func aRejectedAddLeavesTheSolverAsItWas() throws {
        var s = try solver(["x >= 10", "x == 20 @1", "y == x + 1"])
        try s.addEditVariable(v("z"), priority: .defaultHigh)
        try s.suggestValue(3, for: v("z"))
        let before = (s.exactValue(of: v("x")), s.exactValue(of: v("y")), s.exactValue(of: v("z")))
        let objective = s.objective()
        let count = s.counters.constraints
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(0), ConstraintID(3)])) {
            try s.add(try constraint("x <= 5"), id: ConstraintID(3))
        }
        #expect(!s.contains(ConstraintID(3)))
        #expect(before == (s.exactValue(of: v("x")), s.exactValue(of: v("y")), s.exactValue(of: v("z"))))
        #expect(objective == s.objective() && count == s.counters.constraints)
        try s.checkInvariants()
        try s.add(try constraint("x <= 15"), id: ConstraintID(3))
        #expect(s.value(of: v("x")) == 15)
    }

    @Test func softConstraintsNeverConflict() throws {
        var s = try solver(["x >= 10"])
        try s.add(try constraint("x <= 5 @999"), id: ConstraintID(1))
        expectLevels(s, [(999, r(5))])
    }

    @Test func feasibilityGivesAVerifiableCertificate() throws {
        let set = try ["x >= 10", "x <= 5", "y == 1"].map(constraint)
        guard case .infeasible(let certificate) = try ConflictAnalysis.feasibility(of: set) else {
            Issue.record("expected infeasible"); return
        }
        #expect(certificate.verifies(set))
        #expect(certificate.support == [0, 1])
        #expect(try ConflictAnalysis.feasibility(of: Array(set.dropFirst())) == .feasible)
    }

    @Test func aTamperedCertificateIsRejected() throws {
        let set = try ["x >= 10", "x <= 5"].map(constraint)
        guard case .infeasible(let c) = try ConflictAnalysis.feasibility(of: set) else { Issue.record("feasible?"); return }
        #expect(!FarkasCertificate(multipliers: c.multipliers.map { -$0 }).verifies(set))
        #expect(!FarkasCertificate(multipliers: [c.multipliers[0], .zero]).verifies(set))
        #expect(!FarkasCertificate(multipliers: c.multipliers + [.one]).verifies(set))
        #expect(!c.verifies(try ["x >= 10", "x <= 50"].map(constraint)))
    }

    @Test func theDeletionFilterLeavesOnlyNeededMembers() throws {
        let set = try ["x >= 10", "x <= 5", "x <= 3", "y == 1", "x + y <= 2"].map(constraint)
        let found = try #require(try ConflictAnalysis.minimalConflict(in: set))
        let members = found.members.map { set[$0] }
        // The minimal infeasible subsets are {0,1}, {0,2} and {0,3,4}; the filter must land on one.
        #expect([[0, 1], [0, 2], [0, 3, 4]].contains(found.members))
        #expect(found.certificate.verifies(members))
        let verdict = try ConflictAnalysis.verdict(on: members)
        #expect(verdict.isMinimal)
    }

    @Test func theVerdictNamesRemovableAndNonRequiredMembers() throws {
        let set = try ["x >= 10", "x <= 5", "x <= 3", "y == 2 @250"].map(constraint)
        let verdict = try ConflictAnalysis.verdict(on: set)
        #expect(verdict.isInfeasible && !verdict.isMinimal)
        #expect(verdict.removableMembers == [1, 2, 3])
        #expect(verdict.nonRequiredMembers == [3])
        #expect(verdict.certificate?.verifies(set) == true)
        #expect(try !ConflictAnalysis.verdict(on: Array(set.dropFirst())).isInfeasible)
    }

    /// A multiplied location lowers as 0.1·a + 0.9·o; 0.1 and 0.9 as doubles add up to
    /// 1 + 2.8e-17, so this set, infeasible in real numbers, holds exactly with y near −2.9e16.
    /// Bounded by 1e12 it is infeasible; a set that holds near its own numbers stays feasible.
    @Test func aSetThatHoldsOnlyThroughCoefficientRoundingIsInfeasibleWithinBounds() throws {
        let set = try ["x == 0.1 * a + 0.9 * y", "x == y", "a == y + 8"].map(constraint)
        #expect(try !ConflictAnalysis.verdict(on: set).isInfeasible, "exactly, the doubles' set holds")
        #expect(try ConflictAnalysis.infeasible(within: 1e12, set))
        let near = try ["x == 0.5 * a + 0.5 * y", "x == y + 4", "a == y + 8"].map(constraint)
        #expect(try !ConflictAnalysis.infeasible(within: 1e12, near))
    }

    @Test func aConstantContradictionIsItsOwnConflict() throws {
        var s = try solver(["x == 1"])
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(1)])) {
            try s.add(Constraint(LinearExpression(constant: 2), .equal), id: ConstraintID(1))
        }
    }
}
