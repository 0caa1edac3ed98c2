import Foundation
import Testing
@testable import History

/// The store keeps what is recorded, once, and refuses files that are not stores.
struct HistoryStoreTests {
    @Test func aRecordedRunReadsBackWhole() throws {
        let store = try HistoryFixtures.store()
        let run = HistoryFixtures.run([("a 10 cassowary first", 1234, "d1"), ("b 20 cassowary first", 5678, "d2")], failed: 1, digest: "x")
        let outcome = try store.record(run, commit: HistoryFixtures.commit(1), machine: "ci", recordedAt: "t")
        guard case .recorded(let id) = outcome else { Issue.record("not recorded: \(outcome)"); return }
        let s = try store.load()
        #expect(s.runs.map(\.sha) == [HistoryFixtures.commit(1).sha])
        #expect(s.runs[0].metered)
        #expect(s.commits[HistoryFixtures.commit(1).sha]?.subject == "commit 1")
        #expect(s.figures[.init(run: id, group: "a 10 cassowary first", metric: .instructions)] == 1234)
        #expect(s.figures[.init(run: id, group: "b 20 cassowary first", metric: .pivots)] == 10)
        #expect(s.answers[.init(run: id, group: "b 20 cassowary first")] == "d2")
        #expect(s.invariants[id]?.first?.failed == 1)
        #expect(s.groupKinds["a 10 cassowary first"]?.strategy == "cassowary")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func recordingTheSameResultsAgainAddsNothing() throws {
        let store = try HistoryFixtures.store()
        let run = HistoryFixtures.run([("a 10 cassowary first", 1, "d")], digest: "same-file")
        let first = try store.record(run, commit: HistoryFixtures.commit(1), machine: "ci", recordedAt: "t")
        let second = try store.record(run, commit: HistoryFixtures.commit(1), machine: "ci", recordedAt: "t")
        guard case .recorded(let id) = first else { Issue.record("not recorded"); return }
        #expect(second == .alreadyRecorded(run: id))
        // Another machine's copy is its own run.
        #expect(try store.record(run, commit: HistoryFixtures.commit(1), machine: "other", recordedAt: "t") == .recorded(run: id + 1))
        #expect(try store.load().runs.count == 2)
    }

    @Test func aFileThatIsNotAStoreIsRefusedByName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-history-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let text = dir.appendingPathComponent("notes.txt").path
        try Data("just some text that is long enough to be read as a header by sqlite, and more".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: HistoryStoreError.self) { _ = try HistoryStore(path: text, create: true) }
        do { _ = try HistoryStore(path: text, create: true) } catch { #expect(error.message.contains("not")) }

        let missing = dir.appendingPathComponent("missing.sqlite").path
        do { _ = try HistoryStore(path: missing, create: false); Issue.record("opened a missing store") } catch {
            #expect(error.message.contains("no such store"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))

        // Another program's SQLite database.
        let other = dir.appendingPathComponent("other.sqlite").path
        let connection = try SQLiteConnection(file: other, create: true)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        do { _ = try HistoryStore(path: other, create: true); Issue.record("opened another database") } catch {
            #expect(error.message.contains("not a strut history store"))
        }
    }

    @Test func aStoreFromANewerStrutIsRefused() throws {
        let store = try HistoryFixtures.store()
        try store.db.execute("PRAGMA user_version = \(HistoryStore.schemaVersion + 1)")
        do { _ = try HistoryStore(path: store.path, create: false); Issue.record("opened a newer schema") } catch {
            #expect(error.message.contains("newer strut"))
        }
    }
}
