import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

/// Safe area, margins and readable guides as UIKit computes them, settled over passes, and
/// pixel snapping of the frames.
@Suite struct LayoutGuideTests {
    typealias T = LayoutTestSupport

    static let pinnedToSafeArea = ["v.top == main.safeArea.top", "v.left == main.safeArea.left",
                                   "v.bottom == main.safeArea.bottom", "v.right == main.safeArea.right"]

    static var everyConfiguration: [DeviceConfiguration] { DeviceCatalog.all.flatMap(\.configurations) }

    /// docs/uikit-rules.md's catalog: on every device, orientation and split, a view pinned to the root's
    /// safe area fills the screen less the device's insets (landscape sides, split panes without
    /// side insets).
    @Test func everyDeviceLaysOutASafeAreaPinnedViewWhereTheCatalogSays() throws {
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")], Self.pinnedToSafeArea)
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        #expect(Self.everyConfiguration.count > 40)
        for c in Self.everyConfiguration {
            let s = c.safeArea, size = c.screenSize
            let expected = LayoutRect(x: s.left, y: s.top, width: size.width - s.left - s.right, height: size.height - s.top - s.bottom)
            let fresh = try T.layout(tree, c.id)
            #expect(fresh.frame(of: "v") == expected, "\(c.id)")
            #expect(fresh.frame(of: "main") == LayoutRect(x: 0, y: 0, width: size.width, height: size.height))
            #expect(try engine.layout(on: c).frame(of: "v") == expected, "\(c.id) after a switch")
        }
    }

    @Test func theCatalogInsetsAreTheOnesOfUIKitMd() throws {
        #expect(try T.device("iphone-x").safeArea == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(try T.device("iphone-14-pro:landscape").safeArea == EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(try T.device("ipad-pro-12.9:landscape:half").safeArea == EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    }

    @Test func additionalSafeAreaInsetsAddToTheDevicesOnTheRoot() throws {
        var views = [T.view("main") { $0.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 5, bottom: 0, right: 0) }, T.view("v", in: "main")]
        views[0].respectsSystemMinimumLayoutMargins = nil
        let r = try T.layout(try T.tree(views, Self.pinnedToSafeArea), "iphone-x")
        #expect(r.frame(of: "v") == LayoutRect(x: 5, y: 54, width: 370, height: 812 - 54 - 34))
    }

    /// A subview's safe area is the part of it outside its ancestors' unsafe region. The bar's
    /// frame comes from the solve, so the child's guide needs a second pass.
    @Test func aSubviewsSafeAreaIsWhatTheUnsafeRegionDoesNotCoverAfterASecondPass() throws {
        let tree = try T.tree([T.view("main"), T.view("bar", in: "main"), T.view("c", in: "bar")], [
            "bar.top == main.top", "bar.left == main.left", "bar.right == main.right", "bar.height == 100",
            "c.top == bar.safeArea.top", "c.left == bar.safeArea.left", "c.right == bar.safeArea.right", "c.bottom == bar.safeArea.bottom",
        ])
        let r = try T.layout(tree, "iphone-x")
        #expect(r.frame(of: "c") == LayoutRect(x: 0, y: 44, width: 375, height: 56))
        #expect(r.passes == 2 && r.settled)
        let landscape = try T.layout(tree, "iphone-x:landscape")
        #expect(landscape.frame(of: "c") == LayoutRect(x: 44, y: 0, width: 812 - 88, height: 100))
    }

