import LinearConstraints

/// Minimal conflicting sets for rejected required constraints.
///
/// The failed phase-one row is a combination of original constraint rows with every restricted
/// coefficient of the wrong sign: a Farkas certificate. The constraints owning its slack and dummy
/// symbols, with the new one, are infeasible together. A deletion filter then drops every member
/// whose removal leaves the set infeasible, so the result is minimal: each member is needed
/// (Chinneck's deletion filter; each test is a fresh solve of the small candidate set).
///
/// With `minimizeConflicts` off (a layout pass that leaves diagnostics for later), a rejected add
/// reports the certificate's members and the new constraint as they are: O(certificate), a
/// conflicting set up to rounding but not necessarily minimal; `minimalConflict(among:adding:)`
/// minimises it when the report is asked for.
extension CassowaryCore {
    func explainConflict(_ new: Constraint, id: ConstraintID?, certificate: [Int32]) -> [ConstraintID] {
        guard explainConflicts, let id else { return id.map { [$0] } ?? [] }
        let members = certificateMembers(certificate)
        guard minimizeConflicts else { return (members.map(\.0) + [id]).sorted() }
        return Self.minimalConflict(among: members, adding: (id, new)) {
            records.compactMap { r -> (ConstraintID, Constraint)? in
                guard let r, r.constraint.priority.isRequired, let rid = r.id else { return nil }
                return (rid, r.constraint)
            }.sorted { $0.0 < $1.0 }
        }
    }

    /// The required constraints owning the certificate's symbols, by id, each once.
    func certificateMembers(_ certificate: [Int32]) -> [(ConstraintID, Constraint)] {
        var members: [(ConstraintID, Constraint)] = []
        var seen: Set<Int32> = []
        for s in certificate where Int(s) < tableau.owners.count {
            let owner = tableau.owners[Int(s)]
            guard owner >= 0, Int(owner) < records.count, let record = records[Int(owner)],
                record.constraint.priority.isRequired, let rid = record.id, seen.insert(owner).inserted
            else { continue }
            members.append((rid, record.constraint))
        }
        return members.sorted { $0.0 < $1.0 }
    }

    /// The deletion filter: a minimal subset of `members` that is infeasible with `new` (as
    /// required constraints), `new` included, sorted. When `members` and `new` are not infeasible
    /// together (rounding hid a member from a certificate), it starts from `fallback()`, which is
    /// only built then. O(k) fresh solves of at most k constraints, k = the starting set's size.
    static func minimalConflict(
        among given: [(ConstraintID, Constraint)], adding new: (ConstraintID, Constraint), fallback: () -> [(ConstraintID, Constraint)]
    ) -> [ConstraintID] {
        var members = isInfeasible(given + [new]) ? given : fallback().filter { $0.0 != new.0 }
        var i = 0
        while i < members.count {
            var without = members
            without.remove(at: i)
            if isInfeasible(without + [new]) { members = without } else { i += 1 }
        }
        return (members.map(\.0) + [new.0]).sorted()
    }

    /// True when the constraints cannot all hold as required constraints.
    static func isInfeasible(_ set: [(ConstraintID, Constraint)]) -> Bool {
        var solver = CassowaryCore(weighted: false)
        solver.explainConflicts = false
        for (id, c) in set {
            var required = c
            required.priority = .required
            do { try solver.add(required, id: id) } catch { return true }
        }
        return false
    }
}

extension CassowarySolver {
    /// Whether a rejected required add reports a minimal conflicting set (true, the default) or
    /// the set its Farkas certificate names (false: O(certificate), conflicting up to rounding,
    /// not necessarily minimal; `minimalConflict(among:adding:fallback:)` minimises it later).
    public var minimizesConflicts: Bool {
        get { box.core.minimizeConflicts }
        set {
            unique()
            box.core.minimizeConflicts = newValue
        }
    }

    /// A minimal conflicting set: the least subset of `members` that cannot hold with `new`
    /// (all as required constraints), `new` included, sorted by id; starting from `fallback()`
    /// (built only then) when `members` and `new` are not infeasible together. Chinneck's
    /// deletion filter.
    public static func minimalConflict(
        among members: [(ConstraintID, Constraint)], adding new: (ConstraintID, Constraint), fallback: () -> [(ConstraintID, Constraint)]
    ) -> [ConstraintID] {
        CassowaryCore.minimalConflict(among: members, adding: new, fallback: fallback)
    }
}
