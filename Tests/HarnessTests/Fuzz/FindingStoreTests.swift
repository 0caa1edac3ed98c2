import Foundation
import Harness
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

    @Test func knownSignaturesReadOnePerLineAndRejectMalformedOnes() throws {
        let dir = Self.directory("known")
        _ = try FindingStore(directory: dir)
        try FindingStore.writeAtomically("# known\nhang|cassowary|system\n\n", to: dir + "/known.txt")
        #expect(try FindingStore.knownSignatures(file: dir + "/known.txt") == [FuzzSignature(kind: "hang", strategy: "cassowary", place: "system")])
        try FindingStore.writeAtomically("hang only\n", to: dir + "/bad.txt")
        #expect(throws: FuzzUsageError.self) { try FindingStore.knownSignatures(file: dir + "/bad.txt") }
    }
}
