import Foundation
import Generator
import StrutSystem

/// How much slower the whole run was than the baseline's: the median over groups of their
/// CPU-time ratios, with a bootstrap interval over groups.
///
/// Why: the repetitions of one unit run back to back, so a shared machine that is busier during
/// one whole run slows every group alike, and each group's own interval (`RatioStatistics`)
/// cannot see it. Measured here on the ci suite at load 14-15: one of four runs of unchanged
/// code was 1.21× slower across the board, and 32 of 276 groups' intervals lay wholly above 1.25
/// (false regressions); judged against the run's factor, none did. So the gate judges each
/// group's ratio divided by the factor (a group that slowed more than the rest), and judges the
/// factor itself against a wider threshold (`BaselineComparison.Options.runThreshold`, 0.5): a
/// change that slows everything 2× is still a regression, a busy afternoon is not.
///
/// Only a slower run is corrected (`factor` is at least 1): when a change speeds up half the
/// groups the median drops below 1, and dividing by it would make every untouched group look
/// slower. The limit, inherent in comparing two runs: a change that slows more than half the
/// groups by less than `runThreshold` looks like a busy machine and is not flagged (the
/// deterministic figures, pivots and bytes, still are).
///
/// With fewer than `minimumGroups` groups the median says little: the factor is 1 (not applied).
public struct RunFactor: Hashable, Sendable {
    /// The factor group ratios are divided by: the median, at least 1 (1 when not applied).
    public var factor: Double
    /// The estimate behind it: ratio = the median of the group ratios, interval over groups.
    public var estimate: RatioEstimate?
    public var groups: Int
    public var applied: Bool { estimate != nil }

    public static let minimumGroups = 8

    /// From the groups' point ratios (finite and positive ones), in any order (the median and a
    /// bootstrap seeded by `seed` over the sorted list do not depend on it). O(resamples × n log n).
    public init(groupRatios: [Double], seed: UInt64, resamples: Int = RatioStatistics.defaultResamples) {
        let logs = groupRatios.filter { $0.isFinite && $0 > 0 }.map { log($0) }.sorted()
        groups = logs.count
        guard logs.count >= Self.minimumGroups else {
            factor = 1
            return
        }
        let center = exp(RatioStatistics.quantile(logs, 0.5))
        var random = SeededRandom(seed: seed)
        var medians: [Double] = []
        var draw = [Double](repeating: 0, count: logs.count)
        for _ in 0..<max(10, resamples) {
            for k in draw.indices { draw[k] = logs[random.int(in: 0...(logs.count - 1))] }
            medians.append(exp(RatioStatistics.quantile(draw, 0.5)))
        }
        medians.sort()
        let tail = (1 - RatioStatistics.confidence) / 2
        let lo = Int((tail * Double(medians.count)).rounded(.down)), hi = min(medians.count - 1, Int(((1 - tail) * Double(medians.count)).rounded(.up)) - 1)
        factor = max(1, center)
        estimate = RatioEstimate(ratio: center, interval: medians[lo]...medians[max(lo, hi)], baselineValue: 1, currentValue: center,
                                 baselineCount: logs.count, currentCount: logs.count)
    }
}
