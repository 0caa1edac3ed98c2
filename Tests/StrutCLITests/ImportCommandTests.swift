import Foundation
import Testing

/// `strut import` and `strut replay`'s agreement report end to end, on a real storyboard of the
/// corpus and hostile files beside it.
@Suite struct ImportCommandTests {
    /// A directory holding a real storyboard, with one stored frame moved (so that two cells
    /// disagree with it), and the given extra files; its path.
    static func inputs(_ extra: [String: String]) throws -> String {
        let main = try String(contentsOfFile: "corpora/real/calleerlandsson-tofu/Main.storyboard", encoding: .utf8)
            .replacingOccurrences(of: "<rect key=\"frame\" x=\"16\" y=\"11.5\" width=\"278\" height=\"21\"/>",
                                  with: "<rect key=\"frame\" x=\"16\" y=\"11.5\" width=\"200\" height=\"21\"/>")
        let first = try StrutProcess.temporaryFile("Main.storyboard", main)
        let dir = (first as NSString).deletingLastPathComponent
        for (name, text) in extra { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        return dir
    }

    @Test func aDirectoryImportsEveryScreenAndAHostileFileFailsAloneWithItsLine() throws {
        let dir = try Self.inputs([
            "Laughs.xib": "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]>\n<document>&b;</document>\n",
            "Cut.storyboard": "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n",
        ])
        let out = dir + "/cases"
        let r = try StrutProcess.run(["import", dir, "--out", out])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("Laughs.xib: line 2: refused a document type declaration"), "\(r.stderr)")
        #expect(r.stderr.contains("Cut.storyboard: line"), "\(r.stderr)")
        #expect(r.stdout.contains("Main.storyboard: 18 screens"), "\(r.stdout)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(written.contains("strut-cli-tests-\(ProcessInfo.processInfo.processIdentifier)-Main-AccountsViewController.json") || written.contains { $0.hasSuffix("-AccountsViewController.json") }, "\(written)")
        #expect(written.count == 18)

        let replay = try StrutProcess.run(["replay", out, "--in-process", "--quiet", "--agreement-report", dir + "/agreement.html"])
        #expect(replay.stdout.contains("agreement with the reference frames (cassowary"), "\(replay.stdout)")
        #expect(replay.status == 1, "two cells disagree: \(replay.stdout)")
        #expect(replay.stdout.contains("screens: 16 of 18 with every view agreeing"), "\(replay.stdout)")
        let html = try String(contentsOfFile: dir + "/agreement.html", encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(!html.contains("http://") || html.contains("http://www.w3.org/2000/svg"))
    }

    @Test func intrinsicSizesGivenByTheUserReplaceTheStoredFrames() throws {
        let dir = try Self.inputs([:])
        let sizes = dir + "/sizes.json"
        // The case is named after the file, which the test helper prefixes.
        let name = "strut-cli-tests-\(ProcessInfo.processInfo.processIdentifier)-Main-tableViewCell-fC0-23-SKh"
        try Data(#"{"\#(name)": {"label1": [120, null]}}"#.utf8).write(to: URL(fileURLWithPath: sizes))
        let r = try StrutProcess.run(["import", dir + "/" + (try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasSuffix(".storyboard") } ?? ""),
                                      "--out", dir + "/cases", "--intrinsic-sizes", sizes, "--quiet"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        let file = try FileManager.default.contentsOfDirectory(atPath: dir + "/cases").first { $0.hasSuffix("tableViewCell-fC0-23-SKh.json") } ?? ""
        let text = try String(contentsOfFile: dir + "/cases/" + file, encoding: .utf8)
        #expect(text.contains("\"intrinsicSize\": [120, null]"), "\(text)")

        try Data(#"{"No-Such-Screen": {"label1": [1, 1]}}"#.utf8).write(to: URL(fileURLWithPath: sizes))
        let bad = try StrutProcess.run(["import", dir, "--out", dir + "/cases2", "--intrinsic-sizes", sizes, "--quiet"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("no imported screen is named \"No-Such-Screen\""), "\(bad.stderr)")
    }

    @Test func importWithoutOutIsAUsageError() throws {
        let r = try StrutProcess.run(["import", "corpora/real/calleerlandsson-tofu"])
        #expect(r.status == 2, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("--out"), "\(r.stderr)")
    }

    @Test func theRealSuiteBenchesTheImportedScreens() throws {
        let r = try StrutProcess.run(["bench", "--suite", "real", "--strategies", "cassowary", "--repeat", "1", "--warmup", "0",
                                      "--invariants", "none", "--plain-progress"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        // Every imported screen is a group of its own (a case file): one group per file in the
        // first phase.
        let files = FileManager.default.enumerator(atPath: "corpora/real/cases")?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
        #expect((files?.count ?? 0) > 500)
        let first = r.stdout.split(separator: "\n").map { $0.split(separator: " ") }.first { $0.starts(with: ["cassowary", "first"]) }
        #expect(first?[2] == files.map { "\($0.count)" }, "\(r.stdout)")
    }
}
