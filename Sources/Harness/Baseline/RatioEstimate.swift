import Generator

/// How much slower (ratio above 1) or faster (below 1) one set of timings is than another: the
/// ratio of their pooled medians with a bootstrap confidence interval. Shared by the baseline
/// gate (`strut bench --baseline`: current over baseline) and `strut compare` (B over A).
public struct RatioEstimate: Hashable, Sendable {
    /// median(current) / median(baseline) over every sample of every stratum.
    public var ratio: Double
    /// The confidence interval of `ratio` (percentile bootstrap); nil when there were too few
    /// samples to judge (fewer than `RatioStatistics.minimumSamples` on a side).
    public var interval: ClosedRange<Double>?
    /// The pooled medians, in nanoseconds, and the sample counts behind them.
    public var baselineMedian: Double
    public var currentMedian: Double
    public var baselineCount: Int
    public var currentCount: Int
}

/// The timing statistics of the gate, chosen for a noisy shared machine.
///
/// Method: the samples of a group come in strata, one per work item (a case on one device under
/// one strategy and direction), each holding that item's repetitions; only items present on both
/// sides are used. The statistic is the ratio of the pooled medians (current over baseline): a
/// median ignores the few repetitions a busy neighbour preempted, and pooling over items gives
/// each group tens to hundreds of samples. Its uncertainty comes from a stratified percentile
/// bootstrap: each of `resamples` replicates redraws every item's repetitions with replacement,
/// within the item and independently on each side (so every replicate keeps the group's mix of
/// items), and recomputes the ratio; the interval runs from the 2.5th to the 97.5th percentile
/// of the replicates. The resampling draws from `SeededRandom` seeded by the caller (the gate
/// derives the seed from the group's name), so the same inputs always give the same interval:
/// no system random source, no flapping from the statistics themselves.
///
/// What it does not model: a machine that is uniformly slower during one whole run (all
/// replicates shift together). The verdict's threshold (`TimingVerdict`) absorbs that; thread
/// CPU time, which the gate uses, moves far less under load than wall time.
///
/// Cost: O(resamples × n log n) for n pooled samples per side.
public enum RatioStatistics {
    public static let defaultResamples = 1000
    public static let confidence = 0.95
    /// Fewest pooled samples per side for an interval; fewer gives an inconclusive verdict.
    public static let minimumSamples = 8

    /// The estimate for `current` against `baseline`, strata paired by position (a stratum
    /// empty on either side is left out of both); nil when nothing is left or a median is zero.
    public static func estimate(baseline: [[UInt64]], current: [[UInt64]], seed: UInt64, resamples: Int = defaultResamples) -> RatioEstimate? {
        let pairs = zip(baseline, current).filter { !$0.0.isEmpty && !$0.1.isEmpty }
        let a = pairs.map { $0.0.map { Double($0) } }, b = pairs.map { $0.1.map { Double($0) } }
        let na = a.reduce(0) { $0 + $1.count }, nb = b.reduce(0) { $0 + $1.count }
        guard na > 0, nb > 0 else { return nil }
        let ma = median(a.flatMap { $0 }), mb = median(b.flatMap { $0 })
        guard ma > 0 else { return nil }
        var estimate = RatioEstimate(ratio: mb / ma, interval: nil, baselineMedian: ma, currentMedian: mb, baselineCount: na, currentCount: nb)
        guard na >= minimumSamples, nb >= minimumSamples, resamples >= 10 else { return estimate }
        var random = SeededRandom(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var bufferA: [Double] = [], bufferB: [Double] = []
        for _ in 0..<resamples {
            resample(a, into: &bufferA, &random)
            resample(b, into: &bufferB, &random)
            let m = median(bufferA)
            ratios.append(m > 0 ? median(bufferB) / m : .infinity)
        }
        ratios.sort()
        let tail = (1 - confidence) / 2
        let lo = Int((tail * Double(resamples)).rounded(.down))
        let hi = min(resamples - 1, Int(((1 - tail) * Double(resamples)).rounded(.up)) - 1)
        estimate.interval = ratios[lo]...ratios[max(lo, hi)]
        return estimate
    }

    /// One bootstrap draw: every stratum's samples redrawn with replacement, pooled.
    static func resample(_ strata: [[Double]], into out: inout [Double], _ random: inout SeededRandom) {
        out.removeAll(keepingCapacity: true)
        for s in strata {
            for _ in s.indices { out.append(s[random.int(in: 0...(s.count - 1))]) }
        }
    }

    /// The median (the mean of the middle two for an even count); 0 for no values. O(n log n).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        let k = s.count / 2
        return s.count % 2 == 1 ? s[k] : (s[k - 1] + s[k]) / 2
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
