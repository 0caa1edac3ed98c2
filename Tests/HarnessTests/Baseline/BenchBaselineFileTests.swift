import Foundation
import LinearConstraints
import Testing

@testable import Gates
@testable import Judging

/// Baseline files: save then load round-trips; a malformed file names the key at fault.
@Suite struct BenchBaselineFileTests {
    typealias F = BaselineFixtures

    @Test func aSavedBaselineLoadsBackEqual() throws {
        var b = F.baseline()
        b.invariants.failures = [F.failure(.deterministic, case: "form-10-0", device: "device-2")]
        b.invariants.count(.deterministic, failed: true)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-roundtrip-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try b.write(to: path)
        let back = try BenchBaseline.read(path)
        #expect(back.machine == b.machine && back.command == b.command && back.configuration == b.configuration)
        #expect(back.items == b.items)
        #expect(back.invariants == b.invariants)
        #expect(!BaselineComparison(baseline: b, current: back).hasRegression)
    }

    @Test func aMissingOrMalformedKeyIsNamedWithItsPath() throws {
        let good = F.baseline().json.jsonText()
        func error(_ text: String) -> String {
            do {
                _ = try BenchBaseline(jsonText: text, file: "b.json")
                return "no error"
            } catch { return error.description }
        }
        #expect(error(good) == "no error")
        #expect(error(good.replacingOccurrences(of: "\"frames\":", with: "\"framez\":")) == "b.json: $.items[0].frames: missing")
        #expect(error(good.replacingOccurrences(of: "\"host\":\"ci-1\"", with: "\"host\":1")) == "b.json: $.machine.host: expected a string")
        #expect(error(good.replacingOccurrences(of: "\"strut-baseline\"", with: "\"strut-bench-results\"")).hasPrefix("b.json: $.format: not a strut baseline file"))
        #expect(error(good.replacingOccurrences(of: "\"invariants\":", with: "\"invariantz\":")) == "b.json: $.invariants: missing")
        #expect(error("{\"format\":").hasPrefix("b.json: $: not JSON"))
        #expect(error("[]") == "b.json: $: expected an object")
    }
}
