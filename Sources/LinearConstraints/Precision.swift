/// How much of a solved system's answer double precision can vouch for: a condition estimate
/// taken from the original constraints at the answer, not from any solver's rows, so it means the
/// same for every strategy (Strut's engines, the exact oracle's rounded answer, an outside solver).
///
/// A double keeps 53 bits. A solver reaches every value through eliminations, and the largest
/// number such an elimination handles is about the largest magnitude in play (`magnitude`:
/// constants, suggested values, `|a·x|` of every term) times how far one coefficient can blow
/// another up (`spread`: the largest over the smallest non-zero `|coefficient|`); rounding
/// leaves a few units in the last place of that number in every value (`resolution`). Example
/// (`known-findings/double-precision-limit.json`): `v2.width == 1e-06 * v1.width` beside
/// `v3.width == v2.width - 1953125000` reaches `v1.width` through `1e6 * 1.95e9 = 1.95e15`, where
/// a double has two bits below 1; a width of 1 there cannot be told from 0 or 2.
///
/// The verdict (`verdict`) compares `resolution` with the accuracy an answer is asked for: 1e-6
/// of a unit (a point), or 1e-12 of the largest number the system states (`stated`: constants and
/// suggested values), whichever is larger; a system beyond it, or whose answer misses a required
/// constraint by more than 1e-6 but within `resolution`, gets
/// `PrecisionVerdict.beyondDoublePrecision`: its values are only good to `resolution`, and a
/// difference of that size between two answers (two strategies, two orders of the constraints)
/// is rounding, not a wrong answer. Pessimistic by design: the bound holds for any order of
/// elimination, so real answers are usually much better than it.
///
/// `residual` (the largest violation of a required constraint at the answer) is measured against
/// the original constraints too. A residual gathers the rounding of every elimination that
/// reached it, so what rounding explains there is `resolution` once per constraint in play
/// (`accumulatedResolution`, the textbook n·u bound of elimination): a residual within it is
/// rounding; one beyond it is not. (A 48-step system with a 1e15 constant and coefficients
/// from 1e-3 to 1e6 missed a required constraint by 9e9, two resolutions, with 30 constraints in
/// play: known-findings/required-residual-accumulated-rounding.system.json.)
///
/// Cost: O(terms) over the constraints.
public struct PrecisionEstimate: Hashable, Sendable, CustomStringConvertible {
    /// The largest `|constant|`, `|coefficient × value|`, `|value|` and extra magnitude (suggested
    /// values) in play.
    public var magnitude: Double
    /// The largest `|constant|` and extra magnitude: the numbers the system states.
    public var stated: Double
    /// The largest over the smallest non-zero `|coefficient|` (at least 1).
    public var spread: Double
    /// The largest violation of a required constraint at the answer (0 when all hold).
    public var residual: Double
    /// The constraints the estimate was taken over (at least 1): how many eliminations can
    /// have added their rounding to a residual.
    public var constraintCount: Int

    /// Units in the last place that rounding leaves in a value: the engines' own relative
    /// tolerances (Cassowary's `snapConstant`, 1e-15 of a row's magnitude) are of this order.
    public static let roundingUnits = 4.0
    /// The absolute accuracy asked of an answer on any scale (a millionth of a point).
    public static let absoluteAccuracy = 1e-6
    /// The relative accuracy asked of an answer whose stated numbers are large: no answer can be
    /// asked for more digits than the numbers it was given.
    public static let relativeAccuracy = 1e-12

    public init(magnitude: Double, stated: Double, spread: Double, residual: Double, constraintCount: Int = 1) {
        self.magnitude = magnitude
        self.stated = stated
        self.spread = spread
        self.residual = residual
        self.constraintCount = max(1, constraintCount)
    }

    /// The estimate for `constraints` at the values `value(of:)` gives, with `extraMagnitudes`
    /// (suggested values of edit variables) counted as stated numbers.
    public init<C: Sequence>(constraints: C, value: (Variable) -> Double, extraMagnitudes: [Double] = []) where C.Element == Constraint {
        var magnitude = 0.0, stated = 0.0, smallest = Double.infinity, largest = 0.0, residual = 0.0, count = 0
        for m in extraMagnitudes where m.isFinite { stated = max(stated, abs(m)) }
        for c in constraints {
            count += 1
            let e = c.expression
            if e.constant.isFinite { stated = max(stated, abs(e.constant)) }
            for t in e.terms where t.coefficient != 0 && t.coefficient.isFinite {
                let a = abs(t.coefficient), x = abs(value(t.variable))
                smallest = min(smallest, a)
                largest = max(largest, a)
                if x.isFinite { magnitude = max(magnitude, x, a * x) }
            }
            if c.isRequired { residual = max(residual, c.violation(value)) }
        }
        self.init(magnitude: max(magnitude, stated), stated: stated, spread: largest > 0 ? max(1, largest / smallest) : 1, residual: residual,
                  constraintCount: count)
    }

