import Testing
@testable import LinearConstraints

/// The constraint expression grammar of docs/system-format.md, as `SymbolicConstraint.parse` reads it.
@Suite struct SymbolicConstraintParsingTests {
    /// `text` parses to `Σ terms + constant RELATION 0` (the right side moved to the left).
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var terms: [String: Double]
        var order: [String]
        var constant: Double
        var relation: Relation
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "x >= 10", terms: ["x": 1], order: ["x"], constant: -10, relation: .greaterThanOrEqual),
        Case(text: "x<=5", terms: ["x": 1], order: ["x"], constant: -5, relation: .lessThanOrEqual),
        Case(text: "2*x + y*3 - 4 == z", terms: ["x": 2, "y": 3, "z": -1], order: ["x", "y", "z"],
             constant: -4, relation: .equal),
        Case(text: "- -x <= 5", terms: ["x": 1], order: ["x"], constant: -5, relation: .lessThanOrEqual),
        Case(text: "-x - -2*y == 0", terms: ["x": -1, "y": 2], order: ["x", "y"], constant: 0, relation: .equal),
        Case(text: "x + x == 4", terms: ["x": 2], order: ["x"], constant: -4, relation: .equal),
        Case(text: "x - x >= 1", terms: [:], order: [], constant: -1, relation: .greaterThanOrEqual),
        Case(text: "view_1.left + 8 <= root.width", terms: ["view_1.left": 1, "root.width": -1],
             order: ["view_1.left", "root.width"], constant: 8, relation: .lessThanOrEqual),
        Case(text: "1.5e2*x == 3E-1", terms: ["x": 150], order: ["x"], constant: -0.3, relation: .equal),
        Case(text: ".5*a >= b*1e+1 + 2.", terms: ["a": 0.5, "b": -10], order: ["a", "b"], constant: -2,
             relation: .greaterThanOrEqual),
        Case(text: "3 == 1 + 2", terms: [:], order: [], constant: 0, relation: .equal),
        Case(text: "\tw\t>=\t0", terms: ["w": 1], order: ["w"], constant: 0, relation: .greaterThanOrEqual),
    ]

    @Test(arguments: cases)
    func parsesTheGrammar(_ c: Case) throws {
        let parsed = try SymbolicConstraint.parse(c.text)
        #expect(parsed.terms.map(\.name) == c.order)
        for t in parsed.terms { #expect(t.coefficient == c.terms[t.name], "\(t.name)") }
        #expect(parsed.constant == c.constant)
        #expect(parsed.relation == c.relation)
        #expect(parsed.priority == .required)
    }

    @Test(arguments: [
        ("x >= 0 @750", Float(750)), ("x >= 0 @ 999.5", 999.5), ("x >= 0 @999.999", 999.999),
        ("x >= 0 @1000", 1000), ("x >= 0 @1e-3", 0.001), ("x >= 0 @required", 1000),
        ("x >= 0 @defaultHigh", 750), ("x >= 0 @defaultLow", 250), ("x >= 0 @fittingSizeLevel", 50),
        ("x >= 0", 1000),
    ])
    func readsPrioritiesByNumberAndByName(text: String, expected: Float) throws {
        #expect(try SymbolicConstraint.parse(text).priority == Priority(expected))
    }

    @Test func resolvesNamesToVariables() throws {
        let c = try SymbolicConstraint.parse("2*a - b >= 3 @250")
        let constraint = c.resolved { $0 == "a" ? Variable(5) : Variable(9) }
        #expect(constraint.expression.terms == [.init(Variable(5), 2), .init(Variable(9), -1)])
        #expect(constraint.expression.constant == -3)
        #expect(constraint.relation == .greaterThanOrEqual)
        #expect(constraint.priority == .defaultLow)
    }
}

