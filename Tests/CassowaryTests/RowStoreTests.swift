import PropertyBased
import Testing
@testable import Cassowary

/// `RowStore` (cassowary-revised's rows pooled in two shared arrays) against an array of rows:
/// rows appended, removed from the end, and replaced by the last one, as adds, rollbacks and
/// removals do, with rows long enough that the garbage they leave is compacted away.
@Suite struct RowStoreTests {
    /// Each operation is three integers: what to do (append, remove the last row, move the last
    /// row into a slot), the slot or the row's length, and a seed for its entries.
    static let operations = Gen.int(in: 0...99).array(of: 3).array(of: 1...400)

    @Test func agreesWithAnArrayOfRows() async {
        await propertyCheck(count: 100, input: Self.operations) { ops in
            var store = RowStore()
            var model: [[(Int32, Double)]] = []
            for (k, op) in ops.enumerated() {
                if op[0] < 55 || model.isEmpty {
                    let row = (0..<op[1]).map { e in (Int32(op[2] * 100 + e), Double(k) + Double(e) / 128) }
                    for (j, a) in row { store.push(j, a) }
                    #expect(store.openRange.count == row.count)
                    store.closeRow()
                    model.append(row)
                } else if op[0] < 75 {
                    store.removeLast()
                    model.removeLast()
                } else {
                    let i = op[1] % model.count
                    store.moveLast(to: i)
                    model[i] = model[model.count - 1]
                    model.removeLast()
                }
                let live = model.reduce(0) { $0 + $1.count }
                #expect(store.count == model.count)
                #expect(store.liveEntries == live)
                // Garbage is compacted once it outnumbers the live entries and passes 1 024.
                #expect(store.cols.count <= 2 * live + 1024)
                // Every row, every 16 operations and after the last (each check reads them all).
                guard k % 16 == 15 || k == ops.count - 1 else { continue }
                for i in model.indices {
                    #expect(Array(store.columns(of: i)) == model[i].map(\.0), "row \(i) after operation \(k)")
                    #expect(Array(store.coefficients(of: i)) == model[i].map(\.1), "row \(i) after operation \(k)")
                }
            }
        }
    }

    /// Moving rows into freed slots leaves garbage, and the pool is rewritten in row order once
    /// it outweighs the rows: the rows read the same before and after.
    @Test func compactionKeepsEveryRow() {
        var store = RowStore()
        var model: [[Int32]] = []
        for r in 0..<400 {
            let row = (0..<8).map { Int32(r * 8 + $0) }
            for j in row { store.push(j, Double(j)) }
            store.closeRow()
            model.append(row)
        }
        // Each move frees 8 entries in the middle of the pool: 300 moves free 2 400.
        var poolSizes: [Int] = []
        for step in 0..<300 {
            let i = (step * 37) % (model.count - 1)
            store.moveLast(to: i)
            model[i] = model[model.count - 1]
            model.removeLast()
            poolSizes.append(store.cols.count)
        }
        #expect(poolSizes.contains { $0 < 400 * 8 }, "the pool was never compacted")
        #expect(store.cols.count <= 2 * store.liveEntries + 1024)
        for i in model.indices {
            #expect(Array(store.columns(of: i)) == model[i])
            #expect(Array(store.coefficients(of: i)) == model[i].map(Double.init))
        }
    }
}
