@testable import Cassowary
import ExactSolver
import LinearConstraints
import PropertyBased
import Testing

/// The dual simplex's long step (`Solver+DualLongStep.swift`): rows of cells whose widths share
/// the root's width, each between a compression bound and a hugging bound (the peer hug
/// workload's rows), resized by suggestions; the oracle judges every check, and the structure the
/// step exists for (one long pivot per row, a short move per cell) is counted.
@Suite struct DualLongStepTests {
    /// `rows` rows of cells under an edited root width `W` (`@900`). Cell `w_r_i`: `>= 10`
    /// required, `>= low @750`, `<= high @hug`; a row's widths plus its gaps at most `W`
    /// (required) and equal to it `@250`. Then each width in `suggestions`, with a check.
    static func rowsOfCells(_ cells: [[(low: Int, high: Int)]], hug: Int, suggestions: [Int]) -> SystemFile {
        var steps: [SystemStep] = [.edit(variable: "W", priority: Priority(900))]
        func add(_ text: String, _ id: String) {
            guard let c = try? SymbolicConstraint.parse(text) else { preconditionFailure("bad test constraint \(text)") }
            steps.append(.add(c, id: id))
        }
        for (r, row) in cells.enumerated() {
            for (i, cell) in row.enumerated() {
                add("w\(r)_\(i) >= 10", "min\(r)_\(i)")
                add("w\(r)_\(i) >= \(cell.low) @750", "compress\(r)_\(i)")
                add("w\(r)_\(i) <= \(cell.high) @\(hug)", "hug\(r)_\(i)")
            }
            let sum = row.indices.map { "w\(r)_\($0)" }.joined(separator: " + ")
            let gaps = 8 * (row.count + 1)
            add("\(sum) + \(gaps) <= W", "limit\(r)")
            add("\(sum) + \(gaps) == W @250", "preferred\(r)")
        }
        for (k, width) in suggestions.enumerated() {
            steps.append(.suggest([.init("W", Double(width))]))
            steps.append(.check(label: "width \(k)"))
        }
        return SystemFile(name: "dual-long-step-rows", steps: steps)
    }

    static let cell = zip(Gen.int(in: 1...8), Gen.int(in: 0...8)).map { (low: 10 * $0, high: 10 * ($0 + $1)) }
    static let input = zip(cell.array(of: 2...9).array(of: 1...3), Gen.int(in: 0...3))

    @Test(arguments: ["cassowary-explicit", "cassowary-factored", "cassowary-revised", "cassowary"])
    func resizedRowsOfCellsEndAtTheOraclesOptimum(strategy: String) async {
        await propertyCheck(count: 40, input: Self.input, Gen.int(in: 0...1000).array(of: 1...6)) { shape, widths in
            let (cells, hugChoice) = shape
            let file = Self.rowsOfCells(cells, hug: [250, 300, 500, 740][hugChoice], suggestions: widths)
            expectOracleAgrees(file, strategy: strategy)
        }
    }

    /// One row of 60 cells between 40 and 80: from an average of 52 to one of 82 every cell ends
    /// at its hugging bound. The ordinary dual simplex did that one cell per pivot, each through
    /// the row naming all 60 widths; the long step repairs the row in one pivot and moves the
    /// other cells through their own rows.
    @Test(arguments: [false, true])
    func wideningARowOfSixtyCellsTakesOneLongStep(factored: Bool) throws {
        let cells = Array(repeating: (low: 40, high: 80), count: 60)
        let gaps = 8 * 61
        let file = Self.rowsOfCells([cells], hug: 300, suggestions: [52 * 60 + gaps])
        var run = SystemRun(solver: CassowarySolver(factored: factored))
        _ = run.run(file)
        let before = (run.solver.box.core.dualLongSteps, run.solver.box.core.dualLongStepMoves)
        let records = run.run(SystemFile(name: "widen", steps: [.suggest([.init("W", Double(82 * 60 + gaps))]), .check(label: "wide")]))
        let core = run.solver.box.core
        #expect(core.dualLongSteps - before.0 >= 1)
        #expect(core.dualLongStepMoves - before.1 >= 30, "moves: \(core.dualLongStepMoves - before.1)")
        guard case .check(_, let values, _) = records.last?.outcome else {
            Issue.record("no check at the end")
            return
        }
        let widths = values.filter { $0.name.hasPrefix("w0_") }
        #expect(widths.count == 60)
        #expect(widths.allSatisfy { $0.value == 80 }, "\(widths.filter { $0.value != 80 })")
    }
}
