import Foundation
import Testing

/// `strut decode-bytes FILE [-o PATH]` end to end on the committed libFuzzer seeds.
@Suite struct DecodeBytesCommandTests {
    static func seed(_ name: String) -> String {
        StrutProcess.packageRoot.appendingPathComponent("Fuzzing/corpus/\(name)").path
    }

    @Test func aLayoutSeedPrintsACaseFileThatStrutSolves() throws {
        let r = try StrutProcess.run(["decode-bytes", Self.seed("layout-08")])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(document["strut"] as? Int == 1)
        #expect((document["views"] as? [Any])?.isEmpty == false)
        let path = try StrutProcess.temporaryFile("decoded-layout.json", r.stdout)
        let solved = try StrutProcess.run(["solve", path])
        #expect(solved.status == 0, "\(solved.stderr)")
    }

    @Test func aSystemSeedWrittenWithOutputReadsBackAsASystemFile() throws {
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("strut-cli-tests-\(ProcessInfo.processInfo.processIdentifier)-decoded.system.json").path
        let r = try StrutProcess.run(["decode-bytes", Self.seed("system-34"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote \(out) (a system, "))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\"strut-system\": 1"))
        #expect(try StrutProcess.run(["decode-bytes", Self.seed("system-34")]).stdout == text)
        let solved = try StrutProcess.run(["solve-system", out])
        #expect(solved.status == 0 || solved.status == 1, "\(solved.stderr)")
        #expect(!solved.stderr.contains("Error:"), "\(solved.stderr)")
    }

    @Test func aMissingInputIsAnInputError() throws {
        let r = try StrutProcess.run(["decode-bytes", "/nonexistent/crash-file"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read /nonexistent/crash-file"))
    }
}
