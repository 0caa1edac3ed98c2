import LinearConstraints
import Testing

@testable import AutoLayout

/// The generated constraints of every distribution × alignment, on a horizontal and a vertical
/// stack of three visible views, against docs/uikit-rules.md's table ("Stack views").
/// The expectations below are typed from the table and the Alignment paragraph,
/// counted for three items; they are not derived from the generator.
@Suite struct StackDumpTests {
    static let canvas = "UISV-canvas-connection"

    /// Along the axis, per distribution (three items, two gaps, spacing 8, lengths 10:20:30).
    static func axisKinds(_ distribution: StackDistribution) -> [GeneratedKind] {
        let connections: [GeneratedKind] = .times(2, canvas, .equal, 1000)
        switch distribution {
        case .fill:
            return connections + .times(2, "UISV-spacing", .equal, 1000)
        case .fillEqually:
            return connections + .times(2, "UISV-spacing", .equal, 1000) + .times(2, "UISV-fill-equally", .equal, 1000)
        case .fillProportionally:
            // max(999 − i, 751) for i = 0, 1, 2; no multiplier is 1 (10/76, 20/76, 30/76).
            return connections + .times(2, "UISV-spacing", .equal, 1000)
                + [GeneratedKind("UISV-fill-proportionally", .equal, 999), GeneratedKind("UISV-fill-proportionally", .equal, 998),
                   GeneratedKind("UISV-fill-proportionally", .equal, 997)]
        case .equalSpacing:
            // Two gap guides, two edges each, gap 1 == gap 0 required, canvas-fit 49.
            return connections + .times(2, "UISV-spacing", .greaterThanOrEqual, 1000)
                + .times(4, "UISV-distributing-edge", .equal, 1000) + .times(1, "UISV-fill-equally", .equal, 1000)
                + .times(1, "UISV-canvas-fit", .equal, 49)
        case .equalCentering:
            // As equalSpacing, but gap 1 == gap 0 at max(150 − 1, 50) = 149.
            return connections + .times(2, "UISV-spacing", .greaterThanOrEqual, 1000)
                + .times(4, "UISV-distributing-edge", .equal, 1000) + .times(1, "UISV-fill-equally", .equal, 149)
                + .times(1, "UISV-canvas-fit", .equal, 49)
        }
    }

    /// Across the axis, per alignment (three visible items, so no single-item special case).
    static func crossKinds(_ alignment: StackAlignment, axis: LayoutAxis) -> [GeneratedKind] {
        let suppression: [GeneratedKind] = .times(3, "UISV-ambiguity-suppression", .equal, 25)
        let fit: [GeneratedKind] = .times(1, "UISV-spanning-fit", .equal, 51)
        switch alignment {
        case .fill:
            // Both cross edges of item 0 to the canvas, both edges aligned for items 1 and 2.
            return .times(2, canvas, .equal, 1000) + .times(4, "UISV-alignment", .equal, 1000)
        case .leading, .top:
            return .times(2, canvas, .equal, 1000) + .times(2, "UISV-alignment", .equal, 1000)
                + .times(3, "UISV-spanning-boundary", .equal, 999.5) + .times(3, "UISV-spanning-boundary", .greaterThanOrEqual, 1000)
                + fit + suppression
        case .trailing, .bottom:
            return .times(2, canvas, .equal, 1000) + .times(2, "UISV-alignment", .equal, 1000)
                + .times(3, "UISV-spanning-boundary", .lessThanOrEqual, 1000) + .times(3, "UISV-spanning-boundary", .equal, 999.5)
                + fit + suppression
        case .center:
            // Centres to the canvas, both spanner edges to the canvas.
            return .times(3, canvas, .equal, 1000) + .times(2, "UISV-alignment", .equal, 1000)
                + .times(3, "UISV-spanning-boundary", .lessThanOrEqual, 1000)
                + .times(3, "UISV-spanning-boundary", .greaterThanOrEqual, 1000) + fit + suppression
        case .firstBaseline, .lastBaseline:
            // Baselines are vertical positions: on a vertical stack Strut uses leading/trailing.
            if axis == .vertical { return crossKinds(alignment == .firstBaseline ? .leading : .trailing, axis: axis) }
            // Both spanner edges to the canvas, both bounds required (no aligned edge), plus
            // Strut's equality @999.5 on the top (first) or bottom (last) edge of each item.
            return .times(2, canvas, .equal, 1000) + .times(2, "UISV-alignment", .equal, 1000)
                + .times(3, "UISV-spanning-boundary", .lessThanOrEqual, 1000)
                + .times(3, "UISV-spanning-boundary", .greaterThanOrEqual, 1000)
                + .times(3, "UISV-spanning-boundary", .equal, 999.5) + fit + suppression
        }
    }

