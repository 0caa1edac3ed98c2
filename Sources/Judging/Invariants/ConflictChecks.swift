import AutoLayout
import ExactSolver
import LinearConstraints

/// The findings of `conflict-real` and `conflict-minimal` on one device.
struct ConflictFindings {
    var real: [Finding] = []
    var minimal: [Finding] = []
}

extension UnitPass {
    /// Largest claimed conflict the oracle judges (one exact phase 1 per member).
    static var conflictSizeLimit: Int { 40 }

    /// Judges every conflict the solver claimed during the last layout with the exact oracle:
    /// the members must be constraints it held (or the rejected one), all required, infeasible
    /// together (`conflict-real`; a set that holds only beyond 1e12 times its largest number is
    /// infeasible up to the rounding of its coefficients and passes), and each one needed
    /// (`conflict-minimal`). A device without
    /// claims passes both. Sets above `conflictSizeLimit` members are judged for membership only.
    func judgeClaims(_ claims: [RecordingSolver<S>.ConflictClaim]) -> ConflictFindings? {
        var out = ConflictFindings()
        for claim in claims {
            let names = claim.members.map { self.name(of: $0.id) }
            let constraints = claim.members.compactMap(\.constraint)
            guard constraints.count == claim.members.count else {
                let unknown = claim.members.filter { $0.constraint == nil }.map { self.name(of: $0.id) }
                out.real.append(Finding(detail: "conflict \(names) names constraints the solver does not hold: \(unknown)", constraints: names))
                continue
            }
            if !claim.members.contains(where: { $0.id == claim.rejected }) {
                out.real.append(Finding(detail: "conflict \(names) leaves out the rejected constraint \(name(of: claim.rejected))",
                                        constraints: names + [name(of: claim.rejected)]))
            }
            guard constraints.count <= Self.conflictSizeLimit, let verdict = try? ConflictAnalysis.verdict(on: constraints) else { continue }
            for k in verdict.nonRequiredMembers {
                out.real.append(Finding(detail: "conflict \(names) has a non-required member \(names[k]) (priority \(constraints[k].priority))",
                                        constraints: names))
            }
            if !verdict.isInfeasible {
                // Feasible only beyond 1e12 times the largest number the set states: the set holds
                // through the rounding of its own coefficients, and the claim is right up to it
                // (the double-precision class, ConflictAnalysis.infeasible(within:_:)).
                let scale = constraints.map { c in c.expression.terms.reduce(abs(c.expression.constant)) { max($0, abs($1.coefficient)) } }.max() ?? 1
                if (try? ConflictAnalysis.infeasible(within: 1e12 * max(1, scale), constraints)) == true { continue }
                out.real.append(Finding(detail: "conflict \(names) can hold: the oracle finds the set satisfiable", constraints: names))
            } else if !verdict.removableMembers.isEmpty {
                let extra = verdict.removableMembers.map { names[$0] }
                out.minimal.append(Finding(
                    detail: "conflict \(names) is not minimal: still infeasible without any one of \(extra)",
                    got: [Double(names.count)], expected: [Double(names.count - extra.count)], constraints: names))
            }
        }
        return out
    }

    /// The name of constraint `id` in the current lowering (`#identifier`, or what it pins), or
    /// of a device pin (`main UIView-Encapsulated-Layout-Width`).
    func name(of id: ConstraintID) -> String { engine.constraintName(id) }
}
