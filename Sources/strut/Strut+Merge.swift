import ArgumentParser
import Bench
import Foundation
import Reports
import StrutSystem

/// `strut merge SHARD.json ... --out results.json`: merges the results files of the shards of
/// one `strut bench` run (`--shard i/n`) into the results of the whole run, prints its table.
///
/// Exit status: 0 when the merged run is complete and nothing failed; 1 when shards are missing
/// or a case failed; 2 when a file cannot be read or the files are not shards of one run.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the results files of a sharded strut bench run.",
        discussion: """
            Every file must come from the same strut bench command (equal configurations) with a \
            different --shard. Records and units are put back in work-item order and every \
            aggregate is recomputed, so all shards merged equal the unsharded run.
            """)

    @Argument(help: "Results files of the shards (strut bench --out).")
    var files: [String]

    @Option(help: "Write the merged results file here.")
    var out: String?

    func run() throws {
        guard !files.isEmpty else { throw fail("name at least one results file") }
        if let out { do { try AtomicFile.checkWritable(out) } catch { throw fail("--out \(error)") } }
        var parts: [(file: String, results: BenchResults)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw fail("cannot read \(file)")
            }
            do { parts.append((file, try BenchResults(jsonText: text, file: file))) } catch { throw fail("\(error)") }
        }
        let merged: BenchResults
        do { merged = try BenchResults.merge(parts) } catch { throw fail("\(error)") }
        print(BenchTable.text(merged), terminator: "")
        if !merged.complete { print("incomplete: \(merged.units.count) of \(merged.totalUnits) units present") }
        if let out {
            guard OutputFile.write(try OutputFile.jsonData(merged, what: "merged results"), to: out, what: "merged results") else { throw StrutExit.failure.code }
            print("results: \(out)")
        }
        if merged.hasFailures || !merged.complete { throw StrutExit.failure.code }
    }

    func fail(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "merge")
    }
}
