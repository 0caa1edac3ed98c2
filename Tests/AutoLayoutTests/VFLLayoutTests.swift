import Cassowary
import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

/// Visual formats laid out by the lowering and the layout engine: the book's layouts, right to
/// left, margins, and the same layout as the constraints the formats list.
@Suite struct VFLLayoutTests {
    static func layout(_ c: LayoutCase, on device: String, direction: LayoutDirection? = nil) throws -> LayoutResult {
        var engine = LayoutEngine(tree: try c.validate(), solver: CassowarySolver(), direction: direction)
        return try engine.layout(on: try DeviceSpec.configuration(device))
    }

    static func threeViews(formats: [String]) -> LayoutCase {
        LayoutCase(
            name: "three", defaults: LayoutCase.Defaults(translatesAutoresizingMask: false), root: "main",
            views: [ViewSpec(id: "main")] + ["v1", "v2", "v3"].map { ViewSpec(id: $0, superview: "main") },
            formats: formats.map { FormatSpec(format: $0) })
    }

    static let common = ["H:|-(20)-[v1(100)]", "H:|-(20)-[v3(100)]", "V:|-(100)-[v1(20)]"]

    @Test func booksThreeViewsStackTwentyPointsApart() throws {
        let c = Self.threeViews(formats: Self.common + ["H:|-(20)-[v2(100)]", "V:[v1]-(20)-[v2(20)]-(20)-[v3(20)]"])
        for device in ["iphone-se", "iphone-14-pro:landscape"] {
            let r = try Self.layout(c, on: device)
            #expect(r.frame(of: "v1") == LayoutRect(x: 20, y: 100, width: 100, height: 20))
            #expect(r.frame(of: "v2") == LayoutRect(x: 20, y: 140, width: 100, height: 20))
            #expect(r.frame(of: "v3") == LayoutRect(x: 20, y: 180, width: 100, height: 20))
            #expect(r.conflicts.isEmpty && r.ambiguous == [])
        }
    }

    /// The book's swap: without v2's constraints ("constraintsWithout"), v3 moves up to where v2
    /// was; v2 itself, constrained by nothing, is ambiguous.
    @Test func withoutV2TheBlueViewTakesItsPlace() throws {
        let c = Self.threeViews(formats: Self.common + ["V:[v1]-(20)-[v3(20)]"])
        let r = try Self.layout(c, on: "iphone-8")
        #expect(r.frame(of: "v3") == LayoutRect(x: 20, y: 140, width: 100, height: 20))
        #expect(r.ambiguous?.map(\.view) == ["v2"])
    }

    @Test func rightToLeftMirrorsLeadingFormatsButNotLeftToRightOnes() throws {
        var c = Self.threeViews(formats: Self.common + ["V:[v1]-(20)-[v3(20)]", "V:[v1][v2(10)]"])
        c.formats.append(FormatSpec(format: "H:|-(20)-[v2(50)]", options: [.directionLeftToRight]))
        let r = try Self.layout(c, on: "iphone-8", direction: .rightToLeft)
        #expect(r.frame(of: "v2") == LayoutRect(x: 20, y: 120, width: 50, height: 10))
        // UIKit measures leading/trailing constants along the reading direction, so under
        // right-to-left `v1.leading == main.leading + 20` puts v1's right edge 20 pt in from
        // main's right edge.
        #expect(r.frame(of: "v1") == LayoutRect(x: 375 - 120, y: 100, width: 100, height: 20))
        #expect(r.frame(of: "v3") == LayoutRect(x: 375 - 120, y: 140, width: 100, height: 20))
    }

    @Test func directionRightToLeftRunsFromTheRightEdgeEvenLeftToRight() throws {
        var c = Self.threeViews(formats: ["V:|-(10)-[v1(10)]", "V:|-(10)-[v2(10)]", "V:|-(10)-[v3(10)]"])
        c.formats.append(FormatSpec(format: "H:|-10-[v1(30)]-[v2(40)]-(>=0)-[v3(50)]|", options: [.directionRightToLeft, .alignAllTop]))
        let r = try Self.layout(c, on: "iphone-8")
        #expect(r.frame(of: "v1") == LayoutRect(x: 375 - 10 - 30, y: 10, width: 30, height: 10))
        #expect(r.frame(of: "v2") == LayoutRect(x: 375 - 10 - 30 - 8 - 40, y: 10, width: 40, height: 10))
        #expect(r.frame(of: "v3") == LayoutRect(x: 0, y: 10, width: 50, height: 10))
    }

    /// `|-[v]-|` binds to the root's layout margins: 16 pt at compact width (docs/uikit-rules.md, system
    /// minimum margins), measured from the safe area (44 pt sides on an iPhone X in landscape).
    @Test func standardSpacingToTheBarsFollowsTheRootsMargins() throws {
        let c = Self.threeViews(formats: ["H:|-[v1]-|", "V:|-(50)-[v1(10)]", "H:|-[v2(20)]", "V:[v1][v2(10)]", "H:[v3(20)]-|", "V:[v1][v3(10)]"])
        let portrait = try Self.layout(c, on: "iphone-8")
        #expect(portrait.frame(of: "v1") == LayoutRect(x: 16, y: 50, width: 375 - 32, height: 10))
        let landscape = try Self.layout(c, on: "iphone-x:landscape")
        #expect(landscape.frame(of: "v1") == LayoutRect(x: 44 + 16, y: 50, width: 812 - 2 * 60, height: 10))
        #expect(landscape.frame(of: "v2")?.x == 60 && landscape.frame(of: "v3")?.x == 812 - 60 - 20)
    }

    /// A case with formats lays out exactly like the case with each format replaced by the
    /// constraints its listing prints (same frames, conflicts and ambiguity), left to right and
    /// right to left.
    @Test func formatsLayOutLikeTheConstraintsTheyList() async throws {
        let names = ["a", "b", "c"]
        let metrics = [FormatSpec.Metric("pad", 20), FormatSpec.Metric("half", 0.5), FormatSpec.Metric("low", 250)]
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            var c = LayoutCase(
                name: "p", defaults: LayoutCase.Defaults(translatesAutoresizingMask: false), root: "main",
                views: [ViewSpec(id: "main")] + names.map { ViewSpec(id: $0, superview: "main") })
            c.formats = (0..<random.int(1...3)).map { _ in random.visualFormat(names: names, metrics: metrics) }
            do {
                let tree = try c.validate()
                var explicit = c
                explicit.formats = []
                explicit.constraints = try c.formats.flatMap { try $0.constraints(in: tree) }
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    let a = try Self.layout(c, on: "iphone-8", direction: direction)
                    let b = try Self.layout(explicit, on: "iphone-8", direction: direction)
                    #expect(a.conflicts.map(\.constraints) == b.conflicts.map(\.constraints), "seed \(seed)")
                    GoldenLayoutTests.expectSameLayout(a, b, "seed \(seed) \(direction)")
                }
            } catch {
                Issue.record("seed \(seed): \(c.formats.map(\.format)): \(error)")
            }
        }
    }
}
