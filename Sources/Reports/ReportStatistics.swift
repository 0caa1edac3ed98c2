import Bench
import Foundation
import Gates
import Generator

/// How far a growth exponent can be trusted, judged in the report layer from the sizes and
/// medians `Aggregation.growth` keeps: an exponent is shown only from `minimumSizes` distinct
/// sizes (two points always fit a line exactly, whatever the noise), and marked unreliable when
/// the log-log least-squares fit is poor (R² below `minimumRSquared`, wall or CPU) or the wall
/// and CPU exponents differ by more than `maximumGap` (preemption on a loaded machine moves the
/// wall medians, not the CPU ones).
struct GrowthFit {
    static let minimumSizes = 3
    static let minimumRSquared = 0.9
    static let maximumGap = 0.3

    let growth: Growth
    /// True when the exponent is shown at all (enough sizes, an exponent).
    let shown: Bool
    /// R² of the log-log fits of the wall and CPU medians; nil when not fitted.
    let rSquared: Double?
    let cpuRSquared: Double?
    /// Why the fit is unreliable (empty: reliable), e.g. `R² 0.71 < 0.9`.
    let problems: [String]

    init(_ g: Growth) {
        growth = g
        let sizes = Set(g.sizes.filter { $0 > 0 }).count
        shown = sizes >= Self.minimumSizes && g.exponent != nil
        rSquared = shown ? Self.rSquared(zip(g.sizes, g.medians).map { (Double($0), Double($1)) }) : nil
        cpuRSquared = shown ? Self.rSquared(zip(g.sizes, g.cpuMedians).map { (Double($0), Double($1)) }) : nil
        var problems: [String] = []
        if shown {
            if let r = rSquared, r < Self.minimumRSquared { problems.append("wall R² " + Figures.fixed(r) + " < " + Figures.fixed(Self.minimumRSquared, 1)) }
            if let r = cpuRSquared, r < Self.minimumRSquared { problems.append("CPU R² " + Figures.fixed(r) + " < " + Figures.fixed(Self.minimumRSquared, 1)) }
            if let w = g.exponent, let c = g.cpuExponent, abs(w - c) > Self.maximumGap {
                problems.append("wall and CPU exponents differ by " + Figures.fixed(abs(w - c)) + " > " + Figures.fixed(Self.maximumGap, 1))
            }
        }
        self.problems = problems
    }

    var reliable: Bool { problems.isEmpty }

    /// The exponent as shown: `1.47`, `1.47?` when unreliable, `-` when not shown.
    static func text(_ k: Double?, reliable: Bool) -> String {
        guard let k, k.isFinite else { return "-" }
        return Figures.fixed(k) + (reliable ? "" : "?")
    }

    var wallText: String { shown ? Self.text(growth.exponent, reliable: reliable) : "-" }
    var cpuText: String { shown ? Self.text(growth.cpuExponent, reliable: reliable) : "-" }
    /// `ok` or `unreliable: ...`.
    var verdict: String { reliable ? "ok" : "unreliable: " + problems.joined(separator: "; ") }

    /// The fits of the groups measured at three sizes or more, in `growth` order.
    static func shown(_ growth: [Growth]) -> [GrowthFit] { growth.map(GrowthFit.init).filter(\.shown) }

    /// The note under a growth table: how exponents are judged, and how many groups ran at two
    /// sizes only (not fitted); nil when there is nothing to say.
    static func note(_ growth: [Growth]) -> String? {
        let two = growth.filter { Set($0.sizes.filter { $0 > 0 }).count == 2 }.count
        let fits = shown(growth)
        guard two > 0 || !fits.isEmpty else { return nil }
        var out = "Exponents are fitted from \(minimumSizes) sizes or more"
        if two > 0 { out += " (\(Figures.count(two, "group")) measured at two sizes only: not fitted)" }
        out += "; ? marks an unreliable fit (R² of the log-log fit below \(Figures.fixed(minimumRSquared, 1)), or wall and CPU exponents more than \(Figures.fixed(maximumGap, 1)) apart)."
        let bad = fits.filter { !$0.reliable }.count
        if bad > 0 { out += " \(bad) of \(fits.count) fits are unreliable." }
        return out
    }

