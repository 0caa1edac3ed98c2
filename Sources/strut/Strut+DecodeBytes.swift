import ArgumentParser
import Foundation
import Fuzzing
import StrutSystem

/// `strut decode-bytes FILE [--output PATH]`: the case or system file that a libFuzzer input
/// (a `crash-*` file of `scripts/libfuzzer`, or any corpus entry) stands for, through the same
/// decoder as the `StrutFuzzer` entry point (`FuzzBytes`). The output is an ordinary case or
/// system file, so a libFuzzer crash becomes a replayable, shrinkable corpus file
/// (`strut replay`, `strut shrink`, `strut solve`, `strut solve-system`).
///
/// Exit status 0, or 2 when the input cannot be read or the output cannot be written. Every byte
/// string decodes, so there is no other failure.
struct DecodeBytesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-bytes",
        abstract: "Turn a libFuzzer input (crash file or corpus entry) into the case or system file it stands for.",
        shouldDisplay: false)

    @Argument(help: "A libFuzzer input file (any bytes).")
    var file: String

    @Option(name: .shortAndLong, help: "Write the file here (atomically) instead of to standard output; the usual suffix is .json for a case, .system.json for a system.")
    var output: String?

    func run() throws {
        let bytes: [UInt8]
        do { bytes = [UInt8](try InputFiles.read(file)) } catch {
            throw fail("cannot read \(error)")
        }
        let subject = FuzzBytes.decode(bytes)
        guard let output else { return print(subject.fileText, terminator: "") }
        do { try AtomicFile.write(subject.fileText, to: output) } catch {
            throw fail("cannot write \(error)")
        }
        let what: String
        switch subject {
        case .layout(let c): what = "a layout case, \(c.views.count) views, \(c.constraints.count) constraints"
        case .system(let s): what = "a system, \(s.steps.count) steps"
        }
        FileHandle.standardError.write(Data("wrote \(output) (\(what)); replay: strut replay \(output)\n".utf8))
    }

    /// Prints `message` as an input error and returns exit status 2.
    func fail(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "decode-bytes")
    }
}