    static let configurations: [(LayoutAxis, StackDistribution, StackAlignment)] =
        LayoutAxis.allCases.flatMap { axis in
            StackDistribution.allCases.flatMap { d in StackAlignment.allCases.map { (axis, d, $0) } }
        }

    @Test(arguments: configurations)
    func generatedKindsMatchTheTable(_ axis: LayoutAxis, _ distribution: StackDistribution, _ alignment: StackAlignment) throws {
        let fixture = StackFixture(axis: axis, distribution: distribution, alignment: alignment)
        let generated = try fixture.tree().stackGeneration(grid: retinaGrid).constraints.map(GeneratedKind.init).sorted()
        let expected = (Self.axisKinds(distribution) + Self.crossKinds(alignment, axis: axis)).sorted()
        #expect(generated == expected, "\(axis) \(distribution) \(alignment)")
    }

    @Test func aSingleCentredItemGetsInequalitiesCentreAndCanvasFitInsteadOfASpanner() throws {
        let fixture = StackFixture(alignment: .center, lengths: [10])
        let tree = try fixture.tree()
        let generation = tree.stackGeneration(grid: retinaGrid)
        let cross = generation.constraints.map(GeneratedKind.init).filter { $0.identifier != "UISV-spacing" }.sorted()
        let expected: [GeneratedKind] = .times(2, Self.canvas, .equal, 1000)  // along the axis
            + [GeneratedKind(Self.canvas, .lessThanOrEqual, 1000), GeneratedKind(Self.canvas, .greaterThanOrEqual, 1000),
               GeneratedKind(Self.canvas, .equal, 1000), GeneratedKind("UISV-canvas-fit", .equal, 49),
               GeneratedKind("UISV-ambiguity-suppression", .equal, 25)]
        #expect(cross == expected.sorted())
        #expect(generation.guides.isEmpty)
    }

