import Cassowary
import Generator
import LinearConstraints
import Testing

/// `cassowary-factored` on every peer workload: the optimum (closed form where there is one, else
/// the required constraints) after the build, a rotation, a drag and a remove/re-add, with deep
/// checks after every operation. (Whether a warm drag allocates is measured on release builds by
/// `Benchmarks/`, `factored-<kind>-<views>-drag`: debug builds allocate temporaries.)
@Suite struct FactoredWorkloadTests {
    @Test(arguments: PeerWorkload.Kind.allCases.flatMap { kind in [1, 5, 12].map { (kind, $0) } })
    func theFactoredEngineFindsTheOptimumThroughEveryTimedOperation(kind: PeerWorkload.Kind, views: Int) throws {
        let w = try PeerWorkload(kind: kind, views: views)
        var s = CassowarySolver(factored: true)
        s.debugChecks = true
        func expectOptimal(_ size: PeerWorkload.Size, _ step: String) {
            let result = w.check(at: size, value: { s.value(of: $0) }, objective: s.objective())
            #expect(result.passed, "\(w.name) \(step): \(result)")
        }
        try w.build(into: &s, size: w.rootSize(.portrait))
        expectOptimal(w.rootSize(.portrait), "build")
        _ = try w.rotate(&s, to: .landscape)
        expectOptimal(w.rootSize(.landscape), "rotation")
        try w.suggest(w.dragSize, to: &s)
        expectOptimal(w.dragSize, "drag")
        try w.removeAndReAddMiddle(&s)
        expectOptimal(w.dragSize, "remove and re-add")
        try s.checkInvariants()
    }
}
