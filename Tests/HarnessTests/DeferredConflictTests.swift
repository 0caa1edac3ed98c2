import AutoLayout
import Cassowary
import Generator
import LinearConstraints
import Testing

@testable import Subjects

/// A layout pass that leaves conflict minimisation to `diagnose()` lays out exactly what the
/// pass that minimises does (the same frames, the same constraints broken on every device), and
/// `diagnose()` gives the same minimal sets the minimising pass reports.
@Suite struct DeferredConflictTests {
    static let devices = "iphone-se,iphone-16-pro-max:landscape,ipad-air,iphone-se:landscape"

    @Test(arguments: [("planted-conflict", 40), ("planted-conflict", 120), ("autoresizing-conflict", 30), ("size-class-flip", 30), ("form", 22)])
    func deferringTheMinimisationChangesNeitherTheLayoutNorTheReportedSets(family: String, size: Int) throws {
        for seed in UInt64(1)...4 {
            let loaded = try CaseSource.generated(try GenerationRequest(family: family, size: size, seed: seed)).load()
            for weighted in [false, true] {
                let (full, deferred, diagnosed) = try Self.layouts(loaded.tree, CassowarySolver(weighted: weighted))
                #expect(deferred.map(\.frames) == full.map(\.frames), "\(family) \(size) seed \(seed)")
                #expect(deferred.map { $0.conflicts.map(\.broken) } == full.map { $0.conflicts.map(\.broken) })
                #expect(diagnosed.map(\.conflicts) == full.map(\.conflicts), "\(family) \(size) seed \(seed)")
                #expect(diagnosed.map(\.ambiguous) == full.map(\.ambiguous))
                // Every set the deferring pass names is conflicting (a superset of the minimal one).
                for (d, f) in zip(deferred, full) {
                    for (a, b) in zip(d.conflicts, f.conflicts) { #expect(Set(b.constraints).isSubset(of: Set(a.constraints))) }
                }
            }
        }
    }

    @Test func planted20ConflictsAreReportedUnminimisedInThePassAndMinimalInTheDiagnosis() throws {
        let request = try GenerationRequest(family: "planted-conflict", size: 120, seed: 5, parameters: [("faults", "10")])
        let loaded = try CaseSource.generated(request).load()
        let (full, deferred, diagnosed) = try Self.layouts(loaded.tree, CassowarySolver())
        #expect(full[0].conflicts.count >= 10 && deferred[0].conflicts.count == full[0].conflicts.count)
        #expect(diagnosed[0].conflicts == full[0].conflicts)
    }

    /// On one engine each: the minimising pass's results, the deferring pass's results, and its
    /// diagnoses, device by device.
    static func layouts<S: ConstraintSolver>(_ tree: ViewTree, _ solver: S) throws -> ([LayoutResult], [LayoutResult], [LayoutDiagnostics]) {
        let configurations = try DeviceSpec.parse(devices)
        var full = LayoutEngine(tree: tree, solver: solver)
        var deferred = LayoutEngine(tree: tree, solver: solver)
        deferred.diagnosesInLayoutPass = false
        var a: [LayoutResult] = [], b: [LayoutResult] = [], c: [LayoutDiagnostics] = []
        for d in configurations {
            a.append(try full.layout(on: d))
            b.append(try deferred.layout(on: d))
            c.append(deferred.diagnose())
        }
        return (a, b, c)
    }
}
