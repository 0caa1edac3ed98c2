import LinearConstraints
import Testing
@testable import Bench
@testable import History

/// A run's figures per group, from a results file's records.
struct HistoryRunTests {
    func record(_ family: String, strategy: String = "cassowary", phase: ItemRecord.Phase = .first, cpu: [UInt64], instructions: [UInt64] = [], frames: String = "f") -> ItemRecord {
        ItemRecord(unit: 0, position: 0, caseName: family, family: family, size: 10, device: "iphone-8", strategy: strategy, direction: "leftToRight",
                   phase: phase, outcome: .init(framesDigest: frames, conflicts: 0, ambiguous: 0, counters: SolverCounters(), pivots: 3,
                                                allocatedBytes: 100, freedBytes: 50),
                   wall: cpu.map { $0 + 5 }, cpu: cpu, instructions: instructions)
    }

    func results(_ records: [ItemRecord]) -> BenchResults {
        BenchResults(command: "strut bench", configuration: .object([]), runs: [], totalUnits: 1, units: [], failures: [], records: records)
    }

    /// Times are nanoseconds (an earlier version read the samples' bits as doubles and recorded
    /// 1e-319): each item's 10th percentile, summed.
    @Test func timesAreTheSumOfEachItemsTenthPercentile() {
        let run = HistoryRun(results([record("a", cpu: [300, 100, 200]), record("a", cpu: [1_000, 3_000]), record("b", cpu: [7])]))
        #expect(run.groups.map(\.name) == ["a 10 cassowary first", "b 10 cassowary first"])
        #expect(abs(run.groups[0].figures[.cpu]! - (120 + 1_200)) < 1e-9)
        #expect(abs(run.groups[0].figures[.wall]! - (125 + 1_205)) < 1e-9)
        #expect(run.groups[0].figures[.bytes] == 200)
        #expect(run.groups[0].figures[.pivots] == 6)
        #expect(run.groups[0].figures[.instructions] == nil)
        #expect(!run.metered)
    }

    /// With the speed probe's times, each item's 10th percentile of CPU time is put on the
    /// probe's scale: × 200 µs / the 10th percentile of its probe times; without them there is no
    /// scaled figure.
    @Test func scaledCPUPutsEachItemOnTheProbesScale() {
        var a = record("a", cpu: [300, 100, 200]), b = record("a", cpu: [1_000, 3_000])
        a.probe = [100_000, 400_000, 200_000]
        b.probe = [400_000, 400_000]
        let run = HistoryRun(results([a, b]))
        // a: 120 × 200 000 / 120 000 = 200; b: 1 200 × 200 000 / 400 000 = 600.
        #expect(abs(run.groups[0].figures[.scaledCPU]! - (200 + 600)) < 1e-9)
        #expect(abs(run.groups[0].figures[.cpu]! - (120 + 1_200)) < 1e-9)
        #expect(HistoryRun(results([record("a", cpu: [1])])).groups[0].figures[.scaledCPU] == nil)
        // CPU time as measured is shown, not judged; its scaled form gates.
        #expect(!HistoryMetric.cpu.gates && HistoryMetric.scaledCPU.gates)
    }

    @Test func aMeteredRunGivesInstructionsNotTimes() {
        let run = HistoryRun(results([record("a", cpu: [1], instructions: [123_456_789_012])]))
        #expect(run.metered)
        #expect(run.groups[0].figures[.instructions] == 123_456_789_012)
        #expect(run.groups[0].figures[.cpu] == nil && run.groups[0].figures[.bytes] == nil)
    }

    @Test func answersDigestFollowsTheFrames() {
        let one = HistoryRun(results([record("a", cpu: [1], frames: "x")]))
        let same = HistoryRun(results([record("a", cpu: [2], frames: "x")]))
        let other = HistoryRun(results([record("a", cpu: [1], frames: "y")]))
        #expect(one.groups[0].answers == same.groups[0].answers)
        #expect(one.groups[0].answers != other.groups[0].answers)
        #expect(one.digest != same.digest)
    }
}
