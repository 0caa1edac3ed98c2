import ExactSolver
import LinearConstraints
import Testing

@Suite struct ExactSolverTests {
    @Test func aOneVariableLadderIsSatisfiedPriorityByPriority() throws {
        let s = try solver(["x == 10 @750", "x == 20 @500", "x >= 30 @250", "x <= 5 @1"])
        #expect(s.exactValue(of: v("x")) == r(10))
        expectLevels(s, [(750, .zero), (500, r(10)), (250, r(20)), (1, r(5))])
        #expect(s.determinacy(of: v("x")).isDetermined)
    }

    @Test func aRequiredBoundPushesTheLadderDown() throws {
        let s = try solver(["x <= 8", "x == 10 @750", "x == 20 @500", "x >= 30 @250", "x <= 5 @1"])
        #expect(s.value(of: v("x")) == 8)
        expectLevels(s, [(750, r(2)), (500, r(12)), (250, r(22)), (1, r(3))])
    }

    @Test func manyLowErrorsNeverBuyOneHighError() throws {
        // 1000·(x − 0) at 250 against one unit at 750: lexicographic order keeps x at 1.
        let s = try solver(["1000*x == 0 @250", "x == 1 @750"])
        #expect(s.exactValue(of: v("x")) == r(1))
        expectLevels(s, [(750, .zero), (250, r(1000))])
    }

    @Test func theErrorWithinALevelIsTheSumOfAbsoluteErrors() throws {
        // Median of three targets at one level: x = 4, error |4−1| + 0 + |4−9| = 8.
        let s = try solver(["x == 1 @500", "x == 4 @500", "x == 9 @500"])
        #expect(s.exactValue(of: v("x")) == r(4))
        expectLevels(s, [(500, r(8))])
        #expect(s.determinacy(of: v("x")).isDetermined)
    }

    @Test func anUnderDeterminedPairIsReportedAsNotDetermined() throws {
        let s = try solver(["x + y == 10", "x >= 0", "y >= 0"])
        let dx = s.determinacy(of: v("x"))
        #expect(dx.minimum == .zero && dx.maximum == r(10))
        #expect(!dx.isDetermined)
        #expect(!s.determinacy(of: v("y")).isDetermined)
        #expect(s.exactValue(of: v("x")) + s.exactValue(of: v("y")) == r(10))
    }

    @Test func anUnboundedVariableHasNoBounds() throws {
        let s = try solver(["x - y == 3", "y >= 1 @250"])
        let dx = s.determinacy(of: v("x"))
        #expect(dx.minimum == r(4) && dx.maximum == nil)
        #expect(s.determinacy(of: v("z")) == Determinacy(minimum: nil, maximum: nil))
    }

    @Test func aSoftPreferencePinsTheUnderDeterminedPair() throws {
        let s = try solver(["x + y == 10", "x >= 0", "y >= 0", "x == 3 @1"])
        #expect(s.determinacy(of: v("x")).determinedValue == r(3))
        #expect(s.determinacy(of: v("y")).determinedValue == r(7))
    }

    @Test func editVariablesAreSoftEqualitiesAtTheirPriority() throws {
        var s = try solver(["x <= 100", "w == 2*x"])
        try s.addEditVariable(v("x"), priority: Priority(999))
        #expect(s.exactValue(of: v("x")) == .zero)
        try s.suggestValue(42, for: v("x"))
        #expect(s.value(of: v("w")) == 84)
        try s.suggestValue(150, for: v("x"))
        #expect(s.value(of: v("x")) == 100)
        expectLevels(s, [(999, r(50))])
        try s.removeEditVariable(v("x"))
        #expect(s.objective().isEmpty)
        try s.checkInvariants()
    }

    @Test func misuseIsRefusedWithTypedErrors() throws {
        var s = try solver(["x == 1"])
        #expect(throws: SolverError.duplicateConstraint(ConstraintID(0))) { try s.add(try constraint("x == 2"), id: ConstraintID(0)) }
        #expect(throws: SolverError.unknownConstraint(ConstraintID(9))) { try s.remove(ConstraintID(9)) }
        #expect(throws: SolverError.badPriority(.required)) { try s.addEditVariable(v("y"), priority: .required) }
        #expect(throws: SolverError.unknownEditVariable(v("y"))) { try s.suggestValue(1, for: v("y")) }
        try s.addEditVariable(v("y"), priority: .defaultHigh)
        #expect(throws: SolverError.duplicateEditVariable(v("y"))) { try s.addEditVariable(v("y"), priority: .defaultLow) }
        #expect(throws: SolverError.nonFinite("suggested value nan for v1")) { try s.suggestValue(.nan, for: v("y")) }
        let bad = Constraint(LinearExpression(v("x"), coefficient: .infinity), .equal)
        #expect(throws: SolverError.self) { try s.add(bad, id: ConstraintID(5)) }
        #expect(!s.contains(ConstraintID(5)))
    }

