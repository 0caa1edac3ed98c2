import AutoLayout
import Cassowary
import Judging
import LinearConstraints
import Testing

/// `ReferenceCheck`: reference frames held within their tolerance and set against the free
/// layout, on a screen small enough to check by hand (a 200 x 100 root, one view `v` at x = 20,
/// y = 10, 30 high, whose width the constraints below decide).
@Suite struct ReferenceCheckTests {
    /// The case with `constraints` added and Interface Builder's frame of `v` as `reference`.
    func screen(_ constraints: [String], reference: [Double], insets: String = "") throws -> LayoutCase {
        let quoted = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = """
            {"strut": 1, "name": "reference-check", "root": "root",
             "devices": [{"id": "box", "size": [200, 100], "scale": 2, "sizeClass": "wC hR"}],
             "views": [{"id": "root"},
                       {"id": "v", "superview": "root", "translatesAutoresizingMask": false\(insets)}],
             "constraints": ["v.left == root.left + 20", "v.top == root.top + 10", "v.height == 30", \(quoted)],
             "expect": {"box": {"tolerance": 0.5, "frames": {"v": [\(reference.map { "\($0)" }.joined(separator: ", "))]}}}}
            """
        return try LayoutCase(jsonText: text)
    }

    func check(_ c: LayoutCase) throws -> (ScreenAgreement, ReferenceCheck?) {
        let configuration = try #require(try c.deviceConfigurations()?.first)
        var engine = LayoutEngine(tree: try c.validate(), solver: CassowarySolver())
        let free = try engine.layout(on: configuration)
        var a = try #require(ScreenAgreement.compare(c, result: free, configuration: configuration, path: "screen"))
        guard a.needsReferenceCheck else { return (a, nil) }
        let held = try #require(ReferenceCheck.heldCase(c, on: configuration))
        var heldEngine = LayoutEngine(tree: try held.validate(), solver: CassowarySolver())
        a.apply(ReferenceCheck.judge(free: free, held: try heldEngine.layout(on: configuration)))
        return (a, a.referenceCheck)
    }

    /// Any width from 40 to 100 is optimal; Strut picks one end, the reference stored 70.
    @Test func aWidthNothingPrefersIsAnotherOptimum() throws {
        let (a, check) = try check(try screen(["v.width >= 40", "v.width <= 100"], reference: [20, 10, 70, 30]))
        #expect(!a.agrees)
        #expect(check == .anotherOptimum)
        #expect(a.disagreeing.map(\.disagreement) == [.anotherOptimum])
        #expect(a.isAnotherOptimum)
    }

    /// The file asks for width 40 at 750: a reference of 70 holds every required constraint but
    /// gives that preference up.
    @Test func aReferenceThatGivesUpAPreferenceIsWorseAtItsPriority() throws {
        let (a, check) = try check(try screen(["v.width >= 40", "v.width <= 100", "v.width == 40 @750"], reference: [20, 10, 70, 30]))
        #expect(check == .worseAt(priority: 750))
        #expect(a.disagreeing.map(\.disagreement) == [.preference])
    }

    /// Width 40 is required: a reference of 70 contradicts that constraint, named.
    @Test func aReferenceThatBreaksARequiredConstraintNamesIt() throws {
        let (a, check) = try check(try screen(["v.width == 40"], reference: [20, 10, 70, 30]))
        #expect(check == .contradicts(["v.width == 40"]))
        #expect(a.disagreeing.map(\.disagreement) == [.referenceBreaksConstraint])
    }

    /// Anchors name the alignment rectangle: a view whose alignment rect is inset 2 points at
    /// either side sits at frame x = 18 and is 44 wide for `v.left == 20` and `v.width == 40`,
    /// so holding that frame must not read as a contradiction (the reference also says 18 and
    /// 44, and a width nothing else decides stays a tie).
    @Test func alignmentInsetsMoveTheHeldFrame() throws {
        let insets = #", "alignmentRectInsets": {"top": 0, "left": 2, "bottom": 0, "right": 2}"#
        let (agreeing, none) = try check(try screen(["v.width == 40"], reference: [18, 10, 44, 30], insets: insets))
        #expect(agreeing.agrees && none == nil)
        let (_, check) = try check(try screen(["v.width >= 40", "v.width <= 100"], reference: [18, 10, 74, 30], insets: insets))
        #expect(check == .anotherOptimum)
    }

    /// The report counts a screen whose reference is another optimum apart, beside the strict
    /// figures, and names the check on the screen's lines.
    @Test func theReportCountsAnotherOptimumBesideTheStrictFigures() throws {
        let (tie, _) = try check(try screen(["v.width >= 40", "v.width <= 100"], reference: [20, 10, 70, 30]))
        let (broken, _) = try check(try screen(["v.width == 40"], reference: [20, 10, 70, 30]))
        let report = AgreementReport(screens: [tie, broken], strategy: "cassowary")
        #expect(report.agreeingViews == 0 && report.viewsUpToTies == 1 && report.screensUpToTies == 1)
        #expect(report.text.contains("another optimum of the same constraints as agreement: 1 views (50.0%), 1 screens (50.0%)"), "\(report.text)")
        #expect(AgreementReport.lines(broken).contains("reference check: the reference contradicts required constraints: v.width == 40"))
    }
}
