import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

/// `LayoutEngine.precision()` and `LayoutResult.precision`: a layout whose numbers exceed what
/// doubles hold says so (typed) instead of handing back frames silently off.
@Suite struct LayoutPrecisionTests {
    typealias T = LayoutTestSupport

    @Test func aLayoutReachedThrough1e15SaysItIsBeyondDoublePrecision() throws {
        // known-findings/double-precision-limit.json: v1's width comes through 1e6 x 1.95e9.
        let tree = try T.tree([T.view("main"), T.view("v0", in: "main"), T.view("v1", in: "main"), T.view("v2", in: "main"), T.view("v3", in: "main")], [
            "v0.width == 0", "v1.leading == main.leading", "v1.top == main.top", "v1.width == v0.width + 1", "v1.height == 0",
            "v2.width == 1e-06 * v1.width", "v3.width == v2.width - 1953125000",
        ])
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let r = try engine.layout(on: try T.device("iphone-8"))
        let p = try #require(r.precision)
        #expect(p.isBeyondDoublePrecision, "\(p)")
        #expect(p.resolution > 1, "a width of 1 cannot be told from 0: \(p)")
        #expect(r.json.jsonText().contains("\"precision\":{\"verdict\":\"beyondDoublePrecision\""), "\(r.json.jsonText())")
        #expect(engine.precision() == p)
    }

    @Test func anOrdinaryLayoutIsReliableAndItsDocumentUnchanged() throws {
        let tree = try T.tree([T.view("main"), T.view("v0", in: "main")], ["v0.width == 0.5 * main.width", "v0.left == main.left + 20"])
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        let r = try engine.layout(on: try T.device("iphone-8"))
        #expect(r.precision?.verdict == .reliable)
        #expect(!r.json.jsonText().contains("precision"))
        // A layout pass without diagnostics leaves the question to be asked.
        var pass = LayoutEngine(tree: tree, solver: CassowarySolver())
        pass.diagnosesInLayoutPass = false
        #expect(try pass.layout(on: try T.device("iphone-8")).precision == nil)
        #expect(pass.precision()?.verdict == .reliable)
    }
}
