import Cassowary
import Generator
import LinearConstraints
import Testing

/// `cassowary-revised` on every peer workload: the optimum (closed form where there is one, else
/// the required constraints) after the build, a rotation, a drag and a remove/re-add, with deep
/// checks after every operation; and the structure it exists for.
@Suite struct RevisedWorkloadTests {
    /// The workload, built in portrait into `s` with the deep checks after every operation up to
    /// `checkedUpTo` views (they make a large build slow).
    static func build(_ kind: PeerWorkload.Kind, views: Int, checkedUpTo: Int = 100, into s: inout RevisedSolver) throws -> PeerWorkload {
        let w = try PeerWorkload(kind: kind, views: views)
        s.debugChecks = views <= checkedUpTo
        try w.build(into: &s, size: w.rootSize(.portrait))
        return w
    }

    @Test(arguments: PeerWorkload.Kind.allCases.flatMap { kind in [1, 5, 12, 40].map { (kind, $0) } })
    func theRevisedEngineFindsTheOptimumThroughEveryTimedOperation(kind: PeerWorkload.Kind, views: Int) throws {
        let w = try PeerWorkload(kind: kind, views: views)
        var s = RevisedSolver()
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

    /// The peer chain of 1 000 views keeps the basis factors about as sparse as its rows (the
    /// explicit tableau holds 9 million cells there, cassowary-factored as many).
    @Test func aLongChainKeepsTheFactorsSparse() throws {
        var s = RevisedSolver()
        _ = try Self.build(.chain, views: 1000, checkedUpTo: 0, into: &s)
        let counters = s.counters
        #expect(counters.cells < 10 * counters.constraints, "\(counters.cells) cells for \(counters.constraints) constraints")
    }

    /// The equal-width rows of the peer chain come in holding (every width at 10 then), so each
    /// takes its width's `w >= 10` slack as basic instead of an error: the widths then move as
    /// one, and the build is one pivot per view (the heights' preferred size) and a few more.
    /// With an error basic in each, the middle level walked the root's width along the chain:
    /// 3 341 pivots at 1 000 views, each moving every later width.
    @Test(arguments: [100, 1000])
    func anEqualSizeChainIsBuiltWithoutWalkingTheWidths(views: Int) throws {
        var s = RevisedSolver()
        let w = try Self.build(.chain, views: views, checkedUpTo: 0, into: &s)
        let result = w.check(at: w.rootSize(.portrait), value: { s.value(of: $0) }, objective: s.objective())
        #expect(result.passed, "\(w.name): \(result)")
        #expect(s.counters.pivots <= 2 * views + 4, "\(s.counters.pivots) pivots for \(views) views")
    }

    /// The peer grid's heights pass their preferred 44 on the way to the root's height: the
    /// strong level's step goes through those kinks of the lowest level (the errors swap, no
    /// pivot) instead of a degenerate pivot per cell and then a walk of a broken equal-height row
    /// down every column. What remains is about one pivot per equality at add time.
    @Test(arguments: [100, 400])
    func aGridPassesItsPreferredSizesInOneStep(views: Int) throws {
        var s = RevisedSolver()
        let w = try Self.build(.grid, views: views, into: &s)
        let result = w.check(at: w.rootSize(.portrait), value: { s.value(of: $0) }, objective: s.objective())
        #expect(result.passed, "\(w.name): \(result)")
        #expect(s.counters.pivots <= 2 * views + 4 * w.columns, "\(s.counters.pivots) pivots for \(views) views")
    }

    /// A rotation of the peer grid carries every cell's width past its preferred 80: each
    /// preferred-width error goes below 0, and its partner (the other sign of the same
    /// violation) takes its place with the basis still optimal, so the errors are exchanged all
    /// at once (`Revised+DualExchange.swift`) with no pivot. The dual simplex took a pivot per
    /// cell (400 and 10 000), each O(a row of the grid): the grid of 10 000 views rotated in
    /// 169-170 ms of thread CPU, where it takes 7.2 ms.
    @Test(arguments: [100, 400])
    func aGridRotationExchangesItsPreferredWidthErrorsWithoutPivots(views: Int) throws {
        var s = RevisedSolver()
        let w = try Self.build(.grid, views: views, into: &s)
        for orientation in [PeerWorkload.Orientation.landscape, .portrait, .landscape] {
            let before = s.counters.pivots
            _ = try w.rotate(&s, to: orientation)
            let result = w.check(at: w.rootSize(orientation), value: { s.value(of: $0) }, objective: s.objective())
            #expect(result.passed, "\(w.name) \(orientation): \(result)")
            #expect(s.counters.pivots == before, "\(s.counters.pivots - before) pivots to rotate to \(orientation)")
        }
        try s.checkInvariants()
    }

    /// The chain's middle left edge removed and added back: the removal's step pulls every width
    /// to 10 and leaves one width's slack nonbasic; phase one for the re-added edge enters that
    /// slack (uncosted columns first) and the basis is the one before, in two pivots and with
    /// the same optimum. Entering the lowest-id column instead broke an equal width in the
    /// middle of the chain, and the middle level walked it back: 999 pivots at 1 000 views.
    @Test(arguments: [100, 1000])
    func aChainEdgeRemovedAndAddedBackCostsTwoPivots(views: Int) throws {
        var s = RevisedSolver()
        let w = try Self.build(.chain, views: views, into: &s)
        let before = s.counters.pivots
        try w.removeAndReAddMiddle(&s)
        let result = w.check(at: w.rootSize(.portrait), value: { s.value(of: $0) }, objective: s.objective())
        #expect(result.passed, "\(w.name): \(result)")
        #expect(s.counters.pivots - before <= 2, "\(s.counters.pivots - before) pivots to remove and re-add one edge")
    }
}
