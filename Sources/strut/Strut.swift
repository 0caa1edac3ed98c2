import ArgumentParser

/// The `strut` command: a thin layer of argument parsing and wiring, one file per subcommand.
@main
struct Strut: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strut",
        abstract: "Benchmark and fuzz constraint-based layout solvers.",
        subcommands: [
            SolveSystemCommand.self,
            DevicesCommand.self,
            WorkloadsCommand.self,
            SolveCommand.self,
            GenerateCommand.self,
            BenchCommand.self,
            MergeCommand.self,
        ])
}
