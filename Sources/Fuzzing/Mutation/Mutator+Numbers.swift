import LinearConstraints
import StrutSystem

/// The numbers mutations draw: tweaks of an existing value, values UIKit layouts are full of,
/// and extremes. Every result is finite (the readers reject NaN and infinities) and at most 1e12
/// in magnitude, so repeated mutation cannot overflow a file into unreadability.
extension Mutator {
    /// Lengths and offsets that real layouts use.
    static let interestingLengths: [Double] = [0, 1, -1, 8, 16, 20, 44, 100, 320, 375, 1024]
    /// The extremes: zero, large, tiny, and their negatives.
    static let extremeLengths: [Double] = [0, 1e6, -1e6, 1e-6, -1e-6, 123_456.789]
    /// UIKit's special priorities: just below required (999, 999.5), the named levels, the lowest.
    static let specialPriorities: [Float] = [999, 999.5, 1, 250, 750, 1000, 50, 500, 251, 749]
    /// Multipliers worth trying; 0 is refused for locations, which the validity check catches.
    static let interestingMultipliers: [Double] = [1, -1, 2, 0.5, 0, 0.1, 10, 1e6, 1e-6]

    /// A new value near `x` (70%), a common length (20%) or an extreme (10%); never `x` itself
    /// unless every draw lands there. `nonNegative` keeps sizes legal (`abs`).
    mutating func tweak(_ x: Double, nonNegative: Bool = false) -> Double {
        let r = random.unit()
        var y: Double
        if r < 0.7 {
            y = nearby(x)
        } else if r < 0.9 {
            y = random.pick(Self.interestingLengths)
        } else {
            y = random.pick(Self.extremeLengths)
        }
        if nonNegative { y = abs(y) }
        if y == x { y = x == 0 ? 1 : x + (nonNegative || x < 0 ? 1 : -1) }
        return Self.bounded(y)
    }

    /// A small change of `x`: a step of a half-point multiple, a scaling, a rounding.
    mutating func nearby(_ x: Double) -> Double {
        switch random.int(in: 0...4) {
        case 0, 1:
            let step = random.stepped(-20...20, step: 0.5)
            return x + (step == 0 ? 1 : step)
        case 2: return x * random.pick([2, 0.5, 1.5, -1])
        case 3: return x.rounded() == x ? x + random.pick([1, -1]) : x.rounded()
        default: return x + random.stepped(-2...2, step: 0.125)
        }
    }

    /// A new multiplier for `m`: an interesting one, or `m` scaled a little.
    mutating func tweakMultiplier(_ m: Double) -> Double {
        let y = random.chance(0.6) ? random.pick(Self.interestingMultipliers) : m * random.pick([1.1, 0.9, 2, 0.5, -1])
        return Self.bounded(y == m ? m + 1 : y)
    }

    /// A new non-zero coefficient for a system term.
    mutating func tweakCoefficient(_ c: Double) -> Double {
        let y = random.chance(0.5) ? random.pick([1, -1, 2, 0.5, -2, 3, 1e6, 1e-6]) : c * random.pick([2, 0.5, -1, 1.5])
        let z = Self.bounded(y)
        return z == 0 || z == c ? c + 1 : z
    }

    /// A priority other than `p`: a special one most of the time, else `p` nudged by one or a
    /// uniformly drawn integer level.
    mutating func tweakPriority(_ p: Priority) -> Priority {
        var v: Float
        switch random.int(in: 0...5) {
        case 0: v = min(1000, max(1, p.value + random.pick([1, -1])))
        case 1: v = Float(random.int(in: 1...1000))
        default: v = random.pick(Self.specialPriorities)
        }
        if v == p.value { v = p.value == 1000 ? 999 : 1000 }
        return Priority.validated(Double(v)) ?? .required
    }

    /// A relation other than `r`.
    mutating func otherRelation(_ r: Relation) -> Relation {
        random.pick([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].filter { $0 != r })
    }

    /// `y` clamped to ±1e12 (and 0 for anything not finite, which cannot arise from the draws
    /// above but must never reach a file).
    static func bounded(_ y: Double) -> Double {
        guard y.isFinite else { return 0 }
        return min(1e12, max(-1e12, y))
    }
}
