import Foundation
@testable import Bench
@testable import History

/// Synthetic runs and stores for the history's tests.
enum HistoryFixtures {
    static let machine = MachineInfo(host: "test-host", os: "Linux", cores: 2, memoryBytes: 1 << 34, swift: "Swift 6.3", build: "release", allocator: "jemalloc 5.3.0")

    /// A metered run: group `name` has `instructions` instructions and answers `answers`.
    static func run(_ groups: [(name: String, instructions: Double, answers: String)], failed: Int = 0, digest: String) -> HistoryRun {
        HistoryRun(
            command: "strut bench --suite ci --meter instructions", machine: machine, metered: true,
            groups: groups.map {
                HistoryRun.Group(name: $0.name, strategy: "cassowary", phase: "first", figures: [.instructions: $0.instructions, .pivots: 10], answers: $0.answers)
            },
            invariants: [HistoryRun.InvariantFigure(invariant: "optimal", checked: 5, failed: failed)], digest: digest)
    }

    /// A new store in a directory of its own.
    static func store() throws -> HistoryStore {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-history-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return try HistoryStore(path: dir.appendingPathComponent("history.sqlite").path, create: true)
    }

    static func commit(_ k: Int) -> CommitInfo {
        CommitInfo(sha: String(format: "%040x", 0xabc000 + k), time: 1_700_000_000 + Int64(k) * 600, subject: "commit \(k)")
    }

    /// Records commits 0..<count, group "a 10 cassowary first" at 1 000 000 instructions and
    /// "b 10 cassowary first" at 500 000, each multiplied by `factor(k)` at commit k.
    static func history(_ store: HistoryStore, count: Int, a: (Int) -> Double = { _ in 1 }, b: (Int) -> Double = { _ in 1 },
                        answers: (Int) -> String = { _ in "same" }, failed: (Int) -> Int = { _ in 0 }, skip: Set<Int> = []) throws {
        for k in 0..<count where !skip.contains(k) {
            let r = run([("a 10 cassowary first", 1_000_000 * a(k), answers(k)), ("b 10 cassowary first", 500_000 * b(k), "same")],
                        failed: failed(k), digest: "run-\(k)")
            _ = try store.record(r, commit: commit(k), machine: "ci", recordedAt: "2026-11-28T00:00:00Z")
        }
    }
}
