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

    /// A family of system files has no layout to time: a usage error before any work, saying
    /// what to run instead, not a FAILED case per size.
    @Test func aSystemFamilyIsRefusedBeforeTheWork() throws {
        let r = try StrutProcess.run(["bench", "--family", "peer-grid-system:100", "--strategies", "cassowary", "--repeat", "1", "--warmup", "0"])
        #expect(r.status == 2, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("makes system files, not layout cases") && r.stderr.contains("peer-grid") && r.stderr.contains("strut solve-system"), "\(r.stderr)")
        #expect(!r.stdout.contains("FAILED") && !r.stdout.contains("units"), "\(r.stdout)")
    }

    /// `--workload KIND:VIEWS` runs a peer workload at the solver level, as the scale suite does,
    /// and the reproduce line carries it; a bad kind or size is a usage error before any work.
    @Test func aPeerWorkloadRunsAtTheSolverLevel() throws {
        let r = try StrutProcess.run(["bench", "--workload", "chain:50", "--strategies", "cassowary", "--repeat", "1", "--warmup", "0", "--jobs", "1", "--verbose"])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("solver-chain") && r.stdout.contains("--workload chain:50"), "\(r.stdout)")
        for bad in ["grid", "mesh:10", "grid:0"] {
            let refused = try StrutProcess.run(["bench", "--workload", bad, "--strategies", "cassowary"])
            #expect(refused.status == 2 && refused.stderr.contains("--workload \(bad)"), "\(bad): \(refused.stderr)")
        }
        let withSuite = try StrutProcess.run(["bench", "--suite", "ci", "--workload", "grid:10"])
        #expect(withSuite.status == 2 && withSuite.stderr.contains("--workload"), "\(withSuite.stderr)")
    }

    @Test func theShardHelpAndErrorSayItCountsFromZero() throws {
        let refused = try StrutProcess.run(["bench"] + Self.small + ["--shard", "2/2"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("0/2 and 1/2"), "\(refused.stderr)")
        let help = try StrutProcess.run(["bench", "--help"])
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--shard 0/2 and 1/2 run the two halves"), "\(help.stdout)")
    }

    /// Output paths are checked before any work: a missing directory (never created), a path that
    /// is a directory, under a file. Exit 2 with the path and the reason, and no table (no work).
    @Test func outputPathsAreCheckedBeforeTheWork() throws {
        let dir = try Self.directory("out-check")
        let missing = dir.appendingPathComponent("no-such-dir/results.json").path
        for option in ["--out", "--save-baseline"] {
            let r = try StrutProcess.run(["bench"] + Self.small + [option, missing])
            #expect(r.status == 2, "\(option): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains(option) && r.stderr.contains(missing) && r.stderr.contains("no such file"), "\(r.stderr)")
            #expect(!r.stdout.contains("units"), "no work was done: \(r.stdout)")
            #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("Error Domain"), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("no-such-dir").path), "nothing is created silently")
        let isDirectory = try StrutProcess.run(["bench"] + Self.small + ["--out", dir.path])
        #expect(isDirectory.status == 2 && isDirectory.stderr.contains("is a directory"), "\(isDirectory.stderr)")
        let file = dir.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let underFile = try StrutProcess.run(["bench"] + Self.small + ["--out", file.path + "/results.json"])
        #expect(underFile.status == 2 && underFile.stderr.contains("not a directory"), "\(underFile.stderr)")
    }

    @Test(.enabled(if: getuid() != 0, "root writes anywhere"))
    func aReadOnlyOutputDirectoryIsRefusedBeforeTheWork() throws {
        let dir = try Self.directory("read-only")
        chmod(dir.path, 0o555)
        defer { chmod(dir.path, 0o755) }
        let r = try StrutProcess.run(["bench"] + Self.small + ["--out", dir.appendingPathComponent("results.json").path])
        #expect(r.status == 2 && r.stderr.contains("permission denied"), "\(r.stderr)")
    }

    @Test func resultsAreWrittenAtomicallyWithoutLeftovers() throws {
        let dir = try Self.directory("out-ok")
        let out = dir.appendingPathComponent("results.json").path
        let orphan = dir.appendingPathComponent(".strut-tmp-99999999-results.json").path
        #expect(FileManager.default.createFile(atPath: orphan, contents: Data("half".utf8)))
        let r = try StrutProcess.run(["bench"] + Self.small + ["--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["results.json"], "the dead run's temporary is removed")
    }

    /// The peer families' help names the devices their cases carry; the help must say how to use
    /// them (without --devices), and naming one in --devices must explain instead of "unknown".
    @Test func thePeerDevicesTheHelpNamesAreExplained() throws {
        let list = try StrutProcess.run(["generate", "--list"])
        let flat = list.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("peer-portrait") && flat.contains("without --devices"), "\(list.stdout)")
        let r = try StrutProcess.run(["bench", "--family", "peer-flat:4", "--devices", "peer-portrait", "--repeat", "1", "--warmup", "0"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("peer-portrait") && r.stderr.contains("leave out --devices"), "\(r.stderr)")
        let own = try StrutProcess.run(["bench", "--family", "peer-flat:4", "--strategies", "cassowary", "--repeat", "1", "--warmup", "0", "--jobs", "1", "--verbose"])
        #expect(own.status == 0 && own.stdout.contains("peer-portrait"), "\(own.stdout) \(own.stderr)")
    }
}

/// The exit statuses are named once and listed in `strut --help`.
@Suite struct ExitStatusHelpTests {
    @Test func strutHelpListsEveryExitStatus() throws {
        let r = try StrutProcess.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Exit statuses"), "\(r.stdout)")
        for line in ["0  everything ran", "1  the run found a failure", "2  bad usage or bad input", "3  an invariant failed", "4  a regression against --baseline"] {
            #expect(r.stdout.contains(line), "\(line): \(r.stdout)")
        }
    }
}
