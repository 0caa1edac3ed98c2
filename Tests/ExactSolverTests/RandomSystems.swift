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
    /// integer coefficients, constants that are multiples of 5 plus sometimes a half (or a
    /// binary-inexact tenth), mixed relations and priorities.
    static func decode(_ code: [Int], variables: Int) -> Constraint {
        var terms: [LinearExpression.Term] = []
        for i in 0..<variables where code[i] != 0 { terms.append(.init(Variable(i), Double(code[i]))) }
        var constant = Double(code[3] * 5 + code[4])
        if code[7] > 2 { constant += 0.5 } else if code[7] < -3 { constant += 0.1 }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][(code[5] + 4) % 3]
        let priority = priorities[(code[6] + 4) % priorities.count]
        return Constraint(LinearExpression(terms: terms, constant: constant), relation, priority: priority)
    }
}
