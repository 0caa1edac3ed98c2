import LinearConstraints

/// Number simplification for system files: per step, constants and suggested values toward
/// 0 and integers, coefficients toward 1, priorities toward required or a named level.
extension ShrinkSession {
    /// Every step in order; true when anything changed.
    mutating func simplifySystem() -> Bool {
        var progress = false
        var i = 0
        while let f = Self.system(best), i < f.steps.count, !exhausted {
            switch f.steps[i] {
            case .add(let c, _): progress = simplifyAdd(i, terms: c.terms.count) || progress
            case .edit: progress = simplifyEditPriority(i) || progress
            case .suggest(let list):
                for j in list.indices { progress = simplifySuggestion(i, j) || progress }
            case .remove, .removeEdit, .check: break
            }
            i += 1
        }
        return progress
    }

    /// The priority of the `edit` at step `i`, toward required (which the solver refuses for
    /// an edit: the predicate decides whether that still fails) or a named level.
    mutating func simplifyEditPriority(_ i: Int) -> Bool {
        simplifyStep(
            i, read: { if case .edit(_, let p) = $0 { Double(p.value) } else { nil } },
            write: { s, x in
                guard case .edit(let v, _) = s, let p = Priority.validated(x) else { return nil }
                return .edit(variable: v, priority: p)
            }, candidates: Self.simplerPriorities)
    }

    /// Suggested value `j` of the `suggest` at step `i`.
    mutating func simplifySuggestion(_ i: Int, _ j: Int) -> Bool {
        simplifyStep(
            i, read: { if case .suggest(let l) = $0, j < l.count { l[j].value } else { nil } },
            write: { s, x in
                guard case .suggest(var l) = s, j < l.count else { return nil }
                l[j].value = x
                return .suggest(l)
            }, candidates: { SimplerNumbers.lengths($0) })
    }

    /// `SimplerNumbers.priorities` over priorities carried as doubles.
    static func simplerPriorities(_ x: Double) -> [Double] {
        SimplerNumbers.priorities(Priority.validated(x) ?? .required).map { Double($0.value) }
    }

    /// The constant, each coefficient and the priority of the `add` at step `i`.
    mutating func simplifyAdd(_ i: Int, terms: Int) -> Bool {
        var progress = simplifyConstraint(at: i, { $0.constant }, { $0.constant = $1 }) { SimplerNumbers.lengths($0) }
        for t in 0..<terms {
            progress = simplifyConstraint(at: i, { t < $0.terms.count ? $0.terms[t].coefficient : nil }, { $0.terms[t].coefficient = $1 },
                                          SimplerNumbers.factors) || progress
        }
        progress = simplifyConstraint(
            at: i, { Double($0.priority.value) }, { c, x in c.priority = Priority.validated(x) ?? c.priority }, Self.simplerPriorities
        ) || progress
        return progress
    }

    /// `simplifyStep` for a number inside the constraint of the `add` at step `i`.
    mutating func simplifyConstraint(
        at i: Int, _ read: @escaping (SymbolicConstraint) -> Double?, _ write: @escaping (inout SymbolicConstraint, Double) -> Void,
        _ candidates: (Double) -> [Double]
    ) -> Bool {
        simplifyStep(i, read: { if case .add(let c, _) = $0 { read(c) } else { nil } },
                     write: { s, x in
                         guard case .add(var c, let id) = s else { return nil }
                         write(&c, x)
                         return .add(c, id: id)
                     }, candidates: candidates)
    }

    /// `simplifyNumber` for a number of step `i`, read and written on the step alone.
    mutating func simplifyStep(
        _ i: Int, read: @escaping (SystemStep) -> Double?, write: @escaping (SystemStep, Double) -> SystemStep?,
        candidates: (Double) -> [Double]
    ) -> Bool {
        simplifyNumber(
            read: { s in Self.system(s).flatMap { i < $0.steps.count ? read($0.steps[i]) : nil } },
            write: { s, x in
                guard var f = Self.system(s), i < f.steps.count, let step = write(f.steps[i], x) else { return nil }
                f.steps[i] = step
                return .system(f)
            }, candidates: candidates)
    }
}
