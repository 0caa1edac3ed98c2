import ArgumentParser
import Foundation
import Judging
import LinearConstraints
import StrutSystem
import Subjects

/// `strut solve-system FILE [--strategy NAME] [--json] [--debug-checks] [--check]`: runs a linear
/// system file (docs/system-format.md) step by step against one strategy and prints every step's
/// outcome, as a table or as the spec's result document; `--check` compares with the exact oracle
/// (Strut+SolveSystem+Check.swift).
///
/// Every strategy's answer is checked against the required constraints at every check step, the
/// final one included (`RequiredConstraintCheck`): an outside solver that leaves one violated
/// fails the command.
///
/// Exit status: 0 when every step ran (a rejected step is an outcome, not a failure); 1 when a step
/// ended in a solver error, an answer violated a required constraint (named on stderr), with
/// `--debug-checks` the invariant check after the run failed, or with `--check` the oracle
/// disagreed;
/// 2 for a usage or input error (unknown strategy, unreadable or malformed file).
struct SolveSystemCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve-system",
        abstract: "Run a linear system file step by step and print every step's outcome.",
        discussion: """
            FILE is a system file (*.system.json, docs/system-format.md): a list of add, remove, \
            edit, suggest, removeEdit and check steps. A check is implied at the end.

            Strategies:\(Strategy.all.map { "\n  \($0.name): \($0.summary)" }.joined())

            Every strategy's answer is checked against the required constraints at every check \
            step (the final one included); \
            a violated one is named on stderr.

            Exit status: 0 when every step ran (rejected steps included), 1 when a step ended in a \
            solver error, an answer violated a required constraint or an invariant check failed, 2 \
            for a usage or input error.
            """)

    @Argument(help: "The system file to run.")
    var file: String

    @Option(help: "The solver strategy (\(Strategy.nameList)).")
    var strategy: String = "cassowary"

    @Flag(help: "Print the result document of docs/system-format.md instead of a table.")
    var json = false

    @Flag(help: "Run the solver's deep invariant checks after every operation (slow).")
    var debugChecks = false

    @Flag(help: "Run the strategy and the exact oracle side by side and print every disagreement (exit status 1 on any).")
    var check = false

    /// Exit status for usage and input errors (the spec's "bad file" status).
    static let inputErrorStatus = StrutExit.usage.code

    func run() throws {
        guard let chosen = Strategy.named(strategy) else {
            throw fail("unknown strategy \"\(strategy)\"; known strategies: \(Strategy.nameList)")
        }
        do { try Strategy.probeOutsideSolvers([chosen.name]) } catch { throw fail(error.message) }
        let system = try readSystem()
        if check { return try runCheck(system, strategy: chosen) }
        let result = Self.run(system, on: chosen.make(debugChecks), strategy: chosen.name, checkInvariants: debugChecks)
        if json {
            print(Self.resultText(system: system.name, strategy: chosen.name, records: result.records), terminator: "")
        } else {
            print(SystemResultTable(system: system, strategy: chosen.name, records: result.records).text, terminator: "")
        }
        if let problem = result.invariantFailure {
            FileHandle.standardError.write(Data("strut: invariant check failed after the run: \(problem)\n".utf8))
        }
        for v in result.violations {
            FileHandle.standardError.write(Data("strut: \(file): \(chosen.name)'s answer is wrong: \(v)\n".utf8))
        }
        if result.invariantFailure != nil || !result.violations.isEmpty || result.records.contains(where: { $0.outcome.name == "error" }) {
            throw StrutExit.failure.code
        }
    }

    /// Reads and parses `file`; an unreadable or malformed file is an input error naming the file
    /// and the system's reason (no such file, permission denied, is a directory) or, for a bad
    /// step, the step. A layout case file is recognised and sent to `strut solve`.
    func readSystem() throws -> SystemFile {
        let text: String
        do { text = try InputFiles.readText(file) } catch {
            throw fail(error.reason.hasPrefix("the file") ? "\(error)" : "cannot read \(error)")
        }
        do { return try SystemFile(jsonText: text) } catch {
            if FileKind.of(text) == .layoutCase { throw fail("\(file): this is a layout case file; use strut solve (strut solve-system runs system files, docs/system-format.md)") }
            throw fail("\(file): \(error)")
        }
    }

    /// Prints `message` as a usage/input error with the usage line and returns the exit status to throw.
    func fail(_ message: String) -> ExitCode {
        let usage = Self.usageString().split(separator: "\n").joined(separator: "\n  ")
        FileHandle.standardError.write(Data("Error: \(message)\nUsage: strut \(usage)\n  See 'strut solve-system --help'.\n".utf8))
        return Self.inputErrorStatus
    }

    /// The records of running `system` on `solver`, every required constraint its answers violated
    /// (`RequiredConstraintCheck`: checked at every check step, whatever the strategy), and the
    /// invariant check after the last step. Generic so that the existential from the registry is
    /// opened once, not per operation.
    static func run<S: ConstraintSolver>(_ system: SystemFile, on solver: S, strategy: String, checkInvariants: Bool)
        -> (records: [StepRecord], violations: [RequiredConstraintCheck.Violation], invariantFailure: SolverError?)
    {
        let checked = RequiredConstraintCheck.run(system, on: solver, strategy: strategy)
        guard checkInvariants else { return (checked.records, checked.violations, nil) }
        do throws(SolverError) {
            try checked.solver.checkInvariants()
            return (checked.records, checked.violations, nil)
        } catch {
            return (checked.records, checked.violations, error)
        }
    }

    /// The spec's result document (`systemResultJSON`) laid out with one step record per line,
    /// so that large results stay readable and diffable; the JSON value is exactly the spec's.
    static func resultText(system: String, strategy: String, records: [StepRecord]) -> String {
        let document = systemResultJSON(system: system, strategy: strategy, records: records)
        guard case .object(let members) = document else { return document.jsonText() + "\n" }
        var out = "{"
        for (i, member) in members.enumerated() {
            out += (i == 0 ? "" : ",") + JSONValue.string(member.key).jsonText() + ":"
            if case .array(let items) = member.value, !items.isEmpty {
                out += "[\n" + items.map { $0.jsonText() }.joined(separator: ",\n") + "\n]"
            } else {
                out += member.value.jsonText()
            }
        }
        return out + "}\n"
    }
}

/// Which of Strut's two input formats a text looks like, by its format tag: `"strut-system"` for
/// a system file, `"strut"` for a layout case file. Used to answer a file given to the wrong
/// command with the right command instead of "unknown field".
enum FileKind: Equatable {
    case layoutCase, system, unknown

    static func of(_ text: String) -> FileKind {
        guard let json = try? parseJSON(text), case .object = json else { return .unknown }
        if json["strut-system"] != nil { return .system }
        if json["strut"] != nil { return .layoutCase }
        return .unknown
    }
}
