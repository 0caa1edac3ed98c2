import AutoLayout
import Bench
import Cassowary
import Foundation
import Judging
import LinearConstraints
import Subjects

/// One small real run shared by the report tests: a golden case on its own devices under
/// Cassowary and under a stub that moves view 1 by 3 points behind the engine's back (so
/// `required-satisfied` fails naming constraints and `strategies-agree` fails blaming view 1),
/// two measured repetitions, read back from its results file text.
enum ReportFixtures {
    typealias F = InvariantFixtures

    static let caseName = "magenta-bar-and-square"

    /// The id of view 1 of the case (the one the stub corrupts).
    static var blamedView: String { (try? F.golden(caseName).tree.views[1].id) ?? "?" }

    /// The fixture's results (the run is made once per test process).
    static var results: BenchResults { get throws { try made.get() } }

    private static let made = Result<BenchResults, any Error> { () throws -> BenchResults in
        let path = F.repository.appendingPathComponent("corpora/golden/\(caseName).json").path
        let stub = BenchStrategy(name: "stub", make: { CorruptingSolver(target: F.variable(view: 1, .minX), corrupt: { $0 + 3 }) })
        var plan = BenchPlan(sources: [.file(path: path)], strategies: [F.cassowary, stub])
        plan.repeats = 2
        plan.warmup = 0
        plan.invariants = InvariantSelection(mode: .listed, listed: [.requiredSatisfied, .finiteFrames, .strategiesAgree])
        let run = BenchSession.run(plan, jobs: 1)
        // Through the file format, as `strut report` reads it.
        return try BenchResults(jsonText: try run.jsonValue().jsonText(indent: 1), file: "fixture.json")
    }

    /// The results document with every failure's "layout" key removed: a file from before
    /// snapshots.
    static func withoutLayouts(_ doc: JSONValue) -> JSONValue {
        guard case .object(let members) = doc else { return doc }
        return .object(members.map { m in
            guard m.key == "invariants", case .object(let inv) = m.value else { return m }
            return (m.key, .object(inv.map { i in
                guard i.key == "failures", case .array(let list) = i.value else { return i }
                return (i.key, .array(list.map { f in
                    guard case .object(let fields) = f else { return f }
                    return .object(fields.filter { $0.key != "layout" })
                }))
            }))
        })
    }

    /// Occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}
