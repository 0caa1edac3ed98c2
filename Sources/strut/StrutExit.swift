import ArgumentParser
import Foundation

/// The exit statuses of every `strut` command, named once (README's exit-status table lists the
/// same). Each command uses the subset that applies; when several apply, `invariant` wins over
/// `regression` and `regression` over `failure`.
enum StrutExit: Int32, CaseIterable {
    /// Everything ran, every checked invariant and expectation held, nothing regressed, no new finding.
    case ok = 0
    /// The run found a failure: a case that failed to load or lay out, a failed expectation, a
    /// violated required constraint, a disagreement with the oracle, a solver error outcome, a run
    /// stopped early, a new fuzz finding, a replayed file that fails, an output file written to the
    /// fallback place instead, a stale baseline (same configuration, work items that pair with nothing).
    case failure = 1
    /// Bad usage or bad input: an unknown option or name, a file that does not read, a malformed
    /// results or baseline file, an output path that cannot be written (checked before the work).
    case usage = 2
    /// An invariant failed.
    case invariant = 3
    /// A regression against `--baseline`, or one `strut history check` found at a newest commit.
    case regression = 4

    /// The status to throw.
    var code: ExitCode { ExitCode(rawValue) }

    /// Prints `Error: message` and the hint `See 'strut COMMAND --help'.` on standard error, and
    /// returns the status for bad usage or input: every command's usage errors go through here.
    static func usageError(_ message: String, command: String) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(message)\n  See 'strut \(command) --help'.\n".utf8))
        return StrutExit.usage.code
    }

    /// One line of `strut --help`.
    var meaning: String {
        switch self {
        case .ok: "everything ran and held: no failure, no invariant broken, no regression, no new finding"
        case .failure: "the run found a failure (a case that failed, an expectation, a violated required constraint, an oracle disagreement, a run stopped early, a new fuzz finding, a replayed file that fails, a stale --baseline)"
        case .usage: "bad usage or bad input (the message names the file, option or key and what is wrong)"
        case .invariant: "an invariant failed (wins over 4 and 1)"
        case .regression: "a regression against --baseline, or found by strut history check (wins over 1)"
        }
    }

    /// The exit-status section of `strut --help`.
    static var helpText: String {
        "Exit statuses (every command uses the subset that applies):\n" + allCases.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n")
    }
}
