import Foundation
import Testing

/// A command line that never says PASS for what it did not check: invalid case files fail
/// `strut replay` (each alone, the rest still checked), an input that yields nothing readable
/// fails `strut replay` and `strut bench`, `strut solve-system` checks every strategy's answer
/// against the required constraints, and `strut solve` refuses frames that are not finite.
@Suite struct HonestInputTests {
    /// A fresh temporary directory for one test.
    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strut-honest-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }

    static let unknownView = #"{"strut": 1, "name": "u", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r"}], "constraints": ["zz.width == 10"]}"#
    static let cyclic = #"{"strut": 1, "name": "c", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "b"}, {"id": "b", "superview": "a"}], "constraints": []}"#
    static let negativeFrame = #"{"strut": 1, "name": "n", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r", "frame": [0, 0, -10, 5]}], "constraints": []}"#
    static let good = #"{"strut": 1, "name": "g", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r", "translatesAutoresizingMask": false}], "constraints": ["a.leading == r.leading + 8", "a.top == r.top + 8", "a.width == 20", "a.height == 20"]}"#

    @Test func replayFailsEveryInvalidCaseFileAloneAndStillChecksTheRest() throws {
        let dir = try Self.directory("replay-invalid")
        try Self.write(Self.unknownView, dir.appendingPathComponent("a-unknown.json"))
        try Self.write(Self.cyclic, dir.appendingPathComponent("b-cyclic.json"))
        try Self.write(Self.negativeFrame, dir.appendingPathComponent("c-negative.json"))
        var bytes = Data(#"{"strut": 1, "name": ""#.utf8)
        bytes += Data([0xFF, 0xFE])
        bytes += Data(#"", "root": "r", "views": [{"id": "r"}], "constraints": []}"#.utf8)
        try bytes.write(to: dir.appendingPathComponent("d-not-utf8.json"))
        try Self.write("{ \"strut\": 1, ", dir.appendingPathComponent("e-broken.json"))
        try Self.write(Self.good, dir.appendingPathComponent("f-good.json"))
        let r = try StrutProcess.run(["replay", dir.path, "--in-process"])
        #expect(r.status == 1, "invalid files fail the run: \(r.stdout) \(r.stderr)")
        for (name, reason) in [("a-unknown", "unknown view or guide \"zz\""), ("b-cyclic", "cycle in the view hierarchy"),
                               ("c-negative", "must not be negative"), ("d-not-utf8", "not UTF-8"), ("e-broken", "not valid JSON")] {
            #expect(r.stdout.contains("FAIL \(dir.path)/\(name).json"), "\(name) fails: \(r.stdout)")
            #expect(r.stdout.contains(reason), "\(name) says why: \(r.stdout)")
        }
        #expect(r.stdout.contains("PASS \(dir.path)/f-good.json"), "the good file is still checked: \(r.stdout)")
        #expect(r.stdout.contains("6 files") && r.stdout.contains("5 failed"), "\(r.stdout)")
    }

    @Test func anInputThatYieldsNothingFailsReplayAndBench() throws {
        let empty = try Self.directory("empty")
        let missing = empty.appendingPathComponent("no-such-dir/case.json").path
        let replay = try StrutProcess.run(["replay", empty.path, missing, "--in-process"])
        #expect(replay.status == 1, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stdout.contains("FAIL \(empty.path)") && replay.stdout.contains("no input files found"), "\(replay.stdout)")
        #expect(replay.stdout.contains("FAIL \(missing)") && replay.stdout.contains("no such file or directory"), "\(replay.stdout)")
        let bench = try StrutProcess.run(["bench", empty.path, "--repeat", "1", "--warmup", "0"])
        #expect(bench.status == 2, "\(bench.stdout) \(bench.stderr)")
        #expect(bench.stderr.contains(empty.path) && bench.stderr.contains("no input files found"), "\(bench.stderr)")
        #expect(!bench.stdout.contains("0/0 units"), "\(bench.stdout)")
    }

    /// Permissions are not enforced for root, so this part runs only for other users; the empty
    /// and missing inputs above cover the same path for everyone.
    @Test(.enabled(if: getuid() != 0, "root reads any directory"))
    func aDirectoryThatCannotBeListedFailsReplayAndBench() throws {
        let dir = try Self.directory("locked")
        try Self.write(Self.good, dir.appendingPathComponent("good.json"))
        chmod(dir.path, 0)
        defer { chmod(dir.path, 0o755) }
        let replay = try StrutProcess.run(["replay", dir.path, "--in-process"])
        #expect(replay.status == 1 && replay.stdout.contains("permission denied"), "\(replay.stdout) \(replay.stderr)")
        let bench = try StrutProcess.run(["bench", dir.path])
        #expect(bench.status == 2 && bench.stderr.contains("permission denied"), "\(bench.stderr)")
    }

    @Test func solveSystemFailsWhenAnOutsideSolverViolatesARequiredConstraint() throws {
        let dir = try Self.directory("lying-adapter")
        let adapter = dir.appendingPathComponent("lie.sh")
        try Self.write("""
            while read l; do case "$l" in *check*) echo '{"values":{"v0":5}}';; *) echo '{"outcome":"ok"}';; esac; done
            """, adapter)
        let system = dir.appendingPathComponent("lie.system.json")
        try Self.write(#"{"strut-system": 1, "name": "lie", "steps": [{"add": "x >= 10", "id": "floor"}]}"#, system)
        let r = try StrutProcess.run(["solve-system", system.path, "--strategy", "external:sh \(adapter.path)"])
        #expect(r.status == 1, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("floor") && r.stderr.contains("x >= 10") && r.stderr.contains("violated"), "\(r.stderr)")
        let honest = try StrutProcess.run(["solve-system", system.path])
        #expect(honest.status == 0, "\(honest.stderr)")
    }

    @Test func solveFailsOnAFrameThatIsNotFinite() throws {
        let dir = try Self.directory("overflow")
        let file = dir.appendingPathComponent("big.json")
        try Self.write(#"{"strut": 1, "name": "big", "root": "r", "views": [{"id": "r"}, {"id": "wide", "superview": "r", "translatesAutoresizingMask": false}], "constraints": ["wide.leading == r.leading + 1e308", "wide.trailing == wide.leading + 1e308", "wide.top == r.top", "wide.height == 10"]}"#, file)
        let r = try StrutProcess.run(["solve", file.path])
        #expect(r.status == 1, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("wide") && r.stderr.contains("not finite"), "\(r.stderr)")
    }
}
