import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

/// The lowering: variables, anchors, the autoresizing table, intrinsic size, `when`.
@Suite struct LoweringTests {
    typealias T = LayoutTestSupport

    /// docs/uikit-rules.md's table with W = 200 in the file, the superview stretched to 300 by constraints,
    /// and the view's frame x = 20, w = 60 (L = 20, R = 120); vertically the mask is 0.
    @Test(arguments: [
        ([], 20.0, 60.0), ([AutoresizingMask.flexibleLeftMargin], 120, 60), ([.flexibleWidth], 20, 160),
        ([.flexibleLeftMargin, .flexibleWidth], 45, 135), ([.flexibleRightMargin], 20, 60),
        ([.flexibleLeftMargin, .flexibleRightMargin], 240.0 / 7, 60),
        ([.flexibleWidth, .flexibleRightMargin], 20, 280.0 / 3),
        ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], 30, 90),
    ] as [(AutoresizingMask, Double, Double)])
    func autoresizingFollowsTheTableOfUIKit(_ mask: AutoresizingMask, _ x: Double, _ width: Double) throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("s", in: "main") { $0.frame = LayoutRect(x: 0, y: 0, width: 200, height: 100) },
            T.view("v", in: "s") {
                $0.frame = LayoutRect(x: 20, y: 10, width: 60, height: 30)
                $0.translatesAutoresizingMask = true
                $0.autoresizing = mask
            },
        ], ["s.left == main.left", "s.top == main.top", "s.width == 300", "s.height == 100"])
        let r = try T.layout(tree)
        #expect(T.close(T.relativeFrame(r, tree, "v"), LayoutRect(x: x, y: 10, width: width, height: 30)), "\(mask)")
        #expect(r.conflicts.isEmpty)
    }

    @Test func autoresizingConstraintsAreNamedForWhatTheyPin() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("v", in: "main") {
                $0.translatesAutoresizingMask = true
                $0.autoresizing = [.flexibleLeftMargin, .flexibleHeight]
            },
        ], [])
        let s = try LoweredSystem(tree: tree, configuration: try T.device("iphone-8"))
        let names = s.constraints.filter { if case .autoresizing = $0.origin { true } else { false } }.map { tree.name(of: $0.origin) }
        #expect(names == ["v h=&-- maxX", "v h=&-- width", "v v=-&- minY", "v v=-&- maxY"])
    }

    @Test func aFramelessRootGivesAutoresizingTheDeviceScreen() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("v", in: "main") {
                $0.frame = LayoutRect(x: 10, y: 10, width: 100, height: 50)
                $0.translatesAutoresizingMask = true
                $0.autoresizing = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
            },
        ], [])
        // &&& with W = the screen width: the frame stays as written on every device.
        for device in ["iphone-8", "ipad:landscape"] {
            #expect(try T.layout(tree, device).frame(of: "v") == LayoutRect(x: 10, y: 10, width: 100, height: 50))
        }
    }

    /// A location with a multiplier is measured from its container's origin, and the origin's
    /// terms cancel exactly: `v.bottom == m * s.bottom + 1` inside `s` names `s.minY` only through
    /// `v.minY − s.minY`, never with a rounded coefficient such as −0.9999999999999999 (which let
    /// the exact oracle satisfy a real conflict by moving the root 2^53 points,
    /// corpora/regressions/conflict-real-negative-tiny-multiplier.json).
    @Test(arguments: [-1e-6, 1e-6, -0.3, 0.1, 7.0, -1e4])
    func aMultipliedLocationNamesItsContainerOriginWithAnExactCoefficient(_ m: Double) throws {
        let tree = try T.tree([T.view("main"), T.view("s", in: "main"), T.view("v", in: "s")],
                              ["v.bottom == \(m) * s.bottom + 1"])
        let system = try LoweredSystem(tree: tree, configuration: try T.device("iphone-8"))
        let lowered = try #require(system.constraints.first { if case .explicit = $0.origin { true } else { false } })
        let e = lowered.constraint.expression.normalized()
        let coefficient = { (view: String) in
            e.terms.first { $0.variable == system.variables.minY(tree.item(id: view)!) }?.coefficient ?? 0
        }
        #expect(coefficient("s") == -1, "s.minY in \(e)")
        #expect(coefficient("v") == 1)
        #expect(e.constant == -1)
    }

    @Test func everyDeviceLowersTheSameConstraintIDs() throws {
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")],
                              ["v.top == main.safeArea.top", "v.leading == main.leadingMargin", "v.width == 10",
                               "v.height == 10", "v.width == 20"])
        let a = try LoweredSystem(tree: tree, configuration: try T.device("iphone-se"))
        let b = try LoweredSystem(tree: tree, configuration: try T.device("ipad-pro-12.9:landscape:half"))
        #expect(a.constraints.map(\.origin) == b.constraints.map(\.origin))
        #expect(a.insetGuides == b.insetGuides && a.insetGuides.count == 2)
    }

    @Test func intrinsicSizeHugsAndResistsAtItsPriorities() throws {
        let base = [T.view("main"), T.view("v", in: "main") { $0.intrinsicSize = IntrinsicSize(width: 100, height: nil) }]
        let pins = ["v.left == main.left", "v.top == main.top", "v.height == 10"]
        // 500 beats hugging (250): the view grows; 500 loses to compression resistance (750).
        let grows = try T.layout(try T.tree(base, pins + ["v.width >= 150 @500"]))
        #expect(grows.frame(of: "v")?.width == 150)
        let resists = try T.layout(try T.tree(base, pins + ["v.width <= 50 @500"]))
        #expect(resists.frame(of: "v")?.width == 100)
        #expect(resists.objective.contains { $0.priority == Priority(500) && $0.error == 50 })
    }

    @Test func anchorsReferToTheAlignmentRect() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("v", in: "main") { $0.alignmentRectInsets = EdgeInsets(top: 2, left: 5, bottom: 4, right: 3) },
        ], ["v.left == main.left + 20", "v.top == main.top + 20", "v.width == 100", "v.height == 50"])
        #expect(try T.layout(tree).frame(of: "v") == LayoutRect(x: 15, y: 18, width: 108, height: 56))
    }

    @Test func leadingIsTheRightEdgeAndConstantsRunLeftwardUnderRightToLeft() throws {
        let views = [
            T.view("main"), T.view("a", in: "main"),
            T.view("b", in: "main") { $0.semanticContentAttribute = .forceLeftToRight },
        ]
        let constraints = ["a.leading == main.leading + 10", "a.width == 50", "a.top == main.top", "a.height == 5",
                           "b.leading == main.leading + 10", "b.width == 50", "b.top == main.top", "b.height == 5"]
        let rtl = try T.layout(try T.tree(views, constraints, direction: .rightToLeft))
        #expect(rtl.layoutDirection == .rightToLeft)
        // a's leading follows the right edge of main (main's own direction is right-to-left).
        #expect(rtl.frame(of: "a")?.x == 315.0)
        // b forces left-to-right: its leading is its left edge and its constant runs left to
        // right (the first item's direction), from main's leading edge, main's right edge.
        #expect(rtl.frame(of: "b")?.x == 385.0)
    }

    @Test func directionalInequalitiesTurnRoundUnderRightToLeft() throws {
        let tree = try T.tree([T.view("main"), T.view("a", in: "main"), T.view("b", in: "main")], [
            "a.leading == main.leading + 10", "a.width == 50", "b.width == 20", "b.leading >= a.trailing + 8",
            "b.leading == main.leading @250", "a.top == main.top", "a.height == 1", "b.top == main.top", "b.height == 1",
        ])
        // b wants to sit at main's leading edge but must stay 8 points past a's trailing edge.
        #expect(try T.layout(tree).frame(of: "b")?.x == 68.0)
        #expect(try T.layout(tree, direction: .rightToLeft).frame(of: "b")?.x == 375.0 - 68 - 20)
    }

    @Test func baselinesAreOffsetsFromTopAndBottomAndFallBackWithoutThem() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("a", in: "main") { $0.baseline = Baseline(first: 17, last: 5) },
            T.view("b", in: "main"),
        ], ["a.top == main.top + 100", "a.height == 30", "a.left == main.left", "a.width == 10",
            "b.firstBaseline == a.firstBaseline", "b.height == 10", "b.left == main.left", "b.width == 10",
            "b.lastBaseline == a.lastBaseline @500"])
        let r = try T.layout(tree)
        // b has no baseline: its first baseline is its top, at a's first baseline 117.
        #expect(r.frame(of: "b")?.y == 117)
    }

    @Test func marginAttributesFollowTheMarginsGuide() throws {
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")],
                              ["v.leading == main.leadingMargin", "v.trailing == main.trailingMargin",
                               "v.top == main.topMargin", "v.bottom == main.bottomMargin"])
        // iPhone 8 root: the system minimum, 16 on the sides and 0 top and bottom, plus the safe area (20 top).
        #expect(try T.layout(tree).frame(of: "v") == LayoutRect(x: 16, y: 20, width: 343, height: 647))
    }

    @Test func whenConstraintsAreInstalledOnlyUnderTheirSizeClass() throws {
        var c = LayoutCase(name: "w", root: "main", views: [T.view("main"), T.view("v", in: "main")])
        c.defaults.translatesAutoresizingMask = false
        c.constraints = try ["v.left == main.left", "v.top == main.top", "v.height == 10", "v.width == 100 @500"].map { try ConstraintSpec.parse($0) }
        var regular = try ConstraintSpec.parse("v.width == 300")
        regular.when = SizeClassCondition(horizontal: .regular)
        c.constraints.append(regular)
        let tree = try c.validate()
        #expect(try T.layout(tree, "iphone-8").frame(of: "v")?.width == 100)
        #expect(try T.layout(tree, "ipad").frame(of: "v")?.width == 300)
        #expect(try T.layout(tree, "iphone-8-plus:landscape").frame(of: "v")?.width == 300)
    }

    @Test func stackViewsAndVisualFormatsAreLoweredThroughTheirExpansions() throws {
        var c = LayoutCase(name: "s", root: "main", views: [T.view("main"), T.view("a", in: "main"), T.view("b", in: "main")])
        c.defaults.translatesAutoresizingMask = false
        c.formats = [FormatSpec(format: "H:|-10-[a(50)]-[b(==a)]"), FormatSpec(format: "V:|-20-[a(30)]"), FormatSpec(format: "V:|-20-[b(30)]")]
        let r = try T.layout(try c.validate())
        #expect(r.frame(of: "a") == LayoutRect(x: 10, y: 20, width: 50, height: 30))
        #expect(r.frame(of: "b") == LayoutRect(x: 68, y: 20, width: 50, height: 30))
        #expect(r.ambiguous == [] && r.conflicts == [])
    }

    @Test func aFormatThatDoesNotParseIsALoweringErrorWithItsPath() throws {
        var c = LayoutCase(name: "s", root: "main", views: [T.view("main"), T.view("a", in: "main")])
        c.formats = [FormatSpec(format: "H:|-[nope]-|")]
        let tree = try c.validate()
        #expect(throws: LoweringError.self) { try T.layout(tree) }
        do { _ = try T.layout(tree) } catch let e as LoweringError { #expect(e.path.hasPrefix("$.formats[0]")) }
    }
}
