import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

@Suite struct CaseWriterTests {
    @Test func writtenSampleReadsBackAsTheSameCase() throws {
        let c = try LayoutCase(jsonText: sampleCaseText)
        let text = c.jsonText()
        #expect(try LayoutCase(jsonText: text) == c)
        #expect(try LayoutCase(jsonText: text).jsonText() == text)
    }

    @Test func writesFieldsInSpecOrderWithDefaultsLeftOut() throws {
        var c = LayoutCase(name: "tiny", root: "main", views: [ViewSpec(id: "main"), ViewSpec(id: "v", superview: "main")])
        c.views[1].frame = LayoutRect(x: 270, y: 20, width: 42, height: 22)
        c.views[1].autoresizing = [.flexibleBottomMargin, .flexibleLeftMargin]
        c.constraints = [
            try ConstraintSpec.parse("v.width == 0.5 * main.width @999.999 #half"),
            ConstraintSpec(AnchorReference(ItemReference("v"), .height), .equal, constant: 10, when: SizeClassCondition(vertical: .compact)),
        ]
        let expected = """
            {
              "strut": 1,
              "name": "tiny",
              "root": "main",
              "views": [
                {"id": "main"},
                {
                  "id": "v",
                  "superview": "main",
                  "frame": [270, 20, 42, 22],
                  "autoresizing": ["flexibleLeftMargin", "flexibleBottomMargin"]
                }
              ],
              "constraints": [
                "v.width == 0.5 * main.width @999.999 #half",
                {"first": "v.height", "relation": "==", "constant": 10, "when": "hC"}
              ]
            }

            """
        #expect(c.jsonText() == expected)
        #expect(try LayoutCase(jsonText: expected) == c)
    }

    @Test func randomCasesAreValidAndRoundTripByteForByte() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            let c = random.layoutCase()
            let text = c.jsonText()
            do {
                let read = try LayoutCase(jsonText: text)
                #expect(read == c, "seed \(seed)")
                #expect(read.jsonText() == text, "seed \(seed)")
            } catch {
                Issue.record("seed \(seed): \(error)\n\(text)")
            }
        }
    }

    @Test func theSameCaseAlwaysGivesTheSameBytes() {
        var a = CaseRandom(seed: 42)
        var b = CaseRandom(seed: 42)
        #expect(a.layoutCase().jsonText() == b.layoutCase().jsonText())
    }
}
