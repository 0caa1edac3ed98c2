import Cassowary
import LinearConstraints
import PropertyBased
import Testing

/// Algebraic facts of the engine over random small systems and random operation sequences
/// (adds, conflicting adds, removes, edits, suggestions, edit removals; unknown and duplicate ids
/// included), under both objectives, with deep invariant checks after every operation.
/// A failure prints the script as a system file: save it and replay it with `strut solve-system`.
@Suite struct CassowaryPropertyTests {
    static let count = 300

    func runScript(_ codes: [[Int]], variables: Int, weighted: Bool) -> (ScriptRun, [Operation]) {
        let operations = OperationScript.decode(codes, variables: variables)
        var run = ScriptRun(weighted: weighted, variables: variables)
        run.run(operations)
        return (run, operations)
    }

    func report(_ what: String, _ operations: [Operation], weighted: Bool) {
        let strategy = weighted ? "cassowary-weighted" : "cassowary"
        Issue.record("\(what)\nreplay with `strut solve-system FILE --strategy \(strategy)`:\n\(OperationScript.systemText(operations, name: "property-failure"))")
    }

    /// Required constraints hold after every step; a refused step is refused for the right reason
    /// and leaves values and objective bit-identical; conflicts are minimal and hold the new id.
    @Test(arguments: [false, true])
    func everyStepKeepsRequiredConstraintsAndRollsBackRefusals(weighted: Bool) async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 30)) { n, codes in
            let (run, operations) = runScript(codes, variables: n, weighted: weighted)
            if !run.problems.isEmpty { report(run.problems.joined(separator: "\n"), operations, weighted: weighted) }
        }
    }

    /// Taking any constraint out and putting it back gives the objective of never removing it.
    @Test(arguments: [false, true])
    func removingAndReAddingAConstraintKeepsTheObjective(weighted: Bool) async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 30)) { n, codes in
            let (run, operations) = runScript(codes, variables: n, weighted: weighted)
            let objective = run.solver.objective()
            for (id, c) in run.present {
                var copy = run.solver
                do throws(SolverError) {
                    try copy.remove(id)
                    try copy.add(c, id: id)
                } catch {
                    report("removing and re-adding \(id) failed: \(error)", operations, weighted: weighted)
                    return
                }
                if !sameObjective(copy.objective(), objective, weighted: weighted) {
                    report("after removing and re-adding \(id): \(copy.objective()) instead of \(objective)", operations, weighted: weighted)
                    return
                }
            }
        }
    }

    /// The incremental engine ends at the objective of a fresh solve of the final constraints,
    /// edit variables and suggestions.
    @Test(arguments: [false, true])
    func theIncrementalObjectiveEqualsAFreshSolve(weighted: Bool) async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 30)) { n, codes in
            let (run, operations) = runScript(codes, variables: n, weighted: weighted)
            do throws(SolverError) {
                let fresh = try run.freshSolve()
                if !sameObjective(fresh.objective(), run.solver.objective(), weighted: weighted) {
                    report("incremental \(run.solver.objective()) but fresh \(fresh.objective())", operations, weighted: weighted)
                }
            } catch {
                report("a fresh solve of the final set failed: \(error)", operations, weighted: weighted)
            }
        }
    }

    /// The same operations give bit-identical values and objectives after every step.
    @Test(arguments: [false, true])
    func twoRunsGiveBitIdenticalValues(weighted: Bool) async {
        await propertyCheck(count: Self.count, input: Gen.int(in: 2...3), OperationScript.encoded(maxSteps: 30)) { n, codes in
            let (first, operations) = runScript(codes, variables: n, weighted: weighted)
            let (second, _) = runScript(codes, variables: n, weighted: weighted)
            if first.trace != second.trace { report("two runs differ", operations, weighted: weighted) }
        }
    }

    /// Scripts the properties found and shrank (saved in /work/notes/cassowary-bugs/): each must
    /// pass every per-step check, the remove/re-add check and the fresh-solve check.
    @Test(arguments: RegressionScript.all)
    func shrunkFailuresStayFixed(_ script: RegressionScript) {
        var run = ScriptRun(weighted: script.weighted, variables: 3)
        run.run(script.operations)
        var problems = run.problems
        for (id, c) in run.present {
            var copy = run.solver
            do throws(SolverError) {
                try copy.remove(id)
                try copy.checkInvariants()
                try copy.add(c, id: id)
                try copy.checkInvariants()
            } catch {
                problems.append("removing and re-adding \(id): \(error)")
            }
        }
        #expect(problems.isEmpty, "\(script.name): \(problems.joined(separator: "; "))")
    }
}

/// A shrunk failing script, named like its file in /work/notes/cassowary-bugs/.
struct RegressionScript: Sendable, CustomTestStringConvertible {
    var name: String
    var weighted: Bool
    var operations: [Operation]
    var testDescription: String { name }

    static func add(_ id: Int, _ terms: [Double], _ relation: Relation, _ rhs: Double, _ p: Priority = .required) -> Operation {
        let t = terms.enumerated().filter { $0.element != 0 }.map { LinearExpression.Term(Variable($0.offset), $0.element) }
        return .add(ConstraintID(id), Constraint(LinearExpression(terms: t, constant: -rhs), relation, priority: p))
    }

    static let all: [RegressionScript] = [
        RegressionScript(name: "redundant-equality-removed-then-infeasible-add-accepted", weighted: false, operations: [
            add(1, [2, 2], .greaterThanOrEqual, 0, .defaultHigh), add(4, [1, -1], .lessThanOrEqual, -2),
            add(8, [1, -2], .equal, 6), add(10, [1, -2], .equal, 6), .remove(ConstraintID(8)), add(12, [-1, -2], .equal, 9),
        ]),
        RegressionScript(name: "weighted-remove-after-edit-removal", weighted: true, operations: [
            .edit(Variable(0), Priority(1)), add(0, [2, -1], .greaterThanOrEqual, -5, .defaultLow),
            add(1, [0, -1], .greaterThanOrEqual, 1, Priority(999.5)), .removeEdit(Variable(0)), .remove(ConstraintID(0)),
        ]),
        RegressionScript(name: "weighted-not-optimal-after-remove", weighted: true, operations: [
            add(3, [1, 2, 2], .greaterThanOrEqual, 3, Priority(1)), add(4, [2, -2], .lessThanOrEqual, -8),
            add(5, [-1, 2], .lessThanOrEqual, 3, Priority(999.5)), add(6, [0, -1, 1], .equal, -4, .defaultLow),
            add(7, [-2, -2, -2], .lessThanOrEqual, 4, Priority(999.5)), .remove(ConstraintID(5)),
        ]),
        RegressionScript(name: "weighted-not-optimal-after-add", weighted: true, operations: [
            add(0, [-1, -1, 2], .greaterThanOrEqual, -4, Priority(1)), add(1, [0, 0, -2], .lessThanOrEqual, 6, Priority(999.5)),
            add(2, [2, 2, 1], .lessThanOrEqual, 7, Priority(999.5)), add(3, [-1, 1], .greaterThanOrEqual, 4, .defaultLow),
            add(4, [0, -2, 1], .greaterThanOrEqual, -9), add(5, [2, 1, 1], .greaterThanOrEqual, 10),
        ]),
    ]
}
