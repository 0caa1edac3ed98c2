import Foundation
import Testing

/// `strut history` end to end: recording real results files, concurrent and killed writers,
/// and the errors a user meets.
@Suite struct HistoryCommandTests {
    /// A results file of one small bench run (made once per test process).
    static let results: Result<String, Error> = Result {
        let dir = try StrutProcess.temporaryFile("history-results.json", "")
        let r = try StrutProcess.run(["bench", "--family", "form:10", "--strategies", "cassowary", "--repeat", "2", "--warmup", "0", "--out", dir])
        guard r.status == 0 else { throw StrutProcess.LookupError(message: "bench exited \(r.status): \(r.stderr)") }
        return dir
    }

    /// The same run with its records copied under `copies` family names: a results file whose
    /// recording writes thousands of groups, so a kill can land inside the transaction.
    static let largeResults: Result<String, Error> = Result {
        let path = try results.get()
        var doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        let records = doc["records"] as! [[String: Any]]
        var many: [[String: Any]] = []
        for k in 0..<400 {
            for var r in records {
                r["family"] = "copy\(k)-" + (r["family"] as! String)
                r["case"] = "copy\(k)-" + (r["case"] as! String)
                many.append(r)
            }
        }
        doc["records"] = many
        let out = path + ".large.json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: out))
        return out
    }

    static func store() throws -> String { try StrutProcess.temporaryFile("history.sqlite", "") + ".store" }

    static func record(_ store: String, _ file: String, machine: String) throws -> StrutProcess.Result {
        try StrutProcess.run(["history", "record", file, "--store", store, "--machine", machine,
                              "--commit", "0123456789abcdef0123456789abcdef01234567", "--commit-time", "1700000000", "--subject", "test"])
    }

    @Test func concurrentWritersEachLandWhole() throws {
        let store = try Self.store(), file = try Self.results.get()
        let group = DispatchGroup()
        let statuses = LockedStatuses()
        for k in 0..<8 {
            DispatchQueue.global().async(group: group) {
                let status = (try? Self.record(store, file, machine: "m\(k)").status) ?? -1
                statuses.append(status)
            }
        }
        group.wait()
        #expect(statuses.values == [Int32](repeating: 0, count: 8))
        #expect(Self.seriesPerMachine(try StrutProcess.run(["history", "check", "--store", store]).stdout).keys.sorted() == (0..<8).map { "m\($0)" })
    }

    /// A writer killed while its transaction is open (its journal on disk) leaves nothing of its
    /// run: the next writer rolls the journal back, and every run in the store is whole.
    @Test func aKilledWriterLeavesNothingHalfWritten() throws {
        guard let binary = StrutProcess.binary.url else { throw StrutProcess.LookupError(message: "no strut binary") }
        let store = try Self.store(), file = try Self.largeResults.get()
        #expect(try Self.record(store, try Self.results.get(), machine: "first").status == 0)
        var caughtInside = 0
        for attempt in 0..<20 where caughtInside < 3 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["history", "record", file, "--store", store, "--machine", "killed\(attempt)",
                                 "--commit", "0123456789abcdef0123456789abcdef01234567", "--commit-time", "1700000000"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait for the transaction's journal, then kill at once.
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning && access(store + "-journal", F_OK) != 0 && Date() < deadline {}
            if process.isRunning && access(store + "-journal", F_OK) == 0 {
                kill(process.processIdentifier, SIGKILL)
                caughtInside += 1
            }
            process.waitUntilExit()
        }
        #expect(caughtInside > 0, "no kill landed inside a transaction")
        // The next writer recovers the file; the killed runs are absent or whole.
        #expect(try Self.record(store, file, machine: "whole").status == 0)
        let check = try StrutProcess.run(["history", "check", "--store", store])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let series = Self.seriesPerMachine(check.stdout)
        #expect(series["first"] != nil && series["whole"] != nil, "\(check.stdout)")
        for (machine, count) in series where machine.hasPrefix("killed") {
            #expect(count == series["whole"], "\(machine) has \(count) series, a whole run \(series["whole"] ?? 0)")
        }
    }

    /// `check`'s machine lines: `  STORE, machine NAME: N commits (...), M series`.
    static func seriesPerMachine(_ text: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let m = line.range(of: ", machine "), let comma = line.range(of: ", ", options: .backwards) else { continue }
            let name = String(line[m.upperBound...].prefix { $0 != ":" })
            out[name] = Int(line[comma.upperBound...].prefix { $0.isNumber })
        }
        return out
    }

    @Test func badInputIsAUsageErrorNamingWhatIsWrong() throws {
        let missing = try Self.store()
        let r1 = try StrutProcess.run(["history", "check", "--store", missing])
        #expect(r1.status == 2 && r1.stderr.contains("no such store"), "\(r1.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))

        let notResults = try StrutProcess.temporaryFile("history-not-results.json", "{\"format\": \"something else\"}")
        let r2 = try StrutProcess.run(["history", "record", notResults, "--store", missing, "--commit", "abc", "--commit-time", "1"])
        #expect(r2.status == 2 && r2.stderr.contains(notResults), "\(r2.stderr)")

        let r3 = try StrutProcess.run(["history", "check", "--store", missing, "--min-change", "speed=0.1"])
        #expect(r3.status == 2 && r3.stderr.contains("--min-change"), "\(r3.stderr)")

        let store = try Self.store()
        #expect(try Self.record(store, try Self.results.get(), machine: "ci").status == 0)
        let r4 = try StrutProcess.run(["history", "accept", "ffffffff", "--store", store, "--reason", "x"])
        #expect(r4.status == 2 && r4.stderr.contains("neither a recorded commit"), "\(r4.stderr)")
        let r5 = try StrutProcess.run(["history", "accept", "0123456", "--store", store, "--reason", "intended"])
        #expect(r5.status == 0 && r5.stdout.hasPrefix("accepted 0123456789"), "\(r5.stdout)\(r5.stderr)")

        let text = try StrutProcess.temporaryFile("history-text.sqlite", String(repeating: "not a database ", count: 20))
        let r6 = try StrutProcess.run(["history", "check", "--store", text])
        #expect(r6.status == 2 && r6.stderr.contains(text), "\(r6.stderr)")
    }
}

final class LockedStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int32] = []
    func append(_ s: Int32) { lock.withLock { list.append(s) } }
    var values: [Int32] { lock.withLock { list } }
}
