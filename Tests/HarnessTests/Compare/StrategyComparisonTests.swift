import AutoLayout
import Cassowary
import Generator
import Testing

@testable import Bench
@testable import Gates
@testable import Judging
@testable import Subjects

/// `strut compare`'s engine: a plan split per family and size, then read back per group.
@Suite struct StrategyComparisonTests {
    static func plan() throws -> BenchPlan {
        var sources: [CaseSource] = []
        for f in [FamilyInput(family: "form", sizes: [6]), FamilyInput(family: "long-chain", sizes: [8, 12])] {
            sources += try f.requests(seed: 3, count: 2)
        }
        var plan = BenchPlan(sources: sources, solverWorkloads: [try PeerWorkload(kind: .flat, views: 10)], strategies: [
            BenchStrategy(name: "cassowary", make: { CassowarySolver() }),
            BenchStrategy(name: "cassowary-rebuild", make: { RebuildingCassowarySolver() }),
        ])
        plan.devices = try DeviceSpec.parse("iphone-8,ipad")
        plan.repeats = 4
        plan.warmup = 0
        plan.invariants = try InvariantSelection(parsing: "finite-frames,strategies-agree")
        return plan
    }

    @Test func thePlanSplitsIntoOneSessionPerFamilyAndSizeThenPerWorkload() throws {
        let groups = CompareRun.groups(try Self.plan())
        #expect(groups.map(\.sources.count) == [2, 2, 2, 0])
        #expect(groups.map(\.solverWorkloads.count) == [0, 0, 0, 1])
        #expect(groups.allSatisfy { $0.strategies.map(\.name) == ["cassowary", "cassowary-rebuild"] })
    }

    @Test func eachGroupGetsItsRatiosAgreementAndBreaks() throws {
        let results = CompareRun.run(try Self.plan(), jobs: 2)
        let c = StrategyComparison(a: "cassowary", b: "cassowary-rebuild", results: results)
        #expect(c.complete && c.failures.isEmpty)
        #expect(c.groups.map { "\($0.family) \($0.size)" } == ["form 6", "long-chain 8", "long-chain 12", "solver-flat 10"])
        let form = try #require(c.groups.first)
        #expect(form.items == 4)  // two cases on two devices
        #expect(form.cpu[.first]?.baselineCount == 8 && form.cpu[.switch]?.currentCount == 8)
        // Rebuilding reaches the incremental engine's objective: every solve of B judged and agreeing.
        #expect(form.agreement == ObjectiveAgreement(judged: 4, sameObjective: 4, objectiveDiffers: 0, framesDiffer: 0, notJudged: 0))
        #expect(c.groups.last?.agreement == nil, "a solver workload has no layout to judge")
        #expect(c.breaks("cassowary").isEmpty && c.breaks("cassowary-rebuild").isEmpty)
    }

    @Test func breaksCountDistinctSolvesPerInvariantAndStrategy() {
        func failure(_ i: Invariant, _ strategy: String, _ device: String, unit: Int) -> InvariantFailure {
            InvariantFailure(invariant: i, caseName: "c", source: "c.json", device: device, strategy: strategy, direction: "case",
                             detail: "objective at priority 500: 1 under B, 0 under A", replay: "", unit: unit)
        }
        let failures = [
            failure(.strategiesAgree, "b", "iphone-8", unit: 1), failure(.strategiesAgree, "b", "iphone-8", unit: 1),
            failure(.strategiesAgree, "b", "ipad", unit: 1), failure(.optimal, "a", "ipad", unit: 0),
        ]
        #expect(StrategyGroup.breaks(failures, "b").map(\.solves) == [2])
        #expect(StrategyGroup.breaks(failures, "a").map(\.invariant) == [.optimal])
    }
}
