import Foundation
import Testing

/// `strut bench` end to end where the command line itself decides: shards, device names, output
/// paths checked before the work.
@Suite struct BenchCommandTests {
    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strut-bench-cli-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A small, quick run: one family at one size, one strategy, one device, one repetition.
    static let small = ["--family", "form:6", "--strategies", "cassowary", "--devices", "iphone-8", "--repeat", "1", "--warmup", "0", "--jobs", "1"]

    @Test func aShardThatRanAllItsUnitsExitsZero() throws {
        for shard in ["0/2", "1/2"] {
            let r = try StrutProcess.run(["bench"] + Self.small + ["--count", "2", "--shard", shard])
            #expect(r.status == 0, "shard \(shard): \(r.stdout) \(r.stderr)")
        }
    }

    @Test func theShardHelpAndErrorSayItCountsFromZero() throws {
        let refused = try StrutProcess.run(["bench"] + Self.small + ["--shard", "2/2"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("0/2 and 1/2"), "\(refused.stderr)")
        let help = try StrutProcess.run(["bench", "--help"])
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--shard 0/2 and 1/2 run the two halves"), "\(help.stdout)")
    }
}
