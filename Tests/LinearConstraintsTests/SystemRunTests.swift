import Testing
@testable import LinearConstraints

/// `SystemRun`: driving a solver from a system file, numbering names, mapping errors to outcomes.
@Suite struct SystemRunTests {
    func run(_ steps: [SystemStep], solver: FakeSolver = FakeSolver()) -> (records: [StepRecord], run: SystemRun<FakeSolver>) {
        var run = SystemRun(solver: solver)
        let records = run.run(SystemFile(name: "t", steps: steps))
        return (records, run)
    }

    func add(_ text: String, _ id: String) -> SystemStep {
        .add(try! SymbolicConstraint.parse(text), id: id)
    }

    @Test func numbersVariablesInOrderOfFirstUse() {
        let (records, run) = run([add("b >= 0", "1"), add("a + b + c >= 0", "2"), .edit(variable: "d", priority: .defaultLow)])
        #expect(run.variableNames == ["b", "a", "c", "d"])
        #expect(run.existingVariable("c") == Variable(2))
        #expect(run.existingVariable("never") == nil)
        #expect(run.solver.constraints[1].constraint.expression.terms.map(\.variable) == [Variable(1), Variable(0), Variable(2)])
        guard case .check(_, let values, _) = records.last?.outcome else {
            Issue.record("expected a final check")
            return
        }
        #expect(values.map(\.name) == ["b", "a", "c", "d"])
        #expect(values.map(\.value) == [0, 10, 20, 0])
    }

    @Test func numbersConstraintIdsInOrderOfFirstAddAndReusesThem() {
        let (_, run) = run([add("x >= 0", "p"), add("x >= 1", "q"), .remove(id: "p"), add("x >= 2", "p")])
        #expect(run.solver.calls == ["add #0", "add #1", "remove #0", "add #0"])
        #expect(run.name(of: ConstraintID(1)) == "q")
    }

    @Test func mapsEverySolverErrorToItsOutcome() {
        let (records, _) = run([
            add("x >= 0", "a"),
            add("x >= 1", "a"),
            .remove(id: "a"),
            .remove(id: "a"),
            .edit(variable: "w", priority: .required),
            .edit(variable: "w", priority: .defaultHigh),
            .edit(variable: "w", priority: .defaultLow),
            .removeEdit(variable: "x"),
            .suggest([.init("x", 1)]),
        ])
        #expect(records.map(\.outcome.name) == [
            "ok", "duplicate", "ok", "unknown", "badPriority", "ok", "duplicate", "unknown", "unknown", "check",
        ])
    }

    @Test func namesTheConflictingConstraintsByTheirFileIds() {
        var solver = FakeSolver()
        solver.conflictWith = [ConstraintID(0)]
        let (records, _) = run([add("x >= 10", "floor"), add("0 >= 1", "bad")], solver: solver)
        #expect(records[1].outcome == .unsatisfiable(conflict: ["floor", "bad"]))
    }

    @Test func reportsOtherSolverErrorsWithTheirSentence() {
        let (records, _) = run([.edit(variable: "w", priority: .defaultHigh), .suggest([.init("w", .infinity)])])
        #expect(records[1].outcome == .error("non-finite number: suggested value"))
    }

    @Test func unknownNamesAreRefusedWithoutAskingTheSolver() {
        let (records, run) = run([.remove(id: "ghost"), .removeEdit(variable: "ghost"), .suggest([.init("ghost", 1)])])
        #expect(records.prefix(3).map(\.outcome) == [.unknown, .unknown, .unknown])
        #expect(run.solver.calls.isEmpty)
        #expect(run.variableNames.isEmpty)
    }

    @Test func suggestsEveryValueOfAStepInFileOrder() {
        let (_, run) = run([
            .edit(variable: "w", priority: .defaultHigh), .edit(variable: "h", priority: .defaultHigh),
            .suggest([.init("h", 2), .init("w", 3)]),
        ])
        #expect(run.solver.calls.suffix(2) == ["suggest v1 = 2", "suggest v0 = 3"])
    }

    /// A rejected step changes nothing (spec): a suggest step refused for one variable must not
    /// have moved the others.
    @Test func aRefusedSuggestStepChangesNoValue() {
        let (records, _) = run([
            .edit(variable: "w", priority: .defaultHigh), add("h >= 0", "h"),
            .check(label: "before"), .suggest([.init("w", 5), .init("h", 1)]), .check(label: "after"),
        ])
        #expect(records[3].outcome == .unknown)
        guard case .check(_, let before, let objectiveBefore) = records[2].outcome,
              case .check(_, let after, let objectiveAfter) = records[4].outcome else {
            Issue.record("expected two checks")
            return
        }
        #expect(before.map(\.value) == after.map(\.value))
        #expect(objectiveBefore == objectiveAfter)
    }

    @Test func impliesAFinalCheckWhenTheFileDoesNotEndWithOne() {
        let (records, _) = run([.edit(variable: "w", priority: .defaultLow), .suggest([.init("w", -4)])])
        #expect(records.count == 3)
        #expect(records[2].index == 2)
        #expect(records[2].kind == "check")
        #expect(records[2].outcome == .check(label: "end", values: [("w", -4)], objective: [LevelError(priority: .defaultLow, error: 4)]))
    }

    @Test func addsNoCheckWhenTheFileEndsWithOne() {
        let (records, _) = run([add("x >= 0", "a"), .check(label: "mine")])
        #expect(records.map(\.index) == [0, 1])
        #expect(records.last?.outcome == .check(label: "mine", values: [("x", 0)], objective: []))
    }

    @Test func anEmptyFileStillGetsItsFinalCheck() {
        let (records, _) = run([])
        #expect(records == [StepRecord(index: 0, kind: "check", outcome: .check(label: "end", values: [], objective: []))])
    }
}

