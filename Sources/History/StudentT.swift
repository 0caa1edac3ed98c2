import Foundation

/// Student's t distribution: the two-sided tail probability and the quantile, as the change-point
/// test needs them. The probability is the regularized incomplete beta function evaluated by its
/// continued fraction (modified Lentz), as in Press et al., "Numerical Recipes", §6.4; accurate to
/// about 1e-12, far finer than the 0.001 level the test reads it at.
enum StudentT {
    /// P(|T| ≥ |t|) for T with `df` degrees of freedom (df > 0).
    static func twoSidedP(_ t: Double, df: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        return incompleteBeta(df / (df + t * t), a: df / 2, b: 0.5)
    }

    /// The t with P(T ≤ t) = `p` (0 < p < 1), by bisection on the tail probability. O(60 evaluations).
    static func quantile(_ p: Double, df: Double) -> Double {
        let tail = 2 * min(p, 1 - p)  // two-sided probability of |T| ≥ t
        var lo = 0.0, hi = 1.0
        while twoSidedP(hi, df: df) > tail { hi *= 2 }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if twoSidedP(mid, df: df) > tail { lo = mid } else { hi = mid }
        }
        let t = (lo + hi) / 2
        return p < 0.5 ? -t : t
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1.
    static func incompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let front = exp(logBeta + logPowers)
        // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry
        // I_x(a, b) = 1 - I_{1-x}(b, a) otherwise.
        if x < (a + 1) / (a + b + 2) { return front * continuedFraction(x, a: a, b: b) / a }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...300 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return h
    }
}
