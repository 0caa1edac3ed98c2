@testable import Cassowary
import ExactSolver
import LinearConstraints
import PropertyBased
import Testing

/// The dual simplex's pivots after a suggestion (`Tableau.pivotInPlace`, the objective updated a
/// row at a time by `ObjectiveLevels.addScaled`, the candidate heaps left alone while the dual
/// simplex runs): rows of equal-width cells with a preferred width under an edited root width,
/// the peer grid's rows, resized so that the preferred widths' errors change sign; then a new
/// soft constraint that only the primal simplex can satisfy (its candidate heaps must be filled
/// again), and another resize. The oracle judges every check, the engine checks its tableau
/// (column index included) after every operation.
@Suite struct DualPivotBookkeepingTests {
    /// `rows` rows of `columns` cells: `w_r_i >= 10` required, the row's widths plus gaps equal to
    /// `W` (required), `w_r_i == w_r_(i-1) @500`, `w_r_i == 80 @250`. Then the suggestions, a
    /// check after each, `w_0_0 == 30 @750` after the first, and its check.
    static func equalCells(rows: Int, columns: Int, suggestions: [Int]) -> SystemFile {
        var steps: [SystemStep] = [.edit(variable: "W", priority: Priority(900))]
        func add(_ text: String, _ id: String) {
            guard let c = try? SymbolicConstraint.parse(text) else { preconditionFailure("bad test constraint \(text)") }
            steps.append(.add(c, id: id))
        }
        for r in 0..<rows {
            for i in 0..<columns {
                add("w\(r)_\(i) >= 10", "min\(r)_\(i)")
                if i > 0 { add("w\(r)_\(i) == w\(r)_\(i - 1) @500", "equal\(r)_\(i)") }
                add("w\(r)_\(i) == 80 @250", "preferred\(r)_\(i)")
            }
            let sum = (0..<columns).map { "w\(r)_\($0)" }.joined(separator: " + ")
            add("\(sum) + \(8 * (columns + 1)) == W", "row\(r)")
        }
        for (k, width) in suggestions.enumerated() {
            steps.append(.suggest([.init("W", Double(width))]))
            steps.append(.check(label: "width \(k)"))
            if k == 0 {
                add("w0_0 == 30 @750", "narrow")
                steps.append(.check(label: "narrowed"))
            }
        }
        return SystemFile(name: "dual-pivot-bookkeeping", steps: steps)
    }

    static let input = zip(Gen.int(in: 1...4), Gen.int(in: 2...9), Gen.int(in: 0...1200).array(of: 2...5))

    @Test(arguments: ["cassowary-explicit", "cassowary-factored", "cassowary-revised", "cassowary"])
    func resizedEqualCellsEndAtTheOraclesOptimum(strategy: String) async {
        await propertyCheck(count: 40, input: Self.input) { rows, columns, raw in
            // Widths that leave every cell at least its minimum: the required rows stay feasible.
            let least = 10 * columns + 8 * (columns + 1)
            let file = Self.equalCells(rows: rows, columns: columns, suggestions: raw.map { least + $0 })
            expectOracleAgrees(file, strategy: strategy)
        }
    }

    /// Widening a row of 12 equal cells, one of them held at 30 by a stronger preference, past
    /// their preferred 80 changes the sign of every other cell's preferred-width error: a dual
    /// pivot per cell, each done in place. The widths are exact, and the primal simplex's
    /// candidate heaps are in use again afterwards.
    @Test(arguments: [false, true])
    func aWideningFlipsEveryCellInPlace(factored: Bool) throws {
        var run = SystemRun(solver: CassowarySolver(factored: factored))
        _ = run.run(Self.equalCells(rows: 1, columns: 12, suggestions: [600]))
        let before = run.solver.counters.pivots
        let records = run.run(SystemFile(name: "widen", steps: [.suggest([.init("W", 1200)]), .check(label: "wide")]))
        #expect(run.solver.counters.pivots - before >= 11, "pivots: \(run.solver.counters.pivots - before)")
        #expect(run.solver.box.core.levels.collecting)
        guard case .check(_, let values, _) = records.last?.outcome else {
            Issue.record("no check at the end")
            return
        }
        let widths = Dictionary(uniqueKeysWithValues: values.map { ($0.name, $0.value) })
        #expect(widths["w0_0"] == 30)
        let rest: Double = (1200.0 - 8 * 13 - 30) / 11
        for i in 1..<12 {
            #expect(abs(widths["w0_\(i)", default: .nan] - rest) < 1e-9, "w0_\(i): \(widths["w0_\(i)", default: .nan]) != \(rest)")
        }
    }
}
