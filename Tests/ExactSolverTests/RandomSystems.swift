import LinearConstraints
import PropertyBased

/// Random small systems for property tests: each constraint is drawn as eight small integers
/// (so shrinking works on plain integer arrays) and decoded by `decode`.
enum RandomSystems {
    static let priorities: [Priority] = [.required, .required, Priority(999.5), .defaultHigh, .defaultLow, Priority(1)]

    /// Encoded constraints: 1 to `maxConstraints` of them.
    static func encoded(maxConstraints: Int) -> Generator<[[Int]], some SendableSequenceType> {
        Gen.int(in: -4...4).array(of: 8).array(of: 1...maxConstraints)
    }

    /// `c0·x + c1·y + c2·z + constant REL 0 @priority` over the first `variables` variables, with
    /// integer coefficients (sometimes thirds), constants that are multiples of 5 plus sometimes a half (or a
    /// binary-inexact tenth), mixed relations and priorities.
    static func decode(_ code: [Int], variables: Int) -> Constraint {
        var terms: [LinearExpression.Term] = []
        // code[7] == 4 makes thirds (0.3333333333333333 is not 1/3: near-ties for the judge).
        let scale = code[7] == 4 ? 1.0 / 3.0 : 1.0
        for i in 0..<variables where code[i] != 0 { terms.append(.init(Variable(i), Double(code[i]) * scale)) }
        var constant = Double(code[3] * 5 + code[4])
        if code[7] > 2 { constant += 0.5 } else if code[7] < -3 { constant += 0.1 }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][(code[5] + 4) % 3]
        let priority = priorities[(code[6] + 4) % priorities.count]
        return Constraint(LinearExpression(terms: terms, constant: constant), relation, priority: priority)
    }
}

extension RandomSystems {
    static let names = ["x", "y", "z"]
    static let editPriorities: [Priority] = [Priority(999), .defaultHigh, Priority(500), Priority(1)]

    /// Encoded operations: nine small integers each, decoded by `file`.
    static func encodedOperations(maxSteps: Int) -> Generator<[[Int]], some SendableSequenceType> {
        Gen.int(in: -4...4).array(of: 9).array(of: 1...maxSteps)
    }

    /// A system file of random operations over `variables` variables, with a check after each:
    /// mostly adds (constraints as in `decode`), some removes, edits, suggestions and edit removals.
    static func file(_ codes: [[Int]], variables n: Int) -> SystemFile {
        var steps: [SystemStep] = []
        var added = 0
        for code in codes {
            let pick = (code[0] + 4) % n
            switch (code[8] + 4) % 9 {
            case 0...4:
                let c = decode(code, variables: n)
                let terms = c.expression.terms.map { (name: names[Int($0.variable.index)], coefficient: $0.coefficient) }
                let symbolic = SymbolicConstraint(terms: terms, constant: c.expression.constant, relation: c.relation, priority: c.priority)
                steps.append(.add(symbolic, id: "c\(added)"))
                added += 1
            case 5: steps.append(.remove(id: "c\((code[1] + 4) % Swift.max(added, 1))"))
            case 6: steps.append(.edit(variable: names[pick], priority: editPriorities[(code[2] + 4) % editPriorities.count]))
            case 7: steps.append(.suggest([.init(names[pick], Double(code[1] * 10 + code[2]) + (code[3] > 2 ? 0.5 : 0))]))
            default: steps.append(.removeEdit(variable: names[pick]))
            }
            steps.append(.check(label: "after \(steps.count)"))
        }
        return SystemFile(name: "random", steps: steps)
    }
}
