import LinearConstraints

/// What an engine holds of the client's model, whatever its representation: the record slot of
/// each constraint id and edit variable, and each variable's external column. Both engines
/// (`CassowaryCore`, `RevisedCore`) conform, and what follows is written once over it: finding
/// and creating a variable's column, and the checks and bookkeeping around a removal.
protocol HeldModel {
    var recordOfID: SlotTable<ConstraintID> { get set }
    var recordOfEdit: SlotTable<Variable> { get set }
    /// Per variable index: its external column (symbol), -1 while no constraint names it.
    var variableSymbol: [Int32] { get set }
    /// A new external column for the variable of `index`, seen for the first time (a pending
    /// add's journal records it, so that a rollback forgets it).
    mutating func newExternal(for index: Int32) -> Int32
    /// Takes the record in `slot` out of the representation.
    mutating func removeRecord(_ slot: Int32)
    /// The deep checks, when asked for, after every operation.
    mutating func afterOperation()
}

extension HeldModel {
    /// The external column of `v`, nil when no constraint names it. O(1).
    @inline(__always)
    func symbolOf(_ v: Variable) -> Int32? {
        let i = Int(v.index)
        guard i < variableSymbol.count, variableSymbol[i] >= 0 else { return nil }
        return variableSymbol[i]
    }

    /// The external column of `v`, created on first use. O(1) amortised.
    @inline(__always)
    mutating func symbol(for v: Variable) -> Int32 {
        let i = Int(v.index)
        if i >= variableSymbol.count {
            variableSymbol.append(contentsOf: repeatElement(-1, count: i + 1 - variableSymbol.count))
        }
        if variableSymbol[i] >= 0 { return variableSymbol[i] }
        let s = newExternal(for: Int32(i))
        variableSymbol[i] = s
        return s
    }

    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        guard let slot = recordOfID[id] else { throw .unknownConstraint(id) }
        recordOfID[id] = nil
        removeRecord(slot)
        afterOperation()
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let slot = recordOfEdit[variable] else { throw .unknownEditVariable(variable) }
        recordOfEdit[variable] = nil
        removeRecord(slot)
        afterOperation()
    }
}
