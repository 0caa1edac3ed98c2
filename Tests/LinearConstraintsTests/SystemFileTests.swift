import Testing
@testable import LinearConstraints

/// The spec's example file (docs/system-format.md), byte for byte.
let specExampleText = """
    {
      "strut-system": 1,
      "name": "rollback-after-conflict",
      "steps": [
        { "add": "x >= 10", "id": "floor" },
        { "add": "x == 20 @1", "id": "pref" },
        { "add": "x <= 5", "id": "bad" },
        { "check": "after rejected add" },
        { "edit": "y", "priority": 999 },
        { "suggest": { "y": 42 } },
        { "remove": "pref" },
        { "removeEdit": "y" },
        { "check": "end" }
      ]
    }
    """

/// Reading system files: every step kind, and strict errors that name the step.
@Suite struct SystemFileReaderTests {
    @Test func readsEveryStepKindOfTheSpecExample() throws {
        let file = try SystemFile(jsonText: specExampleText)
        #expect(file.name == "rollback-after-conflict")
        #expect(file.steps.map(\.kind) == ["add", "add", "add", "check", "edit", "suggest", "remove", "removeEdit", "check"])
        #expect(file.steps[0] == .add(try SymbolicConstraint.parse("x >= 10"), id: "floor"))
        #expect(file.steps[1] == .add(try SymbolicConstraint.parse("x == 20 @1"), id: "pref"))
        #expect(file.steps[3] == .check(label: "after rejected add"))
        #expect(file.steps[4] == .edit(variable: "y", priority: Priority(999)))
        #expect(file.steps[5] == .suggest([.init("y", 42)]))
        #expect(file.steps[6] == .remove(id: "pref"))
        #expect(file.steps[7] == .removeEdit(variable: "y"))
    }

