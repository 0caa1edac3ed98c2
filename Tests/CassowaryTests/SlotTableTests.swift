import LinearConstraints
import PropertyBased
import Testing
@testable import Cassowary

/// `SlotTable` (a solver's slot per constraint id or edit variable: an array for dense keys, a
/// dictionary for the rest) against a plain dictionary, on ids a client may choose: dense from 0,
/// negative, far beyond the others, and ones the array reaches only after it has grown.
@Suite struct SlotTableTests {
    /// Each operation is three integers: which kind of id, which id of that kind, and whether to
    /// set it (to a slot derived from the operation's position) or remove it.
    static let operations = Gen.int(in: 0...99).array(of: 3).array(of: 1...400)

    static func id(_ code: [Int]) -> ConstraintID {
        switch code[0] % 4 {
        case 0, 1: ConstraintID(code[1])  // dense from 0
        case 2: ConstraintID(64 + 4 * code[1])  // beyond the first array, inside a grown one
        default: ConstraintID(code[1] % 2 == 0 ? -1 - code[1] : (1 << 40) + code[1])  // never in the array
        }
    }

    @Test func agreesWithADictionary() async {
        await propertyCheck(count: 500, input: Self.operations) { ops in
            var slots = SlotTable<ConstraintID>()
            var model: [ConstraintID: Int32] = [:]
            var most = 0
            for (k, op) in ops.enumerated() {
                let id = Self.id(op)
                let value: Int32? = op[2] < 70 ? Int32(k) : nil
                slots[id] = value
                model[id] = value
                #expect(slots.count == model.count)
                most = max(most, model.count)
                let bound = SlotTable<ConstraintID>.spread * most + SlotTable<ConstraintID>.slack
                #expect(slots.arrayLength <= bound, "the array outgrew its bound")
            }
            for op in ops { #expect(slots[Self.id(op)] == model[Self.id(op)], "\(Self.id(op))") }
            let entries = slots.sortedByKey()
            #expect(entries.map(\.key) == model.keys.sorted())
            #expect(entries.allSatisfy { model[$0.key] == $0.slot })
        }
    }

    /// A build announced with `reserve` keeps its ids in the array from the first add, even one
    /// far ahead of the count, within the same linear bound; an absurd announcement stays bounded.
    @Test func aReservedBuildKeepsItsIdsInTheArray() {
        var slots = SlotTable<ConstraintID>()
        slots.reserve(below: 6_000, more: 5_000)
        #expect(slots.arrayLength == 6_000)
        slots[ConstraintID(5_999)] = 0
        slots[ConstraintID(3)] = 1
        #expect(slots.arrayLength == 6_000 && slots.count == 2)
        #expect(slots[ConstraintID(5_999)] == 0 && slots[ConstraintID(3)] == 1)
        var huge = SlotTable<ConstraintID>()
        huge.reserve(below: 1 << 40, more: 10)
        #expect(huge.arrayLength == SlotTable<ConstraintID>.spread * 10 + SlotTable<ConstraintID>.slack)
    }

    @Test func farIdsStayOutOfTheArray() {
        var slots = SlotTable<ConstraintID>()
        slots[ConstraintID(1 << 40)] = 0
        slots[ConstraintID(-7)] = 1
        slots[ConstraintID(5_000)] = 2
        #expect(slots.arrayLength == 0)
        #expect(slots.count == 3)
        // Dense ids grow the array; an id it then covers moves from the dictionary into it.
        for i in 0..<4_500 { slots[ConstraintID(i)] = Int32(10 + i) }
        #expect(slots.arrayLength > 5_000)
        #expect(slots[ConstraintID(5_000)] == 2)
        #expect(slots[ConstraintID(1 << 40)] == 0)
        #expect(slots[ConstraintID(-7)] == 1)
        #expect(slots.count == 4_503)
        slots[ConstraintID(5_000)] = nil
        slots[ConstraintID(-7)] = nil
        #expect(slots[ConstraintID(5_000)] == nil && slots[ConstraintID(-7)] == nil)
        #expect(slots.count == 4_501)
    }

    @Test func editVariablesByIndex() {
        var slots = SlotTable<Variable>()
        slots[Variable(3)] = 7
        slots[Variable(Int32.max)] = 8
        #expect(slots[Variable(3)] == 7 && slots[Variable(Int32.max)] == 8 && slots[Variable(4)] == nil)
        #expect(slots.arrayLength <= SlotTable<Variable>.slack)
        #expect(slots.sortedByKey().map(\.key) == [Variable(3), Variable(Int32.max)])
    }
}
