import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

private typealias T = LayoutTestSupport

/// The free-standing subtree a fitting lays out (`ViewTree.subtree(rootedAt:)`), the seed
/// chapter's self-sizing example, and fitting views of the golden cases.
@Suite struct SelfSizingSubtreeTests {
    static func fit(_ tree: ViewTree, _ view: String, _ fitting: LayoutFitting = .compressed) throws -> FittingResult {
        try tree.systemLayoutSizeFitting(try #require(tree.view(id: view)), fitting, on: try T.device("iphone-8"), solver: CassowarySolver())
    }

    /// Views, guides and constraints inside the subtree are kept and renumbered; constraints to
    /// anything outside are dropped; the new root has no superview and depth 0.
    @Test func theSubtreeKeepsItsOwnViewsGuidesAndConstraints() throws {
        var tree = try T.tree([
            T.view("main"), T.view("other", in: "main"), T.view("cell", in: "main") { $0.guides = ["spacer"] },
            T.view("a", in: "cell"), T.view("b", in: "a"),
        ], [
            "cell.top == main.top", "a.leading == cell.leading + 5", "b.width == 7", "b.top == other.top",
            "spacer.leading == a.trailing", "a.bottom == cell.safeArea.bottom",
        ])
        tree.formats = [FormatSpec(format: "H:|-[b]-|"), FormatSpec(format: "H:|[cell]|")]
        let sub = try tree.subtree(rootedAt: try #require(tree.view(id: "cell")))
        #expect(sub.views.map(\.id) == ["cell", "a", "b"])
        #expect(sub.views.map(\.depth) == [0, 1, 2] && sub.views[0].superview == nil)
        #expect(sub.views[1].superview == ViewIndex(0) && sub.views[1].subviews == [ViewIndex(2)])
        #expect(sub.items.map(\.name) == [
            "cell", "a", "b", "cell.safeArea", "cell.margins", "cell.readable", "spacer",
            "a.safeArea", "a.margins", "a.readable", "b.safeArea", "b.margins", "b.readable",
        ])
        #expect(sub.item(id: "spacer") == ItemIndex(6) && sub.view(id: "b") == ViewIndex(2) && sub.item(id: "other") == nil)
        #expect(sub.views[0].guides.margins == ItemIndex(4) && sub.views[0].customGuides == [ItemIndex(6)])
        // The case's constraints inside the subtree, then the first format's (| is b's superview a).
        let texts = sub.constraints.map { sub.text(of: $0) }
        #expect(texts.prefix(4) == [
            "a.leading == cell.leading + 5", "b.width == 7", "spacer.leading == a.trailing", "a.bottom == cell.safeArea.bottom",
        ])
        #expect(texts.count == 6 && texts.dropFirst(4).allSatisfy { $0.contains("b.") && $0.contains("a.") })
        #expect(sub.formats.isEmpty && !sub.respectsSystemMinimumLayoutMargins)
    }

    /// A stack above the fitted view generates nothing in the subtree: an arranged label fits
    /// to its intrinsic size however the stack laid it out in the main layout.
    @Test func anArrangedViewFitsWithoutItsStack() throws {
        let tree = try T.tree([
            T.view("main"),
            T.view("stack", in: "main") {
                var s = StackSpec()
                s.arranged = ["label"]
                $0.stack = s
            },
            T.view("label", in: "stack") { $0.intrinsicSize = IntrinsicSize(width: 50, height: 20) },
        ], ["stack.leading == main.leading", "stack.trailing == main.trailing", "stack.top == main.top"])
        let main = try T.layout(tree)
        #expect(main.frame(of: "label")?.width == 375)
        let r = try Self.fit(tree, "label", .expanded)
        #expect(r.size == PointSize(width: 50, height: 20))
        #expect(r.layout.frames.map(\.view) == ["label"])
    }

    /// The seed chapter's "Self-Sizing Views" (systemLayoutSizeFitting): a plain view whose only
    /// subview, a button of intrinsic size 62 × 30, is pinned on all four edges, and whose own
    /// leading and top only are pinned to its superview. The main layout sizes it from the
    /// button, 62 × 30, and so does a fitting, compressed or expanded. With a hard-coded width
    /// constraint of 200 the button's hugging (250) loses and it widens to match: 200 × 30.
    @Test func theSeedChaptersSelfSizingViewFitsItsButton() throws {
        let views = [
            T.view("main"), T.view("plain", in: "main"),
            T.view("button", in: "plain") { $0.intrinsicSize = IntrinsicSize(width: 62, height: 30) },
        ]
        let pins = [
            "plain.leading == main.leading + 20", "plain.top == main.top + 50",
            "button.leading == plain.leading", "button.trailing == plain.trailing",
            "button.top == plain.top", "button.bottom == plain.bottom",
        ]
        let tree = try T.tree(views, pins)
        #expect(try T.layout(tree).frame(of: "plain") == LayoutRect(x: 20, y: 50, width: 62, height: 30))
        for fitting in [LayoutFitting.compressed, .expanded] {
            #expect(try Self.fit(tree, "plain", fitting).size == PointSize(width: 62, height: 30), "\(fitting.name)")
        }
        let widened = try Self.fit(try T.tree(views, pins + ["plain.width == 200"]), "plain")
        #expect(widened.size == PointSize(width: 200, height: 30))
        #expect(widened.layout.frame(of: "button") == LayoutRect(x: 0, y: 0, width: 200, height: 30))
    }

    /// The golden stack-in-scroll case's content stack, fitted on its own: its width came from
    /// the scroll view's frame guide (outside the subtree), so it is 0 compressed and 10 000
    /// expanded (the rows have no intrinsic width); its height is the rows', 12 × 80 + 11 × 10 =
    /// 1070, either way.
    @Test func theGoldenScrollContentStackFitsItsRows() throws {
        let (_, tree, _) = try GoldenLayoutTests.load("stack-in-scroll-view.json")
        #expect(try Self.fit(tree, "content", .compressed).size == PointSize(width: 0, height: 1070))
        #expect(try Self.fit(tree, "content", .expanded).size == PointSize(width: 10_000, height: 1070))
        #expect(try Self.fit(tree, "row3").size == PointSize(width: 0, height: 80))
    }
}
