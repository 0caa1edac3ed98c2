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
}
