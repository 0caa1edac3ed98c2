import LinearConstraints

/// Per constraint id, the solver's record slot. Clients number constraints densely (the layout
/// lowering numbers them 0, 1, 2, ... per lowered system), so ids below twice the count live in
/// an array indexed by the id; any other id (negative, or far beyond the count) in a
/// dictionary. A dictionary alone hashed every id and rehashed 14 times on a first
/// layout of 6 924 rows: 2-4% of that layout. Lookups, inserts and removals are O(1) either way.
struct ConstraintSlots {
    /// Slot per dense id, -1 when absent.
    private var dense: [Int32] = []
    private var sparse: [ConstraintID: Int32] = [:]
    private(set) var count = 0

    subscript(id: ConstraintID) -> Int32? {
        get {
            let r = id.rawValue
            if r >= 0, r < dense.count, dense[r] >= 0 { return dense[r] }
            return sparse.isEmpty ? nil : sparse[id]
        }
        set {
            let r = id.rawValue
            if r >= 0, r < dense.count, dense[r] >= 0 {
                dense[r] = newValue ?? -1
                if newValue == nil { count -= 1 }
                return
            }
            if sparse[id] != nil {
                sparse[id] = newValue
                if newValue == nil { count -= 1 }
                return
            }
            guard let value = newValue else { return }
            count += 1
            // Dense only within twice the count: a solver holding a few constraints of a large
            // system (a diagnosis's probes) keeps them in the dictionary, not in an array sized
            // by their highest id (the CI suite's diagnostics requested 5-19% more bytes).
            guard r >= 0, r < 2 * count + 16 else {
                sparse[id] = value
                return
            }
            if r >= dense.count {
                dense.append(contentsOf: repeatElement(-1, count: max(r + 1, 2 * dense.count, 16) - dense.count))
            }
            dense[r] = value
        }
    }

    /// Every (id, slot), in id order.
    func sortedByID() -> [(id: ConstraintID, slot: Int32)] {
        var out: [(id: ConstraintID, slot: Int32)] = []
        out.reserveCapacity(count)
        for (r, s) in dense.enumerated() where s >= 0 { out.append((ConstraintID(r), s)) }
        for (id, s) in sparse { out.append((id, s)) }
        if !sparse.isEmpty { out.sort { $0.id < $1.id } }
        return out
    }
}