    /// R² of the least-squares line of log y over log x (`Aggregation.logLogFit`, the fit the
    /// exponent comes from); nil with fewer than two points or one distinct size.
    static func rSquared(_ points: [(Double, Double)]) -> Double? { Aggregation.logLogFit(points)?.rSquared }
}

/// A ratio of medians (one strategy's wall time over the base strategy's) with a stratified
/// percentile bootstrap interval, as `RatioStatistics.estimate` computes one for its low
/// quantile: the strata are the work items present under both strategies (a case on one device
/// and direction), each holding its repetitions; every replicate redraws each item's repetitions
/// with replacement, on each side independently, with `SeededRandom` seeded from the group's
/// name (the same file always gives the same interval). The median, not `RatioStatistics`' 10th
/// percentile, because the reports show median latencies and these ratios sit beside them.
struct MedianRatio {
    /// Median(other) / median(base) over the pooled samples of the paired items.
    var ratio: Double
    /// The 95% interval; nil with fewer than `RatioStatistics.minimumSamples` samples a side.
    var interval: ClosedRange<Double>?
    /// The bootstrap replicates of `ratio` (empty without an interval), for summaries over groups.
    var replicates: [Double]

    /// True when the interval lies wholly above or below 1: the strategies clearly differ.
    var clear: Bool { interval.map { $0.lowerBound > 1 || $0.upperBound < 1 } ?? false }

    static var resamples: Int { RatioStatistics.defaultResamples }

    /// The estimate for `other` over `base`, strata paired by position; nil when either side has
    /// no sample or the base median is zero.
    static func estimate(base: [[UInt64]], other: [[UInt64]], seed: UInt64) -> MedianRatio? {
        let pairs = zip(base, other).filter { !$0.0.isEmpty && !$0.1.isEmpty }
        let a = pairs.map { $0.0.map { Double($0) } }, b = pairs.map { $0.1.map { Double($0) } }
        let na = a.reduce(0) { $0 + $1.count }, nb = b.reduce(0) { $0 + $1.count }
        guard na > 0, nb > 0 else { return nil }
        let ma = RatioStatistics.quantile(a.flatMap { $0 }, 0.5), mb = RatioStatistics.quantile(b.flatMap { $0 }, 0.5)
        guard ma > 0 else { return nil }
        var out = MedianRatio(ratio: mb / ma, interval: nil, replicates: [])
        guard na >= RatioStatistics.minimumSamples, nb >= RatioStatistics.minimumSamples else { return out }
        var random = SeededRandom(seed: seed)
        var bufferA: [Double] = [], bufferB: [Double] = []
        out.replicates.reserveCapacity(resamples)
        for _ in 0..<resamples {
            RatioStatistics.resample(a, into: &bufferA, &random)
            RatioStatistics.resample(b, into: &bufferB, &random)
            let m = RatioStatistics.quantile(bufferA, 0.5)
            out.replicates.append(m > 0 ? RatioStatistics.quantile(bufferB, 0.5) / m : .infinity)
        }
        out.interval = interval(out.replicates)
        return out
    }

    /// The central `RatioStatistics.confidence` range of `replicates`.
    static func interval(_ replicates: [Double]) -> ClosedRange<Double>? {
        guard !replicates.isEmpty else { return nil }
        let s = replicates.sorted(), n = s.count
        let tail = (1 - RatioStatistics.confidence) / 2
        let lo = Int((tail * Double(n)).rounded(.down))
        let hi = min(n - 1, Int(((1 - tail) * Double(n)).rounded(.up)) - 1)
        return s[lo]...s[max(lo, hi)]
    }

    /// The geometric mean of several groups' ratios, its interval from the geometric means of
    /// their replicates taken index by index (groups without replicates leave the interval out).
    static func geometricMean(_ ratios: [MedianRatio]) -> MedianRatio? {
        let r = ratios.filter { $0.ratio > 0 && $0.ratio.isFinite }
        guard !r.isEmpty else { return nil }
        func mean(_ xs: [Double]) -> Double { exp(xs.map { log($0) }.reduce(0, +) / Double(xs.count)) }
        var out = MedianRatio(ratio: mean(r.map(\.ratio)), interval: nil, replicates: [])
        if r.allSatisfy({ $0.replicates.count == resamples }) {
            out.replicates = (0..<resamples).map { k in mean(r.map { $0.replicates[k] }) }
            out.interval = interval(out.replicates.filter(\.isFinite))
        }
        return out
    }