    /// `roundingUnits` units in the last place of `magnitude × spread`: how far rounding alone
    /// can move a value.
    public var resolution: Double { Self.roundingUnits * Double.ulpOfOne * magnitude * spread }

    /// The accuracy an answer is asked for: `absoluteAccuracy`, or `relativeAccuracy` of the
    /// stated numbers when larger.
    public var accuracy: Double { max(Self.absoluteAccuracy, Self.relativeAccuracy * stated) }

    /// Whether double precision can hold the answer: beyond it when rounding can move values by
    /// more than `accuracy`, or when the answer visibly misses a required constraint (by more than
    /// `absoluteAccuracy`) by no more than rounding can (`resolution`): then the miss is the
    /// rounding, and a check that asks a constraint of small terms to hold to 1e-6 beside
    /// magnitudes of 3e10 asks more than doubles give.
    public var verdict: PrecisionVerdict {
        let roundingShows = residual > Self.absoluteAccuracy && residual <= resolution
        return resolution > accuracy || roundingShows ? .beyondDoublePrecision(resolution: resolution, accuracy: accuracy) : .reliable
    }

    /// True when the verdict is `beyondDoublePrecision`.
    public var isBeyondDoublePrecision: Bool { verdict != .reliable }

    /// `resolution` once per constraint: how far rounding alone can leave a required constraint
    /// from holding after eliminations through all of them.
    public var accumulatedResolution: Double { resolution * Double(constraintCount) }

    /// True when the required residual is within what rounding explains.
    public var residualExplained: Bool { explains(residual: residual) }

    /// Whether rounding explains a required constraint missed by `residual`.
    public func explains(residual: Double) -> Bool { residual <= max(accumulatedResolution, accuracy) }

    /// The worse of two estimates, for a run of several answers: one beyond double precision
    /// before one that is not, then the larger resolution over accuracy.
    public func worse(_ other: PrecisionEstimate?) -> PrecisionEstimate {
        guard let other else { return self }
        if other.isBeyondDoublePrecision != isBeyondDoublePrecision { return other.isBeyondDoublePrecision ? other : self }
        return other.resolution / other.accuracy > resolution / accuracy ? other : self
    }

    public var description: String {
        "values good to \(Self.short(resolution)) (magnitude \(Self.short(magnitude)), coefficient spread \(Self.short(spread)), "
            + "accuracy asked \(Self.short(accuracy)), required residual \(Self.short(residual)))"
    }

    /// Three significant digits, for messages (`1.73`, `0.00195`, `1.95e9`).
    static func short(_ x: Double) -> String {
        guard x.isFinite, x != 0 else { return "\(x)" }
        var exponent = Int(abs(x).log10Floor)
        var mantissa = ((x / pow10(exponent)) * 100).rounded() / 100
        if abs(mantissa) >= 10 {
            mantissa /= 10
            exponent += 1
        }
        if exponent >= -3 && exponent < 6 { return formatJSONNumber(((mantissa * pow10(exponent)) * pow10(2 - exponent)).rounded() / pow10(2 - exponent)) }
        return formatJSONNumber(mantissa) + "e" + String(exponent)
    }

    static func pow10(_ n: Int) -> Double {
        var r = 1.0
        for _ in 0..<abs(n) { r *= 10 }
        return n < 0 ? 1 / r : r
    }
}

extension Double {
    /// ⌊log10 |x|⌋ without Foundation (x finite, non-zero).
    fileprivate var log10Floor: Double {
        var e = 0.0, y = abs(self)
        while y >= 10 { y /= 10; e += 1 }
        while y < 1 { y *= 10; e -= 1 }
        return e
    }
}

/// The typed answer to "can double precision hold this system's answer?" (`PrecisionEstimate`).
public enum PrecisionVerdict: Hashable, Sendable {
    /// Rounding moves values by less than the accuracy asked for.
    case reliable
    /// Rounding alone can move values by `resolution`, more than the `accuracy` asked for: the
    /// answer's numbers exceed what double precision holds, and values are good to `resolution` only.
    case beyondDoublePrecision(resolution: Double, accuracy: Double)
}
