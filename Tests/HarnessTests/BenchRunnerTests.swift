import Peers
import Subjects
import Testing

@testable import Bench

@Suite struct BenchRunnerTests {
    @Test func oneJobAndTwoJobsGiveIdenticalFramesCountersAndAggregates() throws {
        let plan = try Fixtures.plan()
        let one = BenchSession.run(plan, jobs: 1)
        let two = BenchSession.run(plan, jobs: 2)
        let layouts = one.records.filter { $0.phase != .diagnostics }
        #expect(layouts.count == plan.units.count * 3)
        // Every layout of a case is followed by its own diagnostics record (none for solver workloads).
        let diagnostics = one.records.filter { $0.phase == .diagnostics }
        #expect(diagnostics.count == layouts.count { !$0.family.hasPrefix("solver-") })
        #expect(diagnostics.allSatisfy { $0.outcome.ambiguous != nil && $0.wall.count == plan.repeats })
        #expect(layouts.allSatisfy { $0.outcome.ambiguous == nil })
        #expect(!one.records.isEmpty && one.failures.isEmpty && one.complete)
        let differences = Fixtures.differences(one.records, two.records)
        #expect(differences.isEmpty, "\(differences)")
        #expect(Fixtures.comparable(one.aggregates) == Fixtures.comparable(two.aggregates))
        #expect(Fixtures.comparable(one.summary) == Fixtures.comparable(two.summary))
        #expect(one.records.allSatisfy { $0.wall.count == plan.repeats && $0.cpu.count == plan.repeats })
    }

    @Test func recordsComeInWorkItemOrderWithTheFirstLayoutFirst() throws {
        let plan = try Fixtures.plan()
        let r = BenchSession.run(plan, jobs: 2)
        let order = r.records.map { [$0.unit, $0.position] }
        #expect(order == order.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
        #expect(r.records.allSatisfy { ($0.position == 0) == ($0.phase == .first) })
        #expect(r.records.contains { $0.direction == "rightToLeft" } && r.records.contains { $0.direction == "leftToRight" })
        #expect(r.records.contains { $0.outcome.conflicts > 0 })
    }

    @Test func aTimeLimitOfZeroRunsNothingAndSaysSo() throws {
        let r = BenchSession.run(try Fixtures.plan(), jobs: 2, timeLimit: 0)
        #expect(r.records.isEmpty)
        #expect(r.runs.first?.stopped == "time-limit")
        #expect(!r.complete && r.hasFailures)
    }

    /// A unit whose outside solver dies fails with how it died; its NaN values are not timed as
    /// layouts nor judged as answers.
    @Test func aUnitWhoseAdapterDiesFailsWithHowItDied() throws {
        var plan = try Fixtures.plan(families: [FamilyInput(family: "form", sizes: [6])])
        plan.solverWorkloads = []
        plan.directions = [nil]
        plan.strategies = [BenchStrategy(name: "external:dies") { ExternalSolver(command: "read line; echo 'about to die' >&2; exit 3") }]
        let results = BenchSession.run(plan, jobs: 1)
        #expect(results.records.isEmpty && !results.failures.isEmpty)
        #expect(results.failures.allSatisfy { $0.message.contains("about to die") }, "\(results.failures)")
        #expect(!results.invariants.hasFailures)
    }
}
