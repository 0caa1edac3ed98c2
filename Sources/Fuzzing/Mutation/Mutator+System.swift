import LinearConstraints
import StrutSystem

/// Mutation operators for system files: numbers, relations and terms of `add` steps; inserted,
/// removed, duplicated and reordered steps; inserted `suggest`, `edit`, `removeEdit`, `remove`
/// and `check` steps. A step naming an unknown id or variable is legal (it reports `unknown`),
/// so only the step syntax needs care: non-zero coefficients, one term per name, priorities in
/// (0, 1000], distinct names in a suggestion.
extension Mutator {
    enum SystemOperator: CaseIterable {
        case constant, coefficient, priority, relation, addTerm, dropTerm
        case insertAdd, removeStep, duplicateStep, reorder
        case insertSuggest, insertEdit, insertRemoveEdit, insertRemove, insertCheck
        case suggestValue, editPriority
    }

    static let systemOperators: [(weight: Double, value: SystemOperator)] = [
        (18, .constant), (8, .coefficient), (9, .priority), (6, .relation), (3, .addTerm), (3, .dropTerm),
        (7, .insertAdd), (6, .removeStep), (5, .duplicateStep), (4, .reorder),
        (4, .insertSuggest), (3, .insertEdit), (2, .insertRemoveEdit), (3, .insertRemove), (2, .insertCheck),
        (4, .suggestValue), (2, .editPriority),
    ]

    /// One proposal and the operator's name (`insertAdd`, `reorder`, ...); nil when the drawn
    /// operator does not apply.
    mutating func systemProposal(_ s: SystemFile) -> (SystemFile, String)? {
        let op = weighted(Self.systemOperators)
        return systemProposal(s, op).map { ($0, "system \(op)") }
    }

    mutating func systemProposal(_ s: SystemFile, _ op: SystemOperator) -> SystemFile? {
        switch op {
        case .constant: return changeAdd(s) { m, c in c.constant = m.tweak(c.constant) }
        case .coefficient:
            return changeAdd(s) { m, c in
                guard let t = m.index(c.terms.count) else { return }
                c.terms[t].coefficient = m.tweakCoefficient(c.terms[t].coefficient)
            }
        case .priority: return changeAdd(s) { m, c in c.priority = m.tweakPriority(c.priority) }
        case .relation: return changeAdd(s) { m, c in c.relation = m.otherRelation(c.relation) }
        case .addTerm:
            return changeAdd(s) { m, c in
                let name = m.variableName(Self.variables(s), avoiding: c.terms.map(\.name))
                c.terms.append((name, m.tweakCoefficient(1)))
            }
        case .dropTerm:
            return changeAdd(s) { m, c in
                guard let t = m.index(c.terms.count) else { return }
                c.terms.remove(at: t)
            }
        case .insertAdd: return inserting(s, .add(randomConstraint(s), id: freshOrExistingID(s)))
        case .removeStep: return removeStep(s)
        case .duplicateStep: return duplicateStep(s)
        case .reorder: return reorder(s)
        case .insertSuggest:
            let v = editedOrAnyVariable(s)
            return inserting(s, .suggest([.init(v, tweak(0))]))
        case .insertEdit: return inserting(s, .edit(variable: editedOrAnyVariable(s), priority: tweakPriority(.required)))
        case .insertRemoveEdit: return inserting(s, .removeEdit(variable: editedOrAnyVariable(s)))
        case .insertRemove:
            let ids = Self.addIDs(s)
            return inserting(s, .remove(id: ids.isEmpty || random.chance(0.1) ? "m\(nextSerial())" : random.pick(ids)))
        case .insertCheck: return inserting(s, .check(label: "m\(nextSerial())"))
        case .suggestValue: return changeSuggestion(s)
        case .editPriority: return changeEditPriority(s)
        }
    }

    /// Applies `change` to the constraint of one `add` step; nil when there is none.
    mutating func changeAdd(_ s: SystemFile, _ change: (inout Mutator, inout SymbolicConstraint) -> Void) -> SystemFile? {
        let adds = s.steps.indices.filter { if case .add = s.steps[$0] { true } else { false } }
        guard let k = index(adds.count), case .add(var c, let id) = s.steps[adds[k]] else { return nil }
        change(&self, &c)
        var m = s
        m.steps[adds[k]] = .add(c, id: id)
        return m
    }

    mutating func inserting(_ s: SystemFile, _ step: SystemStep) -> SystemFile {
        var m = s
        m.steps.insert(step, at: random.int(in: 0...s.steps.count))
        return m
    }

    mutating func removeStep(_ s: SystemFile) -> SystemFile? {
        guard let i = index(s.steps.count) else { return nil }
        var m = s
        m.steps.remove(at: i)
        return m
    }

    /// A copy of a step after it; an `add` copy keeps its id (a `duplicate` outcome) or takes a
    /// fresh one with another constant (a redundant or conflicting constraint).
    mutating func duplicateStep(_ s: SystemFile) -> SystemFile? {
        guard let i = index(s.steps.count) else { return nil }
        var copy = s.steps[i]
        if case .add(var c, let id) = copy, random.chance(0.5) {
            c.constant = tweak(c.constant)
            copy = .add(c, id: random.chance(0.5) ? id : "m\(nextSerial())")
        }
        var m = s
        m.steps.insert(copy, at: i + 1)
        return m
    }

    /// Swaps two steps, or moves one elsewhere.
    mutating func reorder(_ s: SystemFile) -> SystemFile? {
        guard s.steps.count >= 2 else { return nil }
        var m = s
        let i = random.int(in: 0...(s.steps.count - 1)), j = random.int(in: 0...(s.steps.count - 1))
        if random.chance(0.5) {
            m.steps.swapAt(i, j)
        } else {
            let step = m.steps.remove(at: i)
            m.steps.insert(step, at: j)
        }
        return m
    }

    mutating func changeSuggestion(_ s: SystemFile) -> SystemFile? {
        let places = s.steps.indices.filter { if case .suggest = s.steps[$0] { true } else { false } }
        guard let k = index(places.count), case .suggest(var list) = s.steps[places[k]], let j = index(list.count) else { return nil }
        list[j].value = tweak(list[j].value)
        var m = s
        m.steps[places[k]] = .suggest(list)
        return m
    }

    mutating func changeEditPriority(_ s: SystemFile) -> SystemFile? {
        let places = s.steps.indices.filter { if case .edit = s.steps[$0] { true } else { false } }
        guard let k = index(places.count), case .edit(let v, let p) = s.steps[places[k]] else { return nil }
        var m = s
        m.steps[places[k]] = .edit(variable: v, priority: tweakPriority(p))
        return m
    }
}
