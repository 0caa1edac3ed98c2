import LinearConstraints

/// The oracle's judgement of a claimed conflict set.
public struct ConflictVerdict: Hashable, Sendable {
    /// The set cannot hold when every member is taken as hard.
    public var isInfeasible: Bool
    /// A proof of infeasibility for the whole set (multipliers parallel to it), when infeasible.
    public var certificate: FarkasCertificate?
    /// Members whose removal leaves the rest still infeasible: the set is minimal exactly when
    /// it is infeasible and this is empty.
    public var removableMembers: [Int]
    /// Members that are not required constraints (a conflict is about required constraints only).
    public var nonRequiredMembers: [Int]

    /// Infeasible, and removing any one member makes the rest satisfiable.
    public var isMinimal: Bool { isInfeasible && removableMembers.isEmpty }
}

/// Exact infeasibility analysis of constraint lists, independent of any solver state.
///
/// All functions take the listed constraints as hard whatever their priority, and refuse
/// non-finite input with `.nonFinite`. Each feasibility test is one exact phase 1.
public enum ConflictAnalysis {
    /// Whether `constraints` can all hold, with a Farkas certificate when they cannot.
    public static func feasibility(of constraints: [Constraint]) throws(SolverError) -> Feasibility {
        let certificate = farkas(try hardRows(constraints))
        return certificate.map { .infeasible(FarkasCertificate(multipliers: $0)) } ?? .feasible
    }

    /// A minimal infeasible subset of `constraints` (indices ascending) with its certificate
    /// (multipliers parallel to the subset), or nil when they are feasible.
    ///
    /// The certificate's support is already infeasible; a deletion filter over it then drops
    /// every member whose removal keeps the rest infeasible. Infeasibility is monotone, so
    /// each kept member is needed in the final set: it is minimal (Chinneck & Dravnieks 1991).
    /// Cost: one phase 1 per support member.
    public static func minimalConflict(in constraints: [Constraint]) throws(SolverError)
        -> (members: [Int], certificate: FarkasCertificate)?
    {
        try minimalConflict(rows: hardRows(constraints))
    }

    /// Whether `constraints`, all taken as required, are infeasible once every variable they
    /// name is held within ±`bound`. A set the oracle finds feasible only far beyond the numbers
    /// it states holds through the rounding of its own coefficients: a location multiplied by
    /// 0.1 in superview coordinates lowers as 0.1·a + 0.9·o, and 0.1 and 0.9 as doubles add up
    /// to 1 + 2.8e-17, so a set that is infeasible in real numbers holds exactly with a value
    /// near −2.9e16 (corpora/regressions/conflict-claim-through-coefficient-rounding.json). One phase 1.
    public static func infeasible(within bound: Double, _ constraints: [Constraint]) throws(SolverError) -> Bool {
        var bounded = constraints.map { c -> Constraint in
            var r = c
            r.priority = .required
            return r
        }
        var seen = Set<Variable>()
        for c in constraints {
            for term in c.expression.terms where seen.insert(term.variable).inserted {
                bounded.append(Constraint(LinearExpression(term.variable) - bound, .lessThanOrEqual))
                bounded.append(Constraint(LinearExpression(term.variable) + bound, .greaterThanOrEqual))
            }
        }
        return farkas(try hardRows(bounded)) != nil
    }

    /// Judges a claimed conflict set: is it infeasible, and which members could be dropped.
    /// Cost: one phase 1 per member.
    public static func verdict(on constraints: [Constraint]) throws(SolverError) -> ConflictVerdict {
        let rows = try hardRows(constraints)
        let nonRequired = constraints.indices.filter { !constraints[$0].isRequired }
        guard let lambda = farkas(rows) else {
            return ConflictVerdict(
                isInfeasible: false, certificate: nil, removableMembers: [], nonRequiredMembers: nonRequired)
        }
        let removable = rows.indices.filter { i in
            var rest = rows
            rest.remove(at: i)
            return farkas(rest) != nil
        }
        return ConflictVerdict(
            isInfeasible: true, certificate: FarkasCertificate(multipliers: lambda),
            removableMembers: removable, nonRequiredMembers: nonRequired)
    }

    // MARK: - On exact rows

    /// Farkas multipliers proving `rows` (hard) infeasible, or nil when they are feasible.
    static func farkas(_ rows: [ExactRow]) -> [Rational]? {
        var program = LexicographicProgram(rows: rows.map(\.hard))
        return program.phaseOne()
    }

    /// The deletion filter of `minimalConflict` on exact rows.
    static func minimalConflict(rows: [ExactRow]) -> (members: [Int], certificate: FarkasCertificate)? {
        guard let lambda = farkas(rows) else { return nil }
        var members = lambda.indices.filter { !lambda[$0].isZero }
        var k = 0
        while k < members.count {
            var without = members
            without.remove(at: k)
            if farkas(without.map { rows[$0] }) != nil {
                members = without
            } else {
                k += 1
            }
        }
        let final = farkas(members.map { rows[$0] }) ?? []
        return (members, FarkasCertificate(multipliers: final))
    }

    static func hardRows(_ constraints: [Constraint]) throws(SolverError) -> [ExactRow] {
        var rows: [ExactRow] = []
        for (i, c) in constraints.enumerated() { rows.append(try ExactRow(c, what: "constraint \(i)").hard) }
        return rows
    }
}

extension ExactRow {
    /// The same row taken as required.
    var hard: ExactRow {
        var r = self
        r.priority = nil
        return r
    }
}
