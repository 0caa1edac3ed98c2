import AutoLayout
import Foundation
import Generator
import LinearConstraints
import Testing

@testable import Bench
@testable import Judging
@testable import Peers
@testable import Reports
@testable import Subjects

/// The phases a bench run times apart (`first` and `switch` are layout passes, `diagnostics` the
/// ambiguity report asked after each), the per-run time limit, and an outside solver's own time.
@Suite struct BenchPhaseTests {
    func plan(_ family: String, sizes: [Int], strategies: [BenchStrategy] = Fixtures.strategies) throws -> BenchPlan {
        var plan = BenchPlan(sources: try FamilyInput(family: family, sizes: sizes).requests(seed: 3, count: 1), strategies: strategies)
        plan.devices = try DeviceSpec.parse("iphone-8,iphone-8:landscape")
        plan.deviceSpec = "iphone-8,iphone-8:landscape"
        plan.repeats = 2
        plan.warmup = 0
        plan.invariants = .none
        return plan
    }

    @Test func theDiagnosticsPhaseReportsWhatTheLayoutPassLeavesOut() throws {
        let p = try plan("planted-ambiguity", sizes: [12])
        let r = BenchSession.run(p, jobs: 2)
        let layouts = r.records.filter { $0.phase != .diagnostics }
        let diagnostics = r.records.filter { $0.phase == .diagnostics }
        #expect(layouts.count == 2 * p.strategies.count && diagnostics.count == layouts.count)
        #expect(layouts.allSatisfy { $0.outcome.ambiguous == nil })
        // The planted views are ambiguous on both devices; the count is the engine's own report.
        let loaded = try p.sources[0].load()
        let expected = try Self.ambiguousViews(Fixtures.strategies[0].make(), loaded.tree)
        #expect(expected ?? 0 > 0)
        #expect(diagnostics.filter { $0.strategy == Fixtures.strategies[0].name }.allSatisfy { $0.outcome.ambiguous == expected })
        #expect(diagnostics.allSatisfy { $0.wall.count == p.repeats && $0.position >= 2 })
    }

    static func ambiguousViews<S: ConstraintSolver>(_ solver: S, _ tree: ViewTree) throws -> Int? {
        var engine = LayoutEngine(tree: tree, solver: solver)
        return try engine.layout(on: try DeviceSpec.parse("iphone-8")[0]).ambiguous?.count
    }

    @Test func withoutDiagnosticsOnlyLayoutPassesAreTimed() throws {
        var p = try plan("form", sizes: [8])
        p.diagnostics = false
        let r = BenchSession.run(p, jobs: 1)
        #expect(!r.records.isEmpty && r.records.allSatisfy { $0.phase != .diagnostics })
        #expect(p.command.contains("--no-diagnostics"))
    }

    @Test func aUnitPastThePerRunLimitIsCutOffAndLargerSizesAreNotStarted() throws {
        var p = try plan("form", sizes: [30, 60, 120], strategies: [Fixtures.strategies[0]])
        p.unitTimeLimit = 1e-9
        let r = BenchSession.run(p, jobs: 1)
        #expect(r.cutOffs.count == 3)
        #expect(r.units[0].cutOff?.hasPrefix("cut off at the per-run limit") == true)
        #expect(r.units.dropFirst().allSatisfy { $0.cutOff?.hasPrefix("not started: size 30") == true })
        #expect(r.records.isEmpty && r.failures.isEmpty && !r.hasFailures)
        #expect(BenchTable.text(r).contains("CUT OFF: "))
        // The cut-offs survive the results file.
        let back = try BenchResults(jsonText: r.jsonValue().jsonText(), file: "-")
        #expect(back.cutOffs.map(\.cutOff) == r.cutOffs.map(\.cutOff))
    }

    @Test func aGenerousLimitCutsNothingOff() throws {
        var p = try plan("form", sizes: [8], strategies: [Fixtures.strategies[0]])
        p.unitTimeLimit = 600
        let r = BenchSession.run(p, jobs: 1)
        #expect(r.cutOffs.isEmpty && !r.records.isEmpty)
    }

