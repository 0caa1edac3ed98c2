import ArgumentParser
import Foundation
import Harness

/// `strut replay PATHS...`: the CI regression command. Every case and system file named (and
/// every one under a named directory) is checked again under the strategies: invariants, the
/// case's expectations, the system checks and the exact oracle, and a system file's sibling
/// `NAME.expected.json`. Exit status 0 when all pass, 1 when any fails (each failure listed),
/// 2 for bad usage or a file that does not read.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Check saved cases, system files and corpora again (CI's regression command).")

    @Argument(help: "Case files, system files or directories (walked recursively; *.expected.json and index.json are skipped).")
    var paths: [String]

    @Option(help: "Comma-separated strategies; the first is the reference.")
    var strategies = "cassowary"

    @Option(help: "Invariants for layout cases: cheap, all, none or a comma list.")
    var invariants = "cheap"

    @Flag(help: "Print only failures and the summary.")
    var quiet = false

    func run() throws {
        var failed: [String] = []
        var count = 0
        do {
            guard !paths.isEmpty else { throw FuzzUsageError("give at least one file or directory") }
            let check = try FuzzCommandSupport.check(strategies: strategies, invariants: invariants)
            for path in try FuzzCorpus.files(paths) {
                let subject = try FuzzCorpus.read(path)
                count += 1
                let problems = FuzzReplay.problems(path: path, subject: subject, check: check)
                if problems.isEmpty {
                    if !quiet { print("PASS \(path)") }
                } else {
                    failed.append(path)
                    print("FAIL \(path)")
                    for p in problems { print("  \(p)") }
                }
            }
        } catch let error as FuzzUsageError {
            throw FuzzCommandSupport.usage(error.message, command: "replay")
        }
        print("replay: \(count) files under \(strategies), \(failed.count) failed")
        if !failed.isEmpty { throw ExitCode.failure }
    }
}
