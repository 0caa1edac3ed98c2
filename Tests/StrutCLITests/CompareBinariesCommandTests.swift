import Foundation
import Testing

/// `strut compare --binaries OLD NEW` end to end: the built strut against itself, with and
/// without a slowdown planted in NEW only (`--plant-in-new`: the row merge's extra passes under
/// the meter, extra thread CPU in every measured region natively).
@Suite struct CompareBinariesCommandTests {
    static var strut: String { StrutProcess.binary.url?.path ?? "strut" }
    static let work = ["--family", "form:8", "--strategies", "cassowary", "--devices", "iphone-8,iphone-x", "--invariants", "none"]

    @Test func aBuildAgainstItselfHasNoRegression() throws {
        let r = try StrutProcess.run(["compare", "--binaries", Self.strut, Self.strut, "--repeat", "3"] + Self.work)
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("NEW \(Self.strut) against OLD \(Self.strut), interleaved:"))
        #expect(r.stdout.contains("baseline verdict: ok"))
        // The verdict comes first, before NEW's own table.
        #expect(r.stdout.hasPrefix("NEW \(Self.strut) against OLD \(Self.strut), interleaved:\nbaseline verdict: ok"), "\(r.stdout.prefix(300))")
        // The deterministic figures of the two runs are the same build's: no change.
        #expect(!r.stdout.contains("deterministic changes:"))
    }

    @Test(.enabled(if: MeterCommandTests.hasValgrind)) func aSlowdownPlantedInNewIsAnInstructionRegression() throws {
        let r = try StrutProcess.run(["compare", "--binaries", Self.strut, Self.strut, "--repeat", "2", "--meter", "instructions", "--plant-in-new", "50"] + Self.work)
        #expect(r.status == 4, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("NEW against OLD, instruction counts (callgrind):"))
        #expect(r.stdout.contains("instruction count regressions (more than 2% more instructions): form 8 cassowary first"))
    }

    /// Natively the plant spins each measured region for that much more thread CPU: 200% makes
    /// NEW three times slower, past the interleaved per-group threshold (2x), and the run is not
    /// divided by its own factor (the drift fell on both builds).
    @Test func aTimeSlowdownPlantedInNewIsARegressionNatively() throws {
        let r = try StrutProcess.run(["compare", "--binaries", Self.strut, Self.strut, "--repeat", "10", "--plant-in-new", "200"] + Self.work)
        #expect(r.status == 4, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("lies above 2.00×") && !r.stdout.contains("divided by the run factor"), "\(r.stdout)")
        #expect(r.stdout.contains("baseline verdict: REGRESSION"), "\(r.stdout)")
    }

    @Test func binariesAreCheckedBeforeAnyWork() throws {
        let one = try StrutProcess.runOnce(["compare", "--binaries", Self.strut])
        #expect(one.status == 2 && one.stderr.contains("--binaries takes two strut executables, OLD NEW"), "\(one.stderr)")
        let swallowed = try StrutProcess.runOnce(["compare", "--binaries", Self.strut, Self.strut, "a.json", "b.json"])
        #expect(swallowed.status == 2 && swallowed.stderr.contains("got 4 (a.json b.json): put case files before --binaries"), "\(swallowed.stderr)")
        let missing = try StrutProcess.runOnce(["compare", "--binaries", Self.strut, "/nonexistent/strut"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/strut is not an executable file"), "\(missing.stderr)")
        let neither = try StrutProcess.runOnce(["compare", "--family", "form:8"])
        #expect(neither.status == 2 && neither.stderr.contains("give --strategies A,B (two strategies) or --binaries OLD NEW"), "\(neither.stderr)")
        let meter = try StrutProcess.runOnce(["compare", "--strategies", "cassowary,cassowary-weighted", "--meter", "instructions"])
        #expect(meter.status == 2 && meter.stderr.contains("--meter is an option of --binaries"), "\(meter.stderr)")
    }

    /// bench --baseline and compare --binaries judge with one option group: the same thresholds
    /// with the same help and defaults, checked alike before any work.
    @Test func benchAndCompareShareTheGateThresholds() throws {
        let bench = try CompareCommandTests.optionHelp("bench"), compare = try CompareCommandTests.optionHelp("compare")
        for option in ["--time-threshold", "--run-threshold", "--instruction-threshold"] {
            #expect(bench[option] != nil && bench[option] == compare[option], "\(option): bench \(bench[option] ?? "-") / compare \(compare[option] ?? "-")")
            for command in [["bench"], ["compare", "--binaries", Self.strut, Self.strut]] {
                let r = try StrutProcess.runOnce(command + ["--family", "form:6", option, "0"])
                #expect(r.status == 2 && r.stderr.contains("\(option) must be a positive number"), "\(command) \(option): \(r.stderr)")
            }
        }
    }
}
