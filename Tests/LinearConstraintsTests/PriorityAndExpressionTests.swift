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

    @Test func arithmeticKeepsTermsAndConstants() {
        let x = Variable(0), y = Variable(1)
        let e = (2 * x + 3) - (y.expression * 4 - 1)
        #expect(e.evaluate { $0 == x ? 10 : 1 } == 2 * 10 + 3 - 4 + 1)
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
