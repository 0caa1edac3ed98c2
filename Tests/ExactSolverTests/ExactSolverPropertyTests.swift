import ExactSolver
import LinearConstraints
import PropertyBased
import Testing

/// The oracle against an independent enumeration (`BruteForce`) on random small systems.
@Suite struct ExactSolverPropertyTests {
    /// Adds every constraint in order; checks each rejection and the final optimum exactly.
    @Test func theOracleMatchesBruteForceOnRandomSmallSystems() async throws {
        await propertyCheck(count: 150, input: Gen.int(in: 1...3), RandomSystems.encoded(maxConstraints: 7)) { n, codes in
            let list = codes.map { RandomSystems.decode($0, variables: n) }
            var s = ExactSolver()
            var accepted: [Constraint] = []
            for (i, c) in list.enumerated() {
                do {
                    try s.add(c, id: ConstraintID(i))
                    accepted.append(c)
                } catch SolverError.unsatisfiable(let conflict) {
                    #expect(conflict.contains(ConstraintID(i)))
                    let members = conflict.map { list[$0.rawValue] }
                    #expect(try ConflictAnalysis.verdict(on: members).isMinimal, "conflict \(conflict) of \(list)")
                    #expect(BruteForce(accepted + [c], variables: n).optimum() == nil, "rejected a feasible add: \(list)")
                }
            }
            try s.checkInvariants()
            expectOptimal(s, BruteForce(accepted, variables: n), n: n)
        }
    }

    /// Removes constraints one by one and drives an edit variable; every state is checked.
    @Test func removalsAndEditsKeepTheOptimumExact() async throws {
        let suggestions = Gen.int(in: -30...30).array(of: 1...3)
        await propertyCheck(count: 60, input: Gen.int(in: 1...3), RandomSystems.encoded(maxConstraints: 6), suggestions) { n, codes, values in
            let list = codes.map { RandomSystems.decode($0, variables: n) }
            var s = ExactSolver()
            var current: [Int: Constraint] = [:]
            for (i, c) in list.enumerated() where (try? s.add(c, id: ConstraintID(i))) != nil { current[i] = c }
            let edit = Priority(values.count % 2 == 0 ? 999 : 500)
            try s.addEditVariable(Variable(0), priority: edit)
            for value in values {
                try s.suggestValue(Double(value), for: Variable(0))
                let pin = Constraint(LinearExpression(terms: [.init(Variable(0), 1)], constant: Double(-value)), .equal, priority: edit)
                expectOptimal(s, BruteForce(current.keys.sorted().compactMap { current[$0] } + [pin], variables: n), n: n)
            }
            try s.removeEditVariable(Variable(0))
            for id in current.keys.sorted() {
                try s.remove(ConstraintID(id))
                current[id] = nil
                expectOptimal(s, BruteForce(current.keys.sorted().compactMap { current[$0] }, variables: n), n: n)
            }
            try s.checkInvariants()
        }
    }

    /// Feasibility, certificates and the deletion filter on random sets taken as hard.
    @Test func certificatesAndMinimalConflictsHoldOnRandomSets() async throws {
        await propertyCheck(count: 150, input: Gen.int(in: 1...3), RandomSystems.encoded(maxConstraints: 8)) { n, codes in
            let list = codes.map { RandomSystems.decode($0, variables: n) }.map { c in
                Constraint(c.expression, c.relation, priority: .required)
            }
            let brute = BruteForce(list, variables: n).optimum()
            switch try ConflictAnalysis.feasibility(of: list) {
            case .feasible:
                #expect(brute != nil, "feasibility disagrees with enumeration on \(list)")
            case .infeasible(let certificate):
                #expect(brute == nil, "feasibility disagrees with enumeration on \(list)")
                #expect(certificate.verifies(list))
                let found = try #require(try ConflictAnalysis.minimalConflict(in: list))
                let members = found.members.map { list[$0] }
                #expect(found.certificate.verifies(members))
                #expect(try ConflictAnalysis.verdict(on: members).isMinimal)
            }
        }
    }

    /// The optimum does not depend on the order constraints were given in.
    @Test func theObjectiveIgnoresTheOrderOfConstraints() async throws {
        await propertyCheck(count: 80, input: Gen.int(in: 1...3), RandomSystems.encoded(maxConstraints: 8)) { n, codes in
            let list = codes.map { RandomSystems.decode($0, variables: n) }.filter { !$0.isRequired }
            var forward = ExactSolver()
            var backward = ExactSolver()
            for (i, c) in list.enumerated() {
                try forward.add(c, id: ConstraintID(i))
                try backward.add(c, id: ConstraintID(list.count - i))
            }
            #expect(forward.exactObjective() == backward.exactObjective())
        }
    }
}

/// Expects the solver's exact objective and determinacy ranges to match the enumeration.
func expectOptimal(_ s: ExactSolver, _ brute: BruteForce, n: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let optimum = brute.optimum() else {
        Issue.record("the enumeration finds no feasible point", sourceLocation: sourceLocation)
        return
    }
    #expect(s.exactObjective().map(\.error) == optimum.objective, "levels \(brute.levels)", sourceLocation: sourceLocation)
    let chosen = (0..<n).map { s.exactValue(of: Variable($0)) }
    #expect(brute.isFeasible(chosen) && brute.objective(chosen) == optimum.objective, sourceLocation: sourceLocation)
    for i in 0..<n {
        let range = s.determinacy(of: Variable(i))
        let xs = optimum.optimalVertices.map { $0[i] }
        #expect(xs.allSatisfy(range.contains), "x\(i) \(range) vs \(xs)", sourceLocation: sourceLocation)
        if let lo = range.minimum { #expect(xs.contains(lo), "x\(i) min \(lo) vs \(xs)", sourceLocation: sourceLocation) }
        if let hi = range.maximum { #expect(xs.contains(hi), "x\(i) max \(hi) vs \(xs)", sourceLocation: sourceLocation) }
    }
}
