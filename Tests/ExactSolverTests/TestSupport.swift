import ExactSolver
import LinearConstraints
import Testing

/// Variable names the tests write constraints with; a name's index is its variable.
let testNames = ["x", "y", "z", "a", "b", "c", "d", "w"]

struct UnknownTestName: Error { var name: String }

/// Parses `text` (system-file syntax) over `testNames`.
func constraint(_ text: String) throws -> Constraint {
    let symbolic = try SymbolicConstraint.parse(text)
    for t in symbolic.terms where !testNames.contains(t.name) { throw UnknownTestName(name: t.name) }
    return symbolic.resolved { Variable(testNames.firstIndex(of: $0) ?? 0) }
}

func v(_ name: String) -> Variable { Variable(testNames.firstIndex(of: name) ?? 0) }

/// A solver with `texts` added under ids 0, 1, 2, ...
func solver(_ texts: [String], maxConstraints: Int = 400) throws -> ExactSolver {
    var s = ExactSolver(maxConstraints: maxConstraints)
    for (i, t) in texts.enumerated() { try s.add(try constraint(t), id: ConstraintID(i)) }
    return s
}

func r(_ n: Int, _ d: Int = 1) -> Rational { Rational(numerator: .init(n), denominator: .init(d)) }

/// The exact objective as (priority value, error) pairs, for compact expectations.
func levels(_ s: ExactSolver) -> [(Float, Rational)] { s.exactObjective().map { ($0.priority.value, $0.error) } }

/// Expects the exact objective of `s` to be `expected`, as (priority, error) pairs, highest first.
func expectLevels(_ s: ExactSolver, _ expected: [(Float, Rational)], sourceLocation: SourceLocation = #_sourceLocation) {
    let got = levels(s)
    let same = got.count == expected.count && zip(got, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    #expect(same, "objective \(got), expected \(expected)", sourceLocation: sourceLocation)
}
