import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

private typealias T = LayoutTestSupport

/// Scroll views (issue 5, item 3): the frame guide is the scroll view's frame and the content
/// guide's size is the content's, so the content sizes the scrollable area, on every device and
/// across incremental device switches.
@Suite struct ScrollViewTests {
    /// The window frame of item `name` (a view, or a built-in guide `v.content`) at the engine's
    /// current solution.
    static func frame(_ engine: LayoutEngine<CassowarySolver>, _ name: String) throws -> LayoutRect {
        let s = try #require(engine.system)
        let parts = name.split(separator: ".").map(String.init)
        let reference = ItemReference(parts[0], guide: parts.count > 1 ? BuiltInGuide(rawValue: parts[1]) : nil)
        let item = try #require(s.tree.item(reference))
        let v = s.variables
        return LayoutRect(x: engine.solver.value(of: v.minX(item)), y: engine.solver.value(of: v.minY(item)),
                          width: engine.solver.value(of: v.width(item)), height: engine.solver.value(of: v.height(item)))
    }

    /// A vertically scrolling column filling `main` below the safe area: three rows, each 200
    /// high in regular height and 100 in compact height (`when`), stacked in `content`, which is
    /// pinned to the content guide and as wide as the frame guide.
    static func column() throws -> ViewTree {
        var constraints = [
            "scroll.leading == main.leading", "scroll.trailing == main.trailing",
            "scroll.top == main.safeArea.top", "scroll.bottom == main.bottom",
            "content.leading == scroll.content.leading", "content.trailing == scroll.content.trailing",
            "content.top == scroll.content.top", "content.bottom == scroll.content.bottom",
            "content.width == scroll.frameGuide.width",
            "r0.top == content.top", "r1.top == r0.bottom", "r2.top == r1.bottom", "r2.bottom == content.bottom",
        ]
        for r in ["r0", "r1", "r2"] { constraints += ["\(r).leading == content.leading", "\(r).trailing == content.trailing"] }
        var c = LayoutCase(name: "column", root: "main", views: [
            T.view("main"), T.view("scroll", in: "main") { $0.scroll = true }, T.view("content", in: "scroll"),
            T.view("r0", in: "content"), T.view("r1", in: "content"), T.view("r2", in: "content"),
        ])
        c.defaults.translatesAutoresizingMask = false
        c.constraints = try constraints.map { try ConstraintSpec.parse($0) }
        for r in ["r0", "r1", "r2"] {
            var regular = try ConstraintSpec.parse("\(r).height == 200")
            regular.when = SizeClassCondition(vertical: .regular)
            var compact = try ConstraintSpec.parse("\(r).height == 100")
            compact.when = SizeClassCondition(vertical: .compact)
            c.constraints += [regular, compact]
        }
        return try c.validate()
    }

    /// Portrait iPhone 8 (safe top 20): the scroll view is [0, 20, 375, 647] and so is its frame
    /// guide; the content guide starts at the scroll view's origin and is the content's size,
    /// 375 × 600 (three rows of 200), not the frame's. Landscape (667 × 375, hC, safe top 0): the
    /// frame guide follows the frame, [0, 0, 667, 375], and the content guide shrinks with the
    /// content to 667 × 300 (three rows of 100) on the incremental switch. Back in portrait the
    /// first layout's guides return.
    @Test func theContentGuideTakesTheContentsSizeAndTheFrameGuideTheFrame() throws {
        var engine = LayoutEngine(tree: try Self.column(), solver: CassowarySolver())
        let expected: [(String, LayoutRect, LayoutRect)] = [
            ("iphone-8", LayoutRect(x: 0, y: 20, width: 375, height: 647), LayoutRect(x: 0, y: 20, width: 375, height: 600)),
            ("iphone-8:landscape", LayoutRect(x: 0, y: 0, width: 667, height: 375), LayoutRect(x: 0, y: 0, width: 667, height: 300)),
            ("iphone-8", LayoutRect(x: 0, y: 20, width: 375, height: 647), LayoutRect(x: 0, y: 20, width: 375, height: 600)),
        ]
        for (device, frame, content) in expected {
            let r = try engine.layout(on: try T.device(device))
            #expect(r.conflicts.isEmpty && r.ambiguous == [], "\(device)")
            #expect(try Self.frame(engine, "scroll") == frame, "\(device)")
            #expect(try Self.frame(engine, "scroll.frameGuide") == frame, "\(device)")
            #expect(try Self.frame(engine, "scroll.content") == content, "\(device)")
            #expect(try Self.frame(engine, "content") == content, "\(device)")
        }
    }

