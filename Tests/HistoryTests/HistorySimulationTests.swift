import Generator
import Testing
@testable import History

/// `strut history simulate`: steps planted in histories drawn from repeated runs, and a commit's
/// figure as the median of the runs it records.
struct HistorySimulationTests {
    /// Three runs of one build in which 40 groups read 1 000 000, 1 010 000 and 5 000 000
    /// instructions: one run per commit makes a noisy series, the median of the three a flat one.
    func runs() -> [HistoryRun] {
        [1_000_000.0, 1_010_000, 5_000_000].enumerated().map { k, v in
            HistoryFixtures.run((0..<40).map { ("g\($0) 10 cassowary first", v, "same") }, digest: "run-\(k)")
        }
    }

    func options(runsPerCommit: Int) -> HistorySimulation.Options {
        var o = HistorySimulation.Options()
        o.steps = [.instructions: 0.02]
        o.runsPerCommit = runsPerCommit
        o.repetitions = 2
        return o
    }

    @Test func theMedianOfACommitsRunsIsWhatIsJudged() throws {
        let three = HistorySimulation(runs(), analysis: .init(), options: options(runsPerCommit: 3))
        let t3 = try #require(three.tallies.first { $0.metric == .instructions })
        #expect(t3.stepped > 10 && t3.found == t3.stepped && t3.falseInUnstepped == 0 && t3.falseInStepped == 0)
        let one = HistorySimulation(runs(), analysis: .init(), options: options(runsPerCommit: 1))
        let t1 = try #require(one.tallies.first { $0.metric == .instructions })
        #expect(t1.found < t1.stepped)
    }

    @Test func drawsAreDistinctWhileThereAreEnoughRuns() {
        var random = SeededRandom(seed: 9)
        for _ in 0..<200 {
            let d = HistorySimulation.draw(4, of: 6, &random)
            #expect(d.count == 4 && Set(d).count == 4 && d.allSatisfy { (0..<6).contains($0) })
        }
        #expect(HistorySimulation.draw(5, of: 2, &random).count == 5)
    }
}
