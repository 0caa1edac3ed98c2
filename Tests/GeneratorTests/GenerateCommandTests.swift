import Foundation
import Generator
import Testing

/// The built `strut generate`, run as a user runs it: byte-identical output across processes,
/// files named and written as documented, usage errors with exit status 2.
@Suite(.serialized) struct GenerateCommandTests {
    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// The strut executable beside the test bundle (SwiftPM builds every product into one
    /// directory), or `$STRUT_BINARY`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["STRUT_BINARY"] { candidates.append(URL(fileURLWithPath: env)) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("strut"))
            dir.deleteLastPathComponent()
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func strut(_ arguments: [String]) throws -> Run {
        let url = try #require(binary, "strut executable not found beside the tests; run swift build first")
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strut-gen-\(UUID().uuidString).out")
        let err = out.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: try Data(contentsOf: out), stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("strut-gen-\(UUID().uuidString)")
    }

    @Test(arguments: ["random-tree", "operations", "form", "planted-conflict"])
    func twoProcessesPrintTheSameBytes(_ family: String) throws {
        let args = ["generate", "--family", family, "--seed", "12345", "--size", "60"]
        let a = try Self.strut(args), b = try Self.strut(args)
        #expect(a.status == 0 && b.status == 0)
        #expect(!a.stdout.isEmpty)
        #expect(a.stdout == b.stdout)
        let r = try GenerationRequest(family: family, size: 60, seed: 12345)
        #expect(a.stdout == Data(GeneratorFamilies.generate(r).text.utf8), "the CLI prints what the library generates")
    }

    @Test func outWritesCountFilesNamedByFamilySizeAndCaseSeed() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.strut(["generate", "--family", "chat", "--size", "12", "--seed", "7", "--count", "3", "--out", dir.path])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let expected = (0..<3).map { "chat-12-\(caseSeed(runSeed: 7, index: $0)).json" }.sorted()
        #expect(names == expected)
        for k in 0..<3 {
            let seed = caseSeed(runSeed: 7, index: k)
            let text = try String(contentsOf: dir.appendingPathComponent("chat-12-\(seed).json"), encoding: .utf8)
            #expect(text == GeneratorFamilies.generate(try GenerationRequest(family: "chat", size: 12, seed: seed)).text)
        }
    }

    @Test func fromRegeneratesAWrittenCaseByteForByte() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.strut(["generate", "--family", "operations", "--size", "300", "--seed", "5", "--count", "2", "--out", dir.path])
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            let path = dir.appendingPathComponent(name)
            let again = try Self.strut(["generate", "--from", path.path])
            #expect(again.status == 0)
            #expect(again.stdout == (try Data(contentsOf: path)))
        }
    }

    /// A saved fuzz finding records its origin inside a sentence: `(strut fuzz --seed S, case K:
    /// strut generate ...). detail`; --from regenerates the case it was mutated or shrunk from.
    @Test func fromReadsTheCommandInAFindingsDescription() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = GeneratorFamilies.generate(try GenerationRequest(command: "strut generate --family chat --size 6 --seed 3 --count 1")).text
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let finding = dir.appendingPathComponent("finding.json")
        try #"{"strut": 1, "name": "f", "description": "Fuzz finding x|y|layout (strut fuzz --seed 1, case 9: strut generate --family chat --size 6 --seed 3 --count 1). a detail.", "root": "r", "views": [{"id": "r"}], "constraints": []}"#
            .write(to: finding, atomically: true, encoding: .utf8)
        let again = try Self.strut(["generate", "--from", finding.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == Data(original.utf8))
    }

    @Test func usageErrorsExitTwoAndNameTheValidChoices() throws {
        let family = try Self.strut(["generate", "--family", "nope"])
        #expect(family.status == 2)
        #expect(family.stderr.contains("random-tree") && family.stderr.contains("operations"))
        let knob = try Self.strut(["generate", "--family", "chat", "--param", "bogus=1"])
        #expect(knob.status == 2)
        #expect(knob.stderr.contains("maxWidth"))
        let range = try Self.strut(["generate", "--family", "chat", "--param", "maxWidth=7"])
        #expect(range.status == 2)
        let several = try Self.strut(["generate", "--family", "chat", "--count", "2"])
        #expect(several.status == 2)
    }

    @Test func listDescribesEveryFamilyInTextAndJSON() throws {
        let text = try Self.strut(["generate", "--list"])
        #expect(text.status == 0)
        let listing = String(decoding: text.stdout, as: UTF8.self)
        for name in GeneratorFamilies.names { #expect(listing.contains(name)) }
        let json = try Self.strut(["generate", "--list", "--json"])
        let parsed = try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]
        #expect(parsed?.count == GeneratorFamilies.all.count)
    }
}
