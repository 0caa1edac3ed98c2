import Cassowary
import ExactSolver
import LinearConstraints
import PropertyBased
import Testing

/// The primal simplex's long step (one pivot past many breakpoints of a level's objective) judged
/// by the oracle on the systems it exists for: a shared width held at a strong priority while
/// labels of equal width are added, each wanting at least its own width at 750 and at most it at
/// 250, then let go, so that one optimisation crosses every label's breakpoint (many tied, some
/// rows without a partner because a required cap or a second use shares their slack).
@Suite struct LongStepTests {
    /// `W` pinned at `pin @900`; label i: `wi == W`, `wi >= ci @750`, `wi <= ci @250`; optionally
    /// `W <= cap` required and `W == target @500`; then the pin removed and a check.
    static func staircase(_ codes: [Int], cap: Int, pin: Int, target: Int) -> SystemFile {
        var steps: [SystemStep] = []
        func add(_ text: String, _ id: String) {
            guard let c = try? SymbolicConstraint.parse(text) else { preconditionFailure("bad test constraint \(text)") }
            steps.append(.add(c, id: id))
        }
        add("W == \(pin) @900", "pin")
        for (i, c) in codes.enumerated() {
            add("w\(i) == W", "eq\(i)")
            add("w\(i) >= \(c) @750", "min\(i)")
            add("w\(i) <= \(c) @250", "max\(i)")
            // Every fourth label's slack is also in a second row, so it has no partner.
            if i % 4 == 3 { add("w\(i) + w\(i - 1) >= \(2 * c - 10) @750", "pair\(i)") }
        }
        if cap > 0 { add("W <= \(cap)", "cap") }
        if target > 0 { add("W == \(target) @500", "target") }
        steps.append(.check(label: "pinned"))
        steps.append(.remove(id: "pin"))
        steps.append(.check(label: "free"))
        return SystemFile(name: "long-step-staircase", steps: steps)
    }

    static let input = Gen.int(in: 1...12).array(of: 2...24)

    @Test(arguments: ["cassowary-explicit", "cassowary-factored", "cassowary-rebuild", "cassowary-revised", "cassowary"])
    func aStaircaseOfLabelWidthsEndsAtTheOraclesOptimum(strategy: String) async {
        await propertyCheck(count: 60, input: Self.input, Gen.int(in: 0...14), Gen.int(in: 0...3), Gen.int(in: 0...14)) { widths, cap, pin, target in
            let file = Self.staircase(widths.map { 10 * $0 }, cap: 10 * cap, pin: pin, target: 10 * target)
            expectOracleAgrees(file, strategy: strategy)
        }
    }

    /// 480 labels of 81 distinct widths (the form family's numbers): the explicit and factored
    /// engines both end with the shared width at the widest label and the same objective.
    @Test func fourHundredEightyLabelsEndAtTheWidest() throws {
        var rng = SystemRandomNumberGenerator()
        let widths = (0..<480).map { _ in Int.random(in: 40...120, using: &rng) }
        let file = Self.staircase(widths, cap: 0, pin: 0, target: 0)
        for factored in [false, true] {
            var run = SystemRun(solver: CassowarySolver(factored: factored))
            let records = run.run(file)
            guard case .check(_, let values, let objective) = records.last?.outcome else {
                Issue.record("no check at the end: \(records.last.map { "\($0)" } ?? "nothing")")
                return
            }
            let w = values.first { $0.name == "W" }?.value
            #expect(w == Double(widths.max() ?? 0), "factored: \(factored), W = \(w.map { "\($0)" } ?? "missing")")
            let expected = widths.reduce(0) { $0 + Double(widths.max()! - $1) }
            #expect(objective.first { $0.priority == .defaultLow }?.error == expected)
        }
    }
}
