import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

/// Conflict reports and logs, ambiguity, the trace, constraintsAffectingLayout, unmet device
/// edits and expectation checks.
@Suite struct DiagnosticsTests {
    typealias T = LayoutTestSupport

    /// The classic trap: a view made in code keeps translating its mask, so its frame's
    /// autoresizing constraints conflict with an explicit width. The explicit constraint comes
    /// later in lowering order, so it is the one broken.
    @Test func anExplicitConstraintAgainstAutoresizingIsBrokenAndNamedLikeUIKit() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("v", in: "main") {
                $0.translatesAutoresizingMask = true
                $0.frame = LayoutRect(x: 10, y: 10, width: 50, height: 50)
                $0.autoresizing = [.flexibleRightMargin]
            },
        ], ["v.width == 80 #v-width"])
        let r = try T.layout(tree)
        let conflict = try #require(r.conflicts.first)
        #expect(conflict.constraints == ["v h=--& width", "v-width"])
        #expect(conflict.broken == "v-width")
        #expect(r.frame(of: "v") == LayoutRect(x: 10, y: 10, width: 50, height: 50))
        let log = conflict.log
        #expect(log.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(log.contains("\"<NSAutoresizingMaskLayoutConstraint h=--& v=--- v.width == 50   (active)>\","))
        #expect(log.contains("translatesAutoresizingMaskIntoConstraints"))
        #expect(log.contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'v-width' v.width == 80   (active)>"))
        #expect(log.contains(conflictBreakingRule))
    }

    @Test func theBrokenConstraintStillPullsAboveEveryRealPriority() throws {
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")], [
            "v.left == main.left", "v.top == main.top", "v.height == 10",
            "v.width >= 100", "v.width <= 50 #cap", "v.width == 10 @999",
        ])
        let r = try T.layout(tree)
        #expect(r.conflicts.map(\.broken) == ["cap"])
        // The broken cap (999.9999) beats the 999 wish: the width stays at the bound 100.
        #expect(r.frame(of: "v")?.width == 100)
        #expect(r.objective.contains { $0.priority == LayoutPriorities.broken && $0.error == 50 })
        #expect(LayoutPriorities.deviceEdit > LayoutPriorities.broken && LayoutPriorities.broken > Priority(999.999))
    }

    @Test func aDeviceSwitchRetriesBrokenConstraintsWhenTheRequiredSetChanges() throws {
        var c = LayoutCase(name: "w", root: "main", views: [T.view("main"), T.view("v", in: "main")])
        c.defaults.translatesAutoresizingMask = false
        c.constraints = try ["v.left == main.left", "v.top == main.top", "v.height == 10", "v.width == 100 #base"].map { try ConstraintSpec.parse($0) }
        var wide = try ConstraintSpec.parse("v.width == 300 #wide")
        wide.when = SizeClassCondition(horizontal: .regular)
        c.constraints.append(wide)
        let tree = try c.validate()
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let phone = try engine.layout(on: try T.device("iphone-8"))
        #expect(phone.conflicts.isEmpty && phone.frame(of: "v")?.width == 100)
        let pad = try engine.layout(on: try T.device("ipad"))
        #expect(pad.conflicts.map(\.constraints) == [["base", "wide"]])
        #expect(pad.conflicts.map(\.broken) == ["wide"])
        #expect(pad.frame(of: "v")?.width == 100)
        let back = try engine.layout(on: try T.device("iphone-se"))
        #expect(back.conflicts.isEmpty && engine.brokenConstraints.isEmpty)
        var fresh = LayoutEngine(tree: tree, solver: CassowarySolver())
        GoldenLayoutTests.expectSameLayout(pad, try fresh.layout(on: try T.device("ipad")), "ipad")
    }

    @Test func theTraceMarksAmbiguousViewsWithTheirComponents() throws {
        let (_, tree, configurations) = try GoldenLayoutTests.load("square-without-height.json")
        let r = try GoldenLayoutTests.fresh(tree, configurations[0])
        let lines = r.autolayoutTrace(tree).split(separator: "\n").map(String.init)
        #expect(lines[0] == "•UIWindow iphone-8 (leftToRight)")
        #expect(lines[1] == "|   *main (0, 0, 375, 667)")
        #expect(lines[3] == "|   |   |   *v2 (0, 0, 132, 10)")
        #expect(lines[4].hasPrefix("|   |   |   *v3 (112, "))
        #expect(lines[4].hasSuffix("- AMBIGUOUS LAYOUT for v3.minY{id: 13}, v3.Height{id: 15}"))
    }

    @Test func constraintsAffectingAViewFollowItsAxisAndStopAtTheDevice() throws {
        let (_, tree, configurations) = try GoldenLayoutTests.load("magenta-bar-and-square.json")
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        _ = try engine.layout(on: configurations[0])
        let v3 = try #require(tree.view(id: "v3"))
        let horizontal = engine.constraintsAffectingLayout(v3, axis: .horizontal).map(\.name)
        #expect(horizontal == ["v1 h=--- minX", "v1 h=--- width", "v3.width == 20", "v3.trailing == v1.trailing"])
        let vertical = engine.constraintsAffectingLayout(v3, axis: .vertical).map(\.name)
        #expect(vertical == ["v1 v=--- minY", "v1 v=--- height", "v3.height == 20", "v3.bottom == v1.bottom"])
        let v2 = engine.constraintsAffectingLayout(try #require(tree.view(id: "v2")), axis: .vertical).map(\.name)
        #expect(v2.contains("v2.top == v1.top") && !v2.contains("v3.height == 20"))
    }

    /// UIKit holds a root's size with required constraints (`UIView-Encapsulated-Layout-Width`):
    /// a case's required constraint that contradicts it is the one broken and logged, and the
    /// root keeps the screen's width. (Strut reported it as an unmet device edit, the root 100
    /// wide, before corpora/real showed Apple's engine keeping cells' encapsulated heights.)
    @Test func aRequiredConstraintAgainstTheRootsSizeIsBroken() throws {
        let tree = try T.tree([T.view("main")], ["main.width == 100"])
        let r = try T.layout(tree)
        #expect(r.frame(of: "main")?.width == 375)
        #expect(r.unmetEdits.isEmpty)
        #expect(r.conflicts.map(\.broken) == ["main.width == 100"])
        #expect(r.conflicts.first?.constraints.sorted() == ["main UIView-Encapsulated-Layout-Width", "main.width == 100"])
        #expect(r.conflicts.first?.descriptions.contains("<main UIView-Encapsulated-Layout-Width main.width == 375   (active)>") == true)
    }

    /// A margin guide's insets are required in UIKit too: a cell 44 high with 11-point margins
    /// cannot hold a 27-point image pinned to both margins; the image's own height gives way
    /// (iNaturalist's activityAuthor cell, whose stored frames show the image 22 high).
    @Test func aRequiredConstraintAgainstMarginInsetsIsBroken() throws {
        let tree = try T.tree(
            [T.view("main"),
             T.view("cell", in: "main") { $0.layoutMargins = DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16) },
             T.view("image", in: "cell")],
            ["cell.top == main.top + 100", "cell.leading == main.leading", "cell.width == 320", "cell.height == 44",
             "image.top == cell.topMargin", "image.bottom == cell.bottomMargin", "image.leading == cell.leading",
             "image.width == 27", "image.height == 27"])
        let r = try T.layout(tree)
        #expect(r.frame(of: "image")?.height == 22 && r.frame(of: "image")?.y == 11)
        #expect(r.unmetEdits.isEmpty)
        // The log solves each member for its first variable (it printed `-1*cell.height == ...`).
        let guide = "<UIView-heightMargin-guide-constraint cell.height == cell.margins.height + cell.margins.inset.top + cell.margins.inset.bottom   (active)>"
        #expect(r.conflicts.first?.descriptions.contains(guide) == true, "\(r.conflicts.first?.descriptions ?? [])")
        // Under Kiwi-style weights the device's edits (999.99994) and a broken constraint
        // (999.9999) weigh almost alike; the pins that stay in the solver hold the device anyway,
        // and then switching device and back gives the same layout.
        var weighted = LayoutEngine(tree: tree, solver: CassowarySolver(weighted: true))
        let w = try weighted.layout(on: try T.device("iphone-8"))
        #expect(w.frame(of: "image") == r.frame(of: "image") && w.unmetEdits.isEmpty)
        #expect(w.conflicts.map(\.broken) == ["image.height == 27"])
        _ = try weighted.layout(on: try T.device("iphone-x"))
        let back = try weighted.layout(on: try T.device("iphone-8"))
        #expect(back.frame(of: "image") == r.frame(of: "image") && back.conflicts.map(\.broken) == ["image.height == 27"])
        #expect(r.conflicts.map(\.broken) == ["image.height == 27"])
    }

    /// Between a constraint a stack generated and the case's own, the case's own gives way, as
    /// in Apple's engine (the same activityAuthor cell: its stack's canvas connections hold).
    @Test func aStacksGeneratedConstraintOutlastsTheCasesOwn() throws {
        let tree = try T.tree(
            [T.view("main"), T.view("stack", in: "main") {
                var s = StackSpec()
                s.axis = .horizontal
                s.arranged = ["a"]
                $0.stack = s
             },
             T.view("a", in: "stack")],
            ["stack.top == main.top", "stack.leading == main.leading", "stack.height == 22", "a.height == 27", "a.width == 10"])
        let r = try T.layout(tree)
        #expect(r.conflicts.map(\.broken) == ["a.height == 27"])
        #expect(r.frame(of: "a")?.height == 22)
    }

    @Test func mismatchesNameEachFailedExpectation() throws {
        var (c, tree, configurations) = try GoldenLayoutTests.load("square-without-height.json")
        let r = try GoldenLayoutTests.fresh(tree, configurations[0])
        #expect(c.mismatches(r, on: configurations[0]).isEmpty)
        c.expect = [DeviceExpectation(device: "iphone-8", frames: [.init("v2", LayoutRect(x: 0, y: 1, width: 132, height: 10))],
                                      ambiguous: [], conflicts: [["a", "b"]])]
        let problems = c.mismatches(r, on: configurations[0])
        #expect(problems.count == 3)
        #expect(problems[0] == "expect[\"iphone-8\"].frames.v2: expected (0, 1, 132, 10), got (0, 0, 132, 10)")
        #expect(problems[1].hasPrefix("expect[\"iphone-8\"].ambiguous: expected [], got [\"v3\"]"))
        #expect(c.mismatches(r, on: configurations[1]).isEmpty, "an iphone-8 expectation does not apply on iphone-x")
    }

    @Test func theResultDocumentHasTheSpecsFields() throws {
        let (_, tree, configurations) = try GoldenLayoutTests.load("conflicting-heights.json")
        let json = try GoldenLayoutTests.fresh(tree, configurations[0]).json
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        let keys = members.map(\.key)
        #expect(Array(keys.prefix(9)) == ["case", "device", "strategy", "layoutDirection", "frames", "conflicts", "ambiguous", "objective", "counters"])
        #expect(json["conflicts"] == .array([.object([("constraints", .array([.string("v3-height-20"), .string("v3-height-10")])), ("broken", .string("v3-height-10"))])]))
        #expect(json["frames"]?["v2"] == .array([0, 0, 132, 10].map(JSONValue.number)))
    }
}
