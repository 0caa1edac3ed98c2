import Foundation
import Testing
@testable import History

/// The check: what fails it, what an acceptance silences, and what does not gate.
struct HistoryAnalysisTests {
    func analyse(_ store: HistoryStore) throws -> HistoryAnalysis { HistoryAnalysis(try store.load()) }

    @Test func aStepAtARecentCommitFailsTheCheckAndNamesIt() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 20, a: { $0 >= 18 ? 1.03 : 1 })
        let a = try analyse(store)
        #expect(a.fails)
        #expect(a.regressions.map(\.group) == ["a 10 cassowary first"])
        let r = a.regressions[0]
        #expect(r.commit == HistoryFixtures.commit(18) && r.previous == HistoryFixtures.commit(17))
        #expect(r.metric == .instructions && abs(r.point.change - 0.03) < 1e-9 && r.age == 1)
        #expect(HistoryText.check(a, store: "s", verbose: false).hasPrefix("history check: FAILED: 1 regression among the newest 3 commits"))
    }

    /// A store too young to hold a change point says so; it does not pass in silence.
    @Test func tooFewCommitsAreSaidNotPassedInSilence() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 1)
        let text = HistoryText.check(try analyse(store), store: "s", verbose: false)
        #expect(text.contains("note: a change point needs at least 4 commits of machine ci; with 1 no figure was compared"), "\(text)")
        try HistoryFixtures.history(store, count: 4)
        #expect(!HistoryText.check(try analyse(store), store: "s", verbose: false).contains("needs at least"))
    }

    /// The newest commit measured with another bench command than the one before it is named:
    /// its figures are not comparable with the series'.
    @Test func aNewestRunOfAnotherCommandIsNamed() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 5)
        #expect(try analyse(store).commandChanges.isEmpty)
        var other = HistoryFixtures.run([("a 10 cassowary first", 1_000_000, "same"), ("b 10 cassowary first", 500_000, "same")], digest: "other")
        other.command = "strut bench --suite ci --meter instructions --invariants none"
        _ = try store.record(other, commit: HistoryFixtures.commit(5), machine: "ci", recordedAt: "2026-11-29T00:00:00Z")
        let a = try analyse(store)
        #expect(a.commandChanges["ci"]?.newest == other.command && a.commandChanges["ci"]?.previous == "strut bench --suite ci --meter instructions")
        #expect(HistoryText.check(a, store: "s", verbose: false).contains("was measured with another command than the one before it"))
    }

    @Test func anOlderStepIsHistoryNotAFailure() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 20, a: { $0 >= 10 ? 1.03 : 1 })
        let a = try analyse(store)
        #expect(!a.fails)
        #expect(a.changes.map(\.commit) == [HistoryFixtures.commit(10)])
    }

    @Test func anImprovementDoesNotFail() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 20, b: { $0 >= 18 ? 0.9 : 1 })
        let a = try analyse(store)
        #expect(!a.fails)
        #expect(a.changes.count == 1 && a.changes[0].point.change < 0)
    }

    @Test func anAcceptanceSilencesOnlyWhatItNames() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 20, a: { $0 >= 18 ? 1.03 : 1 }, b: { $0 >= 18 ? 1.05 : 1 })
        #expect(try analyse(store).regressions.count == 2)
        try store.accept(Acceptance(commit: HistoryFixtures.commit(18), group: "a *", metric: .instructions, reason: "intended", acceptedAt: "t"))
        #expect(try analyse(store).regressions.map(\.group) == ["b 10 cassowary first"])
        try store.accept(Acceptance(commit: HistoryFixtures.commit(18), group: nil, metric: .pivots, reason: "wrong figure", acceptedAt: "t"))
        #expect(try analyse(store).regressions.count == 1)
        try store.accept(Acceptance(commit: HistoryFixtures.commit(18), group: nil, metric: nil, reason: "all of it", acceptedAt: "t"))
        let a = try analyse(store)
        #expect(!a.fails)
        #expect(a.changes.allSatisfy { $0.accepted != nil })
    }

    /// A commit that was never measured (CI measured the one after it) is accepted by its place
    /// between the last commit at the old level and the first at the new one.
    @Test func anAcceptanceOfAnUnrecordedCommitCoversTheRangeItFallsIn() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 20, a: { $0 >= 18 ? 1.03 : 1 }, skip: [17])
        let between = CommitInfo(sha: String(repeating: "f", count: 40), time: HistoryFixtures.commit(17).time, subject: "the change")
        let before = try analyse(store)
        #expect(before.regressions.first?.previous == HistoryFixtures.commit(16))
        try store.accept(Acceptance(commit: between, group: nil, metric: nil, reason: "intended", acceptedAt: "t"))
        #expect(!(try analyse(store).fails))
        // One outside the range does not.
        let store2 = try HistoryFixtures.store()
        try HistoryFixtures.history(store2, count: 20, a: { $0 >= 18 ? 1.03 : 1 })
        try store2.accept(Acceptance(commit: HistoryFixtures.commit(12), group: nil, metric: nil, reason: "elsewhere", acceptedAt: "t"))
        #expect(try analyse(store2).fails)
    }

    @Test func changedAnswersAndNewInvariantFailuresFailTheCheck() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 12, answers: { $0 >= 11 ? "new frames" : "same" })
        let a = try analyse(store)
        #expect(a.failingAnswerChanges.map(\.group) == ["a 10 cassowary first"])
        #expect(a.regressions.isEmpty && a.fails)

        let store2 = try HistoryFixtures.store()
        try HistoryFixtures.history(store2, count: 12, failed: { $0 >= 10 ? 2 : 0 })
        let b = try analyse(store2)
        #expect(b.failingInvariantRises.map(\.invariant) == ["optimal"])
        #expect(b.failingInvariantRises.first?.commit == HistoryFixtures.commit(10))
    }

    @Test func theReportsNameEveryChangePointsCommit() throws {
        let store = try HistoryFixtures.store()
        try HistoryFixtures.history(store, count: 20, a: { $0 >= 10 ? 1.03 : 1 })
        let snapshot = try store.load()
        let a = HistoryAnalysis(snapshot)
        let markdown = HistoryReport.markdown(a, snapshot)
        #expect(markdown.contains(HistoryFixtures.commit(10).short))
        #expect(markdown.contains("+3.0%"))
        let html = HistoryReport.html(a, snapshot)
        #expect(html.contains(String(HistoryFixtures.commit(10).sha.prefix(7))))
        #expect(!html.contains("http"))
    }
}
