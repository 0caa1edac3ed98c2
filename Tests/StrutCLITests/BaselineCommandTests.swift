import Foundation
import Testing

/// `strut bench --save-baseline / --baseline / --suite` end to end. Timing never decides these
/// tests: runs that should pass use a time threshold no timing can cross (--time-threshold
/// 1000), and the planted regressions are deterministic figures edited into the baseline file.
@Suite struct BaselineCommandTests {
    static let work = ["bench", "--family", "form:6", "--family", "planted-conflict:8", "--devices", "iphone-8,ipad",
                       "--strategies", "cassowary,cassowary-weighted", "--repeat", "2", "--plain-progress"]

    /// Saves a baseline of `work` once per test process; its path.
    static let saved: Result<String, Error> = Result {
        let path = try StrutProcess.temporaryFile("baseline.json", "")
        let r = try StrutProcess.run(work + ["--save-baseline", path])
        guard r.status == 0, r.stdout.contains("baseline saved: \(path)") else {
            throw StrutProcess.LookupError(message: "saving failed (\(r.status)): \(r.stderr)")
        }
        return path
    }

    /// The saved baseline as a JSON object, edited by `edit`, written to a new file.
    static func edited(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: try saved.get()))
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&doc)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
        return try StrutProcess.temporaryFile(name, text)
    }

    static func editFirstItem(_ doc: inout [String: Any], _ key: String, _ value: Any?) {
        var items = doc["items"] as? [[String: Any]] ?? []
        items[0][key] = value
        doc["items"] = items
    }

    /// The time gates are opened wide (`--time-threshold`, `--run-threshold`): these tests judge the
    /// deterministic figures, and the whole run's time beside the test suite's other work is not
    /// theirs to judge (a run 1.5x slower than its own baseline under that load failed this one).
    @Test func theSameWorkAgainstItsOwnBaselinePasses() throws {
        let r = try StrutProcess.run(Self.work + ["--baseline", try Self.saved.get(), "--time-threshold", "1000", "--run-threshold", "1000"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("baseline verdict: ok (0 regression"))
        #expect(!r.stdout.contains("deterministic changes"))
        #expect(!r.stdout.contains("WARNING"))
    }

    @Test func aChangedFramesDigestInTheBaselineIsARegressionWithExitStatus4() throws {
        let path = try Self.edited("baseline-frames.json") { Self.editFirstItem(&$0, "frames", "0000000000000000") }
        let r = try StrutProcess.run(Self.work + ["--baseline", path, "--time-threshold", "1000", "--run-threshold", "1000"])
        #expect(r.status == 4, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("frames: 1 changed"))
        #expect(r.stdout.contains("baseline verdict: REGRESSION (1 regression"))
        let table = r.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("verdict") }.dropFirst()
        #expect(table.first?.hasPrefix("regression") == true, "regressions first")
    }

    @Test func fewerPivotsInTheRunThanInTheBaselineIsAnImprovementNotAFailure() throws {
        let path = try Self.edited("baseline-pivots.json") { doc in
            let pivots = ((doc["items"] as? [[String: Any]])?.first?["pivots"] as? Int) ?? 0
            Self.editFirstItem(&doc, "pivots", pivots + 7)
        }
        let r = try StrutProcess.run(Self.work + ["--baseline", path, "--time-threshold", "1000", "--run-threshold", "1000"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("pivots: 1 better"))
    }

    @Test func anotherMachineInTheBaselineIsWarnedAbout() throws {
        let path = try Self.edited("baseline-machine.json") { doc in
            var machine = doc["machine"] as? [String: Any] ?? [:]
            machine["host"] = "some-other-host"
            doc["machine"] = machine
        }
        let r = try StrutProcess.run(Self.work + ["--baseline", path, "--time-threshold", "1000", "--run-threshold", "1000"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("WARNING: the machine or toolchain differs from the baseline's (host: some-other-host -> "))
    }

    /// A baseline saved before cases were renamed (here: every form item renamed in the file)
    /// pairs nothing for those groups: they are listed as new and missing, and the verdict is a
    /// stale baseline with exit status 1, never a silent pass.
    @Test func aBaselineWithRenamedGroupsIsStaleNotAPass() throws {
        let path = try Self.edited("baseline-renamed.json") { doc in
            var items = doc["items"] as? [[String: Any]] ?? []
            for k in items.indices where items[k]["family"] as? String == "form" {
                items[k]["family"] = "file"
                items[k]["case"] = "old-name"
            }
            doc["items"] = items
        }
        let r = try StrutProcess.run(Self.work + ["--baseline", path, "--time-threshold", "1000", "--run-threshold", "1000"])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("STALE BASELINE: same configuration"), "\(r.stdout)")
        #expect(r.stdout.contains("new groups (not in the baseline, not compared): 6: form 6 cassowary first"), "\(r.stdout)")
        #expect(r.stdout.contains("missing groups (in the baseline, not in this run): 6: file "), "\(r.stdout)")
        #expect(r.stdout.contains("baseline verdict: STALE BASELINE ("), "\(r.stdout)")
        #expect(r.stdout.contains("6 new and 6 missing groups not compared"), "\(r.stdout)")
    }

    @Test func aMalformedBaselineIsAUsageErrorNamingTheKey() throws {
        let path = try Self.edited("baseline-malformed.json") { Self.editFirstItem(&$0, "frames", nil) }
        let r = try StrutProcess.run(Self.work + ["--baseline", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--baseline: \(path): $.items[0].frames: missing"), "\(r.stderr)")
        #expect(!r.stdout.contains("baseline verdict"), "nothing runs before the baseline is read")
        let missing = try StrutProcess.run(Self.work + ["--baseline", "/nonexistent/baseline.json"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read the file"))
    }

    @Test func suitesAreNamedAndExclusiveWithInputs() throws {
        let unknown = try StrutProcess.run(["bench", "--suite", "nightly"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown suite \"nightly\"; known: default, ci"))
        let mixed = try StrutProcess.run(["bench", "--suite", "ci", "--family", "form:6"])
        #expect(mixed.status == 2 && mixed.stderr.contains("--suite ci replaces the inputs"))
        let threshold = try StrutProcess.run(Self.work + ["--time-threshold", "0"])
        #expect(threshold.status == 2)
    }

    @Test func helpDocumentsTheGateAndTheExitStatuses() throws {
        let r = try StrutProcess.runOnce(["bench", "--help"])
        let help = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // help text wraps
        for text in ["--save-baseline", "--baseline", "--time-threshold", "--suite", "4 when the run regressed against --baseline", "3 wins over 4, 4 over 1"] {
            #expect(help.contains(text), "help lacks \(text)")
        }
    }
}
