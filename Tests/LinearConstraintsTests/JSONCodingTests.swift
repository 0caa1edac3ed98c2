import Foundation
import Testing
@testable import LinearConstraints

/// Codable through `JSONValue` (`JSONCoding.swift`): keys in encoding order, strict reading with
/// a JSON path in every error, integers read exactly, numbers JSON cannot hold refused.
@Suite struct JSONCodingTests {
    enum Colour: String, JSONNamedValue { case red, green, blue }

    struct Item: Codable, Equatable {
        var n: Int
        var note: String?
        var colour: Colour
    }

    struct Document: Codable, Equatable {
        var zebra: String
        var items: [Item]
        var alpha: Double
        var extra: JSONValue
        var seed: UInt64
    }

    static let document = Document(
        zebra: "z", items: [Item(n: 1, note: nil, colour: .red), Item(n: -2, note: "x", colour: .blue)], alpha: 0.5,
        extra: .object([("b", .number(1)), ("a", .array([.null, .bool(true)]))]), seed: 42)

    @Test func keysComeOutInTheOrderTheTypeEncodesThem() throws {
        let text = try Self.document.jsonValue().jsonText()
        #expect(text == #"{"zebra":"z","items":[{"n":1,"colour":"red"},{"n":-2,"note":"x","colour":"blue"}],"alpha":0.5,"extra":{"b":1,"a":[null,true]},"seed":42}"#)
    }

    @Test func whatIsWrittenReadsBackEqual() throws {
        let back = try JSONValueDecoder().decode(Document.self, fromText: try Self.document.jsonValue().jsonText())
        #expect(back == Self.document)
    }

    func error(_ text: String) -> String {
        do {
            _ = try JSONValueDecoder().decode(Document.self, fromText: text)
            return "no error"
        } catch { return error.description }
    }

    @Test func everyDecodingErrorNamesItsPath() throws {
        let good = try Self.document.jsonValue().jsonText()
        #expect(error(good) == "no error")
        #expect(error(good.replacingOccurrences(of: #""zebra":"z","#, with: "")) == "$.zebra: missing")
        #expect(error(good.replacingOccurrences(of: #"{"n":-2"#, with: #"{"n":"-2""#)) == "$.items[1].n: expected a whole number, found a string")
        #expect(error(good.replacingOccurrences(of: #""n":1,"#, with: #""n":1.5,"#)) == "$.items[0].n: expected a whole number, found 1.5")
        #expect(error(good.replacingOccurrences(of: #""n":1,"#, with: #""n":1e300,"#))
            == "$.items[0].n: 1e+300 is out of range (-9223372036854775808...9223372036854775807)")
        #expect(error(good.replacingOccurrences(of: #""seed":42"#, with: #""seed":-1"#)) == "$.seed: -1 is out of range (0...18446744073709551615)")
        #expect(error(good.replacingOccurrences(of: #""colour":"blue""#, with: #""colour":"mauve""#))
            == #"$.items[1].colour: unknown value "mauve"; expected red, green or blue"#)
        #expect(error(good.replacingOccurrences(of: #""items":["#, with: #""items":{"x":["#).replacingOccurrences(of: #"],"alpha""#, with: #"]},"alpha""#))
            == "$.items: expected an array, found an object")
        #expect(error("[1]") == "$: expected an object, found an array")
        #expect(error("{").hasPrefix("$: not JSON: line 1"))
    }

    @Test func aKeyThatIsNotAnIdentifierIsQuotedInThePath() throws {
        struct Odd: Decodable {
            var value: Int
            enum CodingKeys: String, CodingKey { case value = "a-b" }
        }
        #expect(throws: JSONCodingError(JSONPath.root.key("a-b"), "expected a whole number, found a boolean")) {
            try JSONValueDecoder().decode(Odd.self, fromText: #"{"a-b": true}"#)
        }
        #expect(JSONPath.root.key("a-b").text == #"$["a-b"]"#)
    }

    @Test func numbersJSONCannotHoldAreRefusedWithTheirPath() throws {
        struct Numbers: Encodable {
            var values: [Double]
            var count: UInt64 = 0
        }
        #expect(throws: JSONCodingError(JSONPath.root.key("values").index(1), "nan is not a JSON number")) {
            try Numbers(values: [1, .nan]).jsonValue()
        }
        #expect(throws: JSONCodingError(JSONPath.root.key("count"), "9007199254740993 cannot be written exactly as a JSON number")) {
            try Numbers(values: [], count: 9_007_199_254_740_993).jsonValue()
        }
    }

    @Test func aJSONValueIsCarriedAsItIsWithItsKeyOrder() throws {
        let value = try parseJSON(#"{"z": [1, {"y": null, "b": "s"}], "a": false}"#)
        #expect(try value.jsonValue() == value)
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: value) == value)
    }
}
