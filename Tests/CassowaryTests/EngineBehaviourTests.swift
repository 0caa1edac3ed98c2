import Testing
import LinearConstraints
@testable import Cassowary

private func v(_ i: Int) -> Variable { Variable(i) }
private func c(_ text: String, _ names: [String]) -> Constraint {
    try! SymbolicConstraint.parse(text).resolved { Variable(names.firstIndex(of: $0)!) }
}

@Suite struct EngineBehaviourTests {
    let names = ["x", "y", "z", "w"]

    func solver() -> CassowarySolver {
        var s = CassowarySolver()
        s.debugChecks = true
        return s
    }

    @Test func requiredEqualitySetsTheValue() throws {
        var s = solver()
        try s.add(c("x == 10", names), id: ConstraintID(0))
        #expect(s.value(of: v(0)) == 10)
        try s.add(c("y == x + 5", names), id: ConstraintID(1))
        #expect(s.value(of: v(1)) == 15)
    }

    @Test func higherPriorityWinsOverAnyAmountOfLowerError() throws {
        var s = solver()
        try s.add(c("x == 100 @750", names), id: ConstraintID(0))
        for i in 0..<50 { try s.add(c("x == 0 @250", names), id: ConstraintID(1 + i)) }
        #expect(s.value(of: v(0)) == 100)
        let o = s.objective()
        #expect(o.map(\.priority.value) == [750, 250])
        #expect(o[0].error == 0)
        #expect(o[1].error == 5000)
    }

    @Test func weightedStrategyLetsManyLowErrorsOutweighOneHigh() throws {
        var s = CassowarySolver(weighted: true)
        s.debugChecks = true
        try s.add(c("x == 100 @750", names), id: ConstraintID(0))
        for i in 0..<1001 { try s.add(c("x == 0 @250", names), id: ConstraintID(1 + i)) }
        #expect(s.value(of: v(0)) == 0)
    }

    @Test func rejectedAddLeavesTheSolverAsItWas() throws {
        var s = solver()
        try s.add(c("x >= 10", names), id: ConstraintID(0))
        try s.add(c("x == 20 @1", names), id: ConstraintID(1))
        #expect(s.value(of: v(0)) == 20)
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(0), ConstraintID(2)])) {
            try s.add(c("x <= 5", names), id: ConstraintID(2))
        }
        #expect(s.value(of: v(0)) == 20)
        #expect(!s.contains(ConstraintID(2)))
        try s.addEditVariable(v(1), priority: Priority(999))
        try s.suggestValue(42, for: v(1))
        #expect(s.value(of: v(1)) == 42)
        try s.remove(ConstraintID(1))
        #expect(s.value(of: v(0)) >= 10)
    }

    @Test func conflictSetIsMinimal() throws {
        var s = solver()
        try s.add(c("x == y", names), id: ConstraintID(0))
        try s.add(c("y == z", names), id: ConstraintID(1))
        try s.add(c("w == 3", names), id: ConstraintID(2))
        try s.add(c("x == 1", names), id: ConstraintID(3))
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(0), ConstraintID(1), ConstraintID(3), ConstraintID(4)])) {
            try s.add(c("z == 2", names), id: ConstraintID(4))
        }
        #expect(s.value(of: v(2)) == 1)
    }

    @Test func suggestionsMoveEditVariablesThroughTheDualSimplex() throws {
        var s = solver()
        try s.add(c("x >= 0", names), id: ConstraintID(0))
        try s.add(c("x <= 100", names), id: ConstraintID(1))
        try s.add(c("y == 2*x", names), id: ConstraintID(2))
        try s.addEditVariable(v(0), priority: .defaultHigh)
        for value in [10.0, 50, 150, -20, 75] {
            try s.suggestValue(value, for: v(0))
            let expected = min(100, max(0, value))
            #expect(s.value(of: v(0)) == expected)
            #expect(s.value(of: v(1)) == 2 * expected)
        }
        try s.removeEditVariable(v(0))
        #expect(s.objective().isEmpty)
    }

    @Test func removingEveryConstraintLeavesAnEmptyTableau() throws {
        var s = solver()
        let texts = ["x + y == 10", "x >= 2", "y >= 3 @750", "x == 8 @250", "z <= x @500", "z == 100 @250"]
        for (i, t) in texts.enumerated() { try s.add(c(t, names), id: ConstraintID(i)) }
        for i in [2, 0, 5, 1, 4, 3] { try s.remove(ConstraintID(i)) }
        #expect(s.counters.rows == 0)
        #expect(s.counters.cells == 0)
        #expect(s.objective().isEmpty)
    }
}