/// Malformed expressions give an `ExpressionError` at the character offset where reading stopped.
@Suite struct SymbolicConstraintErrorTests {
    static let cases: [(text: String, offset: Int, message: String)] = [
        ("x >= ", 5, "unexpected end"),
        ("x => 1", 2, "expected a relation"),
        ("x = 1", 2, "expected a relation"),
        ("x", 1, "expected a relation"),
        ("x + 1", 5, "expected a relation"),
        ("x >= 1 @", 8, "expected a priority"),
        ("x >= 1 @0", 8, "outside (0, 1000]"),
        ("x >= 1 @1001", 8, "outside (0, 1000]"),
        ("x >= 1 @-5", 8, "expected a priority"),
        ("x >= 1 @high", 8, "unknown priority 'high'"),
        ("x >= 1 @750 x", 12, "unexpected text"),
        ("x >= 2 y", 7, "unexpected text"),
        ("3 * 4 >= x", 4, "expected a variable name after '*'"),
        ("x * y >= 1", 4, "expected a number after '*'"),
        ("x # 1", 2, "unexpected character '#'"),
        ("x >= 1.2.3", 8, "unexpected text"),
        ("x >= NaN", 5, "not a finite number"),
        ("x >= nan", 5, "not a finite number"),
        ("inf*x >= 0", 0, "not a finite number"),
        ("x <= -Infinity", 6, "not a finite number"),
        ("x >= 1e999", 5, "not finite"),
        ("x >= 1e", 5, "malformed number"),
        ("x >= .", 5, "malformed number"),
        ("x >= == 1", 5, "expected a number or a variable name"),
        ("", 0, "unexpected end"),
    ]

    @Test(arguments: cases)
    func reportsTheOffset(text: String, offset: Int, message: String) {
        let error = #expect(throws: ExpressionError.self) { try SymbolicConstraint.parse(text) }
        #expect(error?.offset == offset)
        #expect(error?.message.contains(message) == true, "message: \(error?.message ?? "none")")
        #expect(error?.description.hasPrefix("at character \(offset + 1): ") == true)
    }

    /// Finite numbers whose sum overflows must not slip through as an infinite coefficient or constant.
    @Test(arguments: ["1e308*x + 1e308*x >= 0", "x >= 1e308 + 1e308", "x - 1e308 >= 1e308"])
    func overflowingSumsAreRejected(text: String) {
        #expect(throws: ExpressionError.self) { try SymbolicConstraint.parse(text) }
    }
}

/// `description` prints a constraint in the grammar; reading it back gives the same constraint.
@Suite struct SymbolicConstraintPrintingTests {
    @Test(arguments: [
        ("x >= 10", "x >= 10"),
        ("x == 20 @1", "x == 20 @1"),
        ("2*x + y*3 - 4 == z", "2*x + 3*y - z == 4"),
        ("-x + 0.5*y <= -3 @999.5", "-x + 0.5*y <= -3 @999.5"),
        ("-2*a >= 0 @defaultHigh", "-2*a >= 0 @750"),
        ("5 >= 1", "0 >= -4"),
        ("x @required >= 1", ""),
    ])
    func printsCanonicalText(text: String, expected: String) throws {
        guard !expected.isEmpty else {
            #expect(throws: ExpressionError.self) { try SymbolicConstraint.parse(text) }
            return
        }
        #expect(try SymbolicConstraint.parse(text).description == expected)
    }

    @Test func printingThenParsingGivesTheSameConstraint() throws {
        var g = SplitMix64(seed: 2026)
        for _ in 0..<3000 {
            let original = Self.randomConstraint(&g)
            let text = original.description
            let back = try SymbolicConstraint.parse(text)
            #expect(back == original, "\(text)")
        }
    }

    /// A constraint with 0-4 distinct named terms, awkward numbers included (tiny, huge, fractional,
    /// negative), and a random priority; zero coefficients never occur (the parser drops them).
    static func randomConstraint(_ g: inout SplitMix64) -> SymbolicConstraint {
        let names = ["x", "y", "view_3.left", "root.width", "_t9"]
        var terms: [(name: String, coefficient: Double)] = []
        for name in names.shuffled(using: &g).prefix(Int.random(in: 0...4, using: &g)) {
            var c = randomNumber(&g)
            if c == 0 { c = 1 }
            terms.append((name, c))
        }
        let relation = Relation.allCases.randomElement(using: &g)!
        let priority: Priority = switch Int.random(in: 0..<4, using: &g) {
        case 0: .required
        case 1: Priority.named.randomElement(using: &g)!.priority
        case 2: Priority(Float(Int.random(in: 1...1000, using: &g)))
        default: Priority(Float.random(in: 0.001...1000, using: &g))
        }
        return SymbolicConstraint(terms: terms, constant: randomNumber(&g), relation: relation, priority: priority)
    }

    static func randomNumber(_ g: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: Double(Int.random(in: -20...20, using: &g))
        case 1: Double.random(in: -1000...1000, using: &g)
        case 2: Double.random(in: -1...1, using: &g) * 1e-9
        case 3: Double.random(in: -1...1, using: &g) * 1e200
        case 4: Double(Int.random(in: -1...1, using: &g))
        default: Double(Int.random(in: 1...9, using: &g)) / 8
        }
    }
}
