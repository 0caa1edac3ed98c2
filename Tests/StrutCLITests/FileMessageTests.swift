import Foundation
import Testing

/// Messages that say what is wrong: the system's reason for a file that does not read (not
/// "no such file" for one that exists, not a Foundation error number for a directory), NaN named
/// as a number Strut does not accept, and a case file given where a system file is expected (and
/// the reverse) recognised as such.
@Suite struct FileMessageTests {
    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strut-messages-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: ["solve", "solve-system", "shrink", "decode-bytes"])
    func aDirectoryGivenAsAFileSaysIsADirectory(command: String) throws {
        let dir = try Self.directory("dir-\(command)")
        let extra = command == "shrink" ? ["--signature", "hang|cassowary|system"] : []
        let r = try StrutProcess.run([command, dir.path] + extra)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(dir.path) && r.stderr.contains("is a directory"), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("error 256"), "\(r.stderr)")
    }

    @Test(arguments: ["solve", "solve-system"])
    func aMissingFileSaysNoSuchFile(command: String) throws {
        let r = try StrutProcess.run([command, "/nonexistent-strut-dir/file.json"])
        #expect(r.status == 2 && r.stderr.contains("no such file"), "\(r.stderr)")
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file"), arguments: ["solve", "solve-system"])
    func anUnreadableFileSaysPermissionDenied(command: String) throws {
        let dir = try Self.directory("locked-\(command)")
        let file = dir.appendingPathComponent("locked.json")
        try Data("{}".utf8).write(to: file)
        chmod(file.path, 0)
        let r = try StrutProcess.run([command, file.path])
        #expect(r.status == 2 && r.stderr.contains("permission denied") && !r.stderr.contains("no such file"), "\(r.stderr)")
    }

    @Test func nanInAConstraintIsNamedAsANumberStrutDoesNotAccept() throws {
        let dir = try Self.directory("nan")
        let file = dir.appendingPathComponent("nan.json")
        try Data(#"{"strut": 1, "name": "n", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r"}], "constraints": ["a.width == NaN"]}"#.utf8).write(to: file)
        let r = try StrutProcess.run(["solve", file.path])
        #expect(r.status == 2 && r.stderr.contains("NaN is not a number Strut accepts"), "\(r.stderr)")
    }

    @Test func aCaseFileGivenToSolveSystemSaysUseSolveAndTheReverse() throws {
        let caseFile = "corpora/golden/autoresizing-label-top-right.json"
        let system = "examples/systems/kiwi-rejected-add.system.json"
        let toSystem = try StrutProcess.run(["solve-system", caseFile])
        #expect(toSystem.status == 2, "\(toSystem.stderr)")
        #expect(toSystem.stderr.contains("this is a layout case file; use strut solve"), "\(toSystem.stderr)")
        #expect(!toSystem.stderr.contains("unknown field"), "\(toSystem.stderr)")
        let toSolve = try StrutProcess.run(["solve", system])
        #expect(toSolve.status == 2, "\(toSolve.stderr)")
        #expect(toSolve.stderr.contains("this is a system file; use strut solve-system"), "\(toSolve.stderr)")
    }
}
