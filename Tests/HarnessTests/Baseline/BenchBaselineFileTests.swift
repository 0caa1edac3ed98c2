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
        let good = try F.baseline().jsonValue().jsonText()
        func error(_ text: String) -> String {
            do {
                _ = try BenchBaseline(jsonText: text, file: "b.json")
                return "no error"
            } catch { return error.description }
        }
        #expect(error(good) == "no error")
        #expect(error(good.replacingOccurrences(of: "\"frames\":", with: "\"framez\":")) == "b.json: $.items[0].frames: missing")
        #expect(error(good.replacingOccurrences(of: "\"host\":\"ci-1\"", with: "\"host\":1")) == "b.json: $.machine.host: expected a string, found a number")
        #expect(error(good.replacingOccurrences(of: "\"strut-baseline\"", with: "\"strut-bench-results\"")).hasPrefix("b.json: $.format: not a strut baseline file"))
        #expect(error(good.replacingOccurrences(of: "\"invariants\":", with: "\"invariantz\":")) == "b.json: $.invariants: missing")
        #expect(error("{\"format\":").hasPrefix("b.json: $: not JSON"))
        #expect(error("[]") == "b.json: $: expected an object, found an array")
        #expect(error(good.replacingOccurrences(of: "\"conflicts\":0", with: "\"conflicts\":1e300"))
            == "b.json: $.items[0].conflicts: 1e+300 is out of range (-9223372036854775808...9223372036854775807)")
        #expect(error(good.replacingOccurrences(of: "\"phase\":\"first\"", with: "\"phase\":\"frist\""))
            == "b.json: $.items[0].phase: unknown value \"frist\"; expected first, switch or diagnostics")
    }

    /// The committed CI baseline reads and writes back byte for byte: the Codable mapping keeps
    /// the key order and numbers of the files already saved.
    @Test func theCommittedBaselineWritesBackByteForByte() throws {
        let path = InvariantFixtures.repository.appendingPathComponent("baselines/main.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let baseline = try BenchBaseline(jsonText: text, file: path)
        #expect(String(decoding: try baseline.data, as: UTF8.self) == text)
    }
}
