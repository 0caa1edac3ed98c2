import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

/// Properties of the generated constraint sets of random stacks (any axis, distribution,
/// alignment, spacing, custom spacings, hidden views, flags): what docs/uikit-rules.md's table implies for
/// every configuration, checked on the constraints themselves (the layouts are checked in
/// `StackLayoutPropertyTests`).
@Suite struct StackPropertyTests {
    static func randomFixture(_ seed: Int) -> StackFixture {
        var r = CaseRandom(seed: UInt64(seed))
        var f = StackFixture()
        f.axis = r.pick(LayoutAxis.allCases)
        f.distribution = r.pick(StackDistribution.allCases)
        f.alignment = r.pick(StackAlignment.allCases)
        f.spacing = r.chance(20) ? .system : .points(Double(r.int(0...24)) / 2)
        f.lengths = (0..<r.int(1...7)).map { _ in r.chance(15) ? nil : Double(r.int(0...120)) }
        f.hidden = Set(f.lengths.indices.filter { _ in r.chance(25) })
        f.customSpacing = f.lengths.indices.filter { _ in r.chance(15) }.map { (index: $0, spacing: Double(r.int(0...40))) }
        f.marginsRelative = r.chance(30)
        f.baselineRelative = r.chance(30)
        return f
    }

    struct Generated {
        let tree: ViewTree
        let expanded: ViewTree
        let constraints: [LayoutConstraint]
        let arranged: [ItemIndex]
        let visible: [ItemIndex]
        let hidden: [ItemIndex]
        let axes: StackAxes

        init(_ f: StackFixture) throws {
            tree = try f.tree()
            expanded = tree.expandingStacks(grid: retinaGrid)
            constraints = Array(expanded.constraints.dropFirst(tree.constraints.count))
            let t = tree
            let items = f.arrangedIDs.map { t.item(id: $0)! }
            arranged = items
            visible = items.enumerated().filter { !f.hidden.contains($0.offset) }.map(\.element)
            hidden = items.enumerated().filter { f.hidden.contains($0.offset) }.map(\.element)
            axes = StackAxes(f.axis)
        }

        func with(_ identifier: String) -> [LayoutConstraint] { constraints.filter { $0.identifier == identifier } }
    }

