import LinearConstraints
import Testing

@testable import AutoLayout

/// Alignment and direction options (`VisualFormatFrame`).
@Suite struct VFLOptionsTests {
    @Test func alignmentsEquateConsecutiveViewsAfterTheSpacings() throws {
        #expect(try VFLTestTrees.strings("[a]-[b]-[c]", ["a", "b", "c"], options: [.alignAllTop, .alignAllBottom]) == [
            "b.leading == a.trailing + 8", "c.leading == b.trailing + 8",
            "b.top == a.top", "c.top == b.top", "b.bottom == a.bottom", "c.bottom == b.bottom",
        ])
        #expect(try VFLTestTrees.strings("V:[a][b]", ["a", "b"], options: [.alignAllLeading, .alignAllCenterX]) == [
            "b.top == a.bottom", "b.leading == a.leading", "b.centerX == a.centerX",
        ])
        #expect(try VFLTestTrees.strings("[a]-[b]", ["a", "b"], options: [.alignAllLastBaseline, .alignAllFirstBaseline]) == [
            "b.leading == a.trailing + 8", "b.lastBaseline == a.lastBaseline", "b.firstBaseline == a.firstBaseline",
        ])
    }

    @Test func aSingleViewHasNothingToAlign() throws {
        #expect(try VFLTestTrees.strings("[a(10)]", ["a"], options: [.alignAllCenterY]) == ["a.width == 10"])
    }

    @Test func leadingToTrailingIsTheDefaultDirection() throws {
        let format = "|-10-[a]-[b]-(>=0)-|"
        let plain = try VFLTestTrees.strings(format, ["a", "b"])
        #expect(plain == ["a.leading == main.leading + 10", "b.leading == a.trailing + 8", "main.trailing >= b.trailing"])
        #expect(try VFLTestTrees.strings(format, ["a", "b"], options: [.directionLeadingToTrailing]) == plain)
    }

    @Test func leftToRightUsesLeftAndRight() throws {
        #expect(try VFLTestTrees.strings("|-10-[a]-[b]|", ["a", "b"], options: [.directionLeftToRight]) == [
            "a.left == main.left + 10", "b.left == a.right + 8", "main.right == b.right",
        ])
        #expect(try VFLTestTrees.strings("|-[a]-|", ["a"], options: [.directionLeftToRight]) == [
            "a.left == main.margins.left", "main.margins.right == a.right",
        ])
    }

    /// Right to left: the first view is rightmost, and each gap is measured leftwards from the
    /// earlier item, so `[a]-(>=8)-[b]` keeps a's left edge at least 8 right of b's right edge.
    @Test func rightToLeftRunsTheFormatFromTheRightEdge() throws {
        #expect(try VFLTestTrees.strings("|-10-[a]-[b]|", ["a", "b"], options: [.directionRightToLeft]) == [
            "main.right == a.right + 10", "a.left == b.right + 8", "b.left == main.left",
        ])
        #expect(try VFLTestTrees.strings("|-[a]-(>=8)-[b]-|", ["a", "b"], options: [.directionRightToLeft]) == [
            "main.margins.right == a.right", "a.left >= b.right + 8", "b.left == main.margins.left",
        ])
    }

    @Test func verticalFormatsIgnoreTheDirection() throws {
        for option in [FormatOption.directionLeftToRight, .directionRightToLeft] {
            #expect(try VFLTestTrees.strings("V:|-[a]-5-[b]", ["a", "b"], options: [option]) == [
                "a.top == main.margins.top", "b.top == a.bottom + 5",
            ])
        }
    }

    @Test func everyAlignmentOptionNamesItsAttribute() {
        let aligned = FormatOption.allCases.compactMap(\.alignmentAttribute)
        #expect(aligned.map(\.rawValue) == [
            "left", "right", "top", "bottom", "leading", "trailing", "centerX", "centerY", "lastBaseline", "firstBaseline",
        ])
        #expect(FormatOption.allCases.filter { $0.alignmentAttribute == nil }.map(\.rawValue)
            == ["directionLeadingToTrailing", "directionLeftToRight", "directionRightToLeft"])
    }
}
