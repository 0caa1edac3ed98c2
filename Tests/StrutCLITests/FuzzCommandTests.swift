import Foundation
import Testing

/// `strut fuzz`, `replay` and `shrink` end to end, against the planted strategies
/// (`STRUT_PLANTED_STRATEGIES=1`): a trap is recorded, shrunk and the campaign goes on; a hang is
/// caught by the timeout; the same seed finds the same findings whatever the job count; known
/// findings do not fail the run; replay passes good files and fails wrong expectations; bad input
/// exits 2.
@Suite struct FuzzCommandTests {
    /// A fresh temporary directory for one test.
    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strut-fuzz-cli-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A layout case of twelve views in a column with one width of 7777 (the planted marker).
    static let markedCase: String = {
        var views = [#"{"id": "r"}"#]
        var constraints: [String] = []
        for i in 0..<12 {
            views.append(#"{"id": "v\#(i)", "superview": "r"}"#)
            constraints += ["v\(i).leading == r.leading + \(i)", "v\(i).top == r.top + \(10 * i)", "v\(i).height == 8"]
            constraints.append(i == 7 ? "v\(i).width == 7777" : "v\(i).width == \(20 + i)")
        }
        return #"{"strut": 1, "name": "marked", "root": "r", "views": [\#(views.joined(separator: ", "))], "constraints": [\#(constraints.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
    }()

    /// A system of thirty adds with one marked constant.
    static let markedSystem: String = {
        var steps = (0..<30).map { #"{"add": "x\#($0) >= \#($0)", "id": "c\#($0)"}"# }
        steps.insert(#"{"add": "x3 + x4 == 7777", "id": "marked"}"#, at: 17)
        return #"{"strut-system": 1, "name": "marked", "steps": [\#(steps.joined(separator: ", "))]}"#
    }()

    static func write(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }

    /// The index's findings as comparable lines (signature, count, first case, size, file).
    static func index(_ dir: URL) throws -> [String] {
        let text = try String(contentsOf: dir.appendingPathComponent("index.json"), encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let items = try #require(json["findings"] as? [[String: Any]])
        return items.map { "\($0["signature"]!) \($0["count"]!) \($0["firstCase"]!) \($0["size"]!) \($0["file"]!)" }
    }

    @Test func campaignRecordsAPlantedTrapShrinksItAndGoesOn() throws {
        let dir = try Self.directory("trap")
        let corpus = dir.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try Self.write(Self.markedCase, corpus.appendingPathComponent("marked.json"))
        let findings = dir.appendingPathComponent("findings")
        let r = try PlantedRun.run(["fuzz", "--runs", "8", "--families", "none", "--strategies", "cassowary,planted-trap",
                                    "--corpus", corpus.path, "--findings", findings.path, "--seed", "5"])
        #expect(r.status == 1, "new findings exit 1: \(r.stderr)")
        #expect(r.stdout.contains("fuzz: 8 cases"), "the campaign went on after the trap: \(r.stdout)")
        let lines = try Self.index(findings)
        let trap = try #require(lines.first { $0.hasPrefix("crash:SIGILL|planted-trap|PlantedStrategies.swift:") }, "\(lines)")
        let file = String(try #require(trap.split(separator: " ").last))
        let saved = try String(contentsOf: findings.appendingPathComponent(file), encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let constraints = try #require(json["constraints"] as? [String])
        #expect(constraints.count <= 3, "shrunk to the few constraints that trigger it: \(constraints)")
        #expect(constraints.contains { $0.contains("7777") })
        #expect((json["description"] as? String)?.contains("STRUT_PLANTED_STRATEGIES=1 strut replay") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: findings.path).filter { $0.hasPrefix("crash-SIGILL-planted-trap") }
        #expect(files.count == 1, "kept once: \(files)")
        // Replayed with no --strategies, a finding is checked under what found it (under
        // cassowary alone the trap would pass): it still fails.
        let replay = try PlantedRun.run(["replay", findings.appendingPathComponent(file).path])
        #expect(replay.status == 1, "\(replay.stdout)")
        #expect(replay.stdout.contains("FAIL \(findings.path)/\(file)  (under cassowary,planted-trap)"), "\(replay.stdout)")
        #expect(replay.stdout.contains("replay: 1 files under cassowary,planted-trap, 1 failed"), "\(replay.stdout)")
        // And it shrinks for its own signature under its own strategies, with no option.
        let shrink = try PlantedRun.run(["shrink", findings.appendingPathComponent(file).path])
        #expect(shrink.status == 0, "\(shrink.stderr)")
        #expect(shrink.stderr.contains("keeping crash:SIGILL|planted-trap|") && shrink.stderr.contains("under cassowary,planted-trap"), "\(shrink.stderr)")
        // A file that is not a finding needs the signature.
        let plain = try PlantedRun.run(["shrink", corpus.appendingPathComponent("marked.json").path])
        #expect(plain.status == 2 && plain.stderr.contains("--signature"), "\(plain.stderr)")
    }

    /// A hang is the timeout in CPU time: a loop that computes (`planted-hang`) is caught by its
    /// CPU time; a worker that waits without computing (`planted-stall`) once six times the
    /// timeout passed on the clock. So a busy machine, which stretches wall time, does not make
    /// a slow case a hang.
    @Test(arguments: [
        (strategy: "planted-hang", options: ["--runs", "4", "--timeout", "1", "--shrink-time", "4"], message: "no answer after 1 s of CPU time"),
        (strategy: "planted-stall", options: ["--runs", "2", "--timeout", "0.5", "--shrink-time", "0", "--replays", "0"], message: "s on the clock"),
    ])
    func aPlantedHangIsCaughtByTheTimeout(strategy: String, options: [String], message: String) throws {
        let dir = try Self.directory(strategy)
        try Self.write(Self.markedSystem, dir.appendingPathComponent("marked.system.json"))
        let findings = dir.appendingPathComponent("findings")
        let r = try PlantedRun.run(["fuzz", "--families", "none", "--strategies", strategy, "--corpus",
                                    dir.appendingPathComponent("marked.system.json").path, "--findings", findings.path] + options)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(try Self.index(findings).contains { $0.hasPrefix("hang|\(strategy)|system ") })
        #expect(r.stdout.contains(message), "\(r.stdout)")
    }

    @Test func plantedMemoryBlowUpIsCaughtByTheMemoryLimit() throws {
        let dir = try Self.directory("memory")
        try Self.write(Self.markedSystem, dir.appendingPathComponent("marked.system.json"))
        let findings = dir.appendingPathComponent("findings")
        let r = try PlantedRun.run(["fuzz", "--runs", "4", "--families", "none", "--strategies", "planted-memory", "--corpus",
                                    dir.appendingPathComponent("marked.system.json").path, "--findings", findings.path,
                                    "--max-memory", "300", "--shrink-time", "4"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(try Self.index(findings).contains { $0.hasPrefix("memory|planted-memory|system ") })
    }

    @Test func sameSeedFindsTheSameFindingsWithOneOrTwoJobsAndKnownOnesDoNotFail() throws {
        let dir = try Self.directory("seed")
        let corpus = dir.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try Self.write(Self.markedSystem, corpus.appendingPathComponent("marked.system.json"))
        var indexes: [[String]] = []
        for jobs in ["1", "2"] {
            let findings = dir.appendingPathComponent("findings-\(jobs)")
            let r = try PlantedRun.run(["fuzz", "--runs", "10", "--jobs", jobs, "--families", "operations,long-chain",
                                        "--strategies", "cassowary,planted-wrong", "--corpus", corpus.path, "--findings", findings.path, "--seed", "11"])
            #expect(r.status == 1, "\(r.stderr)")
            indexes.append(try Self.index(findings))
        }
        #expect(!indexes[0].isEmpty)
        #expect(indexes[0] == indexes[1])
        let again = try PlantedRun.run(["fuzz", "--runs", "10", "--families", "operations,long-chain", "--strategies", "cassowary,planted-wrong",
                                        "--corpus", corpus.path, "--findings", dir.appendingPathComponent("findings-1").path, "--seed", "11"])
        #expect(again.status == 0, "known findings only: \(again.stdout)")
        #expect(again.stdout.contains(", 0 new"))
    }

    @Test func replayPassesAGoodFileAndFailsAWrongExpectation() throws {
        let good = try PlantedRun.run(["replay", "examples/systems/kiwi-rejected-add.system.json"])
        #expect(good.status == 0, "\(good.stdout)")
        let dir = try Self.directory("replay")
        let examples = StrutProcess.packageRoot.appendingPathComponent("examples/systems")
        try FileManager.default.copyItem(at: examples.appendingPathComponent("kiwi-rejected-add.system.json"), to: dir.appendingPathComponent("k.system.json"))
        let expected = try String(contentsOf: examples.appendingPathComponent("kiwi-rejected-add.expected.json"), encoding: .utf8)
        try Self.write(expected.replacingOccurrences(of: #""x": 20"#, with: #""x": 21"#), dir.appendingPathComponent("k.expected.json"))
        let bad = try PlantedRun.run(["replay", dir.path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("FAIL \(dir.path)/k.system.json"), "\(bad.stdout)")
    }

    @Test func badInputExitsTwoWithAClearMessage() throws {
        let dir = try Self.directory("bad")
        try Self.write("{ not json", dir.appendingPathComponent("broken.json"))
        // A replayed file that does not read fails alone (exit 1, FAIL naming it), like any failing file.
        let malformed = try PlantedRun.run(["replay", dir.appendingPathComponent("broken.json").path])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("broken.json") && malformed.stdout.contains("FAIL"), "\(malformed.stderr)")
        let unknown = try PlantedRun.run(["fuzz", "--runs", "1", "--strategies", "nope", "--findings", dir.appendingPathComponent("f").path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown strategy \"nope\""), "\(unknown.stderr)")
        let signature = try PlantedRun.run(["shrink", "examples/systems/kiwi-rejected-add.system.json", "--signature", "hang"])
        #expect(signature.status == 2)
    }

    /// The planted trap's signature: its `fatalError` line in PlantedStrategies.swift.
    static func trapSignature() throws -> String {
        let source = try String(contentsOf: StrutProcess.packageRoot.appendingPathComponent("Sources/Subjects/PlantedStrategies.swift"), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("fatalError(\"planted trap") }) + 1
        return "crash:SIGILL|planted-trap|PlantedStrategies.swift:\(line)"
    }

    @Test func shrinkReducesAThousandConstraintTrapToUnderTenKeepingTheSignature() throws {
        let dir = try Self.directory("thousand")
        var steps = (0..<1000).map { #"{"add": "x\#($0) + y\#($0 % 7) >= \#($0)", "id": "c\#($0)"}"# }
        steps.insert(#"{"add": "x3 + x4 == 7777", "id": "marked"}"#, at: 613)
        try Self.write(#"{"strut-system": 1, "name": "thousand", "steps": [\#(steps.joined(separator: ", "))]}"#, dir.appendingPathComponent("big.system.json"))
        let out = dir.appendingPathComponent("small.system.json")
        let signature = try Self.trapSignature()
        let r = try PlantedRun.run(["shrink", dir.appendingPathComponent("big.system.json").path, "--signature", signature,
                                    "--strategies", "planted-trap", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.contains("7777"))
        #expect(text.components(separatedBy: "\"add\"").count - 1 < 10, "\(text)")
        let replay = try PlantedRun.run(["replay", out.path, "--strategies", "planted-trap"])
        #expect(replay.status == 1, "the shrunk file still traps, and replay records it as a failure: \(replay.stderr)")
        #expect(replay.stdout.contains(signature), "\(replay.stdout)")
    }

    @Test func shrinkKeepsTheSignatureOfOneFile() throws {
        let dir = try Self.directory("shrink")
        try Self.write(Self.markedSystem, dir.appendingPathComponent("marked.system.json"))
        let out = dir.appendingPathComponent("small.system.json")
        let r = try PlantedRun.run(["shrink", dir.appendingPathComponent("marked.system.json").path, "--signature",
                                    "required-satisfied|planted-wrong|add", "--strategies", "planted-wrong", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.contains("7777"))
        #expect(text.components(separatedBy: "\"add\"").count - 1 <= 2, "\(text)")
    }
}

/// Runs the built strut with the planted strategies registered.
enum PlantedRun {
    static func run(_ arguments: [String]) throws -> StrutProcess.Result {
        try StrutProcess.run(arguments, environment: ["STRUT_PLANTED_STRATEGIES": "1"])
    }
}

/// A worker killed from outside (here: a planted strategy that sends itself SIGKILL once) is an
/// infrastructure event in the summary, not a finding: the case is checked again in a fresh
/// worker, where it passes.
@Suite struct KilledWorkerTests {
    @Test func aWorkerKilledFromOutsideIsAnInfrastructureEventNotAFinding() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-killed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let system = dir.appendingPathComponent("marked.system.json")
        try #"{"strut-system":1,"steps":[{"add":"x == 7777","id":"m"},{"check":""}]}"#.write(to: system, atomically: true, encoding: .utf8)
        let findings = dir.appendingPathComponent("findings")
        let marker = dir.appendingPathComponent("killed-once").path
        let r = try StrutProcess.run(["fuzz", "--runs", "1", "--families", "none", "--strategies", "planted-killed-once", "--corpus", system.path,
                                      "--findings", findings.path, "--jobs", "1"],
                                     environment: ["STRUT_PLANTED_STRATEGIES": "1", "STRUT_PLANTED_KILL_FILE": marker])
        #expect(r.status == 0, "stdout: \(r.stdout)\nstderr: \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker), "the planted kill did happen")
        #expect(r.stdout.contains("findings: 0 signatures, 0 new"), "\(r.stdout)")
        #expect(r.stdout.contains("infrastructure: 1 worker death") && r.stdout.contains("crash:SIGKILL under planted-killed-once"), "\(r.stdout)")
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: findings.path)) ?? []
        #expect(saved.allSatisfy { $0 == "index.json" }, "\(saved)")
    }

    @Test func aDeathThatReproducesIsStillAFinding() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-trap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let system = dir.appendingPathComponent("marked.system.json")
        try #"{"strut-system":1,"steps":[{"add":"x == 7777","id":"m"},{"check":""}]}"#.write(to: system, atomically: true, encoding: .utf8)
        let r = try StrutProcess.run(["fuzz", "--runs", "1", "--families", "none", "--strategies", "planted-trap", "--corpus", system.path,
                                      "--findings", dir.appendingPathComponent("findings").path, "--jobs", "1"],
                                     environment: ["STRUT_PLANTED_STRATEGIES": "1"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("findings: 1 signatures, 1 new") && !r.stdout.contains("infrastructure:"), "\(r.stdout)")
    }
}

/// Peer profiles on the command line, and findings replayed before they are saved.
@Suite struct PeerProfileCommandTests {
    @Test func aMalformedProfileExitsTwoNamingFileAndField() throws {
        let dir = try FuzzCommandTests.directory("profile")
        let bad = dir.appendingPathComponent("bad.profile.json")
        try FuzzCommandTests.write(#"{"strut-peer": 1, "name": "p", "priorities": "levels"}"#, bad)
        for command in [["fuzz", "--runs", "1", "--findings", dir.appendingPathComponent("f").path], ["replay", "examples/systems/kiwi-rejected-add.system.json"]] {
            let r = try PlantedRun.run(command + ["--strategies", "external:strut adapter", "--profile", bad.path])
            #expect(r.status == 2, "\(command[0]): \(r.stderr)")
            #expect(r.stderr.contains("bad.profile.json: peer profile field \"priorities\""), "\(command[0]): \(r.stderr)")
        }
        let none = try PlantedRun.run(["fuzz", "--runs", "1", "--strategies", "cassowary", "--profile", bad.path, "--findings", dir.appendingPathComponent("g").path])
        #expect(none.status == 2)
    }

    /// planted-nondeterministic reads wrong values on every other solver instance: the required
    /// constraint it breaks shows on some replays only (flaky); its nondeterminism on every one.
    @Test func aFindingThatDoesNotShowOnEveryReplayIsSavedAsFlaky() throws {
        let dir = try FuzzCommandTests.directory("flaky")
        try FuzzCommandTests.write(FuzzCommandTests.markedSystem, dir.appendingPathComponent("marked.system.json"))
        let findings = dir.appendingPathComponent("findings")
        let r = try PlantedRun.run(["fuzz", "--runs", "2", "--jobs", "1", "--families", "none", "--strategies", "planted-nondeterministic",
                                    "--corpus", dir.appendingPathComponent("marked.system.json").path, "--findings", findings.path, "--shrink-time", "5"])
        #expect(r.status == 1, "\(r.stderr)")
        let text = try String(contentsOf: findings.appendingPathComponent("index.json"), encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let items = try #require(json["findings"] as? [[String: Any]])
        let nondeterministic = try #require(items.first { ($0["signature"] as? String) == "nondeterministic|planted-nondeterministic|any" }, "\(items)")
        #expect(nondeterministic["reproduced"] as? String == "4/4")
        #expect(nondeterministic["flaky"] as? Bool == false)
        if let required = items.first(where: { ($0["signature"] as? String)?.hasPrefix("required-satisfied|") == true }) {
            #expect(required["flaky"] as? Bool == true, "\(required)")
            #expect(r.stdout.contains("FLAKY"), "\(r.stdout)")
        }
    }
}