    @Test func theSizeGuardRefusesAndChangesNothing() throws {
        var s = try solver(["x >= 1", "y >= 2"], maxConstraints: 3)
        try s.addEditVariable(v("z"), priority: .defaultLow)
        let before = (s.counters.constraints, s.value(of: v("x")))
        #expect(throws: SolverError.self) { try s.add(try constraint("z >= 5"), id: ConstraintID(7)) }
        #expect(throws: SolverError.self) { try s.addEditVariable(v("w"), priority: .defaultLow) }
        #expect(!s.contains(ConstraintID(7)))
        #expect(before == (s.counters.constraints, s.value(of: v("x"))))
        try s.remove(ConstraintID(0))
        try s.add(try constraint("z >= 5"), id: ConstraintID(7))
        #expect(s.value(of: v("z")) == 5)
    }

    @Test func theSizeGuardErrorNamesTheLimit() throws {
        var s = ExactSolver(maxConstraints: 0)
        do {
            try s.add(try constraint("x == 1"), id: ConstraintID(0))
            Issue.record("expected tooLarge")
        } catch let error as SolverError {
            guard case .tooLarge(let message) = error else { Issue.record("got \(error)"); return }
            #expect(message.contains("limit of 0"))
        }
    }

    @Test func removingAConstraintResolvesFromScratch() throws {
        var s = try solver(["x >= 10", "x == 20 @1"])
        #expect(s.value(of: v("x")) == 20)
        try s.remove(ConstraintID(1))
        #expect(s.objective().isEmpty)
        #expect(!s.contains(ConstraintID(1)))
        #expect(s.determinacy(of: v("x")).minimum == r(10))
        try s.checkInvariants()
    }

    @Test func aBatchIsAddedWithOneSolveAllOrNothing() throws {
        var s = try solver(["x >= 0"])
        let batch = try [(ConstraintID(1), constraint("y == x + 2")), (ConstraintID(2), constraint("x == 3 @250"))]
        try s.add(contentsOf: batch.map { (id: $0.0, constraint: $0.1) })
        #expect(s.exactValue(of: v("y")) == r(5))
        let bad = try [(ConstraintID(3), constraint("z == 1")), (ConstraintID(4), constraint("y <= 1"))]
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(0), ConstraintID(1), ConstraintID(4)])) {
            try s.add(contentsOf: bad.map { (id: $0.0, constraint: $0.1) })
        }
        #expect(!s.contains(ConstraintID(3)) && s.counters.constraints == 3)
        #expect(throws: SolverError.duplicateConstraint(ConstraintID(1))) {
            try s.add(contentsOf: [(id: ConstraintID(1), constraint: try constraint("z == 1"))])
        }
    }

    @Test func boundedLevelsAnswerWhatAToleranceWouldBuy() throws {
        let s = try solver(["x == 10 @750", "x == 0 @250"])
        #expect(s.minimumError(at: .defaultLow, bounds: [(.defaultHigh, .zero)]) == r(10))
        #expect(s.minimumError(at: .defaultLow, bounds: [(.defaultHigh, r(3))]) == r(7))
        #expect(s.minimumError(at: .defaultLow, bounds: []) == .zero)
        #expect(s.determinacy(of: v("x"), bounds: [(.defaultHigh, r(3))]) == Determinacy(minimum: r(7), maximum: r(13)))
        #expect(s.levelErrors(at: [r(8)]).map(\.error) == [r(2), r(8)])
        let pinned = try solver(["x == 1", "x == 5 @750"])
        #expect(pinned.minimumError(at: .defaultHigh, bounds: [(.defaultHigh, r(3))]) == nil)
    }

    @Test func countersFollowTheState() throws {
        let s = try solver(["x >= 10", "x == 20 @1", "y == x"])
        #expect(s.counters.constraints == 3)
        #expect(s.counters.rows == 3)
        #expect(s.counters.pivots > 0)
        #expect(s.strategy == "exact")
    }
}
