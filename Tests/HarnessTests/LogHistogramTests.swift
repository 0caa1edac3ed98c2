import Testing

@testable import Bench

@Suite struct LogHistogramTests {
    @Test func smallValuesAreExactAndLargeOnesWithinOneSixtyFourth() {
        for v: UInt64 in [0, 1, 5, 127, 128, 129, 1000, 123_456, 9_876_543_210, 1 << 62] {
            let i = LogHistogram.index(of: v)
            let high = LogHistogram.highestValue(inBucket: i)
            #expect(high >= v)
            if v < 128 { #expect(high == v) } else { #expect(Double(high - v) <= Double(v) / 64) }
            if i > 0 { #expect(LogHistogram.highestValue(inBucket: i - 1) < v) }
        }
    }

    @Test func percentilesFollowTheRanks() {
        var h = LogHistogram()
        for v in 1...100 { h.record(UInt64(v)) }
        #expect(h.value(atPercentile: 50) == 50)
        #expect(h.value(atPercentile: 90) == 90)
        #expect(h.value(atPercentile: 99) == 99)
        #expect(h.max == 100 && h.min == 1 && h.count == 100)
        #expect(h.mean == 50.5)
    }

    @Test func mergingShardsEqualsRecordingEverything() {
        var whole = LogHistogram(), a = LogHistogram(), b = LogHistogram()
        for v in stride(from: UInt64(3), to: 5_000_000, by: 7919) {
            whole.record(v)
            if v % 2 == 0 { a.record(v) } else { b.record(v) }
        }
        var merged = b
        merged.merge(a)
        #expect(merged == whole)
    }
}
