@testable import Cassowary
import LinearConstraints
import Testing

/// The id-to-slot map behaves as a dictionary, whichever storage an id lands in.
@Suite struct ConstraintSlotsTests {
    @Test func denseAndSparseIdsAgreeWithADictionaryThroughInsertsAndRemovals() {
        var slots = ConstraintSlots()
        var reference: [ConstraintID: Int32] = [:]
        var rng = SplitMix64(seed: 11)
        // Far ids first (they go to the dictionary), then enough dense ones that the array grows
        // past them: a far id must still be found, removed and re-added.
        let far = [5_000, -3, 1 << 40, 2_047]
        for (k, r) in far.enumerated() {
            slots[ConstraintID(r)] = Int32(k)
            reference[ConstraintID(r)] = Int32(k)
        }
        for step in 0..<20_000 {
            let r = step % 7 == 0 ? far[rng.int(far.count)] : rng.int(6_000)
            let id = ConstraintID(r)
            if rng.int(2) == 0 {
                slots[id] = Int32(step)
                reference[id] = Int32(step)
            } else {
                slots[id] = nil
                reference[id] = nil
            }
            #expect(slots[id] == reference[id])
            #expect(slots.count == reference.count)
        }
        for r in -5..<6_100 { #expect(slots[ConstraintID(r)] == reference[ConstraintID(r)]) }
        for r in far { #expect(slots[ConstraintID(r)] == reference[ConstraintID(r)]) }
        let listed = slots.sortedByID()
        #expect(listed.map(\.id) == reference.keys.sorted())
        #expect(listed.allSatisfy { reference[$0.id] == $0.slot })
    }
}
