import ArgumentParser
import Foundation
import Harness

/// `strut shrink CASE --signature SIG`: reduces one case or system file while it still shows the
/// finding `SIG` (checked in a worker process, since candidates may crash or hang) and writes
/// the smallest one found. Exit status 0 when written, 1 when the file does not show the
/// signature, 2 for bad usage or input.
struct ShrinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Shrink a case or system file while it keeps a finding's signature.")

    @Argument(help: "The case or system file.")
    var path: String

    @Option(help: "The signature to keep, KIND|STRATEGY|PLACE (as strut fuzz prints and index.json lists).")
    var signature: String

    @Option(help: "Comma-separated strategies (as the campaign that found it).")
    var strategies = "cassowary,cassowary-weighted"

    @Option(help: "Where to write the shrunk file (default: standard output).")
    var out: String?

    @Option(help: "Seconds one candidate may take before it counts as a hang.")
    var timeout: Double = 10

    @Option(help: "Resident megabytes a worker may use.")
    var maxMemory = 2048

    @Option(help: "Most candidates to try.")
    var maxTries = 2000

    @Option(help: "Invariants for layout cases: cheap, all, none or a comma list.")
    var invariants = "cheap"

    @Flag(help: "Judge the case's expect block too (off: a mutated case's expectations no longer apply).")
    var expectations = false

    func run() throws {
        do {
            let sig = try FuzzSignature(parsing: signature)
            let subject = try FuzzCorpus.read(path)
            _ = try FuzzCommandSupport.strategies(strategies)
            let pool = FuzzCommandSupport.pool(strategies: strategies, invariants: invariants, jobs: 1, timeout: timeout, maxMemoryMB: maxMemory)
            defer { pool.shutdown() }
            let shows = { (s: FuzzSubject) -> Bool in
                guard let r = pool.evaluate([FuzzJob(subject: s, expectations: expectations)], stop: { false }).first, let r else { return false }
                return r.findings.contains { $0.signature == sig }
            }
            guard shows(subject) else {
                FileHandle.standardError.write(Data("shrink: \(path) does not show \(sig) under \(strategies)\n".utf8))
                throw StrutExit.failure.code
            }
            let result = Shrinker.shrink(subject, maxTries: maxTries, stillFails: shows)
            let text = result.subject.fileText
            if let out { try FindingStore.writeAtomically(text, to: out) } else { print(text, terminator: "") }
            FileHandle.standardError.write(Data("shrink: size \(result.sizeBefore) -> \(result.sizeAfter) in \(result.tries) tries\n".utf8))
        } catch let error as FuzzUsageError {
            throw FuzzCommandSupport.usage(error.message, command: "shrink")
        }
    }
}
