import Testing
@testable import LinearConstraints

/// The Foundation-free JSON reader and writer (`JSON.swift`): strict reading with positions in
/// every error, order-preserving objects, and writing that reads back to the same value.
@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try parseJSON(#" { "n": null, "t": true, "f": false, "x": -1.5e2, "s": "a\"b", "a": [1, [], {}] } "#)
        #expect(value["n"] == .null)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["x"] == .number(-150))
        #expect(value["s"] == .string("a\"b"))
        #expect(value["a"] == .array([.number(1), .array([]), .object([])]))
        #expect(value["missing"] == nil)
    }

    @Test func objectsKeepTheirMembersInFileOrder() throws {
        let value = try parseJSON(#"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let members) = value else {
            Issue.record("expected an object, got \(value.kindName)")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
    }

    @Test func objectsWithTheSameMembersInAnotherOrderDiffer() throws {
        #expect(try parseJSON(#"{"a":1,"b":2}"#) != parseJSON(#"{"b":2,"a":1}"#))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parseJSON(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{1F600}"))
    }

    @Test func plainTextBeforeAndAfterAnEscapeIsKept() throws {
        // The reader scans a string without escapes in one pass and switches to decoding at the
        // first backslash: the text before it must carry over.
        #expect(try parseJSON(#""view.left\n\u00e9 é""#) == .string("view.left\n\u{E9} é"))
        #expect(try parseJSON(#"["héllo", "", "a\"b"]"#) == .array([.string("héllo"), .string(""), .string("a\"b")]))
    }

    @Test func readsNumbersInEveryForm() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("12", 12), ("1.25", 1.25), ("1e3", 1000), ("1E+3", 1000),
            ("2.5e-1", 0.25), ("-7", -7),
        ]
        for (text, expected) in cases {
            #expect(try parseJSON(text) == .number(expected), "\(text)")
        }
    }
}

/// Every syntax error names the line and column (1-based, in characters) of the offending text.
@Suite struct JSONSyntaxErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { "\(text.debugDescription) -> \(line):\(column)" }
    }

    static let cases: [Case] = [
        Case(text: "", line: 1, column: 1, message: "unexpected end of text"),
        Case(text: "[1,]", line: 1, column: 4, message: "unexpected character"),
        Case(text: #"{"a":1,}"#, line: 1, column: 8, message: "member name"),
        Case(text: "[1 2]", line: 1, column: 4, message: "expected ',' or ']'"),
        Case(text: #"{"a":1 "b":2}"#, line: 1, column: 8, message: "expected ',' or '}'"),
        Case(text: #"{"a" 1}"#, line: 1, column: 6, message: "expected ':'"),
        Case(text: #""abc"#, line: 1, column: 5, message: "unterminated string"),
        Case(text: "[\n  tru\n]", line: 2, column: 6, message: "expected 'true'"),
        Case(text: "{\n  \"a\": 1,\n  \"b\": nul\n}", line: 3, column: 11, message: "expected 'null'"),
        Case(text: "NaN", line: 1, column: 1, message: "expected a value"),
        Case(text: "[1] x", line: 1, column: 5, message: "after the JSON value"),
        Case(text: #"{"a":1,"a":2}"#, line: 1, column: 11, message: "duplicate member \"a\""),
        Case(text: "\"a\u{1}\"", line: 1, column: 3, message: "control character"),
        Case(text: #""\x""#, line: 1, column: 4, message: "unknown escape"),
        Case(text: #""\u12g4""#, line: 1, column: 6, message: "hex digits"),
        Case(text: #""\ud800x""#, line: 1, column: 8, message: "expected '\\u'"),
        Case(text: #""\ud800\u0041""#, line: 1, column: 14, message: "unpaired surrogate"),
        Case(text: "1e400", line: 1, column: 1, message: "out of range"),
        Case(text: "-", line: 1, column: 2, message: "expected digits"),
        Case(text: "1.", line: 1, column: 3, message: "after the decimal point"),
        Case(text: "1e+", line: 1, column: 4, message: "exponent"),
        Case(text: "[\"é\", x]", line: 1, column: 7, message: "unexpected character"),
        Case(text: "[1,\n", line: 2, column: 1, message: "unexpected end of text"),
        Case(text: "[1", line: 1, column: 3, message: "inside an array"),
        Case(text: #"{"a":1"#, line: 1, column: 7, message: "inside an object"),
    ]

    @Test(arguments: cases)
    func reportsLineAndColumn(_ c: Case) {
        let error = #expect(throws: JSONSyntaxError.self) { try parseJSON(c.text) }
        #expect(error?.line == c.line)
        #expect(error?.column == c.column)
        #expect(error?.message.contains(c.message) == true, "message: \(error?.message ?? "none")")
        #expect(error?.description.hasPrefix("line \(c.line), column \(c.column): ") == true)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = #expect(throws: JSONSyntaxError.self) { try parseJSON(text) }
        #expect(error?.message.contains("nesting") == true)
        #expect(error?.line == 1)
        #expect(error?.column == 513)
    }
}

/// `jsonText` output reads back to the same value, compact or indented.
@Suite struct JSONWriterTests {
    static let sample: JSONValue = .object([
        ("name", .string("tab\tquote\"back\\slash\nctl\u{1}é😀")),
        ("numbers", .array([.number(0), .number(-3), .number(0.1), .number(1e-7), .number(1e300),
                            .number(123456789012345), .number(-2.5e-300)])),
        ("flags", .array([.bool(true), .bool(false), .null])),
        ("nested", .object([("empty", .object([])), ("list", .array([]))])),
        ("z", .object([("b", .number(2)), ("a", .number(1))])),
    ])

    @Test(arguments: [0, 2, 4])
    func writtenTextReadsBackToTheSameValue(indent: Int) throws {
        let text = Self.sample.jsonText(indent: indent)
        #expect(try parseJSON(text) == Self.sample)
    }

    @Test func compactTextHasNoSpacesOutsideStrings() {
        let value: JSONValue = .object([("a", .array([.number(1), .number(2)])), ("b", .string("x y"))])
        #expect(value.jsonText() == #"{"a":[1,2],"b":"x y"}"#)
    }

    @Test func indentedTextPutsOneMemberPerLine() {
        let value: JSONValue = .object([("a", .array([.number(1)])), ("b", .null)])
        #expect(value.jsonText(indent: 2) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": null\n}")
    }

    @Test func integersPrintWithoutAFraction() {
        #expect(formatJSONNumber(10) == "10")
        #expect(formatJSONNumber(-0.0) == "0")
        #expect(formatJSONNumber(-42) == "-42")
        #expect(formatJSONNumber(0.5) == "0.5")
    }

    @Test func nonFiniteNumbersPrintAsNull() {
        #expect(formatJSONNumber(.nan) == "null")
        #expect(formatJSONNumber(.infinity) == "null")
    }

    @Test func controlCharactersAreEscaped() {
        #expect(JSONValue.string("a\u{1}b\u{1F}").jsonText() == #""a\u0001b\u001f""#)
    }

    @Test func writtenNumbersReadBackBitForBit() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let bits = generator.next()
            let d = Double(bitPattern: bits)
            guard d.isFinite else { continue }
            let back = try parseJSON(JSONValue.number(d).jsonText())
            // -0 prints as 0 by design; everything else must keep every bit.
            let expected = d == 0 ? 0 : d
            #expect(back == .number(expected), "\(d)")
        }
    }
}
