import AutoLayout
import Bench
import Cassowary
import Foundation
import Judging
import LinearConstraints
import StrutSystem
import Subjects
import Testing

/// Invariant selection, failure records in results files, and the runner's invariant pass.
@Suite struct InvariantResultsTests {
    typealias F = InvariantFixtures

    @Test func selectionsParseNamesAndRejectUnknownOnes() throws {
        #expect(try InvariantSelection(parsing: "cheap") == .cheap)
        #expect(try InvariantSelection(parsing: "all").invariants(constraintCount: 10_000) == Invariant.allCases)
        #expect(try InvariantSelection(parsing: "none").isEmpty)
        let listed = try InvariantSelection(parsing: "optimal,finite-frames,optimal")
        #expect(listed.invariants(constraintCount: 10_000) == [.finiteFrames, .optimal])
        #expect(listed.description == "finite-frames,optimal")
        #expect(throws: BenchUsageError.self) { try InvariantSelection(parsing: "finite-frames,fast") }
    }

    @Test func cheapRunsCostlyInvariantsOnlyOnSmallCases() {
        let small = InvariantSelection.cheap.invariants(constraintCount: 20)
        let large = InvariantSelection.cheap.invariants(constraintCount: 500)
        #expect(small == Invariant.allCases.filter { $0 != .referenceFrames })
        #expect(large == Invariant.allCases.filter { $0.isCheap && $0 != .referenceFrames })
        #expect(large.contains(.deterministic) && !large.contains(.optimal))
    }

    /// Frames another engine computed are checked when asked (`strut replay` asks), or in `all`.
    @Test func referenceFramesAreCheckedOnlyWhenAsked() {
        var asked = InvariantSelection.cheap
        asked.withReferenceFrames = true
        #expect(asked.invariants(constraintCount: 500).contains(.referenceFrames))
        #expect(InvariantSelection.all.invariants(constraintCount: 500).contains(.referenceFrames))
    }

    @Test func aFailureRoundTripsThroughJSONIncludingNonFiniteNumbers() throws {
        let f = InvariantFailure(
            invariant: .finiteFrames, caseName: "c", source: "dir/c.json", device: "iphone-8:landscape", strategy: "cassowary",
            direction: "rtl", detail: "v: not finite", got: [1, .nan, .infinity], expected: [-.infinity], replay: "strut bench dir/c.json", unit: 4)
        let text = try f.jsonValue().jsonText()
        let back = try JSONValueDecoder().decode(InvariantFailure.self, from: try parseJSON(text))
        #expect(back.invariant == f.invariant && back.device == f.device && back.unit == 4 && back.replay == f.replay)
        #expect(back.got[0] == 1 && back.got[1].isNaN && back.got[2] == .infinity && back.expected == [-.infinity])
        #expect(text.hasPrefix("{\"invariant\":\"finite-frames\",\"case\":\"c\""))
    }

    /// A bench run whose strategy corrupts a frame: the results carry the failures with their
    /// unit, they survive a results file round trip, and merging shards keeps them in order.
    @Test func benchResultsCarryInvariantFailuresThroughFilesAndMerges() throws {
        let path = F.repository.appendingPathComponent("corpora/golden/magenta-bar-and-square.json").path
        let target = F.variable(view: 1, .minX)
        let stub = BenchStrategy(name: "stub", make: { CorruptingSolver(target: target, corrupt: { $0 + 3 }) })
        var plan = BenchPlan(sources: [.file(path: path)], strategies: [F.cassowary, stub])
        plan.repeats = 1
        plan.warmup = 0
        plan.invariants = InvariantSelection(mode: .listed, listed: [.requiredSatisfied, .deterministic])
        let whole = BenchSession.run(plan, jobs: 1)
        #expect(whole.invariants.hasFailures)
        #expect(whole.invariants.failures.allSatisfy { $0.unit == 1 && $0.strategy == "stub" && $0.invariant == .requiredSatisfied })
        let tally = try #require(whole.invariants.tallies.first { $0.invariant == .requiredSatisfied })
        #expect(tally.checked == 2 * (plan.devices?.count ?? 3) && tally.failed > 0)

        var shards: [(file: String, results: BenchResults)] = []
        for i in 0..<2 {
            plan.shard = Shard(index: i, count: 2)
            let r = BenchSession.run(plan, jobs: 1)
            shards.append(("shard\(i)", try BenchResults(jsonText: r.jsonValue().jsonText(indent: 1), file: "shard\(i)")))
        }
        let merged = try BenchResults.merge(shards.reversed())
        #expect(merged.invariants == whole.invariants)
    }
}
