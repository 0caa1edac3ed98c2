import Foundation
import LinearConstraints
import Testing

/// `strut compare --strategies A,B` end to end: per family and size the ratio with its interval,
/// the objective agreement and the invariants broken, as text and as JSON.
@Suite struct CompareCommandTests {
    /// One preference at 500 against two at 490: exact priorities keep width 100; Kiwi-style
    /// weights (1000 against 2 × 871 per point) pick 200, so the objectives differ.
    static let invertingCase = """
        {"strut": 1, "name": "weights-invert", "root": "main",
         "views": [{"id": "main"}, {"id": "v", "superview": "main", "translatesAutoresizingMask": false}],
         "constraints": ["v.leading == main.leading", "v.top == main.top", "v.height == 20",
                         "v.width == 100 @500", "v.width == 200 @490", "v.width >= 200 @490"],
         "devices": ["iphone-8", "iphone-x"]}
        """

    @Test func strategiesThatAgreeCompareCleanlyWithRatiosPerFamilyAndSize() throws {
        let out = try StrutProcess.temporaryFile("compare.json", "")
        let r = try StrutProcess.run(["compare", "--strategies", "cassowary,cassowary-rebuild", "--family", "form:6", "--family", "long-chain:8",
                                      "--devices", "iphone-8,ipad", "--repeat", "4", "--out", out])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("form ") || $0.hasPrefix("long-chain ") }
        #expect(rows.count == 2)
        #expect(r.stdout.contains("invariants broken (failed solves): cassowary: none; cassowary-rebuild: none"))
        let doc = try parseJSON(String(contentsOfFile: out, encoding: .utf8))
        #expect(doc["format"] == .string("strut-compare"))
        guard case .array(let groups)? = doc["groups"] else { throw StrutProcess.LookupError(message: "no groups") }
        #expect(groups.count == 2)
        let agreement = groups.first?["agreement"]
        #expect(agreement?["judged"] == .number(2) && agreement?["sameObjective"] == .number(2) && agreement?["objectiveDiffers"] == .number(0))
        if case .number(let samples)? = groups.first?["cpu"]?["switch"]?["samplesB"] { #expect(samples == 4) } else { Issue.record("no switch ratio") }
    }

    @Test func weightsThatInvertPrioritiesAreCountedAsObjectiveDifferencesAndExit3() throws {
        let path = try StrutProcess.temporaryFile("weights-invert.json", Self.invertingCase)
        let out = try StrutProcess.temporaryFile("compare-invert.json", "")
        let r = try StrutProcess.run(["compare", "--strategies", "cassowary,cassowary-weighted", path, "--repeat", "2", "--out", out])
        #expect(r.status == 3, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("strategies-agree FAILED: weights-invert on iphone-8 with cassowary-weighted"))
        let doc = try parseJSON(String(contentsOfFile: out, encoding: .utf8))
        let agreement = doc["groups"].flatMap { if case .array(let g) = $0 { g.first?["agreement"] } else { nil } }
        #expect(agreement?["judged"] == .number(2) && agreement?["sameObjective"] == .number(0))
        #expect(agreement?["objectiveDiffers"] == .number(2) && agreement?["framesDiffer"] == .number(0))
        #expect(doc["breaks"]?["cassowary-weighted"]?["strategies-agree"] == .number(2))
        #expect(r.stdout.contains("cassowary-weighted: strategies-agree 2"))
        #expect(r.stdout.contains("invariants broken (failed solves): cassowary: none;"))
    }

    @Test func badStrategyListsAreUsageErrors() throws {
        for list in ["cassowary", "cassowary,cassowary", "cassowary,nonesuch"] {
            let r = try StrutProcess.run(["compare", "--strategies", list, "--family", "form:6"])
            #expect(r.status == 2, "\(list): \(r.stderr)")
        }
    }
}
