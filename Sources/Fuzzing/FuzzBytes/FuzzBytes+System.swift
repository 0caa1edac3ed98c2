import LinearConstraints

/// Decoding a solver-level operation sequence (a system file).
///
/// Input: one header byte (the number of variables, 1 ... `maxVariables`), then 6-byte step
/// records. Record byte 0 picks the operation, the others its operands:
///
/// | op (byte 0 mod 16) | bytes 1 ... 5 |
/// |---|---|
/// | 0-6 add, 15 add under an id already used | term, term, constant, relation + priority, term |
/// | 7-8 remove | which id added so far (255: an id never added) |
/// | 9-10 edit | variable, priority (mostly optional; required is a `badPriority` step) |
/// | 11-12 suggest | edit variable, value, second variable, second value |
/// | 13 removeEdit | edit variable |
/// | 14 check | - |
///
/// A term byte holds a variable (bits 0-2; one past the variables means no term, except for the
/// first term) and a coefficient (bits 3-7, `multipliers`). Steps that the solver must reject
/// (duplicate ids, unknown ids, suggesting a variable that is not edited) are kept on purpose:
/// rejected steps must leave the solver as it was.
extension FuzzBytes {
    static let variableNames = ["x", "y", "z", "w", "u", "v"]
    static let editPriorities: [Priority] = [.required] + optionalPriorities
    static let stepSize = 6

    static func decodeSystem(_ reader: inout ByteReader, name: String, description: String) -> SystemFile {
        let count = 1 + Int(reader.byte()) % maxVariables
        var state = SystemDecoding(variables: Array(variableNames.prefix(count)))
        for k in 0..<reader.records(of: stepSize, limit: maxSteps) {
            state.steps.append(state.step(k, reader.record(stepSize)))
        }
        return SystemFile(name: name, description: description, steps: state.steps)
    }
}

/// What the system decoder remembers between steps: ids added and variables being edited, so
/// that removals and suggestions mostly name things that exist.
struct SystemDecoding {
    let variables: [String]
    var steps: [SystemStep] = []
    var ids: [String] = []
    var edited: [String] = []

    mutating func step(_ k: Int, _ r: ByteRecord) -> SystemStep {
        switch r[0] % 16 {
        case 0...6, 15: return add(k, r, reuseID: r[0] % 16 == 15)
        case 7...8:
            if r[1] == 255 || ids.isEmpty { return .remove(id: "never\(k)") }
            return .remove(id: r.pick(1, ids))
        case 9...10:
            let v = r.pick(1, variables)
            if !edited.contains(v) { edited.append(v) }
            return .edit(variable: v, priority: r.pick(2, FuzzBytes.editPriorities))
        case 11...12: return suggest(r)
        case 13:
            let v = editedOrAny(r, 1)
            edited.removeAll { $0 == v }
            return .removeEdit(variable: v)
        default: return .check(label: "step \(k)")
        }
    }

    /// `Σ terms + constant RELATION 0 @priority`, terms merged per variable in order of first
    /// appearance and zero coefficients dropped, exactly as the reader would give it back.
    mutating func add(_ k: Int, _ r: ByteRecord, reuseID: Bool) -> SystemStep {
        var terms: [(name: String, coefficient: Double)] = []
        for (position, byte) in [(0, r[1]), (1, r[2]), (2, r[5])] {
            let slot = Int(byte & 7)
            guard position == 0 || slot < variables.count else { continue }
            let name = variables[slot % variables.count]
            let c = FuzzBytes.multipliers[Int(byte >> 3)]
            if let i = terms.firstIndex(where: { $0.name == name }) { terms[i].coefficient += c } else { terms.append((name, c)) }
        }
        terms.removeAll { $0.coefficient == 0 }
        let relation = FuzzBytes.relation(r.bits(4, 0, 2))
        let priority = FuzzBytes.priorities[r.bits(4, 2, 5)]
        let c = SymbolicConstraint(terms: terms, constant: FuzzBytes.constant(r[3]), relation: relation, priority: priority)
        let id = reuseID && !ids.isEmpty ? r.pick(5, ids) : "c\(k)"
        if !ids.contains(id) { ids.append(id) }
        return .add(c, id: id)
    }

    /// One or two suggested values, for edited variables when there are any.
    func suggest(_ r: ByteRecord) -> SystemStep {
        var list = [SystemStep.Suggestion(editedOrAny(r, 1), FuzzBytes.constant(r[2]))]
        let second = editedOrAny(r, 3)
        if r[3] & 0x80 != 0, second != list[0].variable { list.append(.init(second, FuzzBytes.constant(r[4]))) }
        return .suggest(list)
    }

    func editedOrAny(_ r: ByteRecord, _ k: Int) -> String {
        edited.isEmpty ? r.pick(k, variables) : r.pick(k, edited)
    }
}

extension FuzzBytes {
    /// Two bits as a relation: equality twice as often as each inequality.
    static func relation(_ bits: Int) -> Relation {
        switch bits {
        case 1: .lessThanOrEqual
        case 2: .greaterThanOrEqual
        default: .equal
        }
    }
}
