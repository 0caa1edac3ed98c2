import Cassowary
import LinearConstraints
import Testing

/// `CassowarySolver.interruption`: a deferred optimisation asked to stop leaves a feasible
/// tableau that is not finished, and the next read resumes it to exactly the answer of a solver
/// that was never interrupted.
@Suite struct InterruptionTests {
    func built(_ weighted: Bool) throws -> CassowarySolver {
        var s = CassowarySolver(weighted: weighted)
        try s.addEditVariable(Grid7x7.rootWidth, priority: Priority(999))
        try s.addEditVariable(Grid7x7.rootHeight, priority: Priority(999))
        try s.suggestValue(600, for: Grid7x7.rootWidth)
        try s.suggestValue(800, for: Grid7x7.rootHeight)
        for (i, c) in Grid7x7.constraints.enumerated() { try s.add(c, id: ConstraintID(i)) }
        return s
    }

    @Test(arguments: [false, true])
    func anInterruptedSolveResumesToTheUninterruptedAnswer(weighted: Bool) throws {
        let reference = try built(weighted)
        var interrupted = try built(weighted)
        var asked = 0
        interrupted.interruption = {
            asked += 1
            return true
        }
        _ = interrupted.value(of: Variable(4))
        #expect(asked == 1, "the solve stopped at the first question (after 64 pivots)")
        try interrupted.checkInvariants()
        interrupted.interruption = nil
        let variables = (0..<(4 + 4 * Grid7x7.views)).map { Variable($0) }
        #expect(variables.map { interrupted.value(of: $0) } == variables.map { reference.value(of: $0) })
        #expect(interrupted.objective() == reference.objective())
        try interrupted.checkInvariants()
    }

    @Test func anInterruptionThatNeverSaysStopChangesNothing() throws {
        let reference = try built(false)
        var s = try built(false)
        s.interruption = { false }
        let variables = (0..<(4 + 4 * Grid7x7.views)).map { Variable($0) }
        #expect(variables.map { s.value(of: $0) } == variables.map { reference.value(of: $0) })
        #expect(s.counters.pivots == reference.counters.pivots)
    }
}
