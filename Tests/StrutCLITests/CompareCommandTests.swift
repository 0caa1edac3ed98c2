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
        #expect(r.stdout.contains("strategies-agree FAILED: strut-cli-tests-\(getpid())-weights-invert.json on iphone-8 with cassowary-weighted"))
        let doc = try parseJSON(String(contentsOfFile: out, encoding: .utf8))
        let agreement = doc["groups"].flatMap { if case .array(let g) = $0 { g.first?["agreement"] } else { nil } }
        #expect(agreement?["judged"] == .number(2) && agreement?["sameObjective"] == .number(0))
        #expect(agreement?["objectiveDiffers"] == .number(2) && agreement?["framesDiffer"] == .number(0))
        #expect(doc["breaks"]?["cassowary-weighted"]?["strategies-agree"] == .number(2))
        #expect(r.stdout.contains("cassowary-weighted: strategies-agree 2"))
        #expect(r.stdout.contains("invariants broken (failed solves): cassowary: none;"))
    }

    /// The help block of each option in `strut X --help`, keyed by the option's name.
    static func optionHelp(_ command: String) throws -> [String: String] {
        let help = try StrutProcess.runOnce([command, "--help"]).stdout
        var blocks: [String: String] = [:], name: String?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { $0 != "OPTIONS:" }).dropFirst() {
            let trimmed = line.drop { $0 == " " }
            if line.hasPrefix("  -") {   // an option's first line; continuations are indented further
                name = String(trimmed.prefix { $0 != " " })
                blocks[name!] = String(trimmed.dropFirst(name!.count))
            } else if let name {
                blocks[name, default: ""] += " " + trimmed
            }
        }
        return blocks.mapValues { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    /// bench and compare share one option group for the work they run: the same options with
    /// the same help and defaults (compare used to repeat bench's options with its own wording).
    @Test func benchAndCompareShareTheWorkOptions() throws {
        let bench = try Self.optionHelp("bench"), compare = try Self.optionHelp("compare")
        for option in ["--family", "--count", "--suite", "--devices", "--directions", "--repeat", "--warmup", "--seed", "--jobs"] {
            #expect(bench[option] != nil && bench[option] == compare[option], "\(option): bench \(bench[option] ?? "-") / compare \(compare[option] ?? "-")")
        }
    }

    @Test func sharedOptionsAreValidatedBeforeAnyWork() throws {
        for (arguments, message) in [(["--repeat", "0"], "--repeat and --count must be at least 1"), (["--jobs", "0"], "--jobs must be at least 1"),
                                     (["--suite", "ci"], "--suite ci replaces the inputs")] {
            for command in [["compare", "--strategies", "cassowary,cassowary-weighted"], ["bench"]] {
                let r = try StrutProcess.run(command + ["--family", "form:6"] + arguments)
                #expect(r.status == 2 && r.stderr.contains(message) && r.stdout.isEmpty, "\(command) \(arguments): \(r.stderr)")
            }
        }
    }

    @Test func badStrategyListsAreUsageErrors() throws {
        for list in ["cassowary", "cassowary,cassowary", "cassowary,nonesuch"] {
            let r = try StrutProcess.run(["compare", "--strategies", list, "--family", "form:6"])
            #expect(r.status == 2, "\(list): \(r.stderr)")
        }
    }
}