    @Test func theBooksEqualSpacingStackDumpsAsUIKitNamesIt() throws {
        var fixture = StackFixture(axis: .vertical, distribution: .equalSpacing, alignment: .fill, spacing: .points(0))
        fixture.lengths = [50, 50, 50, 50]
        let dump = try fixture.tree().generatedConstraintDump(grid: retinaGrid)
        #expect(dump == """
            stack sv vertical equalSpacing fill
              UISV-canvas-connection == @1000  sv.top == a.top
              UISV-canvas-connection == @1000  sv.bottom == d.bottom
              UISV-spacing >= @1000  b.top >= a.bottom
              UISV-spacing >= @1000  c.top >= b.bottom
              UISV-spacing >= @1000  d.top >= c.bottom
              UISV-distributing-edge == @1000  sv.UISV-distributing-0.top == a.bottom
              UISV-distributing-edge == @1000  b.top == sv.UISV-distributing-0.bottom
              UISV-distributing-edge == @1000  sv.UISV-distributing-1.top == b.bottom
              UISV-distributing-edge == @1000  c.top == sv.UISV-distributing-1.bottom
              UISV-distributing-edge == @1000  sv.UISV-distributing-2.top == c.bottom
              UISV-distributing-edge == @1000  d.top == sv.UISV-distributing-2.bottom
              UISV-fill-equally == @1000  sv.UISV-distributing-1.height == sv.UISV-distributing-0.height
              UISV-fill-equally == @1000  sv.UISV-distributing-2.height == sv.UISV-distributing-0.height
              UISV-canvas-fit == @49  sv.height == 0
              UISV-canvas-connection == @1000  sv.leading == a.leading
              UISV-canvas-connection == @1000  sv.trailing == a.trailing
              UISV-alignment == @1000  a.leading == b.leading
              UISV-alignment == @1000  a.trailing == b.trailing
              UISV-alignment == @1000  a.leading == c.leading
              UISV-alignment == @1000  a.trailing == c.trailing
              UISV-alignment == @1000  a.leading == d.leading
              UISV-alignment == @1000  a.trailing == d.trailing
            """)
    }

    @Test func equalCenteringGapsJoinCentresAtFallingPriorities() throws {
        var fixture = StackFixture(distribution: .equalCentering)
        fixture.lengths = [10, 10, 10, 10, 10]
        let lines = try fixture.tree().generatedConstraintDump(grid: retinaGrid).split(separator: "\n")
        #expect(lines.contains("  UISV-distributing-edge == @1000  sv.UISV-distributing-0.leading == a.centerX"))
        #expect(lines.contains("  UISV-distributing-edge == @1000  b.centerX == sv.UISV-distributing-0.trailing"))
        // Gaps 1, 2, 3 to gap 0: max(150 − i, 50) = 149, 148, 147.
        #expect(lines.filter { $0.hasPrefix("  UISV-fill-equally") } == [
            "  UISV-fill-equally == @149  sv.UISV-distributing-1.width == sv.UISV-distributing-0.width",
            "  UISV-fill-equally == @148  sv.UISV-distributing-2.width == sv.UISV-distributing-0.width",
            "  UISV-fill-equally == @147  sv.UISV-distributing-3.width == sv.UISV-distributing-0.width",
        ])
    }

    @Test func leadingAlignmentPinsTheLeadingEdgeAndBoundsTheOtherThroughTheSpanner() throws {
        let lines = try StackFixture(alignment: .top, lengths: [10, 20]).tree().generatedConstraintDump(grid: retinaGrid)
            .split(separator: "\n").map(String.init)
        #expect(Array(lines.suffix(10)) == [
            "  UISV-canvas-connection == @1000  sv.top == a.top",
            "  UISV-canvas-connection == @1000  sv.bottom == sv.UISV-alignment-spanner.bottom",
            "  UISV-spanning-boundary == @999.5  sv.UISV-alignment-spanner.top == a.top",
            "  UISV-spanning-boundary >= @1000  sv.UISV-alignment-spanner.bottom >= a.bottom",
            "  UISV-spanning-boundary == @999.5  sv.UISV-alignment-spanner.top == b.top",
            "  UISV-spanning-boundary >= @1000  sv.UISV-alignment-spanner.bottom >= b.bottom",
            "  UISV-spanning-fit == @51  sv.UISV-alignment-spanner.height == 0",
            "  UISV-alignment == @1000  a.top == b.top",
            "  UISV-ambiguity-suppression == @25  a.height == 0",
            "  UISV-ambiguity-suppression == @25  b.height == 0",
        ])
    }

    @Test func firstBaselineAlignmentAlignsBaselinesAcrossAHorizontalStack() throws {
        let lines = try StackFixture(alignment: .firstBaseline).tree().generatedConstraintDump(grid: retinaGrid)
        #expect(lines.contains("UISV-alignment == @1000  a.firstBaseline == b.firstBaseline"))
        #expect(lines.contains("UISV-alignment == @1000  a.firstBaseline == c.firstBaseline"))
        #expect(lines.contains("UISV-canvas-connection == @1000  sv.top == sv.UISV-alignment-spanner.top"))
    }

    @Test func baselineRelativeArrangementSpacesBaselineToBaseline() throws {
        var fixture = StackFixture(axis: .vertical, spacing: .points(12))
        fixture.baselineRelative = true
        let dump = try fixture.tree().generatedConstraintDump(grid: retinaGrid)
        #expect(dump.contains("UISV-spacing == @1000  b.firstBaseline == a.lastBaseline + 12"))
        #expect(dump.contains("UISV-spacing == @1000  c.firstBaseline == b.lastBaseline + 12"))
    }

    @Test func marginsRelativeArrangementConnectsToTheMarginsGuide() throws {
        var fixture = StackFixture(distribution: .fillProportionally)
        fixture.marginsRelative = true
        let dump = try fixture.tree().generatedConstraintDump(grid: retinaGrid)
        #expect(dump.contains("UISV-canvas-connection == @1000  sv.margins.leading == a.leading"))
        #expect(dump.contains("UISV-canvas-connection == @1000  sv.margins.trailing == c.trailing"))
        #expect(dump.contains("UISV-canvas-connection == @1000  sv.margins.top == a.top"))
        #expect(!dump.contains("  sv.leading"))
    }

    @Test func systemAndCustomSpacingAreSnappedToThePixelGrid() throws {
        var fixture = StackFixture(spacing: .system)
        fixture.customSpacing = [(index: 1, spacing: 10.2)]
        let tree = try fixture.tree()
        // System spacing is 8; 10.2 snaps to 10 at @2x (20.4 px -> 20) and to 31/3 at @3x (30.6 px -> 31).
        let at2x = tree.generatedConstraintDump(grid: retinaGrid)
        #expect(at2x.contains("UISV-spacing == @1000  b.leading == a.trailing + 8"))
        #expect(at2x.contains("UISV-spacing == @1000  c.leading == b.trailing + 10"))
        let grid3 = PixelGrid(uncheckedScale: 3)
        let spacing = tree.stackGeneration(grid: grid3).constraints.filter { $0.identifier == "UISV-spacing" }.map(\.constant)
        let expected: [Double] = [8, 31.0 / 3]
        #expect(spacing == expected)
    }

    @Test func fillProportionallyUsesIntrinsicLengthsAndFallsBackToFillEqually() throws {
        var fixture = StackFixture(distribution: .fillProportionally, spacing: .points(0))
        fixture.lengths = [10, 20, 30]
        let proportional = try fixture.tree().stackGeneration(grid: retinaGrid).constraints.filter { $0.identifier == "UISV-fill-proportionally" }
        let sixths: [Double] = [10.0 / 60, 20.0 / 60, 30.0 / 60]
        #expect(proportional.map(\.multiplier) == sixths)
        fixture.lengths = [40, nil, 0]
        let mixed = try fixture.tree().stackGeneration(grid: retinaGrid).constraints.filter { $0.identifier == "UISV-fill-proportionally" }
        // D = 40: a's multiplier is exactly 1 (required); c's length is 0: required dim == 0; b has
        // no intrinsic length and gets no proportional constraint (what the stack leaves it).
        let ones: [Double] = [1, 1]
        #expect(mixed.map(\.multiplier) == ones)
        let seconds: [LayoutAttribute?] = [.width, nil]
        #expect(mixed.map(\.second?.attribute) == seconds)
        #expect(mixed.allSatisfy { $0.priority == .required })
        fixture.lengths = [nil, nil, nil]
        let fallback = try fixture.tree().stackGeneration(grid: retinaGrid).constraints.map(GeneratedKind.init)
        #expect(fallback.filter { $0.identifier == "UISV-fill-equally" }.count == 2)
        #expect(!fallback.contains { $0.identifier == "UISV-fill-proportionally" })
    }

    @Test func hiddenItemsGetHidingAndHiddenGapsAndNoSpacing() throws {
        var fixture = StackFixture(spacing: .points(10))
        fixture.hidden = [1]
        let lines = try fixture.tree().generatedConstraintDump(grid: retinaGrid)
        #expect(lines.contains("UISV-spacing == @1000  c.leading == a.trailing + 10"))
        #expect(lines.contains("UISV-hiding == @999.999  b.width == 0"))
        #expect(lines.contains("UISV-spacing-hidden == @50  b.leading == a.trailing + 5"))
        #expect(lines.contains("UISV-spacing-hidden == @50  c.leading == b.trailing + 5"))
        #expect(!lines.contains("b.leading == a.trailing + 10"))
    }

    @Test func everyItemHiddenLeavesAWeakSpannerFit() throws {
        var fixture = StackFixture(alignment: .center)
        fixture.hidden = [0, 1, 2]
        let kinds = try fixture.tree().stackGeneration(grid: retinaGrid).constraints.map(GeneratedKind.init)
        #expect(kinds.contains(GeneratedKind("UISV-spanning-fit", .equal, 0.001)))
        #expect(kinds.filter { $0.identifier == "UISV-hiding" }.count == 3)
        #expect(!kinds.contains { $0.identifier == "UISV-spacing" || $0.identifier == "UISV-spanning-boundary" })
    }

    @Test func anEmptyStackGeneratesNothing() throws {
        var fixture = StackFixture()
        fixture.lengths = []
        #expect(try fixture.tree().stackGeneration(grid: retinaGrid).constraints.isEmpty)
    }
}
