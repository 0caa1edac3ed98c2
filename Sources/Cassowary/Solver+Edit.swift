import LinearConstraints

/// Edit variables and suggested values: a device rotation or a drag is a change of constants
/// followed by the dual simplex, never a rebuild (Cassowary paper, section 4.1).
extension CassowaryCore {
    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        // The argument before the state, as the exact oracle and the adapter protocol order them
        // (StrutFuzzer found the two disagreeing on a duplicate edit at priority 1000).
        guard !priority.isRequired else { throw .badPriority(priority) }
        guard recordOfEdit[variable] == nil else { throw .duplicateEditVariable(variable) }
        let constraint = Constraint(LinearExpression(variable), .equal, priority: priority)
        let record = ConstraintRecord(constraint: constraint, tag: Tag(marker: -1), weight: 0, editVariable: variable)
        recordOfEdit[variable] = try addRecord(record)
        afterOperation()
    }

    /// Moves the edit constraint `v == suggested` to the new value. The constraint's plus-error
    /// `e+` is replaced by `e+ + delta`, so every row holding `e+` shifts its constant by
    /// `coefficient·delta` (found through the column index), then the dual simplex restores
    /// feasibility. With no pivot needed this allocates nothing.
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let slot = recordOfEdit[variable] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        optimizeIfNeeded()
        let record = records[Int(slot)]!
        let delta = value - record.suggested
        records[Int(slot)]!.suggested = value
        magnitude = max(magnitude, abs(value))
        suggestMagnitude = max(suggestMagnitude, abs(value))
        let plus = record.tag.marker
        let minus = record.tag.other
        if tableau.basicRow[Int(plus)] >= 0 {
            shiftConstant(tableau.basicRow[Int(plus)], by: -delta)
        } else if tableau.basicRow[Int(minus)] >= 0 {
            shiftConstant(tableau.basicRow[Int(minus)], by: delta)
        } else {
            // In slot order, the rows that went infeasible queue as they did when the column
            // was sorted first; sorting just them is cheaper (a root size's column names most rows).
            tableau.liveColumn(plus, sorted: false)
            let slots = tableau.columnScratch
            let queued = infeasibleRows.count
            for r in slots {
                let c = tableau.rows[Int(r)].coefficient(of: plus)
                shiftConstant(r, by: c * delta)
            }
            infeasibleRows.withUnsafeMutableBufferPointer { sortInPlace(UnsafeMutableBufferPointer(rebasing: $0[queued...])) }
        }
        try dualOptimize()
        afterOperation()
    }

    mutating func shiftConstant(_ r: Int32, by d: Double) {
        tableau.rows[Int(r)].addToConstant(d)
        let v = tableau.rows[Int(r)].constant
        let b = tableau.rowBasic[Int(r)]
        if v < 0, b >= 0, tableau.kinds[Int(b)].isRestricted { infeasibleRows.append(r) }
    }
}
