import LinearConstraints

/// What both engines keep of each constraint or edit variable they hold (`ConstraintRecord`,
/// `RevisedRecord`): the constraint, and for an edit variable the variable and its suggestion.
/// The figures that depend only on that, not on the representation, are defined once here.
protocol HeldRecord {
    var constraint: Constraint { get }
    var editVariable: Variable? { get }
    var suggested: Double { get }
}

extension ConstraintRecord: HeldRecord {}
extension RevisedRecord: HeldRecord {}

/// The figures of a records array (nil for a removed slot).
enum HeldRecords {
    /// Summed error per distinct priority, highest first, at the values `value` reads: an edit
    /// variable's distance from its suggestion, another non-required constraint's violation.
    static func objective<R: HeldRecord>(_ records: [R?], value: (Variable) -> Double) -> [LevelError] {
        var sums: [(Priority, Double)] = []
        // By index, reading each record in place: binding the record copied it (its
        // constraint's terms and identifier retained and released), a third of the loop.
        for i in records.indices {
            guard let p = records[i]?.constraint.priority, !p.isRequired else { continue }
            let error: Double
            if let v = records[i]!.editVariable {
                error = abs(value(v) - records[i]!.suggested)
            } else {
                error = records[i]!.constraint.violation(value)
            }
            if let i = sums.firstIndex(where: { $0.0 == p }) { sums[i].1 += error } else { sums.append((p, error)) }
        }
        sums.sort { $0.0 > $1.0 }
        return sums.map { LevelError(priority: $0.0, error: $0.1) }
    }

    /// The nonzero coefficients of the held constraints (`SolverCounters.nonzeros`; an edit
    /// variable's constraint has one).
    static func nonzeros<R: HeldRecord>(_ records: [R?]) -> Int {
        var n = 0
        for i in records.indices { n += records[i]?.constraint.expression.terms.count ?? 0 }
        return n
    }
}