    /// Horizontal scrolling: content wider than the frame (a 1 000-point strip as high as the
    /// frame guide) gives a content guide of 1000 × the frame's height; the scroll view itself
    /// stays 200 × 300.
    /// A scroll view's baselines are its own text's, so a subview tied to one stays with the
    /// frame (StrutFuzzer found this trapping: the content-area rule sent the baseline to the
    /// content guide, which has none).
    @Test func aScrollViewsBaselineStaysWithItsFrame() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("scroll", in: "main") { $0.scroll = true; $0.baseline = Baseline(first: 16, last: 5) },
            T.view("v", in: "scroll"),
        ], [
            "scroll.left == main.left", "scroll.top == main.top + 100", "scroll.width == 200", "scroll.height == 300",
            "v.top == scroll.lastBaseline + 10", "v.leading == scroll.content.leading", "v.width == 50", "v.height == 50",
        ])
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let r = try engine.layout(on: try T.device("iphone-8"))
        // The last baseline is 5 above the frame's bottom (400): v's top at 405 in the window.
        #expect(r.windowFrames[2] == LayoutRect(x: 0, y: 405, width: 50, height: 50))
    }

    @Test func contentWiderThanTheFrameWidensOnlyTheContentGuide() throws {
        let tree = try T.tree([T.view("main"), T.view("scroll", in: "main") { $0.scroll = true }, T.view("strip", in: "scroll")], [
            "scroll.left == main.left + 10", "scroll.top == main.top + 100", "scroll.width == 200", "scroll.height == 300",
            "strip.leading == scroll.content.leading", "strip.trailing == scroll.content.trailing",
            "strip.top == scroll.content.top", "strip.bottom == scroll.content.bottom",
            "strip.height == scroll.frameGuide.height", "strip.width == 1000",
        ])
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let r = try engine.layout(on: try T.device("iphone-8"))
        #expect(r.conflicts.isEmpty && r.ambiguous == [])
        #expect(r.frame(of: "scroll") == LayoutRect(x: 10, y: 100, width: 200, height: 300))
        #expect(try Self.frame(engine, "scroll.frameGuide") == LayoutRect(x: 10, y: 100, width: 200, height: 300))
        #expect(try Self.frame(engine, "scroll.content") == LayoutRect(x: 10, y: 100, width: 1000, height: 300))
        #expect(r.frame(of: "strip") == LayoutRect(x: 0, y: 0, width: 1000, height: 300))
    }

    /// Without content constraints the content guide's size is free: the scrollable area is
    /// whatever the content says, and with nothing said it is undetermined (its position is
    /// still the scroll view's origin).
    @Test func theContentGuidesSizeComesOnlyFromTheContent() throws {
        let tree = try T.tree([T.view("main"), T.view("scroll", in: "main") { $0.scroll = true }, T.view("v", in: "scroll")], [
            "scroll.left == main.left", "scroll.top == main.top", "scroll.width == 100", "scroll.height == 100",
            "v.leading == scroll.content.leading", "v.top == scroll.content.top", "v.width == 50", "v.height == 50",
        ])
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let r = try engine.layout(on: try T.device("iphone-8"))
        #expect(r.frame(of: "v") == LayoutRect(x: 0, y: 0, width: 50, height: 50))
        let content = try Self.frame(engine, "scroll.content")
        #expect(content.x == 0 && content.y == 0)
        let s = try #require(engine.system)
        let guide = try #require(s.tree.item(ItemReference("scroll", guide: .content)))
        let size = [s.variables.width(guide), s.variables.height(guide)]
        #expect(engine.solver.ambiguousVariables(size) == size)
    }
}

@Suite struct ScrollEdgeTests {
    /// UIKit attaches a subview's constraints to its scroll view's edges to the content area: a
    /// 100 × 2000 view pinned to all four edges of a scroll view that fills the iPhone 8 screen
    /// makes a 100 × 2000 scrollable area while the scroll view keeps the screen's frame.
    @Test func edgesOfAScrollViewMeanItsContentArea() throws {
        var c = LayoutCase(name: "scroll-edges", root: "main", views: [
            LayoutTestSupport.view("main"), LayoutTestSupport.view("scroll", in: "main") { $0.scroll = true },
            LayoutTestSupport.view("tall", in: "scroll"),
        ])
        c.defaults.translatesAutoresizingMask = false
        c.constraints = try [
            "scroll.leading == main.leading", "scroll.trailing == main.trailing",
            "scroll.top == main.top", "scroll.bottom == main.bottom",
            "tall.leading == scroll.leading", "tall.trailing == scroll.trailing",
            "tall.top == scroll.top", "tall.bottom == scroll.bottom",
            "tall.width == 100", "tall.height == 2000",
        ].map { try ConstraintSpec.parse($0) }
        let tree = try c.validate()
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        _ = try engine.layout(on: try LayoutTestSupport.device("iphone-8"))
        #expect(try ScrollViewTests.frame(engine, "scroll") == LayoutRect(x: 0, y: 0, width: 375, height: 667))
        #expect(try ScrollViewTests.frame(engine, "scroll.content") == LayoutRect(x: 0, y: 0, width: 100, height: 2000))
        #expect(try ScrollViewTests.frame(engine, "tall") == LayoutRect(x: 0, y: 0, width: 100, height: 2000))
    }
}
