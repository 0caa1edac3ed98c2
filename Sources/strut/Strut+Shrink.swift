import ArgumentParser
import Foundation
import Fuzzing
import Judging
import StrutSystem
import Subjects

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

    @Option(help: "The signature to keep, KIND|STRATEGY|PLACE (as strut fuzz prints and index.json lists; default: the finding's own, for a file strut fuzz saved).")
    var signature: String?

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
            let subject = try FuzzCorpus.read(path)
            // A finding saved by strut fuzz is shrunk under what found it, for its own signature.
            let origin = FindingOrigin(subject)
            let check = check.filled(from: origin)
            guard let sig = try signature.map({ text throws(FuzzUsageError) in try FuzzSignature(parsing: text) }) ?? origin?.signature else {
                throw FuzzUsageError("\(path) is not a finding saved by strut fuzz: give the signature to keep with --signature KIND|STRATEGY|PLACE")
            }
            do { try Strategy.probeOutsideSolvers(try check.check().strategies.map(\.name)) } catch let error as StrategyListError { throw FuzzUsageError(error.message) }
            let pool = check.pool(jobs: 1)
            defer { pool.shutdown() }
            FileHandle.standardError.write(Data("shrink: \(path), size \(subject.size), keeping \(sig) under \(check.strategies)\n".utf8))
            var tries = 0
            var smallest = subject.size
            let started = ContinuousClock.now
            let shows = { (s: FuzzSubject) -> Bool in
                tries += 1
                guard let r = pool.evaluate([FuzzJob(subject: s, expectations: expectations)], stop: { false }).first, let r else { return false }
                let kept = r.findings.contains { $0.signature == sig }
                // Progress on standard error: each smaller subject that keeps it, and every 50 tries.
                if kept && s.size < smallest || tries % 50 == 0 {
                    if kept { smallest = min(smallest, s.size) }
                    let seconds = Double((ContinuousClock.now - started).components.seconds)
                    FileHandle.standardError.write(Data("shrink: \(tries) tries, size \(smallest) (\(Int(seconds)) s)\n".utf8))
                }
                return kept
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
            throw StrutExit.usageError(error.message, command: "shrink")
        }
    }
}
