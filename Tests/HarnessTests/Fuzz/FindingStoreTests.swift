import Foundation
import Fuzzing
import Judging
import StrutSystem
import Testing

/// The findings directory: atomic writes, the index read back, known signatures from a file.
@Suite struct FindingStoreTests {
    static func directory(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strut-findings-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporary() throws {
        let dir = Self.directory("atomic")
        _ = try FindingStore(directory: dir)
        let path = dir + "/a.json"
        try FindingStore.writeAtomically("one", to: path)
        try FindingStore.writeAtomically("two", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.json"])
    }

    @Test func indexRoundTripsSortedBySignature() throws {
        let dir = Self.directory("index")
        var store = try FindingStore(directory: dir)
        let b = FuzzSignature(kind: "hang", strategy: "cassowary", place: "system")
        let a = FuzzSignature(kind: "crash:SIGILL", strategy: "cassowary", place: "X.swift:3")
        for (sig, count) in [(b, 2), (a, 5)] {
            store.record(FindingStore.Entry(signature: sig, count: count, firstCase: 7, seconds: 1.5, file: "f.json", size: 3, seed: 9, detail: "d"))
        }
        try store.writeIndex()
        let again = try FindingStore(directory: dir)
        #expect(again.entries.map(\.signature) == [a, b])
        #expect(again.entries.map(\.count) == [5, 2])
        #expect(again.entry(a)?.seed == 9)
        #expect(try FindingStore.knownSignatures(file: again.indexPath) == [a, b])
    }

    @Test func aMalformedIndexIsRefusedWithThePathOfWhatIsWrong() throws {
        let dir = Self.directory("bad-index")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let entry = #"{"signature":"hang|cassowary|system","count":COUNT,"firstCase":1,"seconds":0.5,"file":"f.json","size":3,"seed":"9","detail":"d"}"#
        for (count, message) in [("1e300", "$.findings[0].count: 1e+300 is out of range (-9223372036854775808...9223372036854775807)"),
                                 ("\"two\"", "$.findings[0].count: expected a whole number, found a string")] {
            try #"{"strut-findings":1,"findings":[ENTRY]}"#.replacingOccurrences(of: "ENTRY", with: entry.replacingOccurrences(of: "COUNT", with: count))
                .write(toFile: dir + "/index.json", atomically: true, encoding: .utf8)
            #expect(throws: FuzzUsageError("\(dir)/index.json: not a findings index: \(message)")) { try FindingStore(directory: dir) }
        }
    }

    @Test func knownSignaturesReadOnePerLineAndRejectMalformedOnes() throws {
        let dir = Self.directory("known")
        _ = try FindingStore(directory: dir)
        try FindingStore.writeAtomically("# known\nhang|cassowary|system\n\n", to: dir + "/known.txt")
        #expect(try FindingStore.knownSignatures(file: dir + "/known.txt") == [FuzzSignature(kind: "hang", strategy: "cassowary", place: "system")])
        try FindingStore.writeAtomically("hang only\n", to: dir + "/bad.txt")
        #expect(throws: FuzzUsageError.self) { try FindingStore.knownSignatures(file: dir + "/bad.txt") }
    }

    /// A campaign killed between saving a finding and writing the index must not lose it: the
    /// index is rebuilt from the finding files on disk.
    @Test func aFindingWhoseIndexWriteWasLostIsRecoveredFromItsFile() throws {
        let dir = Self.directory("recover")
        var store = try FindingStore(directory: dir)
        let kept = FuzzSignature(kind: "hang", strategy: "cassowary", place: "system")
        store.record(FindingStore.Entry(signature: kept, count: 2, firstCase: 1, seconds: 0.5, file: "kept.system.json", size: 1, seed: 4, detail: "d"))
        try FindingStore.writeAtomically(#"{"strut-system": 1, "name": "kept", "steps": [{"add": "x >= 1", "id": "a"}]}"#, to: dir + "/kept.system.json")
        try store.writeIndex()
        // The finding saved after the last index write (the campaign was killed before the next).
        let lost = FuzzSignature(kind: "required-satisfied", strategy: "cassowary-weighted", place: "add")
        let description = "Fuzz finding \(lost) (strut fuzz --seed 4, case 17: generated). after step 0: required a is violated. Expectations do not apply (mutated). Replay: strut replay x"
        let text = #"{"strut-system": 1, "name": "\#(lost.slug)", "description": "\#(description)", "steps": [{"add": "x >= 1", "id": "a"}, {"add": "x <= 0", "id": "b"}]}"#
        try FindingStore.writeAtomically(text, to: dir + "/" + lost.slug + ".system.json")
        let again = try FindingStore(directory: dir)
        #expect(again.entries.map(\.signature) == [kept, lost].sorted())
        let recovered = try #require(again.entry(lost))
        #expect(recovered.file == lost.slug + ".system.json" && recovered.firstCase == 17 && recovered.seed == 4 && recovered.size == 2)
        #expect(again.entry(kept)?.count == 2, "entries in the index are kept as they were")
    }

    /// Temporary files of atomic writes are named `.strut-tmp-<pid>-<name>` beside the target;
    /// one left by a dead process is removed on the next write to that directory, one of a live
    /// process is not.
    @Test func orphanedTemporaryFilesOfDeadProcessesAreRemovedOnTheNextWrite() throws {
        let dir = Self.directory("orphans")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A pid that is not running: past the kernel's default pid_max of 4 194 304.
        let dead = dir + "/.strut-tmp-99999999-results.json"
        let live = dir + "/.strut-tmp-\(getpid())-other.json"
        for p in [dead, live] { #expect(FileManager.default.createFile(atPath: p, contents: Data("half".utf8))) }
        try AtomicFile.write(Data("{}".utf8), to: dir + "/results.json")
        #expect(!FileManager.default.fileExists(atPath: dead), "the dead process's temporary is gone")
        #expect(FileManager.default.fileExists(atPath: live), "a live process's temporary is left alone")
        #expect(try String(contentsOfFile: dir + "/results.json", encoding: .utf8) == "{}")
        #expect(AtomicFile.temporaryPath(for: dir + "/results.json") == dir + "/.strut-tmp-\(getpid())-results.json")
    }

    /// When the target cannot be written, the data goes to a fallback file in the temporary
    /// directory, whose path is returned, instead of being lost.
    @Test func aFailedWriteFallsBackToTheTemporaryDirectory() throws {
        let target = Self.directory("fallback") + "/missing-dir/results.json"
        let outcome = AtomicFile.writeOrFallBack(Data("{\"x\": 1}".utf8), to: target)
        #expect(outcome.problem?.reason.contains("no such file") == true, "\(String(describing: outcome.problem))")
        let fallback = try #require(outcome.fallback)
        #expect(fallback.hasPrefix(FileManager.default.temporaryDirectory.path) && fallback.hasSuffix("results.json"))
        #expect(try String(contentsOfFile: fallback, encoding: .utf8) == "{\"x\": 1}")
        try? FileManager.default.removeItem(atPath: fallback)
    }
}
