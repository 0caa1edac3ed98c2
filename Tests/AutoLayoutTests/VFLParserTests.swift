import LinearConstraints
import Testing

@testable import AutoLayout

/// `VisualFormatParser` and `VisualFormat+Constraints`: the examples of `docs/uikit-rules.md` and
/// of the book's Layout chapter give exactly UIKit's constraints.
@Suite struct VFLParserTests {
    static let uikitNames = [
        "button", "textField", "purpleBox", "topField", "bottomField", "maroonView", "blueView", "button1", "button2",
        "flexibleButton", "v1",
    ]

    /// Every example of docs/uikit-rules.md's "Visual Format Language" section, with UIKit's constraints.
    static let uikitExamples: [(format: String, constraints: [String])] = [
        ("[button]-[textField]", ["textField.leading == button.trailing + 8"]),
        ("[button(>=50)]", ["button.width >= 50"]),
        ("|-50-[purpleBox]-50-|", ["purpleBox.leading == main.leading + 50", "main.trailing == purpleBox.trailing + 50"]),
        ("V:[topField]-10-[bottomField]", ["bottomField.top == topField.bottom + 10"]),
        ("[maroonView][blueView]", ["blueView.leading == maroonView.trailing"]),
        ("[button(100@20)]", ["button.width == 100 @20"]),
        ("[button1(==button2)]", ["button1.width == button2.width"]),
        ("[flexibleButton(>=70,<=100)]", ["flexibleButton.width >= 70", "flexibleButton.width <= 100"]),
        ("[v1(>=20@400,<=30)]", ["v1.width >= 20 @400", "v1.width <= 30"]),
    ]

    @Test(arguments: uikitExamples.indices) func uikitExampleGivesUIKitsConstraints(_ i: Int) throws {
        let example = Self.uikitExamples[i]
        #expect(try VFLTestTrees.strings(example.format, Self.uikitNames) == example.constraints, "\(example.format)")
    }

