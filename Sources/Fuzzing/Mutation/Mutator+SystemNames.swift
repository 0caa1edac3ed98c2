import LinearConstraints
import StrutSystem

/// Names, ids and new constraints for system mutations, drawn from what the file already uses
/// so that inserted steps interact with the existing ones.
extension Mutator {
    /// Variable names in order of first use (adds, edits, suggestions, removeEdits).
    /// O(steps × names): files are small enough for the linear membership test.
    static func variables(_ s: SystemFile) -> [String] {
        var out: [String] = []
        func note(_ name: String) { if !out.contains(name) { out.append(name) } }
        for step in s.steps {
            switch step {
            case .add(let c, _): c.terms.forEach { note($0.name) }
            case .edit(let v, _), .removeEdit(let v): note(v)
            case .suggest(let list): list.forEach { note($0.variable) }
            case .remove, .check: break
            }
        }
        return out
    }

    /// Ids of the file's `add` steps, in order, without repeats.
    static func addIDs(_ s: SystemFile) -> [String] {
        var out: [String] = []
        for case .add(_, let id) in s.steps where !out.contains(id) { out.append(id) }
        return out
    }

    /// An existing variable not in `avoiding` (80%), else a new one (`m<serial>`).
    mutating func variableName(_ existing: [String], avoiding: [String]) -> String {
        let open = existing.filter { !avoiding.contains($0) }
        if !open.isEmpty, random.chance(0.8) { return random.pick(open) }
        return "m\(nextSerial())"
    }

    /// A variable that some `edit` step names (so a suggestion can land), else any variable.
    mutating func editedOrAnyVariable(_ s: SystemFile) -> String {
        var edited: [String] = []
        for case .edit(let v, _) in s.steps where !edited.contains(v) { edited.append(v) }
        if !edited.isEmpty, random.chance(0.8) { return random.pick(edited) }
        return variableName(Self.variables(s), avoiding: [])
    }

    /// A fresh id most of the time; an existing one (a `duplicate` outcome) one time in ten.
    mutating func freshOrExistingID(_ s: SystemFile) -> String {
        let ids = Self.addIDs(s)
        if !ids.isEmpty, random.chance(0.1) { return random.pick(ids) }
        return "m\(nextSerial())"
    }

    /// One to three terms over the file's variables, a half-point constant, a random relation,
    /// required 60% of the time.
    mutating func randomConstraint(_ s: SystemFile) -> SymbolicConstraint {
        let existing = Self.variables(s)
        var terms: [(name: String, coefficient: Double)] = []
        for _ in 0..<random.int(in: 1...3) {
            terms.append((variableName(existing, avoiding: terms.map(\.name)), random.pick([1, -1, 2, 0.5, -2])))
        }
        let priority = random.chance(0.6) ? Priority.required : tweakPriority(.required)
        return SymbolicConstraint(
            terms: terms, constant: random.stepped(-100...100, step: 0.5),
            relation: random.pick(Relation.allCases), priority: priority)
    }
}
