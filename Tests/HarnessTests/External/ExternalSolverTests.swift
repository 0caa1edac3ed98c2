import Cassowary
import Foundation
import LinearConstraints
import Testing

@testable import Peers

/// `ExternalSolver` over well-behaved adapters: the reference adapter agrees with the in-process
/// strategy, processes are reused with a reset, values are read once per change, copies are
/// independent, and the harness's own checks (objective, required residuals) work on answers.
@Suite struct ExternalSolverTests {
    static let examples: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("examples/systems")
    }()

    func strutAdapter(_ strategy: String = "cassowary") throws -> ExternalConfiguration {
        let strut = try #require(PlantedAdapter.strutBinary, "the strut executable is built with the tests")
        return ExternalConfiguration(command: "\(strut) adapter --strategy \(strategy)", timeout: 300)
    }

    @Test(arguments: ["kiwi-rejected-add", "rollback-after-conflict", "grid-7x7-removals"])
    func theReferenceAdapterGivesExactlyWhatTheDefaultGivesInProcess(name: String) throws {
        let text = try String(contentsOf: Self.examples.appendingPathComponent("\(name).system.json"), encoding: .utf8)
        let file = try SystemFile(jsonText: text)
        var inProcess = SystemRun(solver: AdaptiveSolver())
        var external = SystemRun(solver: ExternalSolver(try strutAdapter()))
        let expected = inProcess.run(file)
        let got = external.run(file)
        #expect(external.solver.failure == nil)
        #expect(got.count == expected.count)
        for (a, b) in zip(expected, got) where a != b {
            Issue.record("step \(a.index): cassowary \(a.json.jsonText().prefix(300)) vs external \(b.json.jsonText().prefix(300))")
        }
        #expect(throws: Never.self) { try external.solver.checkInvariants() }
    }

    @Test func copiesAreIndependentValues() throws {
        var a = ExternalSolver(try strutAdapter())
        try a.add(External.atLeast(External.x, 10), id: ConstraintID(0))
        var b = a
        try b.add(External.equal(External.x, 20, Priority(1)), id: ConstraintID(1))
        #expect(b.value(of: External.x) == 20)
        #expect(a.value(of: External.x) == 10)
        #expect(!a.contains(ConstraintID(1)) && b.contains(ConstraintID(1)))
        try a.remove(ConstraintID(0))
        #expect(b.contains(ConstraintID(0)))
        #expect(a.failure == nil && b.failure == nil)
    }

    @Test func aProcessIsReusedByTheNextSolverAfterAReset() throws {
        let adapter = try PlantedAdapter.blind("reuse")
        do {
            var first = adapter.solver()
            try first.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        }
        var second = adapter.solver()
        try second.add(External.atLeast(External.x, 2), id: ConstraintID(0))
        #expect(adapter.log == ["start", #"{"add":"v0 >= 1","id":"c0"}"#, #"{"reset":true}"#, #"{"add":"v0 >= 2","id":"c0"}"#])
        #expect(adapter.pids.count == 1)
        _ = consume second
        #expect(ExternalProcessPool.shared.drain(adapter.command) == 1)
        #expect(adapter.survivors.isEmpty)
    }

    @Test func valuesComeFromOneCheckPerChange() throws {
        let adapter = try PlantedAdapter.blind("lazy-check")
        var solver = adapter.solver()
        #expect(solver.value(of: External.x) == 0)
        #expect(adapter.pids.isEmpty, "reading a solver that was never sent anything starts no process")
        try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        _ = solver.value(of: External.x)
        _ = solver.value(of: External.y)
        _ = solver.objective()
        try solver.addEditVariable(External.y, priority: .defaultHigh)
        _ = solver.value(of: External.x)
        let checks = adapter.log.filter { $0.contains("\"check\"") }
        #expect(checks.count == 2, "\(adapter.log)")
        _ = consume solver
        ExternalProcessPool.shared.drain(adapter.command)
    }

    /// An adapter answering every check with x = 3, y = 0 and no objective.
    func fixedValuesAdapter(_ name: String) throws -> PlantedAdapter {
        try PlantedAdapter(name) { _ in
            """
            while read -r line; do
              case "$line" in
                *'"check"'*) echo '{"values":{"v0":3,"v1":0}}' ;;
                *) echo '{"outcome":"ok"}' ;;
              esac
            done
            """
        }
    }

    @Test func theObjectiveIsComputedFromTheModelWhenTheAdapterSendsNone() throws {
        let adapter = try fixedValuesAdapter("objective")
        var solver = adapter.solver()
        try solver.add(External.equal(External.x, 5, .defaultLow), id: ConstraintID(0))
        try solver.add(External.atMost(External.x, 1, .defaultLow), id: ConstraintID(1))
        try solver.addEditVariable(External.y, priority: .defaultHigh)
        try solver.suggestValue(2, for: External.y)
        #expect(solver.objective() == [LevelError(priority: .defaultHigh, error: 2), LevelError(priority: .defaultLow, error: 4)])
        _ = consume solver
        ExternalProcessPool.shared.drain(adapter.command)
    }

    @Test func checkInvariantsCatchesARequiredConstraintTheAnswersViolate() throws {
        let adapter = try fixedValuesAdapter("residual")
        var solver = adapter.solver()
        try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        #expect(throws: Never.self) { try solver.checkInvariants() }
        try solver.add(External.atLeast(External.x, 10), id: ConstraintID(1))
        #expect(throws: SolverError.internalError("external solver violates required constraint #1 by 7 at its own values")) {
            try solver.checkInvariants()
        }
        #expect(solver.failure == nil, "a wrong answer is not a protocol failure")
        _ = consume solver
        ExternalProcessPool.shared.drain(adapter.command)
    }

    @Test func refusalsMapToTheTypedErrors() throws {
        var solver = ExternalSolver(try strutAdapter())
        try solver.add(External.atLeast(External.x, 10), id: ConstraintID(0))
        #expect(throws: SolverError.duplicateConstraint(ConstraintID(0))) { try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0)) }
        #expect(throws: SolverError.unsatisfiable(conflict: [ConstraintID(0), ConstraintID(1)])) {
            try solver.add(External.atMost(External.x, 5), id: ConstraintID(1))
        }
        #expect(throws: SolverError.unknownConstraint(ConstraintID(7))) { try solver.remove(ConstraintID(7)) }
        #expect(throws: SolverError.badPriority(.required)) { try solver.addEditVariable(External.y, priority: .required) }
        #expect(throws: SolverError.unknownEditVariable(External.y)) { try solver.suggestValue(1, for: External.y) }
        #expect(throws: SolverError.nonFinite("suggested value for v1")) { try solver.suggestValue(.infinity, for: External.y) }
        try solver.addEditVariable(External.y, priority: .defaultHigh)
        #expect(throws: SolverError.duplicateEditVariable(External.y)) { try solver.addEditVariable(External.y, priority: .defaultLow) }
        try solver.removeEditVariable(External.y)
        #expect(throws: SolverError.unknownEditVariable(External.y)) { try solver.removeEditVariable(External.y) }
        #expect(solver.failure == nil)
        #expect(solver.value(of: External.x) == 10)
    }
}