/// The result document of `strut solve-system --json` (docs/system-format.md).
@Suite struct SystemResultJSONTests {
    @Test func buildsTheDocumentOfTheSpec() throws {
        let records = [
            StepRecord(index: 0, kind: "add", outcome: .ok),
            StepRecord(index: 2, kind: "add", outcome: .unsatisfiable(conflict: ["floor", "bad"])),
            StepRecord(index: 3, kind: "check", outcome: .check(
                label: "after rejected add", values: [("x", 10)],
                objective: [LevelError(priority: Priority(1), error: 10)])),
        ]
        let document = systemResultJSON(system: "rollback-after-conflict", strategy: "cassowary", records: records)
        let specText = """
            { "system": "rollback-after-conflict", "strategy": "cassowary",
              "steps": [ { "index": 0, "outcome": "ok" },
                         { "index": 2, "outcome": "unsatisfiable", "conflict": ["floor", "bad"] },
                         { "index": 3, "outcome": "check", "label": "after rejected add",
                           "values": { "x": 10 },
                           "objective": [ { "priority": 1, "error": 10 } ] } ] }
            """
        #expect(document == (try parseJSON(specText)))
    }

    @Test func errorsCarryTheirMessage() {
        let record = StepRecord(index: 4, kind: "suggest", outcome: .error("non-finite number: x"))
        #expect(record.json.jsonText() == #"{"index":4,"outcome":"error","message":"non-finite number: x"}"#)
    }

    @Test func everyStepOfARunAppearsInOrder() throws {
        var run = SystemRun(solver: FakeSolver())
        let file = try SystemFile(jsonText: specExampleText)
        let records = run.run(file)
        let document = systemResultJSON(system: file.name, strategy: run.solver.strategy, records: records)
        guard case .array(let steps)? = document["steps"] else {
            Issue.record("no steps array")
            return
        }
        #expect(steps.map { $0["index"] } == (0..<file.steps.count).map { .number(Double($0)) })
        #expect(document["strategy"] == .string("fake"))
    }
}
