import LinearConstraints
import Testing

@testable import AutoLayout

/// `ViewTree+VisualFormats` and `VisualFormat+Text`: formats expanded on a tree into
/// `LayoutConstraint`s, listings, and canonical text.
@Suite struct VFLViewTreeTests {
    static func sampleCase() -> LayoutCase {
        var c = LayoutCase(name: "vfl", root: "main", views: [
            ViewSpec(id: "main"), ViewSpec(id: "find", superview: "main"), ViewSpec(id: "findNext", superview: "main"),
        ])
        c.constraints = [try! ConstraintSpec.parse("find.top == main.top + 20"), try! ConstraintSpec.parse("find.width == 80 #w")]
        c.formats = [
            FormatSpec(format: "H:|-[find]-pad-[findNext]|", metrics: [FormatSpec.Metric("pad", 12)], options: [.alignAllCenterY]),
            FormatSpec(format: "V:[findNext(==find@750)]"),
        ]
        return c
    }

    @Test func expansionResolvesItemsAndNumbersSourcesAfterTheExplicitConstraints() throws {
        let tree = try Self.sampleCase().validate()
        let generated = try tree.visualFormatConstraints()
        #expect(generated.map(\.source) == Array(2..<7))
        #expect(generated.map { tree.text(of: $0) } == [
            "find.leading == main.margins.leading", "findNext.leading == find.trailing + 12", "main.trailing == findNext.trailing",
            "findNext.centerY == find.centerY", "findNext.height == find.height @750",
        ])
        let margins = tree[tree.root].guides.margins
        #expect(generated[0].first == Anchor(ItemIndex(1), .leading) && generated[0].second == Anchor(margins, .leading))
        #expect(generated.allSatisfy { $0.identifier == nil && $0.when == nil && $0.isActive && $0.multiplier == 1 })
        let expansions = try tree.visualFormatExpansions()
        #expect(expansions.map(\.formatIndex) == [0, 1] && expansions.map(\.constraints.count) == [4, 1])
        #expect(expansions.flatMap(\.constraints) == generated)
        #expect(tree.constraints.count == 2, "expansion leaves the explicit constraints alone")
    }

    @Test func aTreeWithoutFormatsExpandsToNothing() throws {
        var c = Self.sampleCase()
        c.formats = []
        #expect(try c.validate().visualFormatConstraints().isEmpty)
    }

    @Test func listingShowsTheFormatItsMetricsOptionsAndConstraints() throws {
        let c = Self.sampleCase()
        let tree = try c.validate()
        #expect(try c.formats[0].listing(in: tree) == """
            H:|-[find]-pad-[findNext]| metrics: pad = 12; options: alignAllCenterY
              find.leading == main.margins.leading
              findNext.leading == find.trailing + 12
              main.trailing == findNext.trailing
              findNext.centerY == find.centerY
            """)
        #expect(try c.formats[1].listing(in: tree) == "V:[findNext(==find@750)]\n  findNext.height == find.height @750")
    }

    @Test func listedConstraintsReadBackAsTheSameConstraints() throws {
        let c = Self.sampleCase()
        let tree = try c.validate()
        for f in c.formats {
            let lines = try f.listing(in: tree).split(separator: "\n").dropFirst()
            let reread = try lines.map { try ConstraintSpec.parse(String($0.dropFirst(2))) }
            #expect(reread == (try f.constraints(in: tree)))
        }
    }

    static let canonical: [(String, String)] = [
        ("|-50-[purpleBox]-50-|", "H:|-50-[purpleBox]-50-|"),
        (" V: | - [ a ( >= 50 @ 400 ) ] ", "V:|-[a(>=50@400)]"),
        ("[a]-(-5)-[b]", "H:[a]-(-5)-[b]"),
        ("[a]-(==20)-[b]", "H:[a]-20-[b]"),
        ("[a]-(20@750)-[b]", "H:[a]-(20@750)-[b]"),
        ("[a(b)][c(>=wide@low,<=1.5e2)]", "H:[a(==b)][c(>=wide@low,<=150)]"),
        ("V:[a]-pad-|", "V:[a]-pad-|"),
        ("[a]-(>=0.25)-|", "H:[a]-(>=0.25)-|"),
    ]

    @Test(arguments: canonical.indices) func canonicalTextIsCompactAndReparsesToTheSameFormat(_ i: Int) throws {
        let (written, expected) = Self.canonical[i]
        let format = try VisualFormat.parse(written)
        #expect(format.canonicalText == expected)
        let again = try VisualFormat.parse(format.canonicalText)
        #expect(again.canonicalText == expected)
        #expect(again.orientation == format.orientation && again.views.map(\.name) == format.views.map(\.name))
    }
}
