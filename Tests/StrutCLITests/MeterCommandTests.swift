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
}
