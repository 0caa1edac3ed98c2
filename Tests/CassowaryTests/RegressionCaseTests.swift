#if canImport(Glibc)
import Glibc
#endif
import Testing
import LinearConstraints
import Cassowary

/// Operation sequences that once broke the engine (found by the property tests, shrunk), replayed
/// under both objectives with the deep invariant checks on after every step. Each must keep every
/// required constraint it holds satisfied and reject exactly the adds that conflict.
@Suite struct RegressionCaseTests {
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/Regressions"
    }()

    static func load(_ name: String) throws -> SystemFile {
        let path = directory + "/" + name + ".system.json"
        guard let file = fopen(path, "r") else { throw SolverError.internalError("cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return try SystemFile(jsonText: String(decoding: bytes, as: UTF8.self))
    }

    /// Runs the file, checking invariants and every held required constraint after each step.
    static func replay(_ file: SystemFile, weighted: Bool) -> [StepRecord] {
        var solver = CassowarySolver(weighted: weighted)
        solver.debugChecks = true
        var run = SystemRun(solver: solver)
        var records: [StepRecord] = []
        var held: [String: SymbolicConstraint] = [:]
        for (i, step) in file.steps.enumerated() {
            let outcome = run.perform(step)
            records.append(StepRecord(index: i, kind: step.kind, outcome: outcome))
            switch (step, outcome) {
            case (.add(let c, let id), .ok) where c.priority.isRequired: held[id] = c
            case (.remove(let id), .ok): held[id] = nil
            default: break
            }
            for (id, c) in held.sorted(by: { $0.key < $1.key }) {
                let constraint = c.resolved { run.variable($0) }
                let violation = constraint.violation { run.solver.value(of: $0) }
                #expect(violation <= 1e-7, "step \(i): required \(id) (\(c)) violated by \(violation)")
            }
            #expect(throws: Never.self) { try run.solver.checkInvariants() }
        }
        return records
    }

    @Test(arguments: [false, true])
    func removingOneOfTwoIdenticalEqualitiesKeepsTheOther(weighted: Bool) throws {
        let records = Self.replay(try Self.load("redundant-equality-removed-then-infeasible-add-accepted"), weighted: weighted)
        #expect(records[6].outcome == .unsatisfiable(conflict: ["c4", "c10", "c12"]))
    }

    @Test(arguments: [
        "weighted-not-optimal-after-add", "weighted-not-optimal-after-remove", "weighted-remove-after-edit-removal",
    ])
    func weightedNoiseNeverBreaksTheTableau(name: String) throws {
        let file = try Self.load(name)
        _ = Self.replay(file, weighted: true)
        _ = Self.replay(file, weighted: false)
    }

    /// An infeasible required add is rejected after a read moved the values far away (2^30):
    /// the phase-one tolerance follows the constraint's magnitude, not 1e-9 of the values.
    @Test(arguments: [false, true])
    func anInfeasibleAddIsRejectedAfterAReadAtLargeValues(weighted: Bool) throws {
        let records = Self.replay(try Self.load("infeasible-add-accepted-after-read"), weighted: weighted)
        #expect(records[4].outcome == .unsatisfiable(conflict: ["c23", "c36"]))
    }

    /// A feasible required add whose phase one must pivot on a coefficient of 8e-11 (a chain of
    /// small multipliers): it was refused as unsatisfiable under the 1e-10 pivot tolerance.
    @Test(arguments: [false, true])
    func aFeasibleAddNeedingASmallPivotIsAccepted(weighted: Bool) throws {
        let records = Self.replay(try Self.load("small-pivot-in-phase-one"), weighted: weighted)
        #expect(records[3].outcome == .ok)
    }

    /// An infeasible required add is rejected although earlier eliminations through 0.001 and
    /// 1e-6 left a residue of 1.1e-13 on a slack in x's row: phase one pivoted on it (values at
    /// 4e12, a required equality off by 1). `replay` also checks every held required constraint.
    @Test(arguments: [false, true])
    func anInfeasibleAddIsNotAcceptedThroughAResiduePivot(weighted: Bool) throws {
        let records = Self.replay(try Self.load("infeasible-add-accepted-through-a-small-multiplier"), weighted: weighted)
        #expect(records[7].outcome == .unsatisfiable(conflict: ["c8", "c10", "c11"]))
    }

    /// A duplicate required equality is redundant, not a conflict, when the first copy's row
    /// constant came out of a cancellation at a larger magnitude: 0.001*y == -5 puts y at -5000,
    /// so x = 32/3 is 5000 - 4989.333333333333 and carries an error of 3e-13, which the duplicate's
    /// all-dummy row (and phase one for 3*x <= 32) showed as a residue of 9.1e-13. Both adds must
    /// be accepted, and removing the first copy must leave the second holding x.
    @Test(arguments: [false, true])
    func aDuplicateEqualityReachedThroughACancellationIsRedundant(weighted: Bool) throws {
        let records = Self.replay(try Self.load("duplicate-equality-through-a-small-multiplier"), weighted: weighted)
        #expect(records[3].outcome == .ok)
        #expect(records[5].outcome == .ok)
        #expect(records[7].outcome == .ok)
        guard case .check(_, let values, _) = records[8].outcome else {
            Issue.record("step 8 is not a check: \(records[8])")
            return
        }
        let x = values.first { $0.name == "x" }?.value
        #expect(x.map { abs($0 - 32.0 / 3) <= 1e-9 } == true, "values \(values)")
    }

    /// Lexicographic level 999.5 reaches error 0 only through an objective coefficient of -5e-8
    /// on a level whose scale is 5000 (a dummy's coefficient): the 1e-11 residue rule zeroed it.
    @Test func aSmallObjectiveCoefficientOnALargeScaleLevelStillEnters() throws {
        // No reads between the steps (`replay` reads after each one): the adds are optimised
        // together, as a layout pass does, which is where the coefficient appears.
        var run = SystemRun(solver: CassowarySolver())
        let records = try Self.load("small-objective-coefficient-beside-a-dummy").steps.map { run.perform($0) }
        guard case .check(_, let values, let objective) = records[5] else {
            Issue.record("step 5 is not a check: \(records[5])")
            return
        }
        let top = objective.first { $0.priority == Priority(999.5) }?.error
        #expect(top.map { $0 <= 1e-9 } == true, "objective \(objective)")
        let v = values.first { $0.name == "v" }?.value
        #expect(v.map { abs($0 + 200_000) <= 1e-6 } == true, "values \(values)")
    }
}

