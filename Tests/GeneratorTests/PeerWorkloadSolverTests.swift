import Cassowary
import Generator
import LinearConstraints
import Testing

/// Small sizes of every workload, including short last rows (5, 7, 12) and a single view.
let smallWorkloads: [(PeerWorkload.Kind, Int)] = PeerWorkload.Kind.allCases.flatMap { kind in
    [1, 4, 5, 7, 12, 16].map { (kind, $0) }
}

func expectOptimal(_ w: PeerWorkload, _ s: CassowarySolver, at size: PeerWorkload.Size, _ step: String) {
    let result = w.check(at: size, value: { s.value(of: $0) }, objective: s.objective())
    #expect(result.passed, "\(w.name) \(step): \(result)")
}

/// Same levels, errors equal within 1e-9 relative (cancellation noise is ~1e-14).
func nearlyEqual(_ a: [LevelError], _ b: [LevelError]) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy { $0.priority == $1.priority && abs($0.error - $1.error) <= 1e-9 * max(1, abs($1.error)) }
}

@Test(arguments: smallWorkloads)
func cassowaryFindsTheOptimumThroughEveryTimedOperation(kind: PeerWorkload.Kind, views: Int) throws {
    let w = try PeerWorkload(kind: kind, views: views)
    var s = CassowarySolver()
    s.debugChecks = true
    try w.build(into: &s, size: w.rootSize(.portrait))
    expectOptimal(w, s, at: w.rootSize(.portrait), "build")
    _ = try w.rotate(&s, to: .landscape)
    expectOptimal(w, s, at: w.rootSize(.landscape), "rotation")
    try w.suggest(w.dragSize, to: &s)
    expectOptimal(w, s, at: w.dragSize, "drag")
    let before = s.objective()
    try w.removeAndReAddMiddle(&s)
    expectOptimal(w, s, at: w.dragSize, "remove and re-add")
    #expect(nearlyEqual(s.objective(), before), "\(s.objective()) after, \(before) before")
    try s.checkInvariants()
}

@Test func fullGridsReachTheirClosedFormObjective() throws {
    for kind in [PeerWorkload.Kind.grid, .hug] {
        let w = try PeerWorkload(kind: kind, views: 100)
        var s = CassowarySolver()
        try w.build(into: &s, size: w.rootSize(.portrait))
        for o in PeerWorkload.Orientation.allCases {
            _ = try w.rotate(&s, to: o)
            let result = w.check(at: w.rootSize(o), value: { s.value(of: $0) }, objective: s.objective())
            #expect(result.objectiveChecked && result.passed, "\(kind) \(o): \(result)")
        }
    }
}

@Test func readAllSumsEveryVariable() throws {
    let w = try PeerWorkload(kind: .flat, views: 3)
    var s = CassowarySolver()
    try w.build(into: &s, size: w.rootSize(.portrait))
    let expected = (0..<w.variableCount).reduce(0.0) { $0 + s.value(of: Variable($1)) }
    #expect(w.readAll(s) == expected)
    // Root 400 x 180; views at x 16, width 368, tops 8, 60, 112, heights 44.
    let root: Double = 400 + 180, frames: Double = 3 * (16 + 368 + 44), tops: Double = 8 + 60 + 112
    #expect(expected == root + frames + tops)
}

@Test func systemFileRunsToTheExpectedObjectives() throws {
    let w = try PeerWorkload(kind: .chain, views: 10)
    var run = SystemRun(solver: CassowarySolver())
    let records = run.run(w.systemFile())
    let checks = records.compactMap { r -> [LevelError]? in
        if case .check(_, _, let objective) = r.outcome { return objective }
        return nil
    }
    #expect(records.allSatisfy { $0.outcome == .ok || $0.outcome.name == "check" })
    let expected = [PeerWorkload.Orientation.portrait, .landscape].map { w.expectedObjective(at: w.rootSize($0))! }
    #expect(checks.count == 2 && zip(checks, expected).allSatisfy { nearlyEqual($0, $1) }, "\(checks)")
    #expect(expected.map { $0.map(\.error) } == [[0, 0, 588], [0, 0, 438]])
}