    @Test func anOutsideSolversOwnTimeIsRecordedBesideTheRoundTrip() throws {
        let strut = try #require(PlantedAdapter.strutBinary, "the strut executable is built with the tests")
        let command = "\(strut) adapter --strategy cassowary --solver-time"
        let external = BenchStrategy(name: "external:" + command, make: { ExternalSolver(ExternalConfiguration(command: command, timeout: 300)) })
        let r = BenchSession.run(try plan("form", sizes: [8], strategies: [external]), jobs: 1)
        #expect(r.failures.isEmpty && !r.records.isEmpty)
        let layouts = r.records.filter { $0.phase != .diagnostics }
        #expect(layouts.allSatisfy { $0.solverTime.count == $0.wall.count })
        #expect(layouts.allSatisfy { zip($0.solverTime, $0.wall).allSatisfy { s, w in s > 0 && s <= w } })
        #expect(r.summary.contains { $0.solver.count > 0 })
        #expect(BenchTable.text(r).contains("solver p50"))
        let back = try BenchResults(jsonText: r.jsonValue().jsonText(), file: "-")
        #expect(back.records.map(\.solverTime) == r.records.map(\.solverTime))
    }

    /// Every timed repetition of a native run has the speed probe's time around it, layouts,
    /// diagnostics and solver workloads alike, and the file keeps them; a run asked not to probe
    /// has none.
    @Test func eachRepetitionCarriesTheSpeedProbeAroundIt() throws {
        var p = try plan("form", sizes: [8], strategies: [Fixtures.strategies[0]])
        p.solverWorkloads = [try PeerWorkload(kind: .flat, views: 10)]
        p.warmup = 1
        let r = BenchSession.run(p, jobs: 1)
        #expect(r.failures.isEmpty && Set(r.records.map(\.phase)) == [.first, .switch, .diagnostics])
        #expect(r.records.contains { $0.family == "solver-flat" })
        #expect(r.records.allSatisfy { $0.probe.count == $0.cpu.count && $0.cpu.count == p.repeats && $0.probe.allSatisfy { $0 > 0 } })
        let back = try BenchResults(jsonText: r.jsonValue().jsonText(), file: "-")
        #expect(back.records.map(\.probe) == r.records.map(\.probe))
        p.speedProbe = false
        #expect(BenchSession.run(p, jobs: 1).records.allSatisfy { $0.probe.isEmpty })
    }

