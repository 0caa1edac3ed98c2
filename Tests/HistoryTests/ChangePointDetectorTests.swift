import Foundation
import Generator
import Testing
@testable import History

/// Change points placed where a series' level moved, and nowhere else.
struct ChangePointDetectorTests {
    let detector = ChangePointDetector()

    /// `n` values around `level` with relative noise of `noise` (uniform, seeded).
    func noisy(_ n: Int, level: Double, noise: Double, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<n).map { _ in level * (1 + noise * (2 * random.unit() - 1)) }
    }

    @Test func aFlatSeriesHasNoChangePoint() {
        #expect(detector.changePoints([Double](repeating: 1_000, count: 50)).isEmpty)
        #expect(ChangePointDetector(minimumChange: 0.1).changePoints(noisy(50, level: 1e6, noise: 0.2, seed: 3)).isEmpty)
    }

    @Test func anExactStepOfTwoPercentIsFoundWhereItIs() {
        let values = (0..<50).map { $0 < 20 ? 100_000.0 : 102_000.0 }
        let points = detector.changePoints(values)
        #expect(points.map(\.index) == [20])
        #expect(abs(points[0].change - 0.02) < 1e-9)
        #expect(points[0].before == 100_000 && points[0].after == 102_000)
    }

    @Test func aStepBelowTheMinimumChangeIsNotReported() {
        let values = (0..<50).map { $0 < 20 ? 100_000.0 : 100_500.0 }
        #expect(detector.changePoints(values).isEmpty)
    }

    /// Instruction counts of a tiny group move with the heap's layout between clones (16-318
    /// instructions per item): a step under the absolute floor is not a change point however
    /// large in per cent, one over it is.
    @Test func aStepBelowTheAbsoluteMinimumIsNotReported() {
        let floor = ChangePointDetector(minimumAbsoluteChange: HistoryMetric.instructions.defaultMinimumAbsoluteChange)
        let heapNoise = (0..<10).map { $0 < 9 ? 35_000.0 : 37_730.0 }
        #expect(detector.changePoints(heapNoise).map(\.index) == [9])
        #expect(floor.changePoints(heapNoise).isEmpty)
        let work = (0..<10).map { $0 < 9 ? 35_000.0 : 42_000.0 }
        #expect(floor.changePoints(work).map(\.index) == [9])
    }

    @Test func aNoisyStepOfAQuarterIsFoundWithItsInterval() {
        var values = noisy(50, level: 1e6, noise: 0.08, seed: 7)
        for k in 30..<50 { values[k] *= 1.25 }
        let points = ChangePointDetector(minimumChange: 0.1).changePoints(values)
        #expect(points.count == 1)
        #expect(abs(points[0].index - 30) <= 1)
        #expect(points[0].interval.contains(0.25))
        #expect(points[0].pValue < 0.001)
    }

    @Test func aLoneOutlierInsideTheSeriesIsNotALevel() {
        var values = [Double](repeating: 5_000, count: 40)
        values[20] = 10_000
        #expect(detector.changePoints(values).isEmpty)
    }

    @Test func aStepAtTheNewestPointIsFoundWhenItLands() {
        var values = [Double](repeating: 5_000, count: 30)
        values[29] = 5_300
        #expect(detector.changePoints(values).map(\.index) == [29])
    }

    @Test func aRiseAndALaterFallAreBothFound() {
        let values = (0..<60).map { $0 < 15 ? 1_000.0 : $0 < 40 ? 1_100.0 : 950.0 }
        let points = detector.changePoints(values)
        #expect(points.map(\.index) == [15, 40])
        #expect(points[0].change > 0 && points[1].change < 0)
    }

    @Test func levelsOfZeroAreChanges() {
        let values = (0..<20).map { $0 < 10 ? 0.0 : 4.0 }
        let points = detector.changePoints(values)
        #expect(points.map(\.index) == [10])
        #expect(points[0].change == .infinity)
    }
}
