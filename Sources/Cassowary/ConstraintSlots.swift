import LinearConstraints

/// The record slot of each constraint in a solver, by the client's `ConstraintID`.
///
/// Clients number constraints densely (the layout engine by constraint index, the system-file
/// reader in file order), so ids from 0 up to a bound in proportion to the entries live in an
/// array; any other id (negative, or far beyond the others) in a dictionary. A layout of 960
/// views adds about 6 000 constraints, and a dictionary alone spent 7% of its first layout in
/// hashing, probing and growing. Memory stays linear: the array grows only to
/// `2 × count + 1024` entries at most, counted when it grows.
struct ConstraintSlots {
    /// Slot by raw id for ids in `0..<dense.count`; -1 where the id is absent.
    private var dense: [Int32] = []
    /// Slots of the ids outside the array's range when they were added.
    private var sparse: [ConstraintID: Int32] = [:]
    /// How many ids have a slot.
    private(set) var count = 0
    /// The array's length (what the linear memory bound is about).
    var arrayLength: Int { dense.count }

    subscript(id: ConstraintID) -> Int32? {
        get {
            let i = id.rawValue
            if i >= 0 && i < dense.count {
                let s = dense[i]
                return s >= 0 ? s : nil
            }
            return sparse.isEmpty ? nil : sparse[id]
        }
        set {
            let i = id.rawValue
            if i >= dense.count, i < 2 * count + 1024, newValue != nil { grow(toCover: i) }
            if i >= 0 && i < dense.count {
                let had = dense[i] >= 0
                dense[i] = newValue ?? -1
                count += (newValue == nil ? 0 : 1) - (had ? 1 : 0)
            } else if let slot = newValue {
                if sparse.updateValue(slot, forKey: id) == nil { count += 1 }
            } else if sparse.removeValue(forKey: id) != nil {
                count -= 1
            }
        }
    }

    /// Widens the array to cover `i` (at least doubling it, within `2 × count + 1024`) and moves
    /// the dictionary's ids that now fall in its range into it, so that an id is only ever in one
    /// of the two.
    private mutating func grow(toCover i: Int) {
        let size = min(max(i + 1, 2 * dense.count), 2 * count + 1024)
        dense.append(contentsOf: repeatElement(-1, count: size - dense.count))
        guard !sparse.isEmpty else { return }
        let moving = sparse.filter { $0.key.rawValue >= 0 && $0.key.rawValue < size }
        for (id, slot) in moving {
            dense[id.rawValue] = slot
            sparse[id] = nil
        }
    }

    /// Every (id, slot) pair in increasing id order.
    func sortedByID() -> [(id: ConstraintID, slot: Int32)] {
        var out: [(id: ConstraintID, slot: Int32)] = []
        out.reserveCapacity(count)
        for (i, s) in dense.enumerated() where s >= 0 { out.append((ConstraintID(i), s)) }
        out += sparse.map { (id: $0.key, slot: $0.value) }
        out.sort { $0.id < $1.id }
        return out
    }
}
