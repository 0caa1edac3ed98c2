/// The undo record of one operation that may be rejected after it has started pivoting
/// (a required constraint that needs the phase-one artificial variable).
struct Journal {
    var objectiveWrites: [(level: Int, symbol: Int32, old: Double)] = []
    var objectiveConstants: [Double]
    var objectiveScales: [Double]
    var variableSymbols: Int
    var newVariables: [Int32] = []
    var pivots: Int
    var magnitude: Double
}

extension CassowaryCore {
    mutating func beginJournal() {
        tableau.beginJournal()
        journal = Journal(
            objectiveConstants: levels.constants, objectiveScales: levels.scales, variableSymbols: variableSymbol.count,
            pivots: pivots, magnitude: magnitude)
    }

    mutating func commitJournal() {
        tableau.commitJournal()
        journal = nil
    }

    /// Undoes everything since `beginJournal()`, leaving the solver bit-identical to before.
    mutating func rollback() {
        guard let j = journal else { return }
        journal = nil
        factoredState.invalidate()
        tableau.rollback()
        for w in j.objectiveWrites.reversed() { levels.coefs[w.level][Int(w.symbol)] = w.old }
        levels.constants = j.objectiveConstants
        levels.scales = j.objectiveScales
        for v in j.newVariables { variableSymbol[Int(v)] = -1 }
        variableSymbol.removeLast(variableSymbol.count - j.variableSymbols)
        infeasibleRows.removeAll(keepingCapacity: true)
        magnitude = j.magnitude
    }
}
