import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `strut report RESULTS.json --format F [--out FILE]` end to end: a real bench run with a
/// planted failure (a case whose expect block is wrong), rendered in every format.
@Suite struct ReportCommandTests {
    /// A card whose expect block says the button is 40 high; the constraints make it 44.
    static let planted = """
        {"strut": 1, "name": "planted", "root": "main", "defaults": {"translatesAutoresizingMask": false},
         "views": [{"id": "main"}, {"id": "card", "superview": "main"}, {"id": "button", "superview": "card"}],
         "constraints": ["card.leading == main.leading + 16", "card.trailing == main.trailing - 16", "card.top == main.top + 80",
                         "card.height == 120", "button.trailing == card.trailing - 12", "button.bottom == card.bottom - 12",
                         "button.width == 96", "button.height == 44"],
         "devices": ["iphone-8"],
         "expect": {"iphone-8": {"frames": {"button": [235, 64, 96, 40]}}}}
        """

    /// The results file of one bench run of the planted case (made once per test process).
    static let results: Result<String, Error> = Result {
        let input = try StrutProcess.temporaryFile("report-planted.json", planted)
        let out = input + ".results.json"
        let r = try StrutProcess.run(["bench", input, "--strategies", "cassowary", "--invariants", "cheap", "--repeat", "2", "--warmup", "0", "--out", out])
        guard r.status == 3 else { throw StrutProcess.LookupError(message: "bench exited \(r.status), expected 3: \(r.stderr)") }
        return out
    }

    /// The planted case's name in results: its file's name (a case given as a file).
    static var plantedName: String { "strut-cli-tests-\(ProcessInfo.processInfo.processIdentifier)-report-planted.json" }

    func report(_ arguments: [String]) throws -> StrutProcess.Result {
        try StrutProcess.runOnce(["report", try Self.results.get()] + arguments)
    }

    @Test func terminalIsTheDefaultAndPutsTheFailureFirst() throws {
        let r = try report([])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("verdict: FAILED: 1 invariant failure (expectations ×1)\nexpectations FAILED: \(Self.plantedName) on iphone-8"), "\(r.stdout)")
        #expect(r.stdout.contains("reproduce: strut bench "))
    }

    @Test func markdownHasTheVerdictTablesAndTheReplay() throws {
        let r = try report(["--format", "markdown"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("## Strut bench: ❌ 1 invariant failure (expectations ×1)"))
        #expect(r.stdout.contains("<details><summary>1 failed solve (counted per invariant, as in the verdict and the tallies) (click to expand)</summary>"))
        #expect(r.stdout.contains("```sh\nstrut bench "))
    }

    @Test func junitIsValidXML() throws {
        let r = try report(["--format", "junit"])
        #expect(r.status == 0, "\(r.stderr)")
        #if canImport(FoundationXML) || os(macOS)
        let doc = try XMLDocument(xmlString: r.stdout, options: [])
        let failing = try doc.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue)
        #expect(failing == ["expectations [cassowary]"])
        #expect(try doc.nodes(forXPath: "/testsuites/testsuite/@name").compactMap(\.stringValue) == [Self.plantedName, "strut"])
        #endif
    }

    @Test func htmlGoesToAFileWithAWireframeOfTheFailure() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strut-cli-report-\(ProcessInfo.processInfo.processIdentifier).html").path
        let r = try report(["--format", "html", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<svg class=\"wireframe\"").count == 2)
        #expect(html.contains("<g class=\"offending\" data-view=\"button\">"))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test func aMissingFileIsBadInputNamingIt() throws {
        let r = try StrutProcess.run(["report", "/nonexistent/results.json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent/results.json: no such file"), "\(r.stderr)")
    }

    @Test func aFileThatIsNotResultsIsBadInputNamingTheKey() throws {
        let path = try StrutProcess.temporaryFile("report-not-results.json", "{\"strut\": 1, \"name\": \"a case\"}")
        let r = try StrutProcess.run(["report", path])
        #expect(r.status == 2)
        #expect(r.stderr.contains(path) && r.stderr.contains("format"), "\(r.stderr)")
    }

    @Test func aMalformedFieldIsBadInputNamingTheKey() throws {
        let text = try String(contentsOfFile: try Self.results.get(), encoding: .utf8)
        let broken = text.replacingOccurrences(of: "\"totalUnits\": 1", with: "\"totalUnits\": \"one\"")
        #expect(broken != text)
        let path = try StrutProcess.temporaryFile("report-malformed.json", broken)
        let r = try StrutProcess.run(["report", path, "--format", "junit"])
        #expect(r.status == 2)
        #expect(r.stderr.contains(path) && r.stderr.contains("totalUnits"), "\(r.stderr)")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let r = try report(["--format", "pdf"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("'pdf' is invalid for '--format") && r.stderr.contains("'json'"), "\(r.stderr)")
    }

    /// The results file holds what was measured; the figures derived from it come from
    /// `--format json`, recomputed from the records.
    @Test func theDerivedFiguresComeFromJSONNotTheResultsFile() throws {
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: try Self.results.get()))) as? [String: Any]
        #expect(stored?["records"] != nil && stored?["aggregates"] == nil && stored?["summary"] == nil && stored?["growth"] == nil)
        let r = try report(["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(figures["format"] as? String == "strut-bench-figures")
        let aggregates = try #require(figures["aggregates"] as? [[String: Any]])
        // One device, one strategy: the first layout and the diagnostics, each over 2 repetitions.
        #expect(aggregates.map { $0["phase"] as? String } == ["first", "diagnostics"])
        #expect(aggregates.allSatisfy { ($0["cpuNanoseconds"] as? [String: Any])?["count"] as? Int == 2 })
        #expect((figures["summary"] as? [Any])?.count == 2 && figures["devices"] != nil && figures["growth"] != nil)
    }
}