    @Test func rootMarginsAreAtLeastTheSystemMinimumAndInsetFromTheSafeArea() throws {
        let constraints = ["v.leading == main.margins.leading", "v.trailing == main.margins.trailing",
                           "v.top == main.margins.top", "v.bottom == main.margins.bottom"]
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")], constraints)
        // A root view has no margins of its own: 0 top and bottom, the system minimum at the sides.
        #expect(try T.layout(tree, "iphone-8").frame(of: "v") == LayoutRect(x: 16, y: 20, width: 343, height: 667 - 20))
        #expect(try T.layout(tree, "ipad").frame(of: "v") == LayoutRect(x: 20, y: 20, width: 728, height: 1024 - 20))
        #expect(try T.layout(tree, "iphone-8-plus").frame(of: "v") == LayoutRect(x: 20, y: 20, width: 374, height: 736 - 20))
        // Opted out of the system minimum and of the safe area: exactly its own margins, none.
        var opted = [T.view("main") { $0.insetsLayoutMarginsFromSafeArea = false; $0.respectsSystemMinimumLayoutMargins = false }, T.view("v", in: "main")]
        opted[1].translatesAutoresizingMask = false
        #expect(try T.layout(try T.tree(opted, constraints), "iphone-8").frame(of: "v") == LayoutRect(x: 0, y: 0, width: 375, height: 667))
    }

    @Test func aSubviewOverlappingItsSuperviewsMarginPreservesItWhenAsked() throws {
        func tree(preserves: Bool) throws -> ViewTree {
            try T.tree([T.view("main"), T.view("c", in: "main") { $0.preservesSuperviewLayoutMargins = preserves }, T.view("g", in: "c")], [
                "c.left == main.left + 4", "c.top == main.top + 100", "c.width == 100", "c.height == 100",
                "g.leading == c.leadingMargin", "g.top == c.topMargin", "g.width == 10", "g.height == 10",
            ])
        }
        // main's left margin is 16 on an iPhone 8; c starts at 4, so it overlaps by 12 > 8.
        #expect(try T.layout(try tree(preserves: true)).frame(of: "g") == LayoutRect(x: 12, y: 8, width: 10, height: 10))
        #expect(try T.layout(try tree(preserves: false)).frame(of: "g") == LayoutRect(x: 8, y: 8, width: 10, height: 10))
    }

    /// A stack view starts with no layout margins, where any other view has 8 (rocket.chat's
    /// ChannelInfoDescriptionCell in corpora/real pins a stack's trailing margin, and Interface
    /// Builder's frames give it 0); margins given to it are its own.
    @Test func aStackViewHasNoMarginsOfItsOwn() throws {
        func tree(stack: Bool, margins: DirectionalEdgeInsets? = nil) throws -> ViewTree {
            try T.tree([T.view("main"),
                        T.view("c", in: "main") {
                            if stack { var s = StackSpec(); s.arranged = ["a"]; $0.stack = s }
                            $0.layoutMargins = margins
                        },
                        T.view("a", in: "c"), T.view("g", in: "main")], [
                "c.left == main.left", "c.top == main.top + 100", "c.width == 100", "c.height == 50",
                "g.trailing == c.trailingMargin", "g.top == c.topMargin", "g.width == 10", "g.height == 10",
            ])
        }
        #expect(try T.layout(try tree(stack: true)).frame(of: "g") == LayoutRect(x: 90, y: 100, width: 10, height: 10))
        #expect(try T.layout(try tree(stack: false)).frame(of: "g") == LayoutRect(x: 82, y: 108, width: 10, height: 10))
        let given = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
        #expect(try T.layout(try tree(stack: true, margins: given)).frame(of: "g") == LayoutRect(x: 86, y: 104, width: 10, height: 10))
    }