    /// A file whose probe times do not pair with its samples is refused, by record.
    @Test func probeTimesThatDoNotPairWithTheSamplesAreRefused() throws {
        let r = BenchSession.run(try plan("form", sizes: [8], strategies: [Fixtures.strategies[0]]), jobs: 1)
        let text = try r.jsonValue().jsonText()
        let first = try #require(r.records.first?.probe.first)
        let broken = text.replacingOccurrences(of: "\"probe\":[\(first),", with: "\"probe\":[", options: [], range: text.range(of: "\"probe\":[\(first),"))
        #expect(broken != text)
        #expect {
            try BenchResults(jsonText: broken, file: "r.json")
        } throws: { "\($0)".contains("records[0].probe: 1 probe times for 2 cpu samples") }
    }

    /// A run under the instruction meter shows its counts and says its times are valgrind's.
    @Test func aMeteredRunShowsInstructionsAndSaysItsTimesAreValgrinds() throws {
        var r = BenchSession.run(try plan("form", sizes: [8], strategies: [Fixtures.strategies[0]]), jobs: 1)
        #expect(!BenchTable.text(r, form: .summary).contains("instr median"))
        r.records = r.records.map { rec in
            var rec = rec
            rec.instructions = rec.cpu.indices.map { UInt64(1_000 + 1_000 * $0) }
            return rec
        }
        let text = BenchTable.text(r, form: .summary)
        #expect(text.contains("instr median") && text.contains("metered under valgrind"), "\(text)")
        // Two repetitions of 1 000 and 2 000: 1 500 per solve in every group.
        #expect(text.contains("1.5 k"), "\(text)")
        #expect(try Report.render(r, as: .markdown).contains("| instr median |"))
    }

    @Test func aSolverWithoutTheReportHasNoSolverTime() throws {
        let r = BenchSession.run(try plan("form", sizes: [8]), jobs: 1)
        #expect(r.records.allSatisfy { $0.solverTime.isEmpty })
        #expect(!BenchTable.text(r).contains("solver p50"))
    }

    @Test func theSummaryHasOneRowPerStrategyAndPhaseAndNamesTheSlowestGroup() throws {
        let r = BenchSession.run(try plan("form", sizes: [6, 14], strategies: Array(Fixtures.strategies.prefix(2))), jobs: 1)
        let summary = BenchTable.text(r, form: .summary)
        let lines = summary.split(separator: "\n")
        #expect(lines[0].hasPrefix("strategy ") && lines[0].contains("p50 slowest") && lines[0].hasSuffix("slowest group"), "\(summary)")
        // Strategies in the run's order, phases in order, each row over both sizes.
        let rows = lines.dropFirst().prefix { !$0.hasPrefix("(") }
        let expected = Fixtures.strategies.prefix(2).flatMap { s in ItemRecord.Phase.allCases.map { "\(s.name) \($0.rawValue)" } }
        #expect(rows.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == expected, "\(summary)")
        #expect(rows.allSatisfy { $0.split(separator: " ")[2] == "2" }, "two groups per row: \(summary)")
        // The slowest group of each row is the one with the largest p50 among that row's groups.
        for row in rows {
            let fields = row.split(separator: " ")
            let groups = r.summary.filter { $0.strategy == fields[0] && $0.phase.rawValue == fields[1] }
            let slowest = groups.max { $0.wall.value(atPercentile: 50) < $1.wall.value(atPercentile: 50) }!
            #expect(row.hasSuffix("form \(slowest.size)"), "\(row)")
        }
        #expect(summary.contains("--by-family: a row per family") && !lines.contains { $0.hasPrefix("iphone-8") })
    }

    @Test func theCompactTableHasOneRowPerFamilyStrategyAndPhase() throws {
        let r = BenchSession.run(try plan("form", sizes: [6, 10, 14], strategies: [Fixtures.strategies[0]]), jobs: 1)
        let compact = BenchTable.text(r, form: .families)
        let rows = compact.split(separator: "\n").filter { $0.hasPrefix("form ") }
        #expect(rows.count == 3, "first, switch, diagnostics: \(compact)")
        #expect(rows.allSatisfy { $0.contains("6..14 (3)") })
        #expect(!compact.split(separator: "\n").contains { $0.hasPrefix("iphone-8") } && compact.contains("--verbose prints every"))
        let verbose = BenchTable.text(r, form: .full)
        #expect(verbose.contains("iphone-8:landscape") && verbose.split(separator: "\n").count { $0.hasPrefix("form ") } >= 9)
    }

    @Test func theScaleSuiteCoversTheRealisticFamiliesAndPeerWorkloadsAtScale() {
        #expect(BenchSuite.scale.families.map(\.family) == ["chat", "settings", "form", "scroll-content", "table-cells"])
        #expect(BenchSuite.scale.families.allSatisfy { $0.sizes == [120, 240, 480, 960] })
        let workloads = BenchSuite.scale.solverWorkloads().map { "\($0.kind)-\($0.views)" }
        #expect(workloads == ["flat-1000", "flat-3160", "flat-10000", "hug-1000", "hug-3160", "hug-10000",
                              "grid-1000", "grid-3160", "grid-10000", "chain-316", "chain-1000", "chain-3160"])
        #expect(BenchSuite.scale.devices == "iphone-16-pro,iphone-16-pro:landscape" && BenchSuite.scale.unitTimeLimit == 30)
        // Latencies one unit at a time; the other suites use every core.
        #expect(BenchSuite.scale.defaultJobs == 1 && BenchSuite.ci.defaultJobs == nil && BenchSuite.default.defaultJobs == nil)
    }
}

/// A bench failure's replay command runs as printed: a planted strategy's command sets the
/// variable that registers it.
@Suite struct ReplayCommandTests {
    @Test func aPlantedStrategysReplaySetsItsEnvironment() throws {
        let wrong = try #require(PlantedStrategies.strategy("planted-wrong"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strut-marked-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let marked = #"{"strut": 1, "name": "marked", "root": "r", "views": [{"id": "r"}, {"id": "v", "superview": "r"}], "constraints": ["v.leading == r.leading", "v.top == r.top", "v.height == 8", "v.width == 7777"]}"#
        try marked.write(to: file, atomically: true, encoding: .utf8)
        var plan = BenchPlan(sources: [.file(path: file.path)], strategies: [wrong])
        plan.devices = try DeviceSpec.parse("iphone-8")
        plan.deviceSpec = "iphone-8"
        plan.repeats = 1
        plan.warmup = 0
        plan.invariants = try InvariantSelection(parsing: "required-satisfied")
        let r = BenchSession.run(plan, jobs: 1)
        let failure = try #require(r.invariants.failures.first, "planted-wrong breaks required constraints")
        #expect(failure.replay.hasPrefix("STRUT_PLANTED_STRATEGIES=1 strut bench "), "\(failure.replay)")
        #expect(!BenchSession.run(try BenchPhaseTests().plan("form", sizes: [8]), jobs: 1).invariants.failures.contains { $0.replay.contains("STRUT_PLANTED") })
    }
}
