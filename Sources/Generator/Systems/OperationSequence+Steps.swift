import LinearConstraints

extension OperationSequenceBuilder {
    static let priorities: [Priority] = [Priority(999), .defaultHigh, Priority(500), .defaultLow, Priority(100), Priority(1)]
    static let editPriorities: [Priority] = [Priority(999), .defaultHigh, Priority(500), Priority(100)]

    /// A required box side (when one is absent), a required difference bound, or an optional
    /// relation; now and then a duplicate id, whose add must be refused without effect.
    mutating func addStep() {
        let i = rng.int(in: 0...(variables - 1))
        if lower[i] == nil || upper[i] == nil, rng.chance(0.5) {
            let id = nextID(lower[i] == nil ? "lo" : "hi")
            if lower[i] == nil {
                add([(Self.x(i), 1)], -lo[i], .greaterThanOrEqual, .required, id: id)
                lower[i] = id
                boxOf[id] = (i, true)
            } else {
                add([(Self.x(i), 1)], -hi[i], .lessThanOrEqual, .required, id: id)
                upper[i] = id
                boxOf[id] = (i, false)
            }
            return
        }
        if !present.isEmpty, rng.chance(0.02) {
            steps.append(.add(SymbolicConstraint(terms: [(Self.x(i), 1)], constant: -1, relation: .equal, priority: .defaultLow), id: rng.pick(present)))
            return
        }
        var j = rng.int(in: 0...(variables - 1))
        if j == i { j = (i + 1) % variables }
        let p = rng.pick(Self.priorities)
        switch rng.int(in: 0...3) {
        case 0: add([(Self.x(i), 1), (Self.x(j), -1)], -(hi[i] - lo[j]), .lessThanOrEqual, .required, id: nextID("d"))
        case 1: add([(Self.x(i), 1)], -rng.stepped(-150...1100, step: 0.5), .equal, p, id: nextID("s"))
        case 2: add([(Self.x(i), 1), (Self.x(j), -1)], -rng.stepped(-50...50, step: 1), .equal, p, id: nextID("s"))
        default:
            let ca = rng.pick([1.0, 2, 0.5, -1]), cb = rng.pick([1.0, -1, 3])
            add([(Self.x(i), ca), (Self.x(j), cb)], -rng.stepped(-200...200, step: 1), .greaterThanOrEqual, p, id: nextID("s"))
        }
    }

    /// Removes a present constraint (updating the box bookkeeping); now and then one already gone.
    mutating func removeStep() {
        if !removed.isEmpty, rng.chance(0.05) || present.isEmpty {
            steps.append(.remove(id: rng.pick(removed)))
            return
        }
        guard !present.isEmpty else { return addStep() }
        let k = rng.int(in: 0...(present.count - 1))
        let id = present[k]
        let last = present[present.count - 1]
        present[k] = last
        position[last] = k
        present.removeLast()
        position[id] = nil
        removed.append(id)
        if let (i, isLower) = boxOf.removeValue(forKey: id) {
            if isLower { lower[i] = nil } else { upper[i] = nil }
        }
        steps.append(.remove(id: id))
    }

    /// Suggests values for one to three edit variables (making one first when there is none).
    mutating func suggestStep() {
        guard !editing.isEmpty else { return editStep() }
        var chosen: [Int] = []
        for _ in 0..<rng.int(in: 1...3) {
            let v = rng.pick(editing)
            if !chosen.contains(v) { chosen.append(v) }
        }
        steps.append(.suggest(chosen.map { .init(Self.x($0), rng.stepped((lo[$0] - 50)...(hi[$0] + 50), step: 0.5)) }))
    }

    /// Makes a variable an edit variable, or stops editing one; now and then edits one twice.
    mutating func editStep() {
        if !editing.isEmpty, rng.chance(0.35) {
            let k = rng.int(in: 0...(editing.count - 1))
            steps.append(.removeEdit(variable: Self.x(editing[k])))
            editing.remove(at: k)
            return
        }
        let i = rng.int(in: 0...(variables - 1))
        steps.append(.edit(variable: Self.x(i), priority: rng.pick(Self.editPriorities)))
        if !editing.contains(i) { editing.append(i) }
    }

    /// A required add that contradicts a present box side: refused, and the solver must be
    /// exactly as before. Without any box side present, it adds one instead.
    mutating func rejectStep() {
        let start = rng.int(in: 0...(variables - 1))
        for off in 0..<variables {
            let i = (start + off) % variables
            let d = rng.stepped(1...50, step: 1)
            if lower[i] != nil {
                steps.append(.add(SymbolicConstraint(terms: [(Self.x(i), 1)], constant: -(lo[i] - d), relation: .lessThanOrEqual, priority: .required), id: nextID("reject")))
                return
            }
            if upper[i] != nil {
                steps.append(.add(SymbolicConstraint(terms: [(Self.x(i), 1)], constant: -(hi[i] + d), relation: .greaterThanOrEqual, priority: .required), id: nextID("reject")))
                return
            }
        }
        addStep()
    }
}