    @Test func directionalMarginsFlipUnderRightToLeft() throws {
        let views = [T.view("main"), T.view("c", in: "main") { $0.layoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5) }, T.view("g", in: "c")]
        let constraints = ["c.left == main.left", "c.top == main.top + 100", "c.width == 100", "c.height == 100",
                           "g.left == c.leftMargin", "g.right == c.rightMargin", "g.top == c.top", "g.height == 1"]
        #expect(try T.layout(try T.tree(views, constraints)).frame(of: "g") == LayoutRect(x: 30, y: 0, width: 65, height: 1))
        #expect(try T.layout(try T.tree(views, constraints, direction: .rightToLeft)).frame(of: "g") == LayoutRect(x: 5, y: 0, width: 65, height: 1))
    }

    @Test func theReadableGuideIsTheMarginsNarrowedTo672AndCentred() throws {
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")],
                              ["v.leading == main.readable.leading", "v.trailing == main.readable.trailing", "v.top == main.top", "v.height == 1"])
        #expect(try T.layout(tree, "ipad:landscape").frame(of: "v") == LayoutRect(x: 176, y: 0, width: 672, height: 1))
        #expect(try T.layout(tree, "iphone-8").frame(of: "v") == LayoutRect(x: 16, y: 0, width: 343, height: 1))
    }

    @Test func framesSnapByTheirWindowEdgesToTheDevicesPixels() throws {
        let tree = try T.tree([T.view("main"), T.view("v", in: "main")],
                              ["v.left == main.left + 10.25", "v.width == 10.5", "v.top == main.top + 0.5", "v.height == 1"])
        #expect(try T.layout(tree, "iphone-8").frame(of: "v") == LayoutRect(x: 10.5, y: 0.5, width: 10.5, height: 1))
        let f = try #require(try T.layout(tree, "iphone-x").frame(of: "v"))
        #expect(abs(f.x - 31.0 / 3) < 1e-12 && abs(f.width - 31.0 / 3) < 1e-12 && abs(f.y - 2.0 / 3) < 1e-12)
    }

    /// A view reaching past the bottom of the screen gets the bottom unsafe band as its inset,
    /// not the distance to the safe area (UIKit: an inset does not extend off-screen), so a view
    /// whose height follows its own margins does not feed on itself (a settings screen in
    /// corpora/generated/settings looped through every pass before this).
    @Test func aViewBeyondTheScreenGetsNoMoreThanTheUnsafeBand() throws {
        let tree = try T.tree([T.view("main"), T.view("tall", in: "main"), T.view("row", in: "tall")], [
            "tall.top == main.top + 700", "tall.left == main.left", "tall.right == main.right",
            "row.top == tall.margins.top", "row.left == tall.left", "row.right == tall.right", "row.height == 300",
            "row.bottom == tall.margins.bottom",
        ])
        let r = try T.layout(tree, "iphone-x")
        // Screen 812 high, safe area bottom 34: tall spans 700...1016; its band overlap is 34.
        #expect(r.frame(of: "tall") == LayoutRect(x: 0, y: 700, width: 375, height: 8 + 300 + 8 + 34))
        #expect(r.settled)
    }

    /// c's width follows its own safe area's left inset (w = 2·inset + 10 on a phone in
    /// landscape, inset = min(44, w)): 0, 10, 30, 44 — four passes to settle.
    @Test func passesAreBoundedAndReportedWhenGuidesDoNotSettle() throws {
        let tree = try T.tree([T.view("main"), T.view("c", in: "main")], [
            "c.left == main.left", "c.top == main.top", "c.height == 10", "c.safeArea.width == 0.5 * c.width + 5",
        ])
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        engine.maxPasses = 3
        let r = try engine.layout(on: try T.device("iphone-x:landscape"))
        #expect(r.passes == 3 && !r.settled)
        let settled = try T.layout(tree, "iphone-x:landscape")
        #expect(settled.passes == 4 && settled.settled)
        #expect(settled.frame(of: "c") == LayoutRect(x: 0, y: 0, width: 98, height: 10))
    }

    /// A scroll view's frame guide is its frame; its content guide starts at its origin and
    /// takes its size from the content's constraints.
    @Test func scrollViewGuidesFrameTheViewAndSizeTheContent() throws {
        let tree = try T.tree([T.view("main"), T.view("s", in: "main") { $0.scroll = true }, T.view("c", in: "s")], [
            "s.left == main.left", "s.top == main.top + 100", "s.width == 200", "s.height == 300",
            "c.leading == s.content.leading", "c.trailing == s.content.trailing", "c.top == s.content.top",
            "c.bottom == s.content.bottom", "c.width == s.frameGuide.width", "c.height == 1000",
        ])
        let r = try T.layout(tree)
        #expect(r.frame(of: "c") == LayoutRect(x: 0, y: 0, width: 200, height: 1000))
        #expect(r.ambiguous == [] && r.conflicts == [])
    }
}
