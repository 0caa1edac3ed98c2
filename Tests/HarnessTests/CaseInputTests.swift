import Foundation
import Generator
import Testing

@testable import Bench
@testable import StrutSystem
@testable import Subjects

@Suite struct CaseInputTests {
    @Test func aBadCaseFileInADirectoryIsReportedWithItsPathAndTheRestRuns() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-harness-\(getpid())-bad")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = try GenerationRequest(family: "form", size: 6, seed: 3)
        try GeneratorFamilies.generate(request).text.write(to: dir.appendingPathComponent("a-good.json"), atomically: true, encoding: .utf8)
        try "{ \"name\": \"broken\", ".write(to: dir.appendingPathComponent("b-bad.json"), atomically: true, encoding: .utf8)
        try GeneratorFamilies.generate(request).text.write(to: dir.appendingPathComponent("c-good.json"), atomically: true, encoding: .utf8)
        let (sources, missing) = CaseSource.files([dir.path])
        #expect(missing.isEmpty && sources.count == 3)
        var plan = try Fixtures.plan(sources: sources, families: [])
        plan.solverWorkloads = []
        let r = BenchSession.run(plan, jobs: 2)
        #expect(r.failures.count == 1)
        #expect(r.failures.first?.source == dir.appendingPathComponent("b-bad.json").path)
        #expect(r.hasFailures)
        #expect(Set(r.records.map(\.caseName)) == ["a-good.json", "c-good.json"] && r.records.count { $0.phase != .diagnostics } == 2 * 2 * 2 * 3)
        #expect(r.records.allSatisfy { $0.family == "form" && $0.size == 6 })
    }

    /// A case file is named by its path under the directory given (its file name when given
    /// itself); a generated one keeps its family and size, any other is a group of its own.
    @Test func caseFilesAreNamedByTheirPathUnderTheDirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-harness-\(getpid())-names")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = try GenerationRequest(family: "form", size: 6, seed: 3)
        try GeneratorFamilies.generate(request).text.write(to: dir.appendingPathComponent("sub/gen.json"), atomically: true, encoding: .utf8)
        let hand = #"{"strut": 1, "name": "inner", "root": "main", "views": [{"id": "main"}, {"id": "a", "superview": "main"}]}"#
        try hand.write(to: dir.appendingPathComponent("hand.json"), atomically: true, encoding: .utf8)
        let (sources, missing) = CaseSource.files([dir.path, dir.appendingPathComponent("sub/gen.json").path])
        #expect(missing.isEmpty)
        let loaded = try sources.map { try $0.load() }
        #expect(loaded.map(\.name) == ["hand.json", "sub/gen.json", "gen.json"])
        #expect(loaded.map(\.family) == ["hand.json", "form", "form"])
        #expect(loaded.map(\.size) == [2, 6, 6])
    }

    @Test func aMissingPathIsReportedNotSkipped() {
        let (sources, missing) = CaseSource.files(["/nonexistent/strut-case.json"])
        #expect(sources.isEmpty && missing.map(\.source) == ["/nonexistent/strut-case.json"])
    }

    @Test func familyInputsParseSizesAndRejectBadOnes() throws {
        #expect(try FamilyInput(parsing: "form:10,22") == FamilyInput(family: "form", sizes: [10, 22]))
        #expect(try FamilyInput(parsing: "chat") == FamilyInput(family: "chat"))
        #expect(throws: BenchUsageError.self) { try FamilyInput(parsing: "form:ten") }
        #expect(throws: BenchUsageError.self) { try FamilyInput(family: "no-such-family").requests(seed: 0, count: 1) }
    }
}
