import Testing
@testable import LinearConstraints

/// Priorities: UIKit's float values in (0, 1000], ordered, printed as the shortest text.
@Suite struct PriorityTests {
    @Test(arguments: [0.0, -1, 1000.0001, 1e9, .nan, .infinity, -.infinity])
    func rejectsValuesOutsideTheRange(value: Double) {
        #expect(Priority.validated(value) == nil)
    }

    @Test(arguments: [1e-6, 1, 50, 999.999, 1000])
    func acceptsValuesInTheRange(value: Double) {
        #expect(Priority.validated(value)?.value == Float(value))
    }

    @Test func onlyAThousandIsRequired() {
        #expect(Priority.required.isRequired)
        #expect(!Priority(999.999).isRequired)
        #expect(Priority(999.5) < Priority(999.999))
    }

    @Test func printsTheShortestText() {
        #expect(Priority(750).description == "750")
        #expect(Priority(999.5).description == "999.5")
        #expect(Priority(999.9).description == "999.9")
    }
}

/// Linear expressions and constraint violations.
@Suite struct LinearExpressionTests {
    @Test func normalizingMergesSortsAndDropsZeros() {
        let a = Variable(3), b = Variable(1), c = Variable(2)
        let e = LinearExpression(terms: [.init(a, 2), .init(b, 1), .init(a, -2), .init(c, 0.5), .init(b, 1)], constant: 4)
        #expect(e.normalized() == LinearExpression(terms: [.init(b, 2), .init(c, 0.5)], constant: 4))
    }

    /// Every list of up to three terms over three variables with coefficients -1, 0 and 1 (820
    /// expressions: sorted or not, repeated variables, zeros, terms that cancel), normalized,
    /// against merging by dictionary.
    @Test func normalizingAgreesWithMergingOnEveryShortExpression() {
        let pool = [Variable(0), Variable(1), Variable(2)].flatMap { v in [-1.0, 0, 1].map { LinearExpression.Term(v, $0) } }
        var lists: [[LinearExpression.Term]] = [[]]
        for length in 1...3 { lists += lists.filter { $0.count == length - 1 }.flatMap { l in pool.map { l + [$0] } } }
        #expect(lists.count == 820)
        for terms in lists {
            let e = LinearExpression(terms: terms, constant: 7)
            var sums: [Variable: Double] = [:]
            for t in terms { sums[t.variable, default: 0] += t.coefficient }
            let merged = sums.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { LinearExpression.Term($0.key, $0.value) }
            #expect(e.normalized() == LinearExpression(terms: merged, constant: 7), "\(terms)")
        }
    }

    @Test func arithmeticKeepsTermsAndConstants() {
        let x = Variable(0), y = Variable(1)
        let left: LinearExpression = 2 * x + 3
        let right: LinearExpression = y.expression * 4 - 1
        let e: LinearExpression = left - right
        let expected: Double = 2 * 10 + 3 - 4 + 1
        #expect(e.evaluate { $0 == x ? 10 : 1 } == expected)
        #expect(!LinearExpression(constant: .nan).isFinite)
        #expect(!(1 * x * .infinity).isFinite)
    }

    @Test func violationIsOneSidedForInequalities() {
        let x = Variable(0)
        let at7: (Variable) -> Double = { _ in 7 }
        #expect(Constraint(x.expression, .equal, LinearExpression(constant: 10)).violation(at7) == 3)
        #expect(Constraint(x.expression, .greaterThanOrEqual, LinearExpression(constant: 10)).violation(at7) == 3)
        #expect(Constraint(x.expression, .lessThanOrEqual, LinearExpression(constant: 10)).violation(at7) == 0)
        #expect(Constraint(x.expression, .lessThanOrEqual, LinearExpression(constant: 5)).violation(at7) == 2)
    }
}
