import Cassowary
import LinearConstraints
import Testing

private let x = Variable(0), y = Variable(1)

private func constant(_ k: Double) -> LinearExpression { LinearExpression(constant: k) }

/// Refusals: each misuse gets its typed error and changes nothing.
@Suite struct CassowaryRefusalTests {
    func solver(weighted: Bool = false) -> CassowarySolver {
        var s = CassowarySolver(weighted: weighted)
        s.debugChecks = true
        return s
    }

    func snapshot(_ s: CassowarySolver) -> [UInt64] {
        [s.value(of: x).bitPattern, s.value(of: y).bitPattern] + s.objective().flatMap { [UInt64($0.priority.value.bitPattern), $0.error.bitPattern] }
    }

    @Test func aDuplicateIdIsRefused() throws {
        var s = solver()
        try s.add(Constraint(x.expression, .equal, constant(3)), id: ConstraintID(7))
        let before = snapshot(s)
        #expect(throws: SolverError.duplicateConstraint(ConstraintID(7))) {
            try s.add(Constraint(x.expression, .equal, constant(4), priority: .defaultLow), id: ConstraintID(7))
        }
        #expect(snapshot(s) == before)
        #expect(s.value(of: x) == 3)
    }

    @Test func unknownIdsAndVariablesAreRefused() throws {
        var s = solver()
        try s.addEditVariable(x, priority: .defaultHigh)
        let before = snapshot(s)
        #expect(throws: SolverError.unknownConstraint(ConstraintID(1))) { try s.remove(ConstraintID(1)) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.suggestValue(5, for: y) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.removeEditVariable(y) }
        #expect(!s.contains(ConstraintID(1)))
        #expect(snapshot(s) == before)
    }

    @Test func aRequiredEditVariableIsABadPriority() {
        var s = solver()
        #expect(throws: SolverError.badPriority(.required)) { try s.addEditVariable(x, priority: .required) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.suggestValue(1, for: x) }
    }

    @Test func aSecondEditOfTheSameVariableIsADuplicate() throws {
        var s = solver()
        try s.addEditVariable(x, priority: .defaultHigh)
        try s.suggestValue(9, for: x)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try s.addEditVariable(x, priority: .defaultLow) }
        #expect(s.value(of: x) == 9)
        // A bad priority is reported before the duplicate, as the exact oracle does.
        #expect(throws: SolverError.badPriority(.required)) { try s.addEditVariable(x, priority: .required) }
    }

    /// The conflict is the minimal set: x >= 10 and y >= 0 and the new x + y <= 5, not the
    /// unrelated x <= 20; every member is needed and the set is infeasible.
    @Test(arguments: [false, true])
    func theConflictIsMinimalAndHoldsTheNewConstraint(weighted: Bool) throws {
        var s = solver(weighted: weighted)
        let a = Constraint(x.expression, .greaterThanOrEqual, constant(10))
        let b = Constraint(y.expression, .greaterThanOrEqual, constant(0))
        let c = Constraint(x.expression, .lessThanOrEqual, constant(20))
        let d = Constraint(x.expression + y.expression, .lessThanOrEqual, constant(5))
        for (i, k) in [a, b, c].enumerated() { try s.add(k, id: ConstraintID(i)) }
        let error = #expect(throws: SolverError.self) { try s.add(d, id: ConstraintID(3)) }
        #expect(error == .unsatisfiable(conflict: [ConstraintID(0), ConstraintID(1), ConstraintID(3)]))
        #expect(!s.contains(ConstraintID(3)))
        let members = [(ConstraintID(0), a), (ConstraintID(1), b), (ConstraintID(3), d)]
        #expect(!ScriptRun.feasible(members, weighted: weighted))
        for k in members.indices {
            #expect(ScriptRun.feasible(members.enumerated().filter { $0.offset != k }.map(\.element), weighted: weighted))
        }
    }
}

