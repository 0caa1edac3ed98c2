import LinearConstraints

/// Ambiguity for `cassowary-revised`: the optimal face belongs to the constraint set, not to the
/// engine, so the question is answered by `cassowary-factored` given the same constraints, edit
/// variables and suggested values (its implied-equality analysis, `Solver+Ambiguity.swift`).
/// O(one factored solve) per call: a diagnostic asked apart from the layout pass, as UIKit's
/// `hasAmbiguousLayout`. Reading the face from the LU directly (the free nonbasic columns and
/// the degenerate rows their FTRANs reach) is the engine's next step.
extension RevisedCore {
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        var twin = CassowaryCore(weighted: false, factored: true)
        twin.explainConflicts = false
        for case let record? in records {
            if let v = record.editVariable {
                try? twin.addEditVariable(v, priority: record.constraint.priority)
                try? twin.suggestValue(record.suggested, for: v)
            }
        }
        // Required constraints first (as a layout adds them), then the others, each in id order.
        let constraints = recordOfID.sortedByKey().map { ($0.key, records[Int($0.slot)]!.constraint) }
        for (id, c) in constraints where c.priority.isRequired { try? twin.add(c, id: id) }
        for (id, c) in constraints where !c.priority.isRequired { try? twin.add(c, id: id) }
        twin.optimizeIfNeeded()
        return twin.ambiguousVariables(candidates)
    }
}

extension RevisedSolver {
    /// The variables among `candidates` whose value is not unique over the optimal solutions
    /// (`RevisedCore.ambiguousVariables`).
    public func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        box.core.optimizeIfNeeded()
        return box.core.ambiguousVariables(candidates)
    }
}
