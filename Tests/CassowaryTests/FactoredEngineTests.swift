import Cassowary
import LinearConstraints
import PropertyBased
import Testing

/// The `cassowary-factored` engine (definitions in terms of each other): the algebraic properties
/// the explicit engine is held to, its agreement with the explicit engine on random scripts, and
/// the structure it exists for (a long chain stays as many terms as constraints).
@Suite struct FactoredEngineTests {
    static let count = 300

    func runScript(_ codes: [[Int]], variables: Int) -> (ScriptRun, [Operation]) {
        let operations = OperationScript.decode(codes, variables: variables)
        var run = ScriptRun(weighted: false, variables: variables, factored: true)
        run.run(operations)
        return (run, operations)
    }

    func report(_ what: String, _ operations: [Operation]) {
        Issue.record("\(what)\nreplay with `strut solve-system FILE --strategy cassowary-factored`:\n\(OperationScript.systemText(operations, name: "factored-property-failure"))")
    }

    /// Required constraints hold after every step, refusals roll back bit for bit, conflicts are
    /// minimal, and the deep checks (a DAG of definitions among them) pass after every operation.
    @Test func everyStepKeepsRequiredConstraintsAndRollsBackRefusals() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (run, operations) = runScript(codes, variables: n)
            if !run.problems.isEmpty { report(run.problems.joined(separator: "\n"), operations) }
        }
    }

    /// Removing any constraint and adding it back gives the objective of never removing it
    /// (removals pivot through definitions).
    @Test func removingAndReAddingAConstraintKeepsTheObjective() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (run, operations) = runScript(codes, variables: n)
            let objective = run.solver.objective()
            for (id, c) in run.present {
                var copy = run.solver
                do throws(SolverError) {
                    try copy.remove(id)
                    try copy.add(c, id: id)
                    try copy.checkInvariants()
                } catch {
                    report("removing and re-adding \(id) failed: \(error)", operations)
                    return
                }
                if !sameObjective(copy.objective(), objective, weighted: false) {
                    report("after removing and re-adding \(id): \(copy.objective()) instead of \(objective)", operations)
                    return
                }
            }
        }
    }

    /// Found by `removingAndReAddingAConstraintKeepsTheObjective` in CI (seed
    /// ZLJMTUsoN/n1B3sSThdPfJNAhww48+DeBkFTgs8Cl5A=, shrunk): eight adds, each followed by the
    /// deep checks (which optimize); removing the sixth and adding it back ended at 4 at priority
    /// 750 where the optimum is 3.909. A slack kept a residue of 3.2e-14 at priority 999.5 that
    /// blocked it at 750 (`ObjectiveLevels.residue`).
    @Test func removingAndReAddingTheSixthOfEightKeepsTheObjective() throws {
        let codes: [[Int]] = [[0, 0, 0, 6, 0, 4, 0], [0, 3, 0, 0, 35, 0, 0], [0, 0, 0, 0, 0, 5, 0],
                              [0, 6, 0, 48, 35, 0, 4], [0, 3, 9, 0, 0, 13, 17], [0, 67, 0, 9, 0, 0, 25],
                              [0, 0, 0, 6, 0, 52, 0], [0, 39, 48, 59, 0, 0, 98]]
        let (run, operations) = runScript(codes, variables: 3)
        let objective = run.solver.objective()
        for (id, c) in run.present {
            var copy = run.solver
            try copy.remove(id)
            try copy.add(c, id: id)
            try copy.checkInvariants()
            if !sameObjective(copy.objective(), objective, weighted: false) {
                report("after removing and re-adding \(id): \(copy.objective()) instead of \(objective)", operations)
            }
        }
    }

    /// The factored engine ends at the explicit engine's objective after the same operations, and
    /// at a fresh solve's.
    @Test func agreesWithTheExplicitEngineAndAFreshSolve() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (run, operations) = runScript(codes, variables: n)
            var explicit = ScriptRun(weighted: false, variables: n)
            explicit.run(operations)
            if !sameObjective(run.solver.objective(), explicit.solver.objective(), weighted: false) {
                report("factored \(run.solver.objective()) but explicit \(explicit.solver.objective())", operations)
            }
            do throws(SolverError) {
                let fresh = try run.freshSolve()
                if !sameObjective(fresh.objective(), run.solver.objective(), weighted: false) {
                    report("incremental \(run.solver.objective()) but fresh \(fresh.objective())", operations)
                }
            } catch {
                report("a fresh solve of the final set failed: \(error)", operations)
            }
        }
    }

    /// The same operations give bit-identical values and objectives after every step.
    @Test func twoRunsGiveBitIdenticalValues() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (first, operations) = runScript(codes, variables: n)
            let (second, _) = runScript(codes, variables: n)
            if first.trace != second.trace { report("two runs differ", operations) }
        }
    }

    /// Ambiguity read through the definitions (cancellations counted) equals the explicit
    /// engine's answer on the same system.
    @Test func ambiguityAgreesWithTheExplicitEngine() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 2...6), ImpliedEqualityTests.constraints) { n, codes in
            let factored = ImpliedEqualityTests.build(codes, variables: n, weighted: false, factored: true)
            let explicit = ImpliedEqualityTests.build(codes, variables: n, weighted: false)
            let all = (0...n).map { Variable($0) }
            #expect(factored.ambiguousVariables(all) == explicit.ambiguousVariables(all),
                    "n=\(n) \(codes.map { "\(ImpliedEqualityTests.decode($0, variables: n))" })")
        }
    }

    /// Found by `ambiguityAgreesWithTheExplicitEngine` (seed
    /// 9CFBuhJGCyENeF6MhtXfourEcPWaSxTFJEkY5jXT0vg=, shrunk): the explicit engine calls v0, v3,
    /// v4 and v5 ambiguous; cassowary-factored called only v5. Its face kept error10 basic (a
    /// tight row over error9 and slack13, whose level-1 cost was rounding residue, 2.4e-14,
    /// above the levels' former snap of 1e-14) and found no direction through slack13.
    @Test func factoredAmbiguityAfterAResidueInALevel() {
        let codes: [[Int]] = [[0, 1, -1, -2, 0, 0, -2, 0, 2, 3, 0], [-1, -2, 0, 0, 2, 0, 2, 0, 0, 0, 0],
                              [0, -1, -2, 0, -1, 0, 1, 0, 2, 0, 0], [1, -2, -1, 0, 2, 0, -1, 0, 0, 3, 0],
                              [0, 1, -2, 2, 1, 0, 0, 0, 2, 0, 0], [0, -2, 0, 0, 0, 0, 3, 0, 0, 0, 0],
                              [-2, -1, 1, 1, 1, 0, 3, 0, -1, 1, 0], [0, 1, -1, 1, -2, 0, -1, 0, 0, 0, 0],
                              [-1, 0, -1, 2, -2, 0, 1, 0, 0, 0, 0]]
        let factored = ImpliedEqualityTests.build(codes, variables: 5, weighted: false, factored: true)
        let explicit = ImpliedEqualityTests.build(codes, variables: 5, weighted: false)
        let all = (0...5).map { Variable($0) }
        #expect(explicit.ambiguousVariables(all) == [0, 3, 4, 5].map { Variable(Int32($0)) })
        #expect(factored.ambiguousVariables(all) == explicit.ambiguousVariables(all))
    }

    /// Found by `ambiguityAgreesWithTheExplicitEngine` (seed
    /// x9xNU8/Azjy4efwf3MMp8tcXwXwyOGZ7IEZMRpTbKIo=): v1 = 0 at 750 and two equalities at 250 whose
    /// errors trade 1 for 1 leave v2 = -2·v3 and v3 <= -5 free on the optimal face; the explicit
    /// engine (and the arithmetic) calls v2, v3, v4 and v5 ambiguous. cassowary-factored called
    /// only v4 and v5: its level held the slack that moves v2 and v3 at -1.9e-14, rounding residue
    /// of the definitions, and the face took it for a cost (now snapped by `ObjectiveLevels.residue`).
    @Test func factoredAmbiguityThroughTwoCostedEqualities() {
        func c(_ terms: [(Int, Double)], _ constant: Double, _ r: Relation, _ p: Priority) -> Constraint {
            Constraint(LinearExpression(terms: terms.map { .init(Variable(Int32($0.0)), $0.1) }, constant: constant), r, priority: p)
        }
        let system = [
            c([(0, 1), (1, 2), (2, 1), (4, -2)], 0, .greaterThanOrEqual, .required),
            c([(1, 1), (2, 2), (3, -2)], 0, .greaterThanOrEqual, .required),
            c([(2, -1), (3, -1), (4, -2)], 0, .equal, .defaultLow),
            c([(1, 1), (2, 1), (3, 2)], 0, .equal, .required),
            c([(0, 1), (2, 1)], 0, .greaterThanOrEqual, .required),
            c([(3, -1)], -5, .greaterThanOrEqual, .required),
            c([(0, 2), (1, 2), (3, 1), (4, -2)], -10, .equal, .defaultLow),
            c([(0, 1), (1, 1)], -10, .equal, .required),
            c([(1, -1)], 0, .equal, .defaultHigh),
        ]
        var factored = CassowarySolver(factored: true)
        var explicit = CassowarySolver()
        for (i, constraint) in system.enumerated() {
            try? factored.add(constraint, id: ConstraintID(i))
            try? explicit.add(constraint, id: ConstraintID(i))
        }
        let all = (0...5).map { Variable(Int32($0)) }
        #expect(explicit.ambiguousVariables(all) == [2, 3, 4, 5].map { Variable(Int32($0)) })
        #expect(factored.ambiguousVariables(all) == explicit.ambiguousVariables(all))
    }

    /// A chain of 3 000 positions `x[i+1] == x[i] + w[i] + 8` with `w[i] >= 10` and a soft width
    /// per link: every position is right, and the tableau holds a few terms per constraint (the
    /// explicit tableau holds one per earlier link in every position's row), built forwards and
    /// backwards; removing links from the middle and adding them back changes nothing.
    @Test(arguments: [false, true])
    func aLongChainStaysLinear(reversed: Bool) throws {
        let n = 3000
        var s = CassowarySolver(factored: true)
        func x(_ i: Int) -> Variable { Variable(2 * i) }
        func w(_ i: Int) -> Variable { Variable(2 * i + 1) }
        var constraints: [(ConstraintID, Constraint)] = []
        constraints.append((ConstraintID(0), Constraint(LinearExpression(terms: [.init(x(0), 1)], constant: -5), .equal)))
        for i in 0..<n {
            let link = LinearExpression(terms: [.init(x(i + 1), 1), .init(x(i), -1), .init(w(i), -1)], constant: -8)
            constraints.append((ConstraintID(1 + 3 * i), Constraint(link, .equal)))
            constraints.append((ConstraintID(2 + 3 * i), Constraint(LinearExpression(terms: [.init(w(i), 1)], constant: -10), .greaterThanOrEqual)))
            let preferred = LinearExpression(terms: [.init(w(i), 1)], constant: -Double(20 + i % 7))
            constraints.append((ConstraintID(3 + 3 * i), Constraint(preferred, .equal, priority: .defaultLow)))
        }
        for (id, c) in reversed ? constraints.reversed() : constraints { try s.add(c, id: id) }
        func check() {
            var expected = 5.0
            for i in 0..<n {
                #expect(s.value(of: x(i)) == expected, "x\(i)")
                expected += Double(20 + i % 7) + 8
            }
            #expect(s.value(of: x(n)) == expected)
        }
        check()
        #expect(s.counters.cells < 8 * s.counters.constraints, "cells \(s.counters.cells) for \(s.counters.constraints) constraints")
        for i in stride(from: 1000, to: 1010, by: 1) {
            let id = ConstraintID(1 + 3 * i)
            let c = constraints[1 + 3 * i].1
            try s.remove(id)
            try s.add(c, id: id)
        }
        check()
        try s.checkInvariants()
    }

    /// A suggested value moves every definition that depends on it, through other definitions.
    @Test func aSuggestionMovesTheWholeChain() throws {
        var s = CassowarySolver(factored: true)
        s.debugChecks = true
        let root = Variable(0)
        try s.addEditVariable(root, priority: .init(999))
        try s.suggestValue(100, for: root)
        for i in 1...50 {
            let link = LinearExpression(terms: [.init(Variable(i), 1), .init(Variable(i - 1), -1)], constant: -10)
            try s.add(Constraint(link, .equal), id: ConstraintID(i))
        }
        #expect(s.value(of: Variable(50)) == 600)
        try s.suggestValue(-40, for: root)
        #expect(s.value(of: Variable(50)) == 460)
        #expect(s.value(of: Variable(25)) == 210)
    }
}
