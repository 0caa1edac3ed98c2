import LinearConstraints

/// A key numbered by the client, usually densely from 0.
protocol DenseKey: Hashable, Comparable {
    var denseIndex: Int { get }
    init(denseIndex: Int)
}

extension ConstraintID: DenseKey {
    var denseIndex: Int { rawValue }
    init(denseIndex: Int) { self.init(denseIndex) }
}

extension Variable: DenseKey {
    var denseIndex: Int { Int(index) }
    init(denseIndex: Int) { self.init(denseIndex) }
}

/// The record slot of each constraint (by `ConstraintID`) or edit variable (by `Variable`) in a
/// solver.
///
/// Clients number both densely (the layout engine by constraint index and view attribute, the
/// system-file reader in file order), so keys from 0 up to a bound in proportion to the entries
/// live in an array; any other key (a negative id, or one far beyond the others) in a dictionary.
/// A layout of 960 views adds about 6 000 constraints, and a dictionary alone spent 4-7% of its
/// first layout in hashing, probing and growing. Memory stays linear: the array grows only to
/// `spread × count + slack` entries at most (4 × count + 64), counted when it grows. The slack
/// is small, so that the fresh solvers of a conflict's deletion filter, each holding a few
/// members with ids in the hundreds, keep those in the dictionary rather than an array up to the
/// largest id (with a slack of 1 024, the CI suite's diagnostics of planted conflicts allocated
/// 8% more bytes).
struct SlotTable<Key: DenseKey> {
    /// Slot by index for keys in `0..<dense.count`; -1 where the key is absent.
    private var dense: [Int32] = []
    /// Slots of the keys outside the array's range when they were added.
    private var sparse: [Key: Int32] = [:]
    /// A key grows the array when it is below `spread × count + slack`. A layout adds its
    /// required constraints first, whose ids skip the others': a spread of 2 sent the later ids
    /// of a form of 960 views to the dictionary.
    static var spread: Int { 4 }
    static var slack: Int { 64 }
    /// How many keys have a slot.
    private(set) var count = 0
    /// The array's length (what the linear memory bound is about).
    var arrayLength: Int { dense.count }

    subscript(key: Key) -> Int32? {
        get {
            let i = key.denseIndex
            if i >= 0 && i < dense.count {
                let s = dense[i]
                return s >= 0 ? s : nil
            }
            return sparse.isEmpty ? nil : sparse[key]
        }
        set {
            let i = key.denseIndex
            let limit = Self.spread * count + Self.slack
            if i >= dense.count, i < limit, newValue != nil { grow(toCover: i, limit: limit) }
            if i >= 0 && i < dense.count {
                let had = dense[i] >= 0
                dense[i] = newValue ?? -1
                count += (newValue == nil ? 0 : 1) - (had ? 1 : 0)
            } else if let slot = newValue {
                if sparse.updateValue(slot, forKey: key) == nil { count += 1 }
            } else if sparse.removeValue(forKey: key) != nil {
                count -= 1
            }
        }
    }

    /// Makes room in the array for the keys below `bound` when `more` keys are coming (within
    /// the same linear bound as a key's own growth), so that a build whose first ids skip ahead
    /// does not send them to the dictionary first.
    mutating func reserve(below bound: Int, more: Int) {
        let limit = min(bound, Self.spread * (count + more) + Self.slack)
        if limit > dense.count { grow(toCover: limit - 1, limit: limit) }
    }

    /// Widens the array to cover `i` (at least doubling it, within `limit`) and
    /// moves the dictionary's keys that now fall in its range into it, so that a key is only ever
    /// in one of the two.
    private mutating func grow(toCover i: Int, limit: Int) {
        let size = min(max(i + 1, 2 * dense.count), limit)
        dense.append(contentsOf: repeatElement(-1, count: size - dense.count))
        guard !sparse.isEmpty else { return }
        let moving = sparse.filter { $0.key.denseIndex >= 0 && $0.key.denseIndex < size }
        for (key, slot) in moving {
            dense[key.denseIndex] = slot
            sparse[key] = nil
        }
    }

    /// Every (key, slot) pair in increasing key order.
    func sortedByKey() -> [(key: Key, slot: Int32)] {
        var out: [(key: Key, slot: Int32)] = []
        out.reserveCapacity(count)
        for (i, s) in dense.enumerated() where s >= 0 { out.append((Key(denseIndex: i), s)) }
        out += sparse.map { (key: $0.key, slot: $0.value) }
        out.sort { $0.key < $1.key }
        return out
    }
}
