import ArgumentParser
import Foundation

/// The `strut` command: a thin layer of argument parsing and wiring, one file per subcommand.
@main
struct Strut: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strut",
        abstract: "Benchmark and fuzz constraint-based layout solvers.",
        discussion: StrutExit.helpText,
        subcommands: [
            SolveSystemCommand.self,
            DecodeBytesCommand.self,
            DevicesCommand.self,
            WorkloadsCommand.self,
            SolveCommand.self,
            GenerateCommand.self,
            ImportCommand.self,
            BenchCommand.self,
            CompareCommand.self,
            MergeCommand.self,
            FuzzCommand.self,
            FuzzWorkerCommand.self,
            ReplayCommand.self,
            ShrinkCommand.self,
            ReportCommand.self,
            HistoryCommand.self,
            AdapterCommand.self,
        ])

    /// Runs the command line with one exit-status convention for every subcommand (`StrutExit`,
    /// README): 0 success, 1 a failure the run found, 2 bad usage or bad input, 3 an invariant
    /// failure, 4 a regression against a baseline. The argument
    /// parser's own usage errors (an unknown option, a missing argument) would exit 64; they
    /// exit 2 like every other usage error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            exit(withError: StrutExit.usage.code)
        }
    }
}
