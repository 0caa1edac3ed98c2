import LinearConstraints
import Testing

@testable import AutoLayout

/// Malformed and unusable formats give `VisualFormatError`s at the offending character (or
/// option), saying what was expected, with a caret under the format.
@Suite struct VFLErrorTests {
    /// (format, views, metrics, expected offset, words the message must contain)
    static let positioned: [(String, [String], [FormatSpec.Metric], Int, String)] = [
        ("H:|-[find]-[findNext(>=20]-|", ["find", "findNext"], [], 25, "expected ')'"),
        ("[a(20", ["a"], [], 5, "expected ')'"),
        ("[find-[b]", ["find", "b"], [], 5, "expected ']' to close the view \"find\""),
        ("H:|-[a]-b]", ["a"], [], 9, "expected '-' after the spacing"),
        ("[a]-[nope]", ["a"], [], 5, "unknown view \"nope\""),
        ("V:|[a(>=20)]-[b]-[ghost]", ["a", "b"], [], 18, "unknown view \"ghost\""),
        ("[a]-gap-[b]", ["a", "b"], [], 4, "unknown metric \"gap\""),
        ("[a]-(>=8,<=gap)-[b]", ["a", "b"], [FormatSpec.Metric("pad", 8)], 11, "unknown metric \"gap\""),
        ("[a(wide)]", ["a"], [], 3, "unknown metric or view \"wide\""),
        ("[a(20@low)]", ["a"], [], 6, "unknown metric \"low\""),
        ("[a(=>20)]", ["a"], [], 3, "bad relation '=>'"),
        ("[a(<20)]", ["a"], [], 3, "bad relation '<'"),
        ("[a]-(=20)-[b]", ["a", "b"], [], 5, "bad relation '='"),
        ("[a(20@1001)]", ["a"], [], 6, "priority 1001 is above 1000"),
        ("[a]-(8@1000.5)-[b]", ["a", "b"], [], 7, "priority 1000.5 is above 1000"),
        ("[a(20@p)]", ["a"], [FormatSpec.Metric("p", 2000)], 6, "priority 2000 is above 1000"),
        ("[a(20@0)]", ["a"], [], 6, "priority 0 is not above 0"),
        ("[spacer]", [], [], 1, "\"spacer\" is a layout guide"),
        ("|[main]", [], [], 0, "root view"),
        ("[a]-(b)-[b]", ["a", "b"], [], 5, "\"b\" is a view, but a spacing is a number or a metric"),
        ("", [], [], 0, "the format is empty"),
        ("H:", [], [], 2, "expected '[' and a view name"),
        ("X:[a]", ["a"], [], 0, "unknown orientation 'X'"),
        ("[a]|x", ["a"], [], 4, "after the closing superview '|'"),
        ("[a]x", ["a"], [], 3, "expected '-', '[' or '|' after the view \"a\""),
        ("[a]-20-x", ["a"], [], 7, "expected '[' and a view name, or '|', after the connection"),
        ("[1a]", [], [], 1, "expected a view name"),
        ("|-|", [], [], 2, "expected '[' and a view name after the superview '|'"),
        ("[a]-@-[b]", ["a", "b"], [], 4, "expected a spacing"),
        ("[a(20@)]", ["a"], [], 6, "expected a priority"),
    ]

    @Test(arguments: positioned.indices) func errorPointsAtTheOffendingCharacter(_ i: Int) throws {
        let (format, names, metrics, offset, words) = Self.positioned[i]
        let error = try #require(try VFLTestTrees.error(format, names, metrics: metrics), "\(format) was accepted")
        #expect(error.offset == offset, "\(format): \(error.summary)")
        #expect(error.message.contains(words), "\(format): \(error.message)")
        #expect(error.format == format)
    }

    @Test func descriptionPutsACaretUnderTheFormatLikeACompiler() throws {
        let error = try #require(try VFLTestTrees.error("H:|-[find]-[findNext(>=20]-|", ["find", "findNext"]))
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines[0] == "H:|-[find]-[findNext(>=20]-|")
        #expect(lines[1].hasPrefix(String(repeating: " ", count: 25) + "^ expected ')'"))
        #expect(error.summary.hasPrefix("character 26: expected ')'"))
    }

    @Test func anAlignmentAlongTheFormatsAxisIsRejectedAtTheOption() throws {
        let h = try #require(try VFLTestTrees.error("H:[a][b]", ["a", "b"], options: [.alignAllTop, .alignAllLeading]))
        #expect(h.location == .option(1) && h.message.contains("alignAllLeading"))
        let v = try #require(try VFLTestTrees.error("V:[a][b]", ["a", "b"], options: [.alignAllCenterY]))
        #expect(v.location == .option(0))
        #expect(v.offset == nil && v.summary.hasPrefix("option 1: "))
        for option in [FormatOption.alignAllLeft, .alignAllRight, .alignAllCenterX, .alignAllTrailing] {
            #expect(try VFLTestTrees.error("[a][b]", ["a", "b"], options: [option])?.location == .option(0))
            #expect(try VFLTestTrees.error("V:[a][b]", ["a", "b"], options: [option]) == nil)
        }
        for option in [FormatOption.alignAllBottom, .alignAllFirstBaseline, .alignAllLastBaseline] {
            #expect(try VFLTestTrees.error("V:[a][b]", ["a", "b"], options: [option])?.location == .option(0))
            #expect(try VFLTestTrees.error("[a][b]", ["a", "b"], options: [option]) == nil)
        }
    }

    @Test func twoDifferentDirectionOptionsAreRejected() throws {
        let e = try #require(try VFLTestTrees.error("[a][b]", ["a", "b"], options: [.directionLeftToRight, .alignAllTop, .directionRightToLeft]))
        #expect(e.location == .option(2) && e.message.contains("contradicts directionLeftToRight"))
    }

    @Test func treeExpansionReportsTheFormatsJSONPathWithACaret() throws {
        var c = LayoutCase(name: "bad", root: "main", views: [ViewSpec(id: "main"), ViewSpec(id: "a", superview: "main")])
        c.formats = [FormatSpec(format: "H:|[a]|"), FormatSpec(format: "V:|-[a(20@2000)]")]
        let tree = try c.validate()
        #expect(throws: CaseError.self) { try tree.visualFormatConstraints() }
        do {
            _ = try tree.visualFormatConstraints()
        } catch {
            #expect(error.path == "$.formats[1].format")
            #expect(error.message == "priority 2000 is above 1000 (required); priorities lie in (0, 1000], at character 11:\nV:|-[a(20@2000)]\n          ^")
        }
        c.formats = [FormatSpec(format: "V:[a]", options: [.directionLeftToRight, .alignAllTop])]
        do {
            _ = try c.validate().visualFormatConstraints()
            Issue.record("an alignment along the axis was accepted")
        } catch {
            #expect(error.path == "$.formats[0].options[1]")
            #expect(error.message.contains("in the visual format \"V:[a]\""))
        }
    }
}
