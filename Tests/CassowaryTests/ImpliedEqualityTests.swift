import LinearConstraints
import PropertyBased
import Testing
@testable import Cassowary

/// `ambiguousVariables` (all implied equalities of the optimal face at once) against the former
/// per-variable method (`ambiguousVariablesByExtremes`: each variable minimised and maximised over
/// the face) on random systems with inequalities, degenerate rows (many constants are 0), free
/// variables, several priority levels and suggestions, under both objectives.
@Suite struct ImpliedEqualityTests {
    /// Each constraint is eleven integers in -3...3: coefficients of up to six variables (a term
    /// only for |c| <= 2, so rows are sparse), a constant (a multiple of 5, 0 one time in seven, a
    /// half sometimes), a relation and a priority (required half the time, else four levels).
    static let constraints = Gen.int(in: -3...3).array(of: 11).array(of: 1...12)
    static let priorities: [Priority] = [.required, .required, .required, .required, Priority(750), .defaultHigh, Priority(250), Priority(1)]

    static func decode(_ code: [Int], variables n: Int) -> Constraint {
        var terms: [LinearExpression.Term] = []
        for i in 0..<n where code[i] != 0 && abs(code[i]) <= 2 { terms.append(.init(Variable(i), Double(code[i]))) }
        let constant = Double(code[6] * 5) + (code[7] == 3 ? 0.5 : 0)
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][(code[8] + 3) % 3]
        let priority = priorities[(code[9] + 3) % priorities.count]
        return Constraint(LinearExpression(terms: terms, constant: constant), relation, priority: priority)
    }

    /// The solver after adding every decodable constraint (refused ones are skipped), with an
    /// edit variable on x and a suggestion when the last code asks for one.
    static func build(_ codes: [[Int]], variables n: Int, weighted: Bool, factored: Bool = false) -> CassowarySolver {
        var s = factored ? CassowarySolver(factored: true) : CassowarySolver(weighted: weighted)
        s.debugChecks = true
        if let last = codes.last, last[10] > 1 {
            try? s.addEditVariable(Variable(0), priority: .defaultHigh)
            try? s.suggestValue(Double(last[6] * 7), for: Variable(0))
        }
        for (i, code) in codes.enumerated() { try? s.add(decode(code, variables: n), id: ConstraintID(i)) }
        return s
    }

    @Test(arguments: [false, true])
    func allAtOnceAgreesWithPerVariableExtremes(weighted: Bool) async {
        await propertyCheck(count: 2000, input: Gen.int(in: 2...6), Self.constraints) { n, codes in
            let s = Self.build(codes, variables: n, weighted: weighted)
            let all = (0...n).map { Variable($0) }  // Variable(n) is mentioned by nothing
            let fast = s.ambiguousVariables(all)
            let slow = s.ambiguousVariablesByExtremes(all)
            #expect(fast == slow, "n=\(n) \(codes.map { "\(Self.decode($0, variables: n))" })")
        }
    }

    /// `cassowary-revised` reads the face from its own basis (one FTRAN per movable column, the
    /// shared implied-equality analysis on the rows they reach): the same answers as the explicit
    /// engine's per-variable extremes on the same systems.
    @Test func theRevisedEngineReadsTheSameFaceFromItsBasis() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 2...6), Self.constraints) { n, codes in
            let s = Self.build(codes, variables: n, weighted: false)
            var r = RevisedSolver()
            r.debugChecks = true
            if let last = codes.last, last[10] > 1 {
                try? r.addEditVariable(Variable(0), priority: .defaultHigh)
                try? r.suggestValue(Double(last[6] * 7), for: Variable(0))
            }
            for (i, code) in codes.enumerated() { try? r.add(Self.decode(code, variables: n), id: ConstraintID(i)) }
            let all = (0...n).map { Variable($0) }
            #expect(r.ambiguousVariables(all) == s.ambiguousVariablesByExtremes(all),
                    "n=\(n) \(codes.map { "\(Self.decode($0, variables: n))" })")
        }
    }

    @Test func aCycleOfInequalitiesIsAnImpliedEquality() throws {
        // x <= y <= z <= x + 0: all three equal, z free above by nothing but the cycle; w is free.
        var s = CassowarySolver()
        let x = Variable(0), y = Variable(1), z = Variable(2), w = Variable(3)
        try s.add(Constraint(LinearExpression(terms: [.init(x, 1), .init(y, -1)], constant: 0), .lessThanOrEqual), id: ConstraintID(0))
        try s.add(Constraint(LinearExpression(terms: [.init(y, 1), .init(z, -1)], constant: 0), .lessThanOrEqual), id: ConstraintID(1))
        try s.add(Constraint(LinearExpression(terms: [.init(z, 1), .init(x, -1)], constant: 0), .lessThanOrEqual), id: ConstraintID(2))
        try s.add(Constraint(LinearExpression(terms: [.init(x, 1)], constant: -5), .equal), id: ConstraintID(3))
        try s.add(Constraint(LinearExpression(terms: [.init(w, 1), .init(x, -1)], constant: 0), .greaterThanOrEqual), id: ConstraintID(4))
        #expect(s.ambiguousVariables([x, y, z, w]) == [w])
        #expect(s.ambiguousVariablesByExtremes([x, y, z, w]) == [w])
    }
}
