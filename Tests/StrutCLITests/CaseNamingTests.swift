import Foundation
import Testing

/// `strut bench DIR` names each case file by its path under DIR: a hand-written case is a group
/// of its own named by the file, a generated case file joins its family at its size, in the
/// terminal table (verbose and compact), the results JSON and the Markdown report, in the same
/// order for any job count.
@Suite struct CaseNamingTests {
    /// A directory with two hand-written cases of the same view count (`hand/`, which used to
    /// be one group `file 4`) and one generated case (`gen/`), made once per test process.
    static let corpus: Result<String, Error> = Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-cli-naming-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        let hand = dir.appendingPathComponent("hand")
        try FileManager.default.createDirectory(at: hand, withIntermediateDirectories: true)
        for name in ["magenta-bar-and-square", "vfl-bar-and-square"] {
            let golden = StrutProcess.packageRoot.appendingPathComponent("corpora/golden/\(name).json")
            try FileManager.default.copyItem(at: golden, to: hand.appendingPathComponent("\(name).json"))
        }
        let generated = try StrutProcess.run(["generate", "--family", "form", "--size", "6", "--seed", "3", "--out", dir.appendingPathComponent("gen").path])
        guard generated.status == 0 else { throw StrutProcess.LookupError(message: "generate failed: \(generated.stderr)") }
        return dir.path
    }

    static func bench(_ extra: [String]) throws -> StrutProcess.Result {
        try StrutProcess.run(["bench", try corpus.get(), "--strategies", "cassowary", "--devices", "iphone-8", "--repeat", "1", "--warmup", "0",
                              "--invariants", "none", "--plain-progress"] + extra)
    }

    /// (case, family, size) of every record in a results file, in file order.
    static func records(_ path: String) throws -> [String] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let records = try #require(doc["records"] as? [[String: Any]])
        return records.map { "\($0["case"] ?? "") | \($0["family"] ?? "") | \($0["size"] ?? "")" }
    }

    @Test func caseFilesAreNamedByTheirPathUnderTheDirectoryWithTheirFamilyWhereKnown() throws {
        let out = try StrutProcess.temporaryFile("naming-1.json", "")
        let r = try Self.bench(["--jobs", "1", "--verbose", "--out", out])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        let cases = Set(try Self.records(out))
        #expect(cases == ["gen/form-6-3.json | form | 6", "hand/magenta-bar-and-square.json | hand/magenta-bar-and-square.json | 4",
                          "hand/vfl-bar-and-square.json | hand/vfl-bar-and-square.json | 4"], "\(cases)")
        let table = r.stdout.components(separatedBy: "\n\n").first ?? ""
        let rows = table.split(separator: "\n").filter { $0.contains("cassowary  first") }.map { String($0.prefix { $0 != " " }) }
        #expect(rows == ["form", "hand/magenta-bar-and-square.json", "hand/vfl-bar-and-square.json"], "\(r.stdout)")
        let markdown = try StrutProcess.run(["report", out, "--format", "markdown", "--verbose"])
        #expect(markdown.stdout.contains("| hand/vfl-bar-and-square.json | 4 |"), "\(markdown.stdout)")
    }

    @Test func theCompactTableGivesCaseFilesOneRowPerStrategyAndPhase() throws {
        let r = try Self.bench(["--jobs", "1", "--by-family"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        let first = r.stdout.split(separator: "\n").filter { $0.contains("cassowary  first") }.map { String($0.prefix { $0 != " " }) }
        #expect(first == ["form", "case"], "\(r.stdout)")
        #expect(r.stdout.contains("case files (2)  cassowary  first"), "\(r.stdout)")
    }

    @Test func theNamesAndTheirOrderAreTheSameForAnyJobCount() throws {
        let one = try StrutProcess.temporaryFile("naming-j1.json", ""), two = try StrutProcess.temporaryFile("naming-j2.json", "")
        #expect(try Self.bench(["--jobs", "1", "--out", one]).status == 0)
        #expect(try Self.bench(["--jobs", "2", "--out", two]).status == 0)
        #expect(try Self.records(one) == Self.records(two))
    }
}
