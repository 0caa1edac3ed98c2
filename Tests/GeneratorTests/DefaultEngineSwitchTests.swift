import AutoLayout
import Cassowary
import Generator
import LinearConstraints
import Testing

/// Which form the default engine (`AdaptiveSolver`) keeps a system in depends on its structure:
/// the peer grid and chain, whose restricted rows fill a factored tableau in, go to the revised
/// engine; flat and hugging layouts and the realistic families stay factored. Each ends at its
/// closed-form optimum or lays out as its family promises.
@Suite struct DefaultEngineSwitchTests {
    @Test(arguments: [
        (PeerWorkload.Kind.grid, 1000, true), (.chain, 316, true), (.hug, 1000, false), (.flat, 1000, false),
    ])
    func thePeerWorkloadsSwitchWhereTheRowsFillIn(kind: PeerWorkload.Kind, views: Int, switches: Bool) throws {
        let w = try PeerWorkload(kind: kind, views: views)
        var solver = AdaptiveSolver()
        try w.build(into: &solver, size: w.rootSize(.portrait))
        #expect(solver.isRevised == switches)
        for orientation in PeerWorkload.Orientation.allCases {
            _ = try w.rotate(&solver, to: orientation)
            let check = w.check(at: w.rootSize(orientation), value: { solver.value(of: $0) }, objective: solver.objective())
            #expect(check.passed, "\(kind) \(views) \(orientation): \(check)")
        }
        // A copy is a value, in either form: changing it leaves the original as it was.
        let before = w.readAll(solver)
        var copy = solver
        let middle = w.constraints[w.middleConstraint.rawValue].id
        try copy.remove(middle)
        try w.suggest(w.rootSize(.landscape), to: &copy)
        _ = w.readAll(copy)
        #expect(solver.contains(middle) && !copy.contains(middle))
        #expect(w.readAll(solver) == before)
    }

    @Test(arguments: ["chat", "settings", "form", "scroll-content", "table-cells"])
    func realisticScreensStayFactored(family: String) throws {
        guard case .layout(let c) = GeneratorFamilies.generate(try GenerationRequest(family: family, size: 240, seed: 0)) else {
            Issue.record("\(family) is a layout family")
            return
        }
        var engine = LayoutEngine(tree: try c.validate(), solver: AdaptiveSolver())
        for device in try DeviceSpec.parse("iphone-16-pro,iphone-16-pro:landscape") {
            let result = try engine.layout(on: device)
            #expect(c.mismatches(result, on: device).isEmpty)
        }
        #expect(!engine.solver.isRevised)
    }
}
