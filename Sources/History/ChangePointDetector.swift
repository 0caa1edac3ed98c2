import Foundation
import Gates

/// A shift in a series' level: the first point at the new level, the levels before and after
/// (medians of the two segments it separates), and the test that judged it.
public struct ChangePoint: Hashable, Sendable {
    /// The index of the first point at the new level.
    public var index: Int
    /// Medians of the segment before and of the segment after (up to the neighbouring change
    /// points).
    public var before: Double
    public var after: Double
    /// after / before − 1 (+∞ from a level of 0).
    public var change: Double
    /// A 95% interval on `change`, from the t interval on the difference of the segments' mean
    /// logarithms.
    public var interval: ClosedRange<Double>
    /// Two-sided p-value of Student's t-test between the two segments (in logarithms).
    public var pValue: Double
}

/// Finds the points where a series' level moved: E-divisive means (Matteson and James, "A
/// Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", JASA 2014)
/// to place each split, with a t-test in place of the permutation test for significance, as
/// MongoDB's Hunter does (Fleming et al., "Hunter: Using Change Point Detection to Hunt for
/// Performance Regressions", ICPE 2023), so the answer is deterministic and cheap.
///
/// Work is on logarithms, since performance figures shift by factors. A split is kept when the
/// t-test between its two segments gives p ≤ `maxPValue` and the medians differ by at least
/// `minimumChange` and by at least `minimumAbsoluteChange` in the figure's unit; both segments
/// are then split again. A last pass tests every kept change point against its neighbouring
/// segments only and drops the weakest that no longer passes, until all pass. Interior segments
/// hold at least `minimumSegment` points (a lone outlier is not a level); the newest segment may
/// be shorter, down to `minimumTail` points, so that a shift in the newest commit is found when
/// it lands.
///
/// Cost: O(n²) per segment examined, O(n² log n) for a series of n points at worst.
public struct ChangePointDetector: Hashable, Sendable {
    public var maxPValue = 0.001
    public var minimumChange = 0.01
    public var minimumSegment = 3
    public var minimumTail = 1
    /// The smallest difference of the medians kept, in the figure's own unit (0: any).
    public var minimumAbsoluteChange = 0.0

    public init(maxPValue: Double = 0.001, minimumChange: Double = 0.01, minimumAbsoluteChange: Double = 0, minimumSegment: Int = 3, minimumTail: Int = 1) {
        self.maxPValue = maxPValue
        self.minimumChange = minimumChange
        self.minimumAbsoluteChange = minimumAbsoluteChange
        self.minimumSegment = minimumSegment
        self.minimumTail = minimumTail
    }

    public func changePoints(_ values: [Double]) -> [ChangePoint] {
        let logs = values.map { log1p(max($0, 0)) }
        var splits: [Int] = []
        split(logs, values, 0, values.count, into: &splits)
        splits.sort()
        prune(logs, values, &splits)
        return splits.indices.map { k in
            test(logs, values, from: k == 0 ? 0 : splits[k - 1], at: splits[k], to: k + 1 < splits.count ? splits[k + 1] : values.count)!
        }
    }

    private func split(_ logs: [Double], _ values: [Double], _ a: Int, _ b: Int, into splits: inout [Int]) {
        guard let tau = bestSplit(logs, a, b), let t = test(logs, values, from: a, at: tau, to: b), passes(t) else { return }
        splits.append(tau)
        split(logs, values, a, tau, into: &splits)
        split(logs, values, tau, b, into: &splits)
    }

    private func passes(_ t: ChangePoint) -> Bool {
        t.pValue <= maxPValue && abs(t.change) >= minimumChange && abs(t.after - t.before) >= minimumAbsoluteChange
    }

