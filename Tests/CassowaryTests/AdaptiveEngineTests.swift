@testable import Cassowary
import LinearConstraints
import PropertyBased
import Testing

/// The default engine (`AdaptiveSolver`) with a work limit small enough that random scripts hand
/// the system over to the revised engine at every kind of point: the promises every engine keeps
/// (required constraints hold, refusals roll back bit for bit, conflicts are minimal), the
/// explicit engine's objective after the same operations, and bit-identical reruns.
@Suite struct AdaptiveEngineTests {
    static let count = 300

    func runScript(_ codes: [[Int]], variables: Int) -> (ScriptRun, [Operation]) {
        let operations = OperationScript.decode(codes, variables: variables)
        var run = ScriptRun(engine: .switching, variables: variables)
        run.run(operations)
        return (run, operations)
    }

    func report(_ what: String, _ operations: [Operation]) {
        Issue.record("\(what)\n\(OperationScript.systemText(operations, name: "adaptive-property-failure"))")
    }

    @Test func everyStepKeepsRequiredConstraintsAndRollsBackRefusals() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (run, operations) = runScript(codes, variables: n)
            if !run.problems.isEmpty { report(run.problems.joined(separator: "\n"), operations) }
        }
    }

    @Test func agreesWithTheExplicitEngine() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (run, operations) = runScript(codes, variables: n)
            var explicit = ScriptRun(weighted: false, variables: n)
            explicit.run(operations)
            if !sameObjective(run.solver.objective(), explicit.solver.objective(), weighted: false) {
                report("switching \(run.solver.objective()) but explicit \(explicit.solver.objective())", operations)
            }
        }
    }

    @Test func twoRunsGiveBitIdenticalValues() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (first, operations) = runScript(codes, variables: n)
            let (second, _) = runScript(codes, variables: n)
            if first.trace != second.trace { report("two runs differ", operations) }
        }
    }

    /// A build-size hint changes storage, never an answer: a script run after one (the factored
    /// form sized by it, the revised engine after a hand-over growing as usual) gives the same
    /// values bit for bit at every step.
    @Test func aBuildSizeHintChangesNoValue() async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (plain, operations) = runScript(codes, variables: n)
            var hinted = ScriptRun(engine: .switching, variables: n)
            hinted.solver.reserveCapacity(constraints: 40, ids: 40)
            hinted.run(operations)
            if plain.trace != hinted.trace { report("a run after reserveCapacity differs", operations) }
        }
    }

    /// The scripts above do hand over: most of them end in the revised engine (a test whose
    /// solver never switched would only test the factored one).
    @Test func theScriptsSwitchEngines() async {
        var switched = 0, total = 0
        await propertyCheck(count: 100, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 40)) { n, codes in
            let (run, _) = runScript(codes, variables: n)
            total += 1
            if (run.solver as? AdaptiveSolver)?.isRevised == true { switched += 1 }
        }
        #expect(switched * 2 > total, "\(switched) of \(total) scripts switched")
    }
}

/// Found by `everyStepKeepsRequiredConstraintsAndRollsBackRefusals`: a required add refused after
/// the hand-over must leave every value bit for bit as it was.
@Test func aRefusalAfterTheHandOverLeavesTheValuesAsTheyWere() throws {
    let x = Variable(0), y = Variable(1)
    let e = LinearExpression(x) * -1 - LinearExpression(y) * 2
    var s = AdaptiveSolver(workLimit: (slack: 0, perStep: 1))
    try s.add(Constraint(e - 10, .equal, priority: Priority(999.5)), id: ConstraintID(0))
    try s.add(Constraint(e - 10, .greaterThanOrEqual, priority: .required), id: ConstraintID(1))
    let before = [s.value(of: x).bitPattern, s.value(of: y).bitPattern]
    let revised = s.isRevised
    #expect(throws: SolverError.self) { try s.add(Constraint(e - 9, .equal, priority: .required), id: ConstraintID(2)) }
    let after = [s.value(of: x).bitPattern, s.value(of: y).bitPattern]
    #expect(before == after, "revised before the add: \(revised), after: \(s.isRevised); \(before) -> \(after)")
}
