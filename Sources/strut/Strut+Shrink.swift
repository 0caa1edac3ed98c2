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

    @Option(help: "Where to write the shrunk file (default: standard output).")
    var out: String?

    @Option(help: "Most candidates to try.")
    var maxTries = 2000

    /// Strategies, invariants and worker limits, as the campaign that found the case used them.
    @OptionGroup var check: WorkerCheckOptions

    @Flag(help: "Judge the case's expect block too (off: a mutated case's expectations no longer apply).")
    var expectations = false

    func run() throws {
        do {
            let sig = try FuzzSignature(parsing: signature)
            let subject = try FuzzCorpus.read(path)
            let pool = check.pool(jobs: 1)
            defer { pool.shutdown() }
            let shows = { (s: FuzzSubject) -> Bool in
                guard let r = pool.evaluate([FuzzJob(subject: s, expectations: expectations)], stop: { false }).first, let r else { return false }
                return r.findings.contains { $0.signature == sig }
            }
            guard shows(subject) else {
                FileHandle.standardError.write(Data("shrink: \(path) does not show \(sig) under \(check.strategies)\n".utf8))
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
