import Foundation
import Testing

/// `strut bench --meter instructions` end to end on one golden case on one device (strut runs
/// itself under callgrind: seconds, not milliseconds), when valgrind is installed.
@Suite struct MeterCommandTests {
    static let work = ["bench", "corpora/golden/conflicting-heights.json", "--strategies", "cassowary", "--devices", "iphone-8,iphone-x",
                       "--repeat", "1", "--meter", "instructions", "--plain-progress"]

    static var hasValgrind: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") }

    static func instructions(_ path: String, key: String) throws -> [[Int]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let records = try #require(doc[key] as? [[String: Any]])
        return records.map { ($0["instructions"] as? [Int]) ?? [] }
    }

    /// `--meter` is a closed set: an unknown meter is a usage error (status 2) that names the
    /// option, the bad value and the known meter, for bench and for compare --binaries alike,
    /// before any work starts (valgrind or not).
    @Test func anUnknownMeterIsAUsageErrorNamingTheOptionAndValue() throws {
        for arguments in [["bench", "corpora/golden/conflicting-heights.json", "--meter", "cycles"],
                          ["compare", "--meter", "cycles"]] {
            let run = try StrutProcess.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stdout)\n\(run.stderr)")
            #expect(run.stderr.contains("'cycles'") && run.stderr.contains("--meter") && run.stderr.contains("'instructions'"), "\(run.stderr)")
        }
    }

    @Test(.enabled(if: hasValgrind)) func countsAreRecordedAndGateAtTwoPercent() throws {
        let out = try StrutProcess.temporaryFile("meter-results.json", "")
        let baseline = try StrutProcess.temporaryFile("meter-baseline.json", "")
        let first = try StrutProcess.run(Self.work + ["--out", out, "--save-baseline", baseline])
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        let counted = try Self.instructions(out, key: "records")
        #expect(!counted.isEmpty && counted.allSatisfy { $0.count == 1 && $0[0] > 1_000 })

        // A baseline with 10% fewer instructions for the first layout: that group regresses, exit 4.
        let data = try Data(contentsOf: URL(fileURLWithPath: baseline))
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var items = try #require(doc["items"] as? [[String: Any]])
        for k in items.indices where items[k]["phase"] as? String == "first" {
            items[k]["instructions"] = ((items[k]["instructions"] as? [Int]) ?? []).map { $0 * 9 / 10 }
        }
        doc["items"] = items
        let lowered = try StrutProcess.temporaryFile("meter-baseline-lowered.json", String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self))
        let regressed = try StrutProcess.run(Self.work + ["--baseline", lowered])
        #expect(regressed.status == 4, "\(regressed.stdout)\n\(regressed.stderr)")
        #expect(regressed.stdout.contains("instruction count regressions (more than 2% more instructions): conflicting-heights.json 4 cassowary first"))
    }

    /// Two runs of the same work, one with one metered child at a time and one with two, count
    /// every region alike: the children measure fixed shards and never read their dumps.
    @Test(.enabled(if: hasValgrind)) func countsAreTheSameOnEveryRunAndForAnyJobs() throws {
        let work = ["bench", "corpora/golden/conflicting-heights.json", "corpora/golden/square-without-height.json",
                    "--strategies", "cassowary,cassowary-weighted", "--devices", "iphone-8,iphone-x",
                    "--repeat", "2", "--warmup", "1", "--meter", "instructions", "--invariants", "none"]
        var counts: [[[Int]]] = []
        for jobs in ["1", "2"] {
            let out = try StrutProcess.temporaryFile("meter-jobs-\(jobs).json", "")
            let run = try StrutProcess.run(work + ["--jobs", jobs, "--out", out])
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            counts.append(try Self.instructions(out, key: "records"))
        }
        #expect(counts[0].count == 16 && counts[0].allSatisfy { $0.count == 2 && $0.allSatisfy { $0 > 1_000 } })
        #expect(counts[0] == counts[1])
    }

    /// Ctrl-C during a metered run reaches the shards, which run under valgrind in process groups
    /// of their own (a terminal's Ctrl-C reaches only strut): they finish their running unit, no
    /// new one starts, strut says so and exits 1, and none of its valgrind children is left.
    @Test(.enabled(if: hasValgrind)) func anInterruptStopsTheRunningShards() throws {
        let strut = try #require(StrutProcess.binary.url)
        let process = Process()
        process.executableURL = strut
        process.arguments = ["bench", "--family", "form:20,40,80", "--strategies", "cassowary,cassowary-weighted", "--repeat", "3",
                             "--meter", "instructions", "--jobs", "2", "--invariants", "none"]
        process.currentDirectoryURL = StrutProcess.packageRoot
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let errors = StrutProcess.DataBox(), group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors.data = err.fileHandleForReading.readDataToEndOfFile() }
        // Signal once both shards run under valgrind (the first started ones are the slowest units).
        var shards: [pid_t] = []
        let deadline = Date().addingTimeInterval(60)
        while shards.count < 2, process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            shards = Self.children(of: process.processIdentifier)
        }
        #expect(shards.count == 2, "no metered shards seen running")
        let started = Dictionary(uniqueKeysWithValues: shards.map { ($0, Self.startTime(of: $0)) })
        kill(process.processIdentifier, SIGINT)
        let stopBy = Date().addingTimeInterval(120)
        while process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.2) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        let stderr = String(decoding: errors.data, as: UTF8.self)
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("bench: interrupted; no new metered shards start"), "\(stderr)")
        // A shard counts as still running only while the same process (same start time, so not
        // a reused pid) lives and is not a zombie, 10 s after strut exited (on a loaded machine
        // the kernel's bookkeeping of an ended process may lag behind strut's exit).
        let settled = Date().addingTimeInterval(10)
        var alive = shards
        repeat {
            alive = alive.filter { pid in
                guard let now = Self.startTime(of: pid), now == started[pid] ?? nil else { return false }
                return Self.state(of: pid) != "Z"
            }
            if !alive.isEmpty { Thread.sleep(forTimeInterval: 0.2) }
        } while !alive.isEmpty && Date() < settled
        #expect(alive.isEmpty, "shards still running: \(alive)")
    }

    /// Fields of /proc/PID/stat after the command name (state is the first), or nil once gone.
    static func statFields(of pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// The process's start time in clock ticks after boot (field 22 of /proc/PID/stat), nil once gone.
    static func startTime(of pid: pid_t) -> String? {
        statFields(of: pid).flatMap { $0.count > 19 ? String($0[19]) : nil }
    }

    /// The process's state letter (`R`, `S`, `Z`...), nil once gone.
    static func state(of pid: pid_t) -> String? { statFields(of: pid)?.first.map(String.init) }

    /// The processes whose parent is `parent` (from /proc/PID/stat: the field after the name).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
