import Foundation
import LinearConstraints
import Testing

/// `--strategy external:COMMAND` and `strut adapter` end to end: the reference adapter behind the
/// external path gives exactly what the in-process strategy gives, on every system example and
/// on golden layout cases; a dying adapter is an error outcome, not a crash.
@Suite struct ExternalStrategyTests {
    /// `external:<strut> adapter --strategy NAME`.
    static func reference(_ strategy: String = "cassowary") throws -> String {
        let strut = try #require(StrutProcess.binary.url, "strut executable not built").path
        return "external:\(strut) adapter --strategy \(strategy)"
    }

    /// Runs strut with `environment` added (a generous per-request bound for debug builds on a
    /// loaded machine: a bound, not a measurement) and `input` on standard input.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = ["STRUT_EXTERNAL_TIMEOUT": "600"]) throws -> StrutProcess.Result {
        let inputFile = try StrutProcess.temporaryFile("external-input-\(UUID().uuidString)", input)
        return try StrutProcess.run(arguments, environment: environment, inputPath: inputFile)
    }

    /// The document without its `strategy` member (the one thing that must differ).
    static func withoutStrategy(_ json: String) throws -> JSONValue {
        guard case .object(let members) = try parseJSON(json) else { throw StrutProcess.LookupError(message: "not an object: \(json.prefix(200))") }
        return .object(members.filter { $0.key != "strategy" })
    }

    @Test(arguments: SystemResult.exampleNames())
    func theReferenceAdapterGivesExactlyWhatCassowaryGivesOnEverySystemExample(name: String) throws {
        let path = SystemResult.examples.appendingPathComponent(name).path
        let inProcess = try StrutProcess.runOnce(["solve-system", path, "--json"])
        let external = try Self.run(["solve-system", path, "--json", "--strategy", try Self.reference()])
        #expect(external.status == inProcess.status, "stderr: \(external.stderr)")
        #expect(try parseJSON(external.stdout)["strategy"] == .string(try Self.reference()))
        #expect(try Self.withoutStrategy(external.stdout) == Self.withoutStrategy(inProcess.stdout))
    }

    /// Per device: frames, conflicts, objective, unmet edits, rejected constraints and passes.
    /// (Ambiguity is a capability in-process strategies have and the protocol does not carry.)
    static func layoutFacts(_ output: String) throws -> [JSONValue] {
        try output.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            let json = try parseJSON(String(line))
            return .array(["device", "frames", "conflicts", "objective", "unmetEdits", "rejected", "settled", "passes"].map { json[$0] ?? .null })
        }
    }

    @Test(arguments: ["conflicting-heights", "stack-in-scroll-view", "vfl-find-bar-rtl", "magenta-bar-and-square", "autoresizing-label-top-right"])
    func theReferenceAdapterLaysGoldenCasesOutExactlyAsCassowary(name: String) throws {
        let path = "corpora/golden/\(name).json"
        let inProcess = try StrutProcess.runOnce(["solve", path, "--json"])
        let external = try Self.run(["solve", path, "--json", "--strategy", try Self.reference()])
        let expected = try Self.layoutFacts(inProcess.stdout)
        #expect(!expected.isEmpty)
        #expect(try Self.layoutFacts(external.stdout) == expected)
    }

    @Test func theAdapterAnswersOneLinePerRequestAsDocumented() throws {
        let requests = [
            #"{"add":"v0 >= 10","id":"c0"}"#, #"{"add":"v0 == 20 @1","id":"c1"}"#, #"{"add":"v0 <= 5","id":"c2"}"#,
            #"{"edit":"v0","priority":1000}"#, #"{"suggest":{"v1":3}}"#, #"{"remove":"c9"}"#, #"{"check":""}"#,
            #"{"add":"v0 >= nan","id":"c3"}"#, #"{"reset":true}"#, #"{"check":"after reset"}"#,
        ]
        let result = try Self.run(["adapter", "--strategy", "cassowary"], input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == requests.count)
        #expect(Array(lines.prefix(7)) == [
            #"{"outcome":"ok"}"#, #"{"outcome":"ok"}"#, #"{"outcome":"unsatisfiable","conflict":["c0","c2"]}"#,
            #"{"outcome":"badPriority"}"#, #"{"outcome":"unknown"}"#, #"{"outcome":"unknown"}"#,
            #"{"values":{"v0":20},"objective":[{"priority":1,"error":0}]}"#,
        ])
        #expect(lines.count > 9 && lines[7].hasPrefix(#"{"outcome":"error","message":"#))
        #expect(lines.suffix(2) == [#"{"outcome":"ok"}"#, #"{"values":{},"objective":[]}"#])
    }

    @Test func anUnknownAdapterStrategyIsAUsageError() throws {
        let result = try Self.run(["adapter", "--strategy", "no-such-strategy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown strategy \"no-such-strategy\""))
    }

    @Test func anEmptyExternalCommandIsAnUnknownStrategy() throws {
        let result = try Self.run(["solve-system", SystemResult.examples.appendingPathComponent("kiwi-rejected-add.system.json").path, "--strategy", "external:"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("external:COMMAND"))
    }

    /// A mistyped adapter command is the user's mistake, found before any work: exit status 2
    /// naming the strategy and the shell's complaint, in every command that takes a strategy,
    /// and never a finding.
    @Test func aMistypedAdapterIsAUsageErrorBeforeAnyWork() throws {
        let system = SystemResult.examples.appendingPathComponent("kiwi-rejected-add.system.json").path
        let findings = FileManager.default.temporaryDirectory.appendingPathComponent("strut-typo-\(getpid())").path
        for command in [["solve-system", system, "--strategy", "external:scripts/kiwi-adaptr"],
                        ["bench", "--family", "flat:5", "--strategies", "cassowary,external:scripts/kiwi-adaptr", "--repeat", "1"],
                        ["fuzz", "--runs", "2", "--strategies", "external:scripts/kiwi-adaptr", "--findings", findings],
                        ["replay", system, "--strategies", "external:scripts/kiwi-adaptr"]] {
            let r = try Self.run(command)
            #expect(r.status == 2, "\(command[0]): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("external:scripts/kiwi-adaptr: the adapter does not answer: it exited with status 127"), "\(command[0]): \(r.stderr)")
            #expect(r.stderr.contains("not found"), "\(command[0]): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: findings + "/index.json"), "nothing filed as a finding")
    }

    @Test func anAdapterThatDiesIsAnErrorOutcomeAndExitStatusOne() throws {
        let script = try StrutProcess.temporaryFile("external-dies.sh", "read -r line\necho '{\"outcome\":\"ok\"}'\nread -r line\necho 'dying' >&2\nexit 9\n")
        let path = SystemResult.examples.appendingPathComponent("kiwi-rejected-add.system.json").path
        let result = try Self.run(["solve-system", path, "--json", "--strategy", "external:/bin/sh \(script)"])
        #expect(result.status == 1)
        let steps = try parseJSON(result.stdout)["steps"]
        guard case .array(let items)? = steps else { Issue.record("no steps: \(result.stdout.prefix(300))"); return }
        #expect(items.first?["outcome"] == .string("ok"))
        let message = items[1]["message"]
        #expect(message == .string("internal error: external solver is dead: /bin/sh \(script) exited with status 9 before answering at request 2: {\"add\":\"v0 == 20 @1\",\"id\":\"c1\"} (stderr: dying)"))
        // Nothing succeeds after the death (a suggest for an edit variable the dead solver never took is `unknown`).
        #expect(!items.dropFirst().contains { $0["outcome"] == .string("ok") })
        #expect(items.dropFirst().contains { $0["outcome"] == .string("check") && $0["values"]?["x"] == .null })
    }
}

/// `strut adapter --solver-time`: every response carries the time of the solver calls it made,
/// and a replay of its answers still matches (the time is not part of the answer).
@Suite struct AdapterSolverTimeTests {
    @Test func everyResponseCarriesSolverSeconds() throws {
        let requests = [#"{"add":"v0 >= 10","id":"c0"}"#, #"{"check":""}"#, #"{"reset":true}"#, #"{"remove":"c9"}"#]
        let r = try ExternalStrategyTests.run(["adapter", "--solver-time"], input: requests.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == requests.count)
        for line in lines {
            guard case .number(let s)? = try parseJSON(line)["solverSeconds"] else {
                Issue.record("no solverSeconds in \(line)")
                continue
            }
            #expect(s >= 0 && s < 60)
        }
        #expect(try parseJSON(lines[1])["values"]?["v0"] == .number(10))
    }
}