/// Kiwi's failures (docs/peers.md) as regression cases.
@Suite struct CassowaryKiwiRegressionTests {
    /// Kiwi 1 and 2: after the rejected `x <= 5`, x stays 20 and suggesting still works.
    @Test(arguments: [false, true])
    func aRejectedAddKeepsXAtTwenty(weighted: Bool) throws {
        var s = CassowarySolver(weighted: weighted)
        s.debugChecks = true
        try s.add(Constraint(x.expression, .greaterThanOrEqual, constant(10)), id: ConstraintID(0))
        try s.add(Constraint(x.expression, .equal, constant(20), priority: Priority(1)), id: ConstraintID(1))
        #expect(s.value(of: x) == 20)
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(0), ConstraintID(2)])) {
            try s.add(Constraint(x.expression, .lessThanOrEqual, constant(5)), id: ConstraintID(2))
        }
        #expect(s.value(of: x) == 20)
        #expect(s.objective() == [LevelError(priority: Priority(1), error: 0)])
        try s.addEditVariable(x, priority: Priority(999))
        try s.suggestValue(5, for: x)
        #expect(s.value(of: x) == 10)
        try s.suggestValue(15, for: x)
        #expect(s.value(of: x) == 15)
        try s.removeEditVariable(x)
        #expect(s.value(of: x) == 20)
        try s.checkInvariants()
    }

    /// Kiwi 6: a thousand errors at 50 against one at 250. Ordered, the 250 preference holds;
    /// weighted (10^(6p/1000)), the thousand outweigh it.
    @Test(arguments: [false, true])
    func aThousandLowErrorsAgainstOneHigherPreference(weighted: Bool) throws {
        var s = CassowarySolver(weighted: weighted)
        let xx = Variable(1000)
        for i in 0..<1000 {
            let v = Variable(i)
            try s.add(Constraint(v.expression, .equal, xx.expression + Double(i)), id: ConstraintID(i))
            try s.add(Constraint(v.expression, .equal, constant(Double(i + 1)), priority: Priority(50)), id: ConstraintID(1000 + i))
        }
        try s.add(Constraint(xx.expression, .equal, constant(0), priority: .defaultLow), id: ConstraintID(2000))
        #expect(s.value(of: xx) == (weighted ? 1 : 0))
        let expected = weighted
            ? [LevelError(priority: .defaultLow, error: 1), LevelError(priority: Priority(50), error: 0)]
            : [LevelError(priority: .defaultLow, error: 0), LevelError(priority: Priority(50), error: 1000)]
        #expect(sameObjective(s.objective(), expected, weighted: false))
    }

    /// Kiwi 3: the docs/peers.md grid at 7x7 views built in reverse order; every one of its 394
    /// constraints taken out and put back without an error, required constraints holding, and
    /// the objective of the whole grid back after each re-add.
    @Test(arguments: [false, true])
    func everyConstraintOfAReverseBuiltGridComesOutAndGoesBack(weighted: Bool) throws {
        let grid = Grid7x7.constraints
        #expect(grid.count == 394)
        var s = CassowarySolver(weighted: weighted)
        try s.addEditVariable(Grid7x7.rootWidth, priority: Priority(999))
        try s.addEditVariable(Grid7x7.rootHeight, priority: Priority(999))
        try s.suggestValue(420, for: Grid7x7.rootWidth)
        try s.suggestValue(630, for: Grid7x7.rootHeight)
        for (i, c) in grid.enumerated().reversed() { try s.add(c, id: ConstraintID(i)) }
        let built = s.objective()
        for (i, c) in grid.enumerated() {
            try s.remove(ConstraintID(i))
            for (j, other) in grid.enumerated() where j != i && other.isRequired {
                #expect(other.violation { s.value(of: $0) } <= 1e-9 * 1000, "constraint \(j) without \(i)")
            }
            try s.add(c, id: ConstraintID(i))
            #expect(sameObjective(s.objective(), built, weighted: weighted), "after re-adding \(i)")
        }
        try s.checkInvariants()
    }
}

/// The docs/peers.md grid workload at 7x7 views (the same constraints as
/// scripts/generate-example-systems.py and Generator's PeerWorkload): root l, t, w, h are
/// variables 0-3, view i has l, t, w, h at 4 + 4i ...
enum Grid7x7 {
    static let columns = 7, views = 49
    static let rootWidth = Variable(2), rootHeight = Variable(3)

    static func v(_ view: Int, _ attribute: Int) -> LinearExpression { Variable(4 + 4 * view + attribute).expression }

    static var constraints: [Constraint] {
        let (l, t, w, h) = (0, 1, 2, 3)
        let root = { (a: Int) in Variable(a).expression }
        var out = [Constraint(root(l), .equal, constant(0)), Constraint(root(t), .equal, constant(0))]
        for i in 0..<views {
            let left = i % columns == 0 ? root(l) : v(i - 1, l) + v(i - 1, w)
            let top = i < columns ? root(t) : v(i - columns, t) + v(i - columns, h)
            out.append(Constraint(v(i, l), .equal, left + 8))
            out.append(Constraint(v(i, t), .equal, top + 8))
            out.append(Constraint(v(i, w), .greaterThanOrEqual, constant(10)))
            out.append(Constraint(v(i, h), .greaterThanOrEqual, constant(20)))
            if i % columns == columns - 1 { out.append(Constraint(v(i, l) + v(i, w), .equal, root(w) - 8)) }
            if i + columns >= views { out.append(Constraint(v(i, t) + v(i, h), .equal, root(h) - 8)) }
            if i % columns != 0 { out.append(Constraint(v(i, w), .equal, v(i - 1, w), priority: .defaultHigh)) }
            if i >= columns { out.append(Constraint(v(i, h), .equal, v(i - columns, h), priority: .defaultHigh)) }
            out.append(Constraint(v(i, w), .equal, constant(80), priority: .defaultLow))
            out.append(Constraint(v(i, h), .equal, constant(44), priority: .defaultLow))
        }
        return out
    }
}
