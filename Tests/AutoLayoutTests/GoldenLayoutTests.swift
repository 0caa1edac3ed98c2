import Cassowary
import Foundation
import LinearConstraints
import Testing

@testable import AutoLayout

/// The golden cases of `corpora/golden/` laid out on every device they list: the hand-computed
/// frames, conflicts and ambiguity of their `expect` blocks hold, fresh and after switching
/// device on one engine.
@Suite struct GoldenLayoutTests {
    static func load(_ file: String) throws -> (LayoutCase, ViewTree, [DeviceConfiguration]) {
        let c = try LayoutCase(jsonText: try GoldenCaseTests.text(file))
        let tree = try c.validate()
        let configurations = try #require(try c.validateDevices())
        return (c, tree, configurations)
    }

    static func fresh(_ tree: ViewTree, _ configuration: DeviceConfiguration) throws -> LayoutResult {
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        return try engine.layout(on: configuration)
    }

    @Test func everyGoldenFileIsLaidOut() {
        #expect(GoldenCaseTests.files.count >= 5)
    }

    @Test(arguments: GoldenCaseTests.files) func expectationsHoldOnEveryListedDevice(_ file: String) throws {
        let (c, tree, configurations) = try Self.load(file)
        for configuration in configurations {
            let result = try Self.fresh(tree, configuration)
            #expect(c.mismatches(result, on: configuration) == [], "\(file) on \(configuration.id)")
            #expect(result.settled && result.unmetEdits.isEmpty && result.rejected.isEmpty)
        }
    }

    @Test(arguments: GoldenCaseTests.files) func switchingDeviceEqualsAFreshLayout(_ file: String) throws {
        let (_, tree, listed) = try Self.load(file)
        let others = try ["iphone-se", "ipad:landscape", "iphone-14-pro:landscape", "ipad-pro-12.9:landscape:third"]
            .map { try DeviceSpec.configuration($0) }
        for order in [listed + others, (listed + others).reversed()] {
            var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
            for configuration in order {
                let switched = try engine.layout(on: configuration)
                let fresh = try Self.fresh(tree, configuration)
                Self.expectSameLayout(switched, fresh, "\(file) on \(configuration.id)")
            }
        }
    }

    /// Cases without `when` constraints or screen-dependent autoresizing switch device by
    /// suggested values alone: no constraint is removed or re-added.
    @Test(arguments: GoldenCaseTests.files) func aDeviceSwitchIsOnlySuggestedValues(_ file: String) throws {
        let (c, tree, listed) = try Self.load(file)
        let screenDependent = c.views[0].frame == nil && tree.views.dropFirst().contains { $0.translatesAutoresizingMask && $0.superview == tree.root }
        guard !tree.constraints.contains(where: { $0.when != nil }), !screenDependent, listed.count > 1 else { return }
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        _ = try engine.layout(on: listed[0])
        let installed = engine.solver.counters.constraints
        for configuration in listed.dropFirst() {
            _ = try engine.layout(on: configuration)
            #expect(engine.reinstalledCount == 0 || tree.views.contains { $0.stack != nil }, "\(file) on \(configuration.id)")
            #expect(engine.solver.counters.constraints == installed)
        }
    }

    @Test func aFramelessRootReinstallsItsChildrensAutoresizingOnAScreenChange() throws {
        var c = LayoutCase(name: "f", root: "main", views: [ViewSpec(id: "main"), ViewSpec(id: "v", superview: "main")])
        c.views[1].frame = LayoutRect(x: 10, y: 10, width: 100, height: 50)
        c.views[1].autoresizing = [.flexibleWidth]
        var engine = LayoutEngine(tree: try c.validate(), solver: CassowarySolver())
        _ = try engine.layout(on: try DeviceSpec.configuration("iphone-8"))
        let wide = try engine.layout(on: try DeviceSpec.configuration("ipad"))
        // R = W − (x + w) changes with the screen: the `S.width == maxX + R` constraint is re-added.
        #expect(engine.reinstalledCount == 1)
        #expect(wide.frame(of: "v") == LayoutRect(x: 10, y: 10, width: 100, height: 50))
    }

    /// Same conflicts, ambiguity and objective; same frames for every view whose frame is
    /// determined (an ambiguous view may land anywhere on its optimal face, history decides).
    ///
    /// Lexicographic optima are discontinuous in rounding: when the two computations reach a level
    /// with errors that differ only by rounding residue (both within 1e-9, not bit-identical, e.g.
    /// 6e-15 against 0), the optimal faces below it may legitimately differ (a near-tie; see the
    /// exact oracle's notes in the README). The levels above it must still agree; the levels
    /// below it and the frames are then not comparable. Found by this property on seed
    /// 5118042440959014598 (iphone-x:landscape, then iphone-14-pro): level 999.99994 at 6.2e-15
    /// against 0, and level 50 at 1162.5 against 1294.5, both optimal for the errors above them
    /// (`strut bench --invariants optimal` passes on it).
    static func expectSameLayout(_ a: LayoutResult, _ b: LayoutResult, _ label: String) {
        #expect(a.conflicts == b.conflicts, "\(label)")
        #expect(a.ambiguous == b.ambiguous, "\(label)")
        #expect(a.objective.count == b.objective.count, "\(label)")
        for (x, y) in zip(a.objective, b.objective) {
            #expect(x.priority == y.priority && abs(x.error - y.error) < 1e-6, "\(label): objective \(a.objective) vs \(b.objective)")
            if x.error != y.error, abs(x.error) < 1e-9, abs(y.error) < 1e-9 { return }
        }
        let ambiguous = Set((a.ambiguous ?? []).map(\.view))
        for (x, y) in zip(a.frames, b.frames) where !ambiguous.contains(x.view) {
            #expect(zip(x.frame.components, y.frame.components).allSatisfy { abs($0 - $1) < 1e-6 }, "\(label): \(x.view) \(x.frame) vs \(y.frame)")
        }
    }

    @Test func theConflictNamesBothHeightsAndBreaksTheLaterOne() throws {
        let (_, tree, configurations) = try Self.load("conflicting-heights.json")
        let result = try Self.fresh(tree, configurations[0])
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1)
        #expect(conflict.constraints == ["v3-height-20", "v3-height-10"])
        #expect(conflict.broken == "v3-height-10")
        // The rest is laid out: v3 keeps the unbroken height, pinned to v1's bottom right.
        #expect(result.frame(of: "v3") == LayoutRect(x: 112, y: 174, width: 20, height: 20))
    }

    @Test func theSquareWithoutHeightIsAmbiguousInMinYAndHeightOnly() throws {
        let (_, tree, configurations) = try Self.load("square-without-height.json")
        let result = try Self.fresh(tree, configurations[0])
        #expect(result.ambiguous == [AmbiguityReport(view: "v3", attributes: ["minY", "height"])])
    }
}