    @Test func caseFormatExampleBindsBothBarsToTheMarginsAndAlignsCentres() throws {
        let strings = try VFLTestTrees.strings(
            "H:|-[find]-[findNext]-[findField(>=20)]-|", ["find", "findNext", "findField"], options: [.alignAllCenterY])
        #expect(strings == [
            "find.leading == main.margins.leading",
            "findNext.leading == find.trailing + 8",
            "findField.leading == findNext.trailing + 8",
            "findField.width >= 20",
            "main.margins.trailing == findField.trailing",
            "findNext.centerY == find.centerY",
            "findField.centerY == findNext.centerY",
        ])
    }

    /// The book's eight constraints for v2 and v3 in v1 (Figure 1-14), as its anchor notation
    /// writes them.
    static let bookEight = [
        "v2.leading == v1.leading", "v2.trailing == v1.trailing", "v2.top == v1.top", "v2.height == 10",
        "v3.width == 20", "v3.height == 20", "v3.trailing == v1.trailing", "v3.bottom == v1.bottom",
    ]

    @Test func booksFourFormatsGiveExactlyItsEightConstraints() throws {
        let c = LayoutCase(name: "book", root: "main", views: [
            ViewSpec(id: "main"), ViewSpec(id: "v1", superview: "main"), ViewSpec(id: "v2", superview: "v1"), ViewSpec(id: "v3", superview: "v1"),
        ])
        let t = try c.validate()
        let formats = ["H:|[v2]|", "V:|[v2(10)]", "H:[v3(20)]|", "V:[v3(20)]|"]
        let specs = try formats.flatMap { try FormatSpec(format: $0).constraints(in: t) }
        // UIKit's own orientation of each constraint (the later item first) ...
        #expect(specs.map { $0.stringForm! } == [
            "v2.leading == v1.leading", "v1.trailing == v2.trailing",
            "v2.top == v1.top", "v2.height == 10",
            "v3.width == 20", "v1.trailing == v3.trailing",
            "v3.height == 20", "v1.bottom == v3.bottom",
        ])
        // ... and, as equations, exactly the book's eight: same set, each required.
        let book = try Self.bookEight.map { try ConstraintSpec.parse($0) }
        #expect(specs.count == book.count)
        for b in book { #expect(specs.contains { Self.sameEquation($0, b) }, "missing \(b.stringForm!)") }
        #expect(specs.allSatisfy { $0.priority == .required && $0.relation == .equal })
    }

    @Test func booksThreeViewFormatsPinLeftEdgesWidthsAndStackVertically() throws {
        #expect(try VFLTestTrees.strings("H:|-(20)-[v(100)]", ["v"]) == ["v.leading == main.leading + 20", "v.width == 100"])
        #expect(try VFLTestTrees.strings("V:|-(100)-[v(20)]", ["v"]) == ["v.top == main.top + 100", "v.height == 20"])
        #expect(try VFLTestTrees.strings("V:[v1]-(20)-[v2(20)]-(20)-[v3(20)]", ["v1", "v2", "v3"]) == [
            "v2.top == v1.bottom + 20", "v2.height == 20", "v3.top == v2.bottom + 20", "v3.height == 20",
        ])
        #expect(try VFLTestTrees.strings("V:[v1]-(20)-[v3(20)]", ["v1", "v3"]) == ["v3.top == v1.bottom + 20", "v3.height == 20"])
    }

    @Test func booksPrioritisedRangeGivesALowPriorityMinimumAndARequiredMaximum() throws {
        let specs = try FormatSpec(format: "[v1(>=20@400,<=30)]").constraints(in: try VFLTestTrees.tree(["v1"]))
        #expect(specs.count == 2)
        #expect(specs[0].first == AnchorReference(ItemReference("v1"), .width) && specs[0].second == nil)
        #expect(specs[0].relation == .greaterThanOrEqual && specs[0].constant == 20 && specs[0].priority == Priority(400))
        #expect(specs[1].relation == .lessThanOrEqual && specs[1].constant == 30 && specs[1].priority == .required)
    }

    @Test func standardSpacingToABarUsesTheMarginsAndAnExplicitSpacingTheEdge() throws {
        #expect(try VFLTestTrees.strings("|-[a]-|", ["a"]) == ["a.leading == main.margins.leading", "main.margins.trailing == a.trailing"])
        #expect(try VFLTestTrees.strings("V:|-[a]-|", ["a"]) == ["a.top == main.margins.top", "main.margins.bottom == a.bottom"])
        #expect(try VFLTestTrees.strings("|-0-[a]-(8)-|", ["a"]) == ["a.leading == main.leading", "main.trailing == a.trailing + 8"])
        #expect(try VFLTestTrees.strings("|[a]|", ["a"]) == ["a.leading == main.leading", "main.trailing == a.trailing"])
        #expect(try VFLTestTrees.strings("V:|-[inner]", []) == ["inner.top == box.margins.top"])
    }

    @Test func metricsNameSpacingsSizesAndPriorities() throws {
        let metrics = [FormatSpec.Metric("pad", 20), FormatSpec.Metric("wide", 120.5), FormatSpec.Metric("low", 250)]
        #expect(try VFLTestTrees.strings("|-pad-[a(wide@low)]-(>=pad@low)-[b]", ["a", "b"], metrics: metrics) == [
            "a.leading == main.leading + 20", "a.width == 120.5 @250", "b.leading >= a.trailing + 20 @250",
        ])
    }

    @Test func connectionsTakeSeveralPredicatesAndSignedNumbers() throws {
        #expect(try VFLTestTrees.strings("[a]-(>=8,<=20@750,==-4@1)-[b]", ["a", "b"]) == [
            "b.leading >= a.trailing + 8", "b.leading <= a.trailing + 20 @750", "b.leading == a.trailing - 4 @1",
        ])
    }

    @Test func verticalViewToViewPredicatesRelateHeights() throws {
        #expect(try VFLTestTrees.strings("V:[a(==b@500,>=c)]", ["a", "b", "c"]) == [
            "a.height == b.height @500", "a.height >= c.height",
        ])
    }

    @Test func aMetricShadowsAViewOfTheSameName() throws {
        #expect(try VFLTestTrees.strings("[a(b)]", ["a", "b"], metrics: [FormatSpec.Metric("b", 44)]) == ["a.width == 44"])
    }

    @Test func spacesBetweenTokensAreSkipped() throws {
        let spaced = try VFLTestTrees.strings(" H: | - [ a ( >= 50 @ 400 ) ] - ( 20 ) - [ b ] | ", ["a", "b"])
        let tight = try VFLTestTrees.strings("H:|-[a(>=50@400)]-(20)-[b]|", ["a", "b"])
        #expect(spaced == tight)
    }

    @Test func parseKeepsTheStructureAndOffsets() throws {
        let f = try VisualFormat.parse("V:|-(>=pad)-[ab(20)][c]-|")
        #expect(f.orientation == .vertical)
        #expect(f.leadingBar?.offset == 2)
        #expect(f.views.map(\.name) == ["ab", "c"] && f.views.map(\.offset) == [13, 21])
        #expect(f.connections == [.flush])
        #expect(f.trailingBar?.connection == .standard && f.trailingBar?.offset == 24)
        guard case .predicates(let p)? = f.leadingBar?.connection else { Issue.record("no predicates"); return }
        #expect(p == [VisualFormat.Predicate(.greaterThanOrEqual, VisualFormat.Term(.name("pad"), offset: 7))])
        #expect(f.views[0].predicates == [VisualFormat.Predicate(.equal, VisualFormat.Term(.number(20), offset: 16))])
    }

    @Test func withoutOrientationAFormatIsHorizontal() throws {
        #expect(try VisualFormat.parse("[a]").orientation == .horizontal)
        #expect(try VisualFormat.parse("H:[a]").orientation == .horizontal)
    }

    /// Two constraints are the same equation: equal, or an equality with its sides swapped
    /// (`a == b + c` and `b == a - c`).
    static func sameEquation(_ a: ConstraintSpec, _ b: ConstraintSpec) -> Bool {
        if a == b { return true }
        guard a.relation == .equal, b.relation == .equal, a.multiplier == 1, b.multiplier == 1, let s = a.second else { return false }
        return b.first == s && b.second == a.first && b.constant == -a.constant && a.priority == b.priority
    }
}
