import LinearConstraints

/// A proof that a list of constraints, all taken as hard, cannot hold together (Farkas' lemma).
///
/// Write constraint `i` as `eᵢ(x) RELᵢ 0` with `eᵢ(x) = aᵢ·x + kᵢ`. The multipliers `λᵢ` satisfy
/// - `λᵢ ≥ 0` for `<=`, `λᵢ ≤ 0` for `>=`, any sign for `==`, so each `λᵢ·eᵢ(x) ≤ 0` holds;
/// - `Σ λᵢ·aᵢ = 0`: every variable cancels;
/// - `Σ λᵢ·kᵢ > 0`.
/// Then `Σ λᵢ·eᵢ(x) = Σ λᵢ·kᵢ > 0` for every `x`, yet the constraints force it `≤ 0`. Checking
/// this takes exact arithmetic and no trust in the solver that produced it (`verifies`).
public struct FarkasCertificate: Hashable, Sendable, CustomStringConvertible {
    /// One multiplier per constraint of the analysed list, in its order.
    public var multipliers: [Rational]

    public init(multipliers: [Rational]) { self.multipliers = multipliers }

    /// Indices of the constraints with a non-zero multiplier: an infeasible subset.
    public var support: [Int] { multipliers.indices.filter { !multipliers[$0].isZero } }

    /// True when the multipliers prove that `constraints` (taken as hard, whatever their
    /// priority) are infeasible. False for a wrong count, a sign violation, a variable that does
    /// not cancel, a combination that is not a positive constant, or a non-finite input.
    /// O(total terms) exact operations.
    public func verifies(_ constraints: [Constraint]) -> Bool {
        guard constraints.count == multipliers.count else { return false }
        var rows: [ExactRow] = []
        for c in constraints {
            guard let row = try? ExactRow(c, what: "constraint") else { return false }
            rows.append(row)
        }
        return Self.proves(multipliers, rows)
    }

    /// The check of `verifies` on exact rows.
    static func proves(_ lambda: [Rational], _ rows: [ExactRow]) -> Bool {
        var combination: [Int: Rational] = [:]
        var constant = Rational.zero
        for (l, row) in zip(lambda, rows) where !l.isZero {
            switch row.relation {
            case .lessThanOrEqual where l.signum < 0: return false
            case .greaterThanOrEqual where l.signum > 0: return false
            default: break
            }
            constant += l * row.constant
            for t in row.terms { combination[t.variable, default: .zero] += l * t.coefficient }
        }
        return constant.signum > 0 && combination.values.allSatisfy(\.isZero)
    }

    public var description: String {
        "Farkas[" + multipliers.map(\.description).joined(separator: ", ") + "]"
    }
}

/// Whether a list of constraints, all taken as hard, can hold together.
public enum Feasibility: Hashable, Sendable {
    case feasible
    /// Infeasible, with a certificate whose multipliers are parallel to the list.
    case infeasible(FarkasCertificate)

    public var isFeasible: Bool { self == .feasible }
}
