import Cassowary
import ExactSolver
import LinearConstraints

/// A solver strategy the command line can name (DESIGN.md, "Strategies").
///
/// The registry is a list, not a dictionary, so help texts and error messages list the
/// strategies in one fixed order.
struct Strategy: Sendable {
    /// The name used with `--strategy` and written into results.
    let name: String
    /// One line for `--help` and for the unknown-strategy message.
    let summary: String
    /// A fresh solver; `debugChecks` asks for deep invariant checks after every operation where
    /// the solver has them (the checks a solver runs on demand are always available through
    /// `ConstraintSolver.checkInvariants()`).
    let make: @Sendable (_ debugChecks: Bool) -> any ConstraintSolver

    /// Every strategy, in the order help texts list them.
    static let all: [Strategy] = [
        Strategy(
            name: "cassowary",
            summary: "incremental simplex, exact lexicographic priorities (UIKit)",
            make: { debugChecks in
                var solver = CassowarySolver()
                solver.debugChecks = debugChecks
                return solver
            }),
        Strategy(
            name: "cassowary-weighted",
            summary: "the same engine, Kiwi-style weights 10^(6p/1000)",
            make: { debugChecks in
                var solver = CassowarySolver(weighted: true)
                solver.debugChecks = debugChecks
                return solver
            }),
        Strategy(
            name: "cassowary-rebuild",
            summary: "the same engine rebuilt from scratch per suggestion (what incrementality buys)",
            make: { debugChecks in
                var solver = RebuildingCassowarySolver()
                solver.debugChecks = debugChecks
                return solver
            }),
        Strategy(
            name: "exact",
            summary: "exact rational oracle, slow, small systems only",
            make: { _ in ExactSolver() }),
    ]

    /// The strategy called `name`, or nil.
    static func named(_ name: String) -> Strategy? { all.first { $0.name == name } }

    /// The known names, comma separated, for messages.
    static var nameList: String { all.map(\.name).joined(separator: ", ") }
}