    /// `1.07×`, or `1.07× [0.98, 1.17]` with an interval.
    var text: String {
        Figures.fixed(ratio) + "×" + (interval.map { " [" + Figures.fixed($0.lowerBound) + ", " + Figures.fixed($0.upperBound) + "]" } ?? "")
    }

    /// Hyperfine's form, `2.30× ± 0.10 slower` (or `faster`, by the inverse ratio below 1), the
    /// ± half the interval's width; without an interval just the ratio.
    var comparison: String {
        let slower = ratio >= 1
        let x = slower ? ratio : 1 / ratio
        var out = Figures.fixed(x) + "×"
        if let i = interval {
            let lo = slower ? i.lowerBound : 1 / i.upperBound, hi = slower ? i.upperBound : 1 / i.lowerBound
            out += " ± " + Figures.fixed((hi - lo) / 2)
        }
        return out + (slower ? " slower" : " faster")
    }
}

extension ReportFacts {
    /// Per other strategy and phase, the geometric mean over groups of the median-ratio
    /// estimates, in `strategies` and phase order.
    func ratioSummary(_ ratios: [Ratio]) -> [(strategy: String, phase: ItemRecord.Phase, groups: Int, ratio: MedianRatio)] {
        var out: [(strategy: String, phase: ItemRecord.Phase, groups: Int, ratio: MedianRatio)] = []
        for (k, s) in strategies.dropFirst().enumerated() {
            for phase in ItemRecord.Phase.allCases {
                let group = ratios.filter { $0.phase == phase }.compactMap { $0.ratios[k] }
                if let m = MedianRatio.geometricMean(group) { out.append((s, phase, group.count, m)) }
            }
        }
        return out
    }

    /// One hyperfine-style line per other strategy and phase: `B is 2.30× ± 0.10 slower than A
    /// in first (12 groups; 95% interval [2.20, 2.41])`; empty with one strategy.
    func summaryLines(_ ratios: [Ratio]) -> [String] {
        guard let base = strategies.first else { return [] }
        return ratioSummary(ratios).map { s in
            var line = "\(s.strategy) is \(s.ratio.comparison) than \(base) in phase \(s.phase.rawValue) ("
            line += Figures.count(s.groups, "group") + ", geometric mean of the ratios of median " + (results.isMetered ? "instruction counts" : "wall time")
            if let i = s.ratio.interval {
                line += "; 95% interval [" + Figures.fixed(i.lowerBound) + ", " + Figures.fixed(i.upperBound) + "]"
                if !s.ratio.clear { line += ": it includes 1, no clear difference" }
            } else if !results.isMetered {
                line += "; too few samples for an interval: --repeat 10 gives one"
            }
            return line + ")" + solverAlone(s.strategy, base: base, phase: s.phase)
        }
    }

    /// For an outside solver that reports its own time: the share of its latency its solver
    /// itself spent (median solver time over median wall time, geometric mean over its groups),
    /// since its round trip adds the process, the protocol and often an interpreter; "" otherwise.
    func solverAlone(_ strategy: String, base: String, phase: ItemRecord.Phase) -> String {
        var logs: [Double] = []
        for a in summary where a.strategy == strategy && a.phase == phase && a.solver.count > 0 && a.wall.count > 0 {
            let own = Double(a.solver.value(atPercentile: 50)), wall = Double(a.wall.value(atPercentile: 50))
            if own > 0, wall > 0 { logs.append(log(own / wall)) }
        }
        guard !logs.isEmpty else { return "" }
        let share = exp(logs.reduce(0, +) / Double(logs.count))
        return "; its solver's own time (solverSeconds) is " + Figures.fixed(100 * share) + "% of its latency (the rest: the layout engine, the adapter process and the protocol)"
    }
}
