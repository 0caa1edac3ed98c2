import ArgumentParser
import Foundation
import LinearConstraints
import Peers
import Subjects

/// `strut adapter [--strategy NAME] [--debug-checks]`: the reference adapter of the outside-solver
/// protocol (docs/adapter-protocol.md). It reads one JSON request per line on
/// standard input and writes one response per line on standard output, flushed per line,
/// answering with a built-in strategy (`ExternalAdapter` documents the exchange by example).
/// `--strategy external:strut adapter --strategy cassowary` gives exactly what `cassowary` gives.
///
/// Exit status: 0 at the end of input; 2 for an unknown strategy.
struct AdapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapter",
        abstract: "Answer the outside-solver protocol on stdin/stdout with a built-in strategy.",
        discussion: """
            The reference adapter: one JSON request per line in (the steps of a system file, \
            {"add": "v0 >= 10", "id": "c0"}, {"check": ""}, ..., and {"reset": true}), one \
            response per line out ({"outcome": "ok"}, {"outcome": "unsatisfiable", "conflict": \
            [...]}, {"values": {...}, "objective": [...]}, {"outcome": "error", "message": ...}). \
            Use it as --strategy 'external:strut adapter --strategy NAME' to exercise the external \
            path against a known answer.

            Exit status: 0 at the end of input, 2 for an unknown strategy.
            """)

    @Option(help: "The strategy that answers (\(Strategy.nameList)).")
    var strategy: String = "cassowary"

    @Flag(help: "Run the solver's deep invariant checks after every operation (slow).")
    var debugChecks = false

    @Flag(help: "Add \"solverSeconds\" to every response: the time of the solver calls it made.")
    var solverTime = false

    func run() throws {
        guard let chosen = Strategy.named(strategy) else {
            FileHandle.standardError.write(Data("Error: unknown strategy \"\(strategy)\"; known strategies: \(Strategy.nameList)\n".utf8))
            throw StrutExit.usage.code
        }
        Self.serve(chosen.make(debugChecks), solverTime: solverTime, make: { chosen.make(debugChecks) })
    }

    /// Answers requests until the end of input. Generic so the registry's existential is opened
    /// once; later solvers (after a reset) come from `make` through the same opened type.
    static func serve<S: ConstraintSolver>(_ first: S, solverTime: Bool, make: @escaping () -> any ConstraintSolver) {
        var adapter = ExternalAdapter<S>(make: {
            guard let solver = make() as? S else { preconditionFailure("a strategy's factory returned solvers of two types") }
            return solver
        })
        adapter.reportsSolverTime = solverTime
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            FileHandle.standardOutput.write(Data((adapter.respond(to: line) + "\n").utf8))
        }
    }
}
