import Cassowary
import Foundation
import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

/// Stacks laid out by the lowering and the Cassowary engine: the hand-computed golden stack
/// cases, right-to-left mirroring, and the layout properties of issue 5 on random stacks
/// (order, spacing, no overlap, equal sizes, hiding = removing, nesting to any depth).
@Suite struct StackLayoutTests {
    static var stackFiles: [String] { GoldenCaseTests.files.filter { $0.hasPrefix("stack-") } }
    static let iphone8 = try! DeviceSpec.configuration("iphone-8")

    static func layout(_ tree: ViewTree, _ configuration: DeviceConfiguration = iphone8, direction: LayoutDirection? = nil) throws -> LayoutResult {
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver(), direction: direction)
        return try engine.layout(on: configuration)
    }

    @Test func theStackGoldensArePresent() {
        let required = [
            "stack-book-equal-spacing.json", "stack-hidden-view.json", "stack-fill-proportionally.json", "stack-nested.json",
            "stack-in-scroll-view.json", "stack-margins-baselines-spacing.json",
        ]
        #expect(required.allSatisfy(Self.stackFiles.contains), "found \(Self.stackFiles)")
        for axis in ["horizontal", "vertical"] {
            for d in StackDistribution.allCases { #expect(Self.stackFiles.contains("stack-\(axis)-\(d.rawValue).json")) }
        }
    }

    @Test(arguments: stackFiles) func goldenStackExpectationsHold(_ file: String) throws {
        let (c, tree, configurations) = try GoldenLayoutTests.load(file)
        #expect(!tree.stackViews.isEmpty, "\(file) has no stack")
        for configuration in configurations {
            let result = try Self.layout(tree, configuration)
            #expect(c.mismatches(result, on: configuration) == [], "\(file) on \(configuration.id)")
            #expect(result.conflicts.isEmpty && result.settled && result.rejected.isEmpty, "\(file) on \(configuration.id)")
        }
    }

    /// Stacks follow leading/trailing: under right-to-left every arranged view is mirrored
    /// within its stack (x' = stack width − x − width), y and sizes unchanged, up to one pixel
    /// (pixel ties round up in both directions).
    /// This covers directional inequalities too (equalSpacing/equalCentering spacing along a
    /// horizontal stack, spanner bounds across a vertical one): mirrored, `b.leading >=
    /// a.trailing + 8` is `b.maxX <= a.minX − 8`.
    @Test(arguments: stackFiles) func rightToLeftMirrorsEveryArrangedView(_ file: String) throws {
        let (_, tree, configurations) = try GoldenLayoutTests.load(file)
        let configuration = configurations[0]
        let ltr = try Self.layout(tree, configuration, direction: .leftToRight)
        let rtl = try Self.layout(tree, configuration, direction: .rightToLeft)
        let tolerance = 1 / configuration.scale + 1e-6
        let generation = tree.stackGeneration(grid: configuration.pixelGrid)
        for part in generation.stacks {
            let s = part.stack
            let width = try #require(ltr.frame(of: tree[s].id)).width
            let mirrors = try (tree[s].stack?.arranged ?? []).filter { !tree[$0].isHidden }.allSatisfy { v in
                let a = try #require(ltr.frame(of: tree[v].id)), b = try #require(rtl.frame(of: tree[v].id))
                let mirrored = [width - a.x - a.width, a.y, a.width, a.height]
                return zip(b.components, mirrored).allSatisfy { abs($0 - $1) <= tolerance }
            }
            #expect(mirrors, "\(file): \(tree[s].id) is not mirrored")
        }
    }

    /// A stack forced right-to-left lays its arranged views out right to left whatever their own
    /// attribute (UIKit's way to reverse a stack): its generated constraints follow the stack's
    /// direction, not each item's. Before, `v.leading == stack.leading` read v's leading as its
    /// left edge and the stack's as its right one, so the stack came out with a negative width
    /// (found by libFuzzer: corpora/regressions/stack-forced-right-to-left-with-left-to-right-items.json).
    @Test(arguments: stackFiles) func aStackForcedRightToLeftMirrorsItsArrangedViews(_ file: String) throws {
        let (_, tree, configurations) = try GoldenLayoutTests.load(file)
        let configuration = configurations[0]
        // The stacks and their ancestors are forced (so the case's own constraints placing a
        // stack stay in one direction); the arranged views that are not stacks keep theirs.
        var forced = tree
        for s in tree.stackViews {
            var v: ViewIndex? = s
            while let current = v {
                forced.views[current.rawValue].semanticContentAttribute = .forceRightToLeft
                v = tree[current].superview
            }
        }
        let ltr = try Self.layout(tree, configuration, direction: .leftToRight)
        let rtl = try Self.layout(forced, configuration, direction: .leftToRight)
        #expect(rtl.conflicts.isEmpty, "\(file): \(rtl.conflicts)")
        let tolerance = 1 / configuration.scale + 1e-6
        for s in tree.stackViews where tree[s].stack?.axis == .horizontal {
            let width = try #require(rtl.frame(of: tree[s].id)).width
            #expect(abs(width - (try #require(ltr.frame(of: tree[s].id)).width)) <= tolerance, "\(file): \(tree[s].id)'s width")
            for v in tree[s].stack?.arranged ?? [] where !tree[v].isHidden {
                let a = try #require(ltr.frame(of: tree[v].id)), b = try #require(rtl.frame(of: tree[v].id))
                let mirrored = [width - a.x - a.width, a.y, a.width, a.height]
                #expect(zip(b.components, mirrored).allSatisfy { abs($0 - $1) <= tolerance },
                        "\(file): \(tree[v].id) in \(tree[s].id) at \(b.components), mirrored \(mirrored)")
            }
        }
    }

    /// A random pinned stack whose items fit (lengths ≤ 40, ≤ 6 items, spacings ≤ 20), with
    /// distinct hugging and compression priorities, so its layout is unique.
    static func fittingFixture(_ seed: Int) -> StackFixture {
        var r = CaseRandom(seed: UInt64(seed))
        var f = StackFixture()
        f.axis = r.pick(LayoutAxis.allCases)
        f.distribution = r.pick(StackDistribution.allCases)
        f.alignment = r.pick(StackAlignment.allCases)
        f.spacing = r.chance(20) ? .system : .points(Double(r.int(0...24)) / 2)
        // Every item has an intrinsic length: an item without one in a fill stack is ambiguous
        // (any split of the free length is optimal), in UIKit as here.
        f.lengths = (0..<r.int(1...6)).map { _ in Double(r.int(0...40)) }
        f.hidden = Set(f.lengths.indices.filter { _ in r.chance(25) })
        f.customSpacing = f.lengths.indices.filter { _ in r.chance(15) }.map { (index: $0, spacing: Double(r.int(0...20))) }
        f.marginsRelative = r.chance(30)
        f.distinctPriorities = true
        return f
    }

    /// The spacing after visible item `k` as the stack applies it (custom, else the stack's).
    static func spacing(_ f: StackFixture, after index: Int) -> Double {
        if let custom = f.customSpacing.first(where: { $0.index == index }) { return custom.spacing }
        if case .points(let p) = f.spacing { return p }
        return 8
    }

    /// (offset, length) along the axis.
    static func span(_ r: LayoutRect, _ axis: LayoutAxis) -> (Double, Double) { axis == .horizontal ? (r.x, r.width) : (r.y, r.height) }

    @Test func arrangedViewsKeepTheirOrderAndAtLeastTheSpacingAndNeverOverlap() async {
        await propertyCheck(count: 120, input: Gen.int(in: 0...Int.max)) { seed in
            let f = Self.fittingFixture(seed)
            guard let tree = try? f.tree(), let result = try? Self.layout(tree) else {
                Issue.record("seed \(seed): no layout")
                return
            }
            #expect(result.conflicts.isEmpty, "seed \(seed): \(result.conflicts)")
            let visible = f.lengths.indices.filter { !f.hidden.contains($0) }
            for (i, j) in zip(visible, visible.dropFirst()) {
                let (a, la) = Self.span(result.frame(of: StackFixture.names[i])!, f.axis)
                let (b, _) = Self.span(result.frame(of: StackFixture.names[j])!, f.axis)
                #expect(b - (a + la) >= Self.spacing(f, after: i) - 1e-6, "seed \(seed): \(StackFixture.names[i]) then \(StackFixture.names[j])")
                #expect(la >= -1e-6, "seed \(seed)")
            }
            if f.distribution == .fillEqually, let first = visible.first {
                let (_, l0) = Self.span(result.frame(of: StackFixture.names[first])!, f.axis)
                for k in visible {
                    let (_, l) = Self.span(result.frame(of: StackFixture.names[k])!, f.axis)
                    #expect(abs(l - l0) <= 0.5 + 1e-6, "seed \(seed): fillEqually lengths \(l) vs \(l0)")
                }
            }
        }
    }

    @Test func hidingAViewGivesTheLayoutOfTheStackWithoutIt() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max)) { seed in
            var f = Self.fittingFixture(seed)
            if f.hidden.isEmpty { f.hidden = [f.lengths.count / 2] }
            guard let hiddenTree = try? f.tree(), let with = try? Self.layout(hiddenTree) else {
                Issue.record("seed \(seed): no layout")
                return
            }
            // The same stack without the hidden views: remove them from views and arranged.
            var c = f.layoutCase()
            let hiddenIDs = Set(f.hidden.map { StackFixture.names[$0] })
            c.views.removeAll { hiddenIDs.contains($0.id) }
            c.views[1].stack?.arranged?.removeAll { hiddenIDs.contains($0) }
            c.views[1].stack?.customSpacing?.removeAll { hiddenIDs.contains($0.after) }
            guard let withoutTree = try? c.validate(), let without = try? Self.layout(withoutTree) else {
                Issue.record("seed \(seed): no layout without the hidden views")
                return
            }
            let ambiguous = Set((with.ambiguous ?? []).map(\.view) + (without.ambiguous ?? []).map(\.view))
            for v in without.frames where !ambiguous.contains(v.view) {
                let got = with.frame(of: v.view)!
                #expect(zip(got.components, v.frame.components).allSatisfy { abs($0 - $1) <= 1e-6 }, "seed \(seed): \(v.view) \(got) vs \(v.frame)")
            }
        }
    }

    /// A chain of stacks nested `depth` deep, alternating axes, each holding a leaf and the next
    /// stack; the outermost is pinned to the root's edges.
    static func nestedCase(depth: Int, _ r: inout CaseRandom) -> LayoutCase {
        var views = [ViewSpec(id: "main")]
        for d in 0..<depth {
            var s = ViewSpec(id: "s\(d)", superview: d == 0 ? "main" : "s\(d - 1)")
            var stack = StackSpec()
            stack.axis = d % 2 == 0 ? .vertical : .horizontal
            stack.distribution = r.pick([.fill, .fillEqually, .equalSpacing, .equalCentering])
            stack.alignment = r.pick(StackAlignment.allCases)
            stack.spacing = .points(Double(r.int(0...8)))
            stack.arranged = ["leaf\(d)"] + (d + 1 < depth ? ["s\(d + 1)"] : [])
            s.stack = stack
            if d == 0 { s.translatesAutoresizingMask = false }
            var leaf = ViewSpec(id: "leaf\(d)", superview: "s\(d)")
            leaf.intrinsicSize = IntrinsicSize(width: Double(r.int(5...20)), height: Double(r.int(5...20)))
            views += [s, leaf]
        }
        var c = LayoutCase(name: "nested", root: "main", views: views)
        c.constraints = ["s0.leading == main.leading + 10", "s0.trailing == main.trailing - 10", "s0.top == main.top + 20", "s0.bottom == main.bottom - 20"]
            .compactMap { try? ConstraintSpec.parse($0) }
        return c
    }

    @Test func nestedStacksOfAnyDepthLayOutInsideEachOther() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in
            var r = CaseRandom(seed: UInt64(seed))
            let depth = r.int(1...8)
            guard let tree = try? Self.nestedCase(depth: depth, &r).validate(), let result = try? Self.layout(tree) else {
                Issue.record("seed \(seed): no layout")
                return
            }
            #expect(result.conflicts.isEmpty, "seed \(seed): \(result.conflicts.map(\.constraints))")
            for (i, node) in tree.views.enumerated() where i > 1 {
                let frame = result.frames[i].frame, parent = result.frames[node.superview!.rawValue].frame
                let inside = frame.x >= -1e-6 && frame.y >= -1e-6 && frame.x + frame.width <= parent.width + 1e-6
                    && frame.y + frame.height <= parent.height + 1e-6
                #expect(inside, "seed \(seed) depth \(depth): \(node.id) \(frame) in \(parent)")
            }
        }
    }
}