    @Test func oneSpacingConstraintPerAdjacentVisiblePairInOrder() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            let f = Self.randomFixture(seed)
            guard let g = try? Generated(f) else {
                Issue.record("seed \(seed): fixture does not validate")
                return
            }
            let spacing = g.with("UISV-spacing")
            let pairs = spacing.map { [$0.second!.item, $0.first.item] }
            #expect(pairs == zip(g.visible, g.visible.dropFirst()).map { [$0, $1] }, "seed \(seed)")
            let equal = f.distribution == .equalSpacing || f.distribution == .equalCentering
            #expect(spacing.allSatisfy { $0.relation == (equal ? .greaterThanOrEqual : .equal) && $0.priority == .required }, "seed \(seed)")
            let baselines = f.axis == .vertical && f.baselineRelative
            #expect(spacing.allSatisfy { baselines ? $0.first.attribute == .firstBaseline && $0.second!.attribute == .lastBaseline
                : $0.first.attribute == g.axes.leading && $0.second!.attribute == g.axes.trailing }, "seed \(seed)")
        }
    }

    @Test func hiddenViewsGetHidingAndTwoHiddenGapsAndNoSpacing() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            let f = Self.randomFixture(seed)
            guard let g = try? Generated(f) else {
                Issue.record("seed \(seed): fixture does not validate")
                return
            }
            let hiding = g.with("UISV-hiding")
            #expect(hiding.map(\.first.item) == g.hidden, "seed \(seed)")
            #expect(hiding.allSatisfy { $0.first.attribute == g.axes.dimension && $0.second == nil && $0.constant == 0 && $0.priority == Priority(999.999) }, "seed \(seed)")
            let gaps = g.with("UISV-spacing-hidden")
            #expect(gaps.allSatisfy { $0.priority == Priority(50) && $0.relation == .equal }, "seed \(seed)")
            for h in g.hidden {
                #expect(gaps.filter { $0.first.item == h }.count == 1 && gaps.filter { $0.second?.item == h }.count == 1, "seed \(seed)")
                #expect(!g.with("UISV-spacing").contains { $0.first.item == h || $0.second?.item == h }, "seed \(seed)")
            }
            if g.hidden.isEmpty { #expect(gaps.isEmpty, "seed \(seed)") }
        }
    }

    @Test func fillEquallyRelatesEveryOtherVisibleItemToTheFirst() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var f = Self.randomFixture(seed)
            f.distribution = .fillEqually
            guard let g = try? Generated(f) else {
                Issue.record("seed \(seed): fixture does not validate")
                return
            }
            let equal = g.with("UISV-fill-equally")
            #expect(equal.map(\.first.item) == Array(g.visible.dropFirst()), "seed \(seed)")
            #expect(equal.allSatisfy { $0.second == Anchor(g.visible[0], g.axes.dimension) && $0.first.attribute == g.axes.dimension }, "seed \(seed)")
            #expect(equal.allSatisfy { $0.relation == .equal && $0.priority == .required && $0.multiplier == 1 && $0.constant == 0 }, "seed \(seed)")
        }
    }

    @Test func canvasConnectionsTieTheFirstAndLastVisibleItemsToTheCanvas() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            let f = Self.randomFixture(seed)
            guard let g = try? Generated(f) else {
                Issue.record("seed \(seed): fixture does not validate")
                return
            }
            let sv = g.tree.view(id: "sv")!
            let canvas = f.marginsRelative ? g.tree[sv].guides.margins : g.tree.item(of: sv)
            let along = g.with("UISV-canvas-connection").filter { $0.first.attribute.axis == f.axis }
            if let first = g.visible.first, let last = g.visible.last {
                #expect(along == [along[0], along[1]], "seed \(seed)")
                #expect(along[0].first == Anchor(canvas, g.axes.leading) && along[0].second == Anchor(first, g.axes.leading), "seed \(seed)")
                #expect(along[1].first == Anchor(canvas, g.axes.trailing) && along[1].second == Anchor(last, g.axes.trailing), "seed \(seed)")
            } else {
                #expect(along.isEmpty, "seed \(seed)")
            }
            #expect(g.with("UISV-canvas-connection").allSatisfy { $0.first.item == canvas && $0.priority == .required }, "seed \(seed)")
        }
    }

    @Test func everyConstraintIsWellFormedWithATableIdentifierAndPriority() async {
        let identifiers: Set<String> = [
            "UISV-canvas-connection", "UISV-canvas-fit", "UISV-spacing", "UISV-spacing-hidden", "UISV-hiding",
            "UISV-fill-equally", "UISV-fill-proportionally", "UISV-distributing-edge", "UISV-alignment",
            "UISV-spanning-boundary", "UISV-spanning-fit", "UISV-ambiguity-suppression",
        ]
        let fixed: Set<Float> = [1000, 999.999, 999.5, 51, 50, 49, 25, 0.001]
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            let f = Self.randomFixture(seed)
            guard let g = try? Generated(f) else {
                Issue.record("seed \(seed): fixture does not validate")
                return
            }
            for c in g.constraints {
                let p = c.priority.value
                let ranged = (c.identifier == "UISV-fill-proportionally" && p >= 751 && p <= 999 && p == p.rounded())
                    || (c.identifier == "UISV-fill-equally" && p >= 50 && p <= 149 && p == p.rounded())
                #expect(identifiers.contains(c.identifier ?? "") && (fixed.contains(p) || ranged), "seed \(seed): \(g.expanded.dumpLine(c))")
                for a in [c.first] + (c.second.map { [$0] } ?? []) {
                    #expect(a.item.rawValue < g.expanded.items.count, "seed \(seed)")
                    #expect(g.expanded[a.item].isView || a.attribute.existsOnGuides, "seed \(seed): \(g.expanded.dumpLine(c))")
                }
                #expect(c.second.map { $0.attribute.isDimension == c.first.attribute.isDimension } ?? c.first.attribute.isDimension, "seed \(seed)")
            }
            let sources = g.constraints.map(\.source)
            #expect(sources == Array(g.tree.constraints.count..<(g.tree.constraints.count + sources.count)), "seed \(seed)")
            #expect(g.tree.expandingStacks(grid: retinaGrid) == g.expanded, "seed \(seed): generation is deterministic")
        }
    }

    /// The lowering switches devices by changing constants only, so every device (pixel grid)
    /// must generate the same constraints: same items, attributes, relations, priorities and
    /// identifiers; only constants and multipliers may follow the grid.
    @Test func everyPixelGridGeneratesTheSameConstraintsUpToConstants() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var f = Self.randomFixture(seed)
            var r = CaseRandom(seed: UInt64(seed) ^ 0x5eed)
            // Sub-point and fractional spacings, which the grids round differently.
            if r.chance(50) { f.spacing = .points(Double(r.int(0...9)) / 10) }
            f.customSpacing = f.customSpacing.map { (index: $0.index, spacing: Double(r.int(0...30)) / 7) }
            guard let tree = try? f.tree() else {
                Issue.record("seed \(seed): fixture does not validate")
                return
            }
            func shape(_ scale: Double) -> [String] {
                tree.stackGeneration(grid: PixelGrid(uncheckedScale: scale)).constraints.map {
                    "\($0.identifier ?? "") \($0.first) \($0.relation.rawValue) \($0.second.map { "\($0)" } ?? "-") @\($0.priority)"
                }
            }
            let at1 = shape(1)
            #expect(shape(2) == at1 && shape(3) == at1, "seed \(seed)")
        }
    }

    @Test func expandingTurnsOffArrangedViewsAutoresizingAndOwnsTheGuides() throws {
        var f = StackFixture(distribution: .equalSpacing, alignment: .center)
        f.lengths = [10, 20, 30, 40]
        let tree = try f.tree()
        let arrangedBefore = tree.views.filter { $0.superview == tree.view(id: "sv") }
        #expect(arrangedBefore.count == 4 && arrangedBefore.allSatisfy { $0.translatesAutoresizingMask })
        let expanded = tree.expandingStacks(grid: retinaGrid)
        let sv = try #require(tree.view(id: "sv"))
        #expect(expanded.views.filter { $0.superview == sv }.allSatisfy { !$0.translatesAutoresizingMask })
        // Three gap guides and one spanner, owned by the stack, after the tree's own items.
        let guides = expanded.items[tree.items.count...]
        #expect(guides.map(\.name) == ["sv.UISV-distributing-0", "sv.UISV-distributing-1", "sv.UISV-distributing-2", "sv.UISV-alignment-spanner"])
        #expect(guides.allSatisfy { $0.kind == .customGuide && $0.owner == sv })
        #expect(expanded[sv].customGuides == (tree.items.count..<expanded.items.count).map(ItemIndex.init))
        #expect(expanded.item(id: "sv.UISV-alignment-spanner") == nil)
    }
}
