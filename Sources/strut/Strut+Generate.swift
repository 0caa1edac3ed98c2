import ArgumentParser
import Foundation
import Generator
import LinearConstraints
import StrutSystem

/// `strut generate --family NAME [--seed N] [--count K] [--size N] [--param k=v ...] [--out DIR]`,
/// `strut generate --list [--json]` and `strut generate --from FILE`: writes generated cases
/// (or system files) named `<family>-<size>-<seed>.json` (`.system.json`), each written to a
/// temporary file and renamed into place, or prints one case when there is no `--out`.
///
/// Exit status: 0 on success; 2 for a usage error (unknown family or knob, bad value), with a
/// message listing the valid names; 1 when a file cannot be written.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate layout cases and solver operation sequences from a seed.",
        discussion: """
            A case is a pure function of (family, size, knobs, seed), byte for byte. Case k of a run \
            (k = 0, 1, ...) uses seed caseSeed(S, k): S itself for k = 0, else the SplitMix64 finaliser of \
            S + 0x9E3779B97F4A7C15·k. Every case records the command that regenerates it in its description \
            (system files: in the label of their first check step); --from FILE runs that command again. \
            --list describes every family, what it targets and its knobs.
            """)

    @Flag(help: "Describe every family and its knobs.")
    var list = false

    @Flag(help: "With --list: print JSON.")
    var json = false

    @Option(help: "The family to generate (see --list).")
    var family: String?

    @Option(help: "The run seed (an unsigned 64-bit integer).")
    var seed: UInt64 = 1

    @Option(help: "How many cases (case k uses caseSeed(seed, k)).")
    var count: Int = 1

    @Option(help: "The size (views, steps, ...; see --list); default: the family's.")
    var size: Int?

    @Option(name: .customLong("param"), help: "A knob value, name=value (repeatable).")
    var parameters: [String] = []

    @Option(help: "Write files into this directory (created if needed) instead of printing one case.")
    var out: String?

    @Option(help: "Regenerate the case whose description (or first check label) is in this file.")
    var from: String?

    @Flag(help: "Generate the cases (text included) without writing them and print the throughput.")
    var measure = false

    func run() throws {
        if list {
            print(json ? GeneratorFamilies.listingJSON().jsonText(indent: 2) : GeneratorFamilies.listingText(), terminator: "")
            return
        }
        let requests = try resolvedRequests()
        if measure { return Self.printThroughput(requests) }
        guard let out else {
            guard requests.count == 1 else { throw fail("--count \(count) writes several cases; give --out DIR") }
            print(GeneratorFamilies.generate(requests[0]).text, terminator: "")
            return
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for r in requests {
            let output = GeneratorFamilies.generate(r)
            let path = (out as NSString).appendingPathComponent(r.caseName + output.fileExtension)
            try writeAtomically(output.text, to: path)
            print(path)
        }
    }

    /// The requests named by the options, or by the command recorded in `--from`'s file.
    func resolvedRequests() throws -> [GenerationRequest] {
        do {
            if let from {
                guard let text = try? String(contentsOfFile: from, encoding: .utf8) else { throw fail("cannot read \(from)") }
                guard let start = text.range(of: "strut generate ") else { throw fail("\(from) records no strut generate command") }
                // It ends the string, the line, or (in a fuzz finding's description) the parenthesis.
                let command = text[start.lowerBound...].prefix { $0 != "\"" && $0 != "\n" && $0 != ")" }
                return [try GenerationRequest(command: String(command))]
            }
            guard let family else { throw fail("give --family NAME (or --list); families: \(GeneratorFamilies.names.joined(separator: ", "))") }
            guard count >= 1 else { throw fail("--count must be at least 1") }
            var given: [(name: String, value: String)] = []
            for p in parameters { given.append(try GenerationRequest.splitParameter(p)) }
            return try GeneratorFamilies.requests(family: family, size: size, runSeed: seed, count: count, parameters: given)
        } catch let error as GeneratorError {
            throw fail(error.description)
        }
    }

    /// Writes `text` atomically (`AtomicFile`: a `.strut-tmp-<pid>-<name>` file beside `path`,
    /// renamed over it), so a reader never sees a half-written case.
    func writeAtomically(_ text: String, to path: String) throws {
        do { try AtomicFile.write(text, to: path) } catch {
            FileHandle.standardError.write(Data("Error: cannot write \(error)\n".utf8))
            throw StrutExit.failure.code
        }
    }

    /// Generates every request's file text and prints cases per second and bytes, on the
    /// monotonic clock and in process CPU time (the machine may be shared).
    static func printThroughput(_ requests: [GenerationRequest]) {
        var bytes = 0
        let cpu0 = clock()
        let elapsed = ContinuousClock().measure {
            for r in requests { bytes += GeneratorFamilies.generate(r).text.utf8.count }
        }
        let cpu = Double(clock() - cpu0) / Double(CLOCKS_PER_SEC)
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let n = Double(requests.count)
        print("\(requests.count) cases, \(bytes) bytes: \(String(format: "%.4f", wall)) s wall (\(String(format: "%.0f", n / max(wall, 1e-9))) cases/s), "
            + "\(String(format: "%.4f", cpu)) s CPU (\(String(format: "%.0f", n / max(cpu, 1e-9))) cases/s), "
            + "\(String(format: "%.3f", wall / n * 1000)) ms per case")
    }

    /// Prints a usage error and returns exit status 2.
    func fail(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "generate")
    }
}
