import AutoLayout
import Generator
import LinearConstraints
import Testing

/// Sizes scale as asked: a case of size n has about n views (or n steps).
@Suite struct FamilySizeTests {
    static func views(_ family: String, _ size: Int, _ params: [(name: String, value: String)] = []) throws -> Int {
        guard case .layout(let c) = GeneratorFamilies.generate(try GenerationRequest(family: family, size: size, seed: 4, parameters: params)) else {
            Issue.record("\(family) is not a layout family")
            return 0
        }
        return c.views.count
    }

    @Test func aTenThousandViewRandomTreeHasTenThousandViews() throws {
        #expect(try Self.views("random-tree", 10_000) == 10_000)
    }

    @Test(arguments: ["peer-flat", "peer-grid", "long-chain", "equal-grid", "deep-nesting", "wide-siblings", "soft-ambiguity",
                      "redundant", "right-to-left", "priority-ladder", "equality-cycles"])
    func viewCountMatchesTheSize(_ family: String) throws {
        for size in [10, 300] {
            let n = try Self.views(family, size)
            #expect(abs(n - size) <= 1, "\(family) of size \(size) has \(n) views")
        }
    }

    @Test(arguments: ["planted-conflict", "planted-ambiguity", "autoresizing-conflict", "form", "table-cells", "chat", "settings",
                      "bars", "onboarding", "master-detail", "scroll-content", "size-class-flip", "extreme-numbers"])
    func viewCountIsCloseToTheSize(_ family: String) throws {
        for size in [40, 400] {
            let n = try Self.views(family, size)
            #expect(Double(n) >= 0.8 * Double(size) && Double(n) <= 1.2 * Double(size) + 6, "\(family) of size \(size) has \(n) views")
        }
    }

    @Test func deepNestingIsAsDeepAsItsSize() throws {
        guard case .layout(let c) = GeneratorFamilies.generate(try GenerationRequest(family: "deep-nesting", size: 3_000, seed: 1)) else { return }
        let tree = try c.validate()
        var depth = 0, v: ViewIndex? = ViewIndex(tree.views.count - 1)
        while let current = v, current != tree.root { depth += 1; v = tree[current].superview }
        #expect(depth == 2_999)
    }

    @Test func operationSequencesHaveTheRequestedStepsAndDeliberateRejections() throws {
        guard case .system(let s) = GeneratorFamilies.generate(try GenerationRequest(family: "operations", size: 5_000, seed: 8)) else { return }
        #expect(s.steps.count == 5_001)  // plus the first check carrying the command
        let kinds = Set(s.steps.map(\.kind))
        #expect(kinds == ["add", "remove", "edit", "suggest", "removeEdit", "check"])
        let rejects = s.steps.filter { if case .add(_, let id) = $0 { id.hasPrefix("reject") } else { false } }
        #expect(rejects.count > 200)
    }

    @Test func peerViewTreesHaveTheWorkloadsConstraints() throws {
        for kind in PeerWorkload.Kind.allCases {
            let w = try PeerWorkload(kind: kind, views: 50)
            guard case .layout(let c) = GeneratorFamilies.generate(try GenerationRequest(family: "peer-\(kind)", size: 50, seed: 1)) else { continue }
            #expect(c.constraints.count == w.constraints.count - 2)  // the root's l == 0, t == 0 are its frame
            #expect(c.constraints.compactMap(\.identifier) == w.constraints.dropFirst(2).map(\.name))
            #expect(c.constraints.map(\.priority) == w.constraints.dropFirst(2).map(\.constraint.priority))
        }
    }
}
