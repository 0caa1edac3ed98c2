import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

@Suite struct ConstraintGrammarTests {
    @Test func parsesTheSpecExamples() throws {
        let a = try ConstraintSpec.parse("v2.leading == v1.leading")
        #expect(a == ConstraintSpec(AnchorReference(ItemReference("v2"), .leading), .equal, AnchorReference(ItemReference("v1"), .leading)))

        let b = try ConstraintSpec.parse("v2.height == 0.1 * v1.height")
        #expect(b.multiplier == 0.1)
        #expect(b.second == AnchorReference(ItemReference("v1"), .height))

        let c = try ConstraintSpec.parse("lab2.top == lab1.bottom + 20")
        #expect(c.constant == 20)
        #expect(c.first.attribute == .top && c.second?.attribute == .bottom)

        let d = try ConstraintSpec.parse("v3.width == 20 @750 #v3-width")
        #expect(d.second == nil && d.constant == 20)
        #expect(d.priority == .defaultHigh && d.identifier == "v3-width")

        let e = try ConstraintSpec.parse("v.top == main.safeArea.top")
        #expect(e.second?.item == ItemReference("main", guide: .safeArea))
    }

    /// NaN and infinities are words the reader would otherwise take for a view id ("expected '.'
    /// and an attribute after NaN"): the message says they are not numbers Strut accepts.
    @Test(arguments: ["a.width == NaN", "a.width == 2 * nan", "a.top == b.top + NaN", "a.top == b.top - inf",
                      "a.width == -NaN", "a.width == Infinity * b.width", "a.width == 20 @NaN"])
    func nanAndInfinityAreNamedAsNumbersStrutDoesNotAccept(text: String) {
        do {
            _ = try ConstraintSpec.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description.contains("is not a number Strut accepts"), "\(text): \(error)")
            #expect(!error.description.contains("expected '.'"), "\(text): \(error)")
        }
    }

    @Test func aViewCalledNanIsStillAView() throws {
        let c = try ConstraintSpec.parse("a.width == nan.width + 2")
        #expect(c.second == AnchorReference(ItemReference("nan"), .width) && c.constant == 2)
    }

    @Test func readsEveryAttributeAndBuiltInGuide() throws {
        for attribute in LayoutAttribute.allCases {
            let c = try ConstraintSpec.parse("a.\(attribute.rawValue) >= b.\(attribute.rawValue)")
            #expect(c.first.attribute == attribute && c.relation == .greaterThanOrEqual)
        }
        for guide in BuiltInGuide.allCases {
            let c = try ConstraintSpec.parse("a.\(guide.rawValue).top <= b.top - 4")
            #expect(c.first.item == ItemReference("a", guide: guide))
            #expect(c.constant == -4 && c.relation == .lessThanOrEqual)
        }
    }

    @Test func acceptsNamedPrioritiesNegativeMultipliersAndTightSpacing() throws {
        let c = try ConstraintSpec.parse("a.width==-2*b.height-1.5@defaultLow#x")
        #expect(c.multiplier == -2 && c.constant == -1.5)
        #expect(c.priority == .defaultLow && c.identifier == "x")
        #expect(try ConstraintSpec.parse("a.width == 10 @999.5").priority == Priority(999.5))
        #expect(try ConstraintSpec.parse("a.width == -1e2").constant == -100)
    }

    @Test func reportsTheOffsetOfTheProblem() {
        let cases: [(String, Int, String)] = [
            ("v.top == w.tpo", 11, "unknown attribute \"tpo\""),
            ("v.top = w.top", 6, "expected a relation"),
            ("v.top == w.safe.top", 11, "unknown built-in guide \"safe\""),
            ("v.width == 20 @1001", 15, "priority 1001 is outside (0, 1000]"),
            ("v.width == 20 @0", 15, "priority 0 is outside (0, 1000]"),
            ("v.width == 20 @urgent", 15, "unknown priority \"urgent\""),
            ("v.top == w.top +", 16, "expected a number after '+'"),
            ("v.top == w.top # ", 16, "expected an identifier after '#'"),
            ("v.top == w.top #a b", 18, "unexpected text after the identifier"),
            ("v.top == w.top #é b", 18, "unexpected text after the identifier"),  // offsets count characters, not bytes
            ("v == w.top", 1, "expected '.' and an attribute after \"v\""),
            ("v.width == 2 w.width", 13, "expected '*' between the multiplier and the anchor"),
            ("v.width == 1e999", 11, "number 1e999 is not finite"),
            ("", 0, "expected a view or guide id"),
        ]
        for (text, offset, message) in cases {
            #expect(throws: ConstraintSyntaxError.self, "\(text)") { try ConstraintSpec.parse(text) }
            do {
                _ = try ConstraintSpec.parse(text)
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
                #expect(error.message.contains(message), "\(text): \(error)")
            }
        }
    }

    @Test func caretPointsAtTheOffset() {
        let error = ConstraintSyntaxError(offset: 11, "unknown attribute \"tpo\"")
        #expect(error.caret(in: "v.top == w.tpo") == "v.top == w.tpo\n           ^ unknown attribute \"tpo\"")
        #expect(error.description == "at character 12: unknown attribute \"tpo\"")
    }

    @Test func printsTextThatParsesBack() throws {
        let c = ConstraintSpec(
            AnchorReference(ItemReference("v", guide: .margins), .leading), .lessThanOrEqual, multiplier: 0.5,
            AnchorReference(ItemReference("w"), .trailing), constant: -8, priority: Priority(999.999), identifier: "gap")
        #expect(c.stringForm == "v.margins.leading <= 0.5 * w.trailing - 8 @999.999 #gap")
        #expect(try ConstraintSpec.parse(c.stringForm!) == c)
    }

    @Test func constraintsThatNeedTheObjectFormHaveNoStringForm() {
        var c = ConstraintSpec(AnchorReference(ItemReference("v"), .width), .equal, constant: 10)
        c.identifier = "has space"
        #expect(c.stringForm == nil)
        c.identifier = nil
        c.isActive = false
        #expect(c.stringForm == nil)
        c.isActive = true
        c.when = SizeClassCondition(horizontal: .regular)
        #expect(c.stringForm == nil)
    }

    @Test func printedConstraintsParseToTheSameConstraint() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            let c = random.constraint(ids: ["a", "b_2", "main"], stringForm: true)
            let text = c.stringForm!
            do {
                #expect(try ConstraintSpec.parse(text) == c, "seed \(seed): \(text)")
            } catch {
                Issue.record("seed \(seed): \(text) does not parse: \(error)")
            }
        }
    }
}
