import Testing

@testable import Gates

/// The gate's statistics: the ratio of pooled 10th percentiles, its seeded bootstrap interval, verdicts.
@Suite struct RatioStatisticsTests {
    @Test func theIntervalIsTheSameForTheSameSeedAndContainsTheRatio() throws {
        let a: [[UInt64]] = [[100, 110, 95, 130, 101, 99, 104, 98], [200, 210, 190, 205, 220, 199, 201, 230]]
        let b: [[UInt64]] = a.map { $0.map { $0 * 3 / 2 } }
        let e1 = try #require(RatioStatistics.estimate(baseline: a, current: b, seed: 42))
        let e2 = try #require(RatioStatistics.estimate(baseline: a, current: b, seed: 42))
        #expect(e1 == e2)
        let i = try #require(e1.interval)
        #expect(i.contains(e1.ratio) && abs(e1.ratio - 1.5) < 0.02)
        #expect(e1.baselineCount == 16 && e1.currentCount == 16)
        #expect(e1.baselineValue == 98.5 && e1.currentValue == 147.5)  // pooled 10th percentiles
    }

    @Test func tooFewSamplesGiveNoIntervalAndAnInconclusiveVerdict() throws {
        let e = try #require(RatioStatistics.estimate(baseline: [[100, 100, 100]], current: [[300, 300, 300]], seed: 1))
        #expect(e.interval == nil && e.ratio == 3)
        #expect(TimingVerdict(e, threshold: 0.25) == .inconclusive)
        #expect(RatioStatistics.estimate(baseline: [[]], current: [[1]], seed: 1) == nil)
        #expect(RatioStatistics.estimate(baseline: [[0, 0]], current: [[1, 1]], seed: 1) == nil)
    }

    @Test func strataEmptyOnOneSideAreLeftOutOfBoth() throws {
        let e = try #require(RatioStatistics.estimate(baseline: [[10, 10], [], [50]], current: [[20, 20], [7], []], seed: 1))
        #expect(e.baselineCount == 2 && e.currentCount == 2 && e.ratio == 2)
    }

    @Test func verdictsFollowTheIntervalAgainstTheThreshold() {
        func v(_ lo: Double, _ hi: Double) -> TimingVerdict {
            TimingVerdict(RatioEstimate(ratio: (lo + hi) / 2, interval: lo...hi, baselineValue: 1, currentValue: 1, baselineCount: 9, currentCount: 9), threshold: 0.25)
        }
        #expect(v(1.3, 2.0) == .regression)
        #expect(v(1.2, 1.3) == .inconclusive)
        #expect(v(0.85, 1.2) == .unchanged)
        #expect(v(0.7, 0.9) == .inconclusive)
        #expect(v(0.3, 0.7) == .improvement)
    }
}