@Suite struct AmbiguityTests {
    let names = ["x", "y", "z", "w"]

    @Test func anUnderDeterminedPairIsAmbiguousAndAPinnedOneIsNot() throws {
        var s = CassowarySolver()
        try s.add(c("x + y == 10", names), id: ConstraintID(0))
        try s.add(c("x >= 0", names), id: ConstraintID(1))
        try s.add(c("y >= 0", names), id: ConstraintID(2))
        try s.add(c("z == 4", names), id: ConstraintID(3))
        #expect(s.ambiguousVariables([v(0), v(1), v(2), v(3)]) == [v(0), v(1), v(3)])
    }

    @Test func aPreferenceRemovesTheAmbiguity() throws {
        var s = CassowarySolver()
        try s.add(c("x + y == 10", names), id: ConstraintID(0))
        try s.add(c("x == 3 @250", names), id: ConstraintID(1))
        #expect(s.ambiguousVariables([v(0), v(1)]).isEmpty)
        #expect(s.value(of: v(1)) == 7)
    }

    @Test func equalCostAlternativesAreAmbiguous() throws {
        // |x - 0| + |x - 10| is 10 for every x in [0, 10]: the optimum does not fix x.
        var s = CassowarySolver()
        try s.add(c("x == 0 @250", names), id: ConstraintID(0))
        try s.add(c("x == 10 @250", names), id: ConstraintID(1))
        try s.add(c("y == 5 @250", names), id: ConstraintID(2))
        #expect(s.ambiguousVariables([v(0), v(1)]) == [v(0)])
        // A higher level breaks the tie.
        try s.add(c("x == 4 @750", names), id: ConstraintID(3))
        #expect(s.ambiguousVariables([v(0)]).isEmpty)
        #expect(s.value(of: v(0)) == 4)
    }

    @Test func aDegenerateBoundBlocksMovement() throws {
        // x <= y and y <= x pin x to y; y is pinned by a required equality.
        var s = CassowarySolver()
        try s.add(c("y == 3", names), id: ConstraintID(0))
        try s.add(c("x <= y", names), id: ConstraintID(1))
        try s.add(c("x >= y", names), id: ConstraintID(2))
        #expect(s.ambiguousVariables([v(0), v(1)]).isEmpty)
    }
}

@Suite struct RebuildingStrategyTests {
    @Test func rebuildingGivesTheIncrementalAnswerAfterEverySuggestion() throws {
        let names = ["x", "y", "z", "w"]
        var incremental = CassowarySolver()
        var rebuilt = RebuildingCassowarySolver()
        let texts = ["x >= 0", "x <= 100", "y == 2*x", "z == y + 1 @750", "z <= 150"]
        for (i, t) in texts.enumerated() {
            try incremental.add(c(t, names), id: ConstraintID(i))
            try rebuilt.add(c(t, names), id: ConstraintID(i))
        }
        try incremental.addEditVariable(v(0), priority: .defaultHigh)
        try rebuilt.addEditVariable(v(0), priority: .defaultHigh)
        for value in [10.0, 90, -5, 60] {
            try incremental.suggestValue(value, for: v(0))
            try rebuilt.suggestValue(value, for: v(0))
            #expect(incremental.objective() == rebuilt.objective())
            for i in 0..<3 { #expect(incremental.value(of: v(i)) == rebuilt.value(of: v(i))) }
        }
        #expect(rebuilt.rebuilds == 4)
        #expect(rebuilt.strategy == "cassowary-rebuild")
    }
}