    /// Drops, one at a time, the kept point with the largest p-value among those that fail when
    /// tested against their neighbouring segments alone.
    private func prune(_ logs: [Double], _ values: [Double], _ splits: inout [Int]) {
        while true {
            var worst: (k: Int, p: Double)?
            for k in splits.indices {
                let a = k == 0 ? 0 : splits[k - 1], b = k + 1 < splits.count ? splits[k + 1] : values.count
                guard let t = test(logs, values, from: a, at: splits[k], to: b) else { worst = (k, 2); break }
                if !passes(t), t.pValue > (worst?.p ?? -1) { worst = (k, t.pValue) }
            }
            guard let w = worst else { return }
            splits.remove(at: w.k)
        }
    }

    /// The split of [a, b) that maximises the E-divisive statistic
    /// Q(τ) = nL·nR/n · (2/(nL·nR)·Σ|x−y| − Σ_L|x−x'|/C(nL,2) − Σ_R|y−y'|/C(nR,2)),
    /// with α = 1, over the allowed positions; nil when the segment is too short to split.
    func bestSplit(_ x: [Double], _ a: Int, _ b: Int) -> Int? {
        let tail = b == x.count ? minimumTail : minimumSegment
        let first = a + minimumSegment, last = b - tail
        guard first <= last else { return nil }
        var within = 0.0  // all pairs of [a, b): the right side's sum while the left is empty
        for i in a..<b { for j in (i + 1)..<b { within += abs(x[i] - x[j]) } }
        var left = 0.0, right = within, between = 0.0
        var best: (tau: Int, q: Double)?
        for tau in a..<last {
            // Move x[tau] from the right side to the left: the left gains its distances to the
            // left, the right loses its distances to the rest of the right.
            var toLeft = 0.0, toRight = 0.0
            for i in a..<tau { toLeft += abs(x[tau] - x[i]) }
            for j in (tau + 1)..<b { toRight += abs(x[tau] - x[j]) }
            left += toLeft
            right -= toRight
            between += toRight - toLeft
            let position = tau + 1
            guard position >= first else { continue }
            let nl = Double(position - a), nr = Double(b - position), n = Double(b - a)
            let wl = nl > 1 ? left / (nl * (nl - 1) / 2) : 0
            let wr = nr > 1 ? right / (nr * (nr - 1) / 2) : 0
            let q = nl * nr / n * (2 * between / (nl * nr) - wl - wr)
            if q > (best?.q ?? -.infinity) + 1e-12 * abs(q) { best = (position, q) }
        }
        return best?.tau
    }

    /// Student's t-test (pooled variance, on logarithms) between [a, τ) and [τ, b), with the
    /// medians and the interval; nil when the two hold fewer than 3 points together.
    func test(_ logs: [Double], _ values: [Double], from a: Int, at tau: Int, to b: Int) -> ChangePoint? {
        let nl = tau - a, nr = b - tau
        guard nl >= 1, nr >= 1, nl + nr >= 3 else { return nil }
        let l = logs[a..<tau], r = logs[tau..<b]
        let ml = l.reduce(0, +) / Double(nl), mr = r.reduce(0, +) / Double(nr)
        let ss = l.reduce(0) { $0 + ($1 - ml) * ($1 - ml) } + r.reduce(0) { $0 + ($1 - mr) * ($1 - mr) }
        let df = Double(nl + nr - 2)
        let se = (ss / df * (1 / Double(nl) + 1 / Double(nr))).squareRoot()
        let difference = mr - ml
        // Equal points on both sides: a difference beyond rounding is certain, none is nothing.
        let exact = se <= 1e-12 * max(abs(ml), abs(mr), 1)
        let p = exact ? (abs(difference) > 1e-12 * max(abs(ml), 1) ? 0 : 1) : StudentT.twoSidedP(difference / se, df: df)
        let margin = exact ? 0 : StudentT.quantile(0.975, df: df) * se
        let before = Self.median(values[a..<tau]), after = Self.median(values[tau..<b])
        let change = before == 0 ? (after == 0 ? 0 : .infinity) : after / before - 1
        return ChangePoint(index: tau, before: before, after: after, change: change,
                           interval: (exp(difference - margin) - 1)...(exp(difference + margin) - 1), pValue: p)
    }

    static func median(_ v: ArraySlice<Double>) -> Double { RatioStatistics.quantile(Array(v), 0.5) }
}
