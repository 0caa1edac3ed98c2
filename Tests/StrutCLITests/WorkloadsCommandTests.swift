import Foundation
import LinearConstraints
import Testing

/// `strut workloads --json` end to end: one document with its keys in the documented order, each
/// measured size with its counts (nonzeros included), and the growth between sizes.
@Suite struct WorkloadsCommandTests {
    @Test func theJSONDocumentHasEverySizeItsCountsAndTheGrowth() throws {
        let result = try StrutProcess.runOnce(["workloads", "--kinds", "flat", "--sizes", "10,20", "--json"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        let document = try parseJSON(result.stdout)
        guard case .object(let members) = document else { Issue.record("not an object: \(result.stdout)"); return }
        #expect(members.map(\.key) == ["strategy", "clock", "timeLimitSeconds", "loadAverage", "results", "growth", "skipped"])
        #expect(document["strategy"] == .string("cassowary") && document["clock"] == .string("wall"))
        guard case .array(let results)? = document["results"], results.count == 2 else { Issue.record("results: \(result.stdout)"); return }
        #expect(results.map { $0["views"] } == [.number(10), .number(20)])
        for r in results {
            #expect(r["verified"] == .bool(true), "\(r)")
            guard case .number(let constraints)? = r["constraints"], case .number(let nonzeros)? = r["counters"]?["nonzeros"] else {
                Issue.record("counts: \(r)"); continue
            }
            // Every flat constraint names at least one variable.
            #expect(nonzeros >= constraints, "\(r)")
            if case .number(let perNonzero)? = r["buildNanosecondsPerNonzero"] { #expect(perNonzero > 0) } else { Issue.record("\(r)") }
        }
        guard case .array(let growth)? = document["growth"], let g = growth.first else { Issue.record("growth: \(result.stdout)"); return }
        #expect(g["workload"] == .string("flat") && g["fromViews"] == .number(10) && g["toViews"] == .number(20))
        #expect(g["buildExponent"] != nil && g["rotationExponent"] != nil, "both exponents present (null when none): \(g)")
        #expect(document["skipped"] == .array([]))
    }
}