    @Test func acceptsTheIdBeforeTheConstraint() throws {
        let file = try SystemFile(jsonText: #"{"strut-system":1,"steps":[{"id":"a","add":"x >= 1"}]}"#)
        #expect(file.steps == [.add(try SymbolicConstraint.parse("x >= 1"), id: "a")])
        #expect(file.name == "")
    }

    @Test func keepsSuggestionsInFileOrder() throws {
        let file = try SystemFile(jsonText: #"{"strut-system":1,"steps":[{"suggest":{"w":1,"h":-2.5,"a":3}}]}"#)
        #expect(file.steps == [.suggest([.init("w", 1), .init("h", -2.5), .init("a", 3)])])
    }

    @Test(arguments: [("defaultHigh", Float(750)), ("defaultLow", 250), ("fittingSizeLevel", 50), ("required", 1000)])
    func readsEditPrioritiesByName(name: String, value: Float) throws {
        let file = try SystemFile(jsonText: #"{"strut-system":1,"steps":[{"edit":"w","priority":"\#(name)"}]}"#)
        #expect(file.steps == [.edit(variable: "w", priority: Priority(value))])
    }

    /// A file that is wrong outside the steps: the error has no step and says what is wrong.
    @Test(arguments: [
        ("[]", "must hold a JSON object"),
        (#"{"steps":[]}"#, "missing \"strut-system\""),
        (#"{"strut-system":"1","steps":[]}"#, "missing \"strut-system\""),
        (#"{"strut-system":2,"steps":[]}"#, "unsupported format version 2"),
        (#"{"strut-system":1}"#, "missing \"steps\""),
        (#"{"strut-system":1,"steps":{}}"#, "missing \"steps\""),
        (#"{"strut-system":1,"name":7,"steps":[]}"#, "\"name\" must be a string, not a number"),
        (#"{"strut-system":1,"steps":[],"extra":true}"#, "unknown field \"extra\""),
        ("{\"strut-system\":1,\n\"steps\":[,]}", "not valid JSON: line 2, column 10"),
    ])
    func fileLevelErrorsSayWhatIsWrong(text: String, message: String) {
        let error = #expect(throws: SystemFileError.self) { try SystemFile(jsonText: text) }
        #expect(error?.step == nil)
        #expect(error?.description.contains(message) == true, "got: \(error?.description ?? "no error")")
    }

    /// A bad step: the error names its index and what is wrong.
    @Test(arguments: [
        (#""x >= 1""#, "a step must be a non-empty object"),
        ("{}", "a step must be a non-empty object"),
        (#"{"move":"x"}"#, "unknown step \"move\""),
        (#"{"add":"x >= 1"}"#, "missing \"id\""),
        (#"{"add":"x >= 1","id":3}"#, "\"id\" must be a string, not a number"),
        (#"{"add":["x >= 1"],"id":"a"}"#, "\"add\" must be a string, not an array"),
        (#"{"add":"x >= 1","id":"a","priority":750}"#, "unknown field \"priority\" in a add step"),
        (#"{"add":"x >= ","id":"a"}"#, "constraint \"x >= \" at character 6: unexpected end"),
        (#"{"add":"x >= 1 @1001","id":"a"}"#, "outside (0, 1000]"),
        (#"{"add":"x >= 1 @0","id":"a"}"#, "outside (0, 1000]"),
        (#"{"add":"x >= NaN","id":"a"}"#, "not a finite number"),
        (#"{"add":"x >= 1e400","id":"a"}"#, "not finite"),
        (#"{"remove":true}"#, "\"remove\" must be a string, not a boolean"),
        (#"{"remove":"a","id":"a"}"#, "unknown field \"id\" in a remove step"),
        (#"{"edit":"w"}"#, "missing \"priority\""),
        (#"{"edit":"w","priority":0}"#, "priority 0 is outside (0, 1000]"),
        (#"{"edit":"w","priority":-3}"#, "priority -3 is outside (0, 1000]"),
        (#"{"edit":"w","priority":1000.5}"#, "priority 1000.5 is outside (0, 1000]"),
        (#"{"edit":"w","priority":"high"}"#, "unknown priority \"high\""),
        (#"{"edit":"w","priority":null}"#, "\"priority\" must be a number or a name, not null"),
        (#"{"edit":"2w","priority":1}"#, "\"2w\" is not a variable name"),
        (#"{"edit":5,"priority":1}"#, "\"edit\" must be a string, not a number"),
        (#"{"suggest":{}}"#, "non-empty object"),
        (#"{"suggest":[1]}"#, "non-empty object"),
        (#"{"suggest":{"w":"10"}}"#, "suggested value for w must be a finite number, not a string"),
        (#"{"suggest":{"w h":1}}"#, "\"w h\" is not a variable name"),
        (#"{"removeEdit":"a-b"}"#, "\"a-b\" is not a variable name"),
        (#"{"check":1}"#, "\"check\" must be a string, not a number"),
        (#"{"check":"end","values":{}}"#, "unknown field \"values\" in a check step"),
    ])
    func stepErrorsNameTheStep(step: String, message: String) {
        let text = #"{"strut-system":1,"steps":[{"check":"first"},{"check":"second"},"# + step + "]}"
        let error = #expect(throws: SystemFileError.self) { try SystemFile(jsonText: text) }
        #expect(error?.step == 2)
        #expect(error?.description.hasPrefix("step 2: ") == true, "got: \(error?.description ?? "no error")")
        #expect(error?.description.contains(message) == true, "got: \(error?.description ?? "no error")")
    }
}

/// Writing system files: the writer's text reads back to the same file.
@Suite struct SystemFileWriterTests {
    @Test func theSpecExampleSurvivesARoundTrip() throws {
        let file = try SystemFile(jsonText: specExampleText)
        #expect(try SystemFile(jsonText: file.jsonText()) == file)
    }

    @Test func everyStepKindSurvivesARoundTrip() throws {
        let file = SystemFile(name: "all \"kinds\"\n", steps: [
            .add(try SymbolicConstraint.parse("0.1*a - 3*b + 1e-9 <= c @999.999"), id: "id with spaces"),
            .add(try SymbolicConstraint.parse("a == 1e300"), id: "ünïcode"),
            .edit(variable: "a", priority: Priority(999.5)),
            .edit(variable: "b", priority: .fittingSizeLevel),
            .suggest([.init("a", -0.3), .init("b", 1e-300)]),
            .remove(id: "ünïcode"),
            .removeEdit(variable: "b"),
            .check(label: ""),
        ])
        let text = file.jsonText()
        #expect(try SystemFile(jsonText: text) == file)
        #expect(text.hasSuffix("\n"))
    }

    @Test func writesOneStepPerLine() throws {
        let file = try SystemFile(jsonText: specExampleText)
        let lines = file.jsonText().split(separator: "\n")
        #expect(lines.count == file.steps.count + 6)
        #expect(lines.contains(#"    {"add":"x == 20 @1","id":"pref"},"#))
        #expect(lines.contains(#"    {"edit":"y","priority":999},"#))
    }

    @Test func anEmptyFileSurvivesARoundTrip() throws {
        let file = SystemFile(name: "empty", steps: [])
        #expect(try SystemFile(jsonText: file.jsonText()) == file)
    }
}
