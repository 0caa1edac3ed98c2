import LinearConstraints

/// Minimal conflicting sets for rejected required constraints.
///
/// The failed phase-one row is a combination of original constraint rows with every restricted
/// coefficient of the wrong sign: a Farkas certificate. The constraints owning its slack and dummy
/// symbols, with the new one, are infeasible together. A deletion filter then drops every member
/// whose removal leaves the set infeasible, so the result is minimal: each member is needed
/// (Chinneck's deletion filter; each test is a fresh solve of the small candidate set).
extension CassowaryCore {
    func explainConflict(_ new: Constraint, id: ConstraintID?, certificate: [Int32]) -> [ConstraintID] {
        guard explainConflicts, let id else { return id.map { [$0] } ?? [] }
        var members: [(ConstraintID, Constraint)] = []
        var seen: Set<Int32> = []
        for s in certificate where Int(s) < tableau.owners.count {
            let owner = tableau.owners[Int(s)]
            guard owner >= 0, Int(owner) < records.count, let record = records[Int(owner)],
                record.constraint.priority.isRequired, let rid = record.id, seen.insert(owner).inserted
            else { continue }
            members.append((rid, record.constraint))
        }
        members.sort { $0.0 < $1.0 }
        let newMember = (id, new)
        if !Self.isInfeasible(members + [newMember]) {
            // Rounding hid a member from the certificate: start from every required constraint.
            members = records.compactMap { r in
                guard let r, r.constraint.priority.isRequired, let rid = r.id else { return nil }
                return (rid, r.constraint)
            }.sorted { $0.0 < $1.0 }
        }
        var i = 0
        while i < members.count {
            var without = members
            without.remove(at: i)
            if Self.isInfeasible(without + [newMember]) { members = without } else { i += 1 }
        }
        return (members.map(\.0) + [id]).sorted()
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
