import Generator
import StrutSystem

/// How much slower (ratio above 1) or faster (below 1) one set of timings is than another: the
/// ratio of a low quantile of their pooled samples with a bootstrap confidence interval. Shared
/// by the baseline gate (`strut bench --baseline`: current over baseline) and `strut compare`
/// (B over A).
public struct RatioEstimate: Hashable, Sendable {
    /// quantile(current) / quantile(baseline) over every sample of every stratum.
    public var ratio: Double
    /// The confidence interval of `ratio` (percentile bootstrap); nil when there were too few
    /// samples to judge (fewer than `RatioStatistics.minimumSamples` on a side).
    public var interval: ClosedRange<Double>?
    /// The pooled quantiles, in nanoseconds, and the sample counts behind them.
    public var baselineValue: Double
    public var currentValue: Double
    public var baselineCount: Int
    public var currentCount: Int
}

/// The timing statistics of the gate, chosen for a noisy shared machine.
///
/// Statistic: the samples of a group come in strata, one per work item (a case on one device
/// under one strategy and direction), each holding that item's repetitions; only items present
/// on both sides are used. The statistic is the ratio of the pooled 10th percentiles (current
/// over baseline). Why a low quantile and not the median: noise from a shared machine is almost
/// all additive and positive (preemption, caches and branch predictors polluted by the
/// neighbours, frequency changes), so the fastest repetitions measure the code's own cost best
/// (Chen and Revels, "Robust benchmarking in noisy environments", 2016, on which Julia's
/// BenchmarkTools rests). Measured here on the ci suite, four runs of unchanged code on a
/// 2-core machine at load 13, every ordered pair of runs (1 728 group comparisons): the ratio of
/// thread-CPU medians reached 2.00 (95th percentile 1.33) and gave 11 false regressions at a
/// 0.25 threshold; the ratio of 10th percentiles reached 1.45 (95th percentile 1.14) and gave
/// none. A 10th percentile, unlike the minimum, still has a usable bootstrap distribution.
///
/// Interval: a stratified percentile bootstrap. Each of `resamples` replicates redraws every
/// item's repetitions with replacement, within the item and independently on each side (so
/// every replicate keeps the group's mix of items), and recomputes the ratio; the interval runs
/// from the 2.5th to the 97.5th percentile of the replicates. The draws come from `SeededRandom`
/// seeded by the caller (the gate derives the seed from the group's name), so the same inputs
/// always give the same interval: no system random source, no flapping from the statistics.
///
/// What it does not model: a machine that is uniformly slower during one whole run (the
/// repetitions of a unit run back to back, so they share its load; seen here: a whole run 1.21×
/// slower than the run before it, every group's interval tight around that). The gate takes
/// that out with `RunFactor`.
///
/// Cost: O(resamples × n log n) for n pooled samples per side.
public enum RatioStatistics {
    public static let defaultResamples = 1000
    public static let confidence = 0.95
    /// Fewest pooled samples per side for an interval; fewer gives an inconclusive verdict.
    public static let minimumSamples = 8
    /// The quantile compared (see above).
    public static let quantile = 0.1

    /// The estimate for `current` against `baseline`, strata paired by position (a stratum
    /// empty on either side is left out of both); nil when nothing is left or the baseline's quantile is zero.
    public static func estimate(baseline: [[UInt64]], current: [[UInt64]], seed: UInt64, resamples: Int = defaultResamples) -> RatioEstimate? {
        let pairs = zip(baseline, current).filter { !$0.0.isEmpty && !$0.1.isEmpty }
        let a = pairs.map { $0.0.map { Double($0) } }, b = pairs.map { $0.1.map { Double($0) } }
        let na = a.reduce(0) { $0 + $1.count }, nb = b.reduce(0) { $0 + $1.count }
        guard na > 0, nb > 0 else { return nil }
        let ma = statistic(a.flatMap { $0 }), mb = statistic(b.flatMap { $0 })
        guard ma > 0 else { return nil }
        var estimate = RatioEstimate(ratio: mb / ma, interval: nil, baselineValue: ma, currentValue: mb, baselineCount: na, currentCount: nb)
        guard na >= minimumSamples, nb >= minimumSamples, resamples >= 10 else { return estimate }
        var random = SeededRandom(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var bufferA: [Double] = [], bufferB: [Double] = []
        for _ in 0..<resamples {
            resample(a, into: &bufferA, &random)
            resample(b, into: &bufferB, &random)
            let m = statistic(bufferA)
            ratios.append(m > 0 ? statistic(bufferB) / m : .infinity)
        }
        ratios.sort()
        let tail = (1 - confidence) / 2
        let lo = Int((tail * Double(resamples)).rounded(.down))
        let hi = min(resamples - 1, Int(((1 - tail) * Double(resamples)).rounded(.up)) - 1)
        estimate.interval = ratios[lo]...ratios[max(lo, hi)]
        return estimate
    }

    /// One bootstrap draw: every stratum's samples redrawn with replacement, pooled.
    package static func resample(_ strata: [[Double]], into out: inout [Double], _ random: inout SeededRandom) {
        out.removeAll(keepingCapacity: true)
        for s in strata {
            for _ in s.indices { out.append(s[random.int(in: 0...(s.count - 1))]) }
        }
    }

    /// The compared quantile of `values`.
    static func statistic(_ values: [Double]) -> Double { self.quantile(values, quantile) }

    /// The `p` quantile of `values`, interpolating linearly between order statistics (the usual
    /// "type 7" definition); 0 for no values. O(n log n).
    public static func quantile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        let position = p * Double(s.count - 1)
        let k = Int(position.rounded(.down))
        return k + 1 < s.count ? s[k] + (s[k + 1] - s[k]) * (position - Double(k)) : s[k]
    }
}

extension RatioEstimate {
    /// The estimate with its ratio and interval divided by `factor` (a run-wide shift taken out).
    public func divided(by factor: Double) -> RatioEstimate {
        var e = self
        e.ratio /= factor
        e.interval = interval.map { ($0.lowerBound / factor)...($0.upperBound / factor) }
        return e
    }
}

/// The verdict on one timing ratio against a threshold t (`--time-threshold`, default 0.25):
/// a regression when the whole interval lies above 1 + t, an improvement when it lies below
/// 1 / (1 + t), unchanged when it lies inside [1 / (1 + t), 1 + t], inconclusive otherwise (it
/// straddles a bound, or there were too few samples for an interval).
public enum TimingVerdict: String, Hashable, Sendable {
    case regression, improvement, unchanged, inconclusive

    public init(_ estimate: RatioEstimate?, threshold t: Double) {
        guard let i = estimate?.interval else {
            self = .inconclusive
            return
        }
        let up = 1 + t, down = 1 / (1 + t)
        if i.lowerBound > up {
            self = .regression
        } else if i.upperBound < down {
            self = .improvement
        } else if i.lowerBound >= down && i.upperBound <= up {
            self = .unchanged
        } else {
            self = .inconclusive
        }
    }
}
