import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

private typealias T = LayoutTestSupport

/// `systemLayoutSizeFitting` (issue 5, item 4): the compressed and expanded targets at the
/// fitting priority on a view and its subtree, laid out free-standing in a separate engine.
/// Every expected size is computed by hand in the test's comment.
@Suite struct SelfSizingTests {
    static func fit(_ tree: ViewTree, _ view: String, _ fitting: LayoutFitting = .compressed, device: String = "iphone-8") throws -> FittingResult {
        try tree.systemLayoutSizeFitting(try #require(tree.view(id: view)), fitting, on: try T.device(device), solver: CassowarySolver())
    }

    /// A table-cell-like view: `cell` stretched across `main` in the main layout, a label of
    /// intrinsic size 100 × 21 pinned to the cell's margins (8 on every side by default).
    static func labelCell(_ extra: [String] = []) throws -> ViewTree {
        try T.tree([
            T.view("main"), T.view("cell", in: "main"),
            T.view("label", in: "cell") { $0.intrinsicSize = IntrinsicSize(width: 100, height: 21) },
        ], [
            "cell.leading == main.leading", "cell.trailing == main.trailing", "cell.top == main.top + 100",
            "label.leading == cell.leadingMargin", "label.trailing == cell.trailingMargin",
            "label.top == cell.topMargin", "label.bottom == cell.bottomMargin",
        ] + extra)
    }

    /// Compressed and expanded agree for a label: 100 + 8 + 8 = 116 wide, 21 + 8 + 8 = 37 high
    /// (hugging at 250 and compression resistance at 750 both outrank the target's 50); the
    /// cell's constraints to `main` are outside the subtree and play no part.
    @Test func aLabelInACellWithMarginsFitsToIntrinsicSizePlusMargins() throws {
        let tree = try Self.labelCell()
        for fitting in [LayoutFitting.compressed, .expanded] {
            let r = try Self.fit(tree, "cell", fitting)
            #expect(r.size == PointSize(width: 116, height: 37), "\(fitting.name)")
            #expect(r.layout.frame(of: "cell") == LayoutRect(x: 0, y: 0, width: 116, height: 37))
            #expect(r.layout.frame(of: "label") == LayoutRect(x: 8, y: 8, width: 100, height: 21))
            #expect(r.layout.frame(of: "main") == nil)
            #expect(r.layout.conflicts.isEmpty && r.layout.ambiguous == [] && r.layout.unmetEdits.isEmpty && r.targetBroken.isEmpty)
        }
    }

    /// A free-standing view has no safe area, so on a notched phone the margins stay 8 (in the
    /// main layout the same cell at y = 0 would have its margins pushed down by the safe area).
    @Test func aFittedViewHasNoSafeAreaOnANotchedPhone() throws {
        let r = try Self.fit(try Self.labelCell(), "cell", device: "iphone-x:landscape")
        #expect(r.size == PointSize(width: 116, height: 37))
        #expect(r.layout.device == "iphone-x:landscape")
    }

    /// A cell holding a vertical stack (fill, fill, spacing 4) of two labels, 120 × 21 and
    /// 80 × 16, pinned 12 inside the cell: width max(120, 80) + 24 = 144 (the fill alignment
    /// stretches the narrower label; its hugging at 250 loses to the wider one's compression
    /// resistance at 750), height 21 + 4 + 16 + 24 = 65, compressed and expanded alike.
    @Test func aCellWithAStackOfTwoLabelsFitsItsContent() throws {
        let tree = try T.tree([
            T.view("main"), T.view("cell", in: "main"),
            T.view("stack", in: "cell") {
                var s = StackSpec()
                s.axis = .vertical
                s.spacing = .points(4)
                s.arranged = ["title", "subtitle"]
                $0.stack = s
            },
            T.view("title", in: "stack") { $0.intrinsicSize = IntrinsicSize(width: 120, height: 21) },
            T.view("subtitle", in: "stack") { $0.intrinsicSize = IntrinsicSize(width: 80, height: 16) },
        ], [
            "cell.leading == main.leading", "cell.trailing == main.trailing", "cell.top == main.top",
            "stack.leading == cell.leading + 12", "cell.trailing == stack.trailing + 12",
            "stack.top == cell.top + 12", "cell.bottom == stack.bottom + 12",
        ])
        for fitting in [LayoutFitting.compressed, .expanded] {
            let r = try Self.fit(tree, "cell", fitting)
            #expect(r.size == PointSize(width: 144, height: 65), "\(fitting.name)")
            #expect(r.layout.frame(of: "title") == LayoutRect(x: 0, y: 0, width: 120, height: 21))
            #expect(r.layout.frame(of: "subtitle") == LayoutRect(x: 0, y: 25, width: 120, height: 16))
            #expect(r.layout.conflicts.isEmpty)
        }
    }

    /// Content with no intrinsic width (`box.width >= 40`) gives the bounds themselves: 40
    /// compressed, the expanded target's 10 000 expanded; the height is fixed at 10 either way.
    @Test func compressedAndExpandedReachTheBoundsOfAFlexibleView() throws {
        let tree = try T.tree([T.view("main"), T.view("cell", in: "main"), T.view("box", in: "cell")], [
            "box.leading == cell.leading", "box.trailing == cell.trailing", "box.top == cell.top",
            "box.bottom == cell.bottom", "box.width >= 40", "box.height == 10",
        ])
        #expect(try Self.fit(tree, "cell", .compressed).size == PointSize(width: 40, height: 10))
        #expect(try Self.fit(tree, "cell", .expanded).size == PointSize(width: 10_000, height: 10))
    }

    /// `withHorizontalFittingPriority: .required` at a target width of 320 is how a table sizes a
    /// cell's height for a known width: the label stretches to 320 − 16 = 304, the height is
    /// the compressed 37.
    @Test func aRequiredHorizontalPriorityFixesTheWidthAndFitsTheHeight() throws {
        let fitting = LayoutFitting(target: PointSize(width: 320, height: 0), horizontalPriority: .required, verticalPriority: .fittingSizeLevel)
        let r = try Self.fit(try Self.labelCell(), "cell", fitting)
        #expect(r.size == PointSize(width: 320, height: 37))
        #expect(r.layout.frame(of: "label") == LayoutRect(x: 8, y: 8, width: 304, height: 21))
        #expect(r.targetBroken.isEmpty && r.layout.conflicts.isEmpty)
        #expect(fitting.name != "compressed" && LayoutFitting.compressed.name == "compressed")
    }

    /// A required target the subtree's required constraints contradict (the label pinned 8
    /// inside the cell's edges with a required width of 100 makes the cell 116 wide) is broken
    /// as UIKit breaks a conflicting constraint: the size stays 116. (Pinned to the margins
    /// instead, the cell would widen: the margins' insets are edits, not required constraints.)
    @Test func aRequiredTargetThatContradictsTheSubtreeIsBroken() throws {
        let tree = try T.tree([T.view("main"), T.view("cell", in: "main"), T.view("label", in: "cell")], [
            "label.leading == cell.leading + 8", "cell.trailing == label.trailing + 8", "label.top == cell.top + 8",
            "cell.bottom == label.bottom + 8", "label.width == 100", "label.height == 21",
        ])
        let fitting = LayoutFitting(target: PointSize(width: 320, height: 0), horizontalPriority: .required)
        let r = try Self.fit(tree, "cell", fitting)
        #expect(r.size == PointSize(width: 116, height: 37))
        #expect(r.targetBroken == ["cell.width == 320"])
        #expect(r.text == "cell (320×0 @1000/50): 116 × 37 (target broken: cell.width == 320)")
    }

    /// The main layout is not disturbed: the engine's solver values and a repeated layout are the
    /// same after fitting calls, and the main layout keeps the cell at the screen's width while
    /// the fitting reports the compressed 116.
    @Test func aFittingCallLeavesTheMainLayoutAsItWas() throws {
        let tree = try Self.labelCell()
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let before = try engine.layout(on: try T.device("iphone-8"))
        let variables = (0..<(4 * tree.items.count)).map { Variable($0) }
        let values = variables.map { engine.solver.value(of: $0) }
        let cell = try #require(tree.view(id: "cell"))
        let compressed = try engine.systemLayoutSizeFitting(cell, .compressed, solver: CassowarySolver())
        let expanded = try engine.systemLayoutSizeFitting(cell, .expanded, solver: CassowarySolver())
        #expect(compressed.size == PointSize(width: 116, height: 37) && expanded.size == compressed.size)
        #expect(variables.map { engine.solver.value(of: $0) } == values)
        #expect(before.frame(of: "cell") == LayoutRect(x: 0, y: 100, width: 375, height: 37))
        let again = try engine.layout(on: try T.device("iphone-8"))
        #expect(again.frames == before.frames && engine.reinstalledCount == 0)
    }

    /// Fitting needs a device, which an engine only has after its first layout.
    @Test func fittingBeforeTheFirstLayoutIsAnError() throws {
        let tree = try Self.labelCell()
        let engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        #expect(throws: LoweringError.self) { try engine.systemLayoutSizeFitting(tree.root, solver: CassowarySolver()) }
    }

    /// A view index from another tree is an error naming the case's views, not a trap.
    @Test func fittingAViewTheTreeDoesNotHaveIsAnError() throws {
        let tree = try Self.labelCell()
        let error = #expect(throws: LoweringError.self) {
            try tree.systemLayoutSizeFitting(ViewIndex(3), on: try T.device("iphone-8"), solver: CassowarySolver())
        }
        #expect(error?.description == "$.views: no view view#3 to fit: the case has 3 views")
    }
}
