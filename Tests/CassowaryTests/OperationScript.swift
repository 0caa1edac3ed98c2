import LinearConstraints
import PropertyBased

/// One solver operation of a random script.
enum Operation: Hashable, Sendable, CustomStringConvertible {
    case add(ConstraintID, Constraint)
    case remove(ConstraintID)
    case edit(Variable, Priority)
    case suggest(Variable, Double)
    case removeEdit(Variable)

    var description: String { step.json.jsonText() }

    /// The operation as a system-file step over the names x, y, z and ids c0, c1, ...
    var step: SystemStep {
        switch self {
        case .add(let id, let c):
            let terms = c.expression.terms.map { (name: OperationScript.name($0.variable), coefficient: $0.coefficient) }
            return .add(SymbolicConstraint(terms: terms, constant: c.expression.constant, relation: c.relation, priority: c.priority), id: "c\(id.rawValue)")
        case .remove(let id): return .remove(id: "c\(id.rawValue)")
        case .edit(let v, let p): return .edit(variable: OperationScript.name(v), priority: p)
        case .suggest(let v, let x): return .suggest([.init(OperationScript.name(v), x)])
        case .removeEdit(let v): return .removeEdit(variable: OperationScript.name(v))
        }
    }
}

/// Random operation scripts for property tests. Each operation is drawn as seven small integers
/// (so swift-property-based shrinks plain integer arrays) and decoded without looking at the
/// solver: removes and re-used ids point at any id issued so far, so unknown and duplicate ids
/// occur, and required constraints with small coefficients over two or three variables conflict
/// often enough.
enum OperationScript {
    static let constraintPriorities: [Priority] = [.required, .required, .required, .required, Priority(999.5), .defaultHigh, .defaultLow, Priority(1)]
    static let editPriorities: [Priority] = [Priority(999), .defaultHigh, Priority(500), Priority(1), .required]

    static func name(_ v: Variable) -> String { ["x", "y", "z"][Int(v.index)] }

    /// Scripts of 1 to `maxSteps` encoded operations.
    static func encoded(maxSteps: Int) -> Generator<[[Int]], some SendableSequenceType> {
        Gen.int(in: 0...99).array(of: 7).array(of: 1...maxSteps)
    }

    /// Decodes `codes` into operations over `variables` (2 or 3) variables. Kinds: 50% add (a
    /// tenth of them re-using an earlier id; half of them required), 10% remove, 15% edit,
    /// 20% suggest, 5% removeEdit.
    static func decode(_ codes: [[Int]], variables n: Int) -> [Operation] {
        var issued = 0
        var out: [Operation] = []
        for code in codes {
            let v = Variable(code[1] % n)
            switch code[0] % 20 {
            case 0..<10:
                let reuse = code[0] % 10 == 9 && issued > 0
                let id = ConstraintID(reuse ? code[6] % issued : issued)
                if !reuse { issued += 1 }
                out.append(.add(id, constraint(code, variables: n)))
            case 10..<12: out.append(.remove(ConstraintID(code[6] % (issued + 1))))
            case 12..<15: out.append(.edit(v, editPriorities[code[2] % editPriorities.count]))
            case 15..<19: out.append(.suggest(v, Double(code[3] % 41 - 20) + (code[4] % 2 == 1 ? 0.5 : 0)))
            default: out.append(.removeEdit(v))
            }
        }
        return out
    }

    /// `Σ cᵢ·vᵢ + k REL 0 @p` with cᵢ in -2...2, k in -10...10.
    static func constraint(_ code: [Int], variables n: Int) -> Constraint {
        var terms: [LinearExpression.Term] = []
        let coefficients = [code[1] % 5 - 2, code[2] % 5 - 2, code[3] % 5 - 2]
        for i in 0..<n where coefficients[i] != 0 { terms.append(.init(Variable(i), Double(coefficients[i]))) }
        let relation = Relation.allCases[code[4] % 3]
        let priority = constraintPriorities[code[5] % constraintPriorities.count]
        return Constraint(LinearExpression(terms: terms, constant: Double(code[6] % 21 - 10)), relation, priority: priority)
    }

    /// The script as a system file (for a failure message: save it and replay with `strut solve-system`).
    static func systemText(_ operations: [Operation], name: String) -> String {
        SystemFile(name: name, steps: operations.map(\.step)).jsonText()
    }
}
