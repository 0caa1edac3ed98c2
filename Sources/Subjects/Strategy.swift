import Cassowary
import ExactSolver
import LinearConstraints
import Peers

/// A solver strategy the command line can name (docs/architecture.md, "Strategies"): the one
/// registry every command, the fuzz workers and the libFuzzer entry read.
///
/// The registry is a list, not a dictionary, so help texts and error messages list the
/// strategies in one fixed order.
public struct Strategy: Sendable {
    /// The name used with `--strategy` and written into results.
    public let name: String
    /// One line for `--help` and for the unknown-strategy message.
    public let summary: String
    /// A fresh solver; `debugChecks` asks for deep invariant checks after every operation where
    /// the solver has them (the checks a solver runs on demand are always available through
    /// `ConstraintSolver.checkInvariants()`).
    public let make: @Sendable (_ debugChecks: Bool) -> any ConstraintSolver

    /// Every strategy, in the order help texts list them.
    public static let all: [Strategy] = [
        engine("cassowary", "incremental simplex, exact lexicographic priorities (UIKit); factored rows, a sparse LU where they fill in") {
            AdaptiveSolver()
        },
        engine("cassowary-explicit", "the same model in Cassowary's classic explicit tableau, as Kiwi runs it") { CassowarySolver() },
        engine("cassowary-weighted", "the explicit tableau with Kiwi-style weights 10^(6p/1000)") { CassowarySolver(weighted: true) },
        engine("cassowary-factored", "frame variables' rows kept in terms of each other (grows linearly on chains)") {
            CassowarySolver(factored: true)
        },
        engine("cassowary-revised", "a revised simplex over a sparse LU of the basis (no tableau fill-in)") { RevisedSolver() },
        engine("cassowary-rebuild", "the default rebuilt from scratch per suggestion (what incrementality buys)") {
            RebuildingCassowarySolver()
        },
        Strategy(
            name: "exact",
            summary: "exact rational oracle, slow, small systems only",
            make: { _ in ExactSolver() }),
    ] + PlantedStrategies.registered.map { p in Strategy(name: p.name, summary: p.summary, make: { _ in p.make() }) }

    /// A strategy of one of the Cassowary engines: `make` gives a fresh solver, deep checks as asked.
    static func engine<S: DeepChecking & SendableMetatype>(_ name: String, _ summary: String, _ make: @escaping @Sendable () -> S) -> Strategy {
        Strategy(name: name, summary: summary, make: { debugChecks in
            var solver = make()
            solver.debugChecks = debugChecks
            return solver
        })
    }

    /// The outside solvers that ship with Strut, by short name (docs/peers.md): `kiwi-native` is
    /// `external:scripts/kiwi-native-adapter`, and results name it so. The commands are relative,
    /// so short names work from the repository's root, where the adapters' scripts are.
    public static let peers: [(name: String, command: String)] = [
        ("kiwi", "scripts/kiwi-adapter"),
        ("kiwi-1.5.1", "scripts/kiwi-adapter --version 1.5.1"),
        ("kiwi-native", "scripts/kiwi-native-adapter"),
        ("kiwi-debian", "scripts/kiwi-debian-adapter"),
        ("rust-cassowary", "scripts/rust-cassowary-adapter"),
        ("gtk", "scripts/gtk-adapter"),
        ("highs", "scripts/highs-adapter"),
        ("beeware", "scripts/beeware-adapter"),
    ]

    /// The strategy called `name`, or nil. `external:COMMAND` is an outside solver behind an
    /// adapter (`Strategy.external`), named in results by the whole text; a shipped peer's short
    /// name (`Strategy.peers`) is its `external:` command.
    public static func named(_ name: String) -> Strategy? {
        if name.hasPrefix(ExternalSolver.prefix) { return external(String(name.dropFirst(ExternalSolver.prefix.count))) }
        if let peer = peers.first(where: { $0.name == name }) { return external(peer.command) }
        return all.first { $0.name == name }
    }

    /// Whether `name` is a built-in strategy's or a shipped peer's name.
    static func isKnownName(_ name: String) -> Bool {
        all.contains { $0.name == name } || peers.contains { $0.name == name }
    }

    /// The known names, comma separated, for messages.
    public static var nameList: String {
        (all.map(\.name) + peers.map(\.name)).joined(separator: ", ") + ", external:COMMAND"
    }

    /// `external:COMMAND`: each solver talks to `/bin/sh -c COMMAND` over the adapter protocol
    /// (Peers), processes reused across solvers; time limits from
    /// `STRUT_EXTERNAL_TIMEOUT` and `STRUT_EXTERNAL_STARTUP_TIMEOUT`. Nil for an empty command.
    public static func external(_ command: String) -> Strategy? {
        guard !command.allSatisfy(\.isWhitespace) else { return nil }
        let configuration = ExternalConfiguration.fromEnvironment(command: command)
        return Strategy(
            name: ExternalSolver.prefix + command, summary: "an outside solver behind an adapter (docs/adapter-protocol.md)",
            make: { _ in ExternalSolver(configuration) })
    }

    /// A comma-separated strategy list (`--strategies`). An outside solver's command may itself
    /// hold commas: a piece that is neither a known name nor starts with `external:` continues
    /// the `external:` entry before it. So `cassowary,external:cmd --x=1,2` is two strategies;
    /// the one thing that cannot be said is a command whose text after a comma is exactly a
    /// strategy or peer name. - Throws: the message for the first unknown name.
    public static func list(_ text: String) throws(StrategyListError) -> [Strategy] {
        var names: [String] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let last = names.last, last.hasPrefix(ExternalSolver.prefix), !piece.hasPrefix(ExternalSolver.prefix),
               !isKnownName(piece) {
                names[names.count - 1] += "," + piece
            } else {
                names.append(piece)
            }
        }
        return try names.map { name throws(StrategyListError) in
            guard let s = named(name) else { throw StrategyListError(message: "unknown strategy \"\(name)\"; known: \(nameList)") }
            return s
        }
    }
}

extension Strategy {
    /// The strategy as the bench runner takes it (fresh solvers without deep checks).
    public var benchStrategy: BenchStrategy {
        let make = self.make
        return BenchStrategy(name: name) { make(false) }
    }
}

extension Strategy {
    /// Probes every outside solver among `strategies` (`ExternalSolver.probe`), once per command.
    /// - Throws: `StrategyListError` naming the strategy, what went wrong and its last line of
    ///   standard error.
    public static func probeOutsideSolvers(_ names: some Sequence<String>) throws(StrategyListError) {
        var probed = Set<String>()
        for name in names where name.hasPrefix(ExternalSolver.prefix) && probed.insert(name).inserted {
            let command = String(name.dropFirst(ExternalSolver.prefix.count))
            guard let failure = ExternalSolver.probe(command: command) else { continue }
            let stderr = failure.stderrTail.split(separator: "\n").last.map { " (its standard error: \($0))" } ?? ""
            throw StrategyListError(message: "\(name): the adapter does not answer: it \(failure.summary)\(stderr); "
                + "check the command (it runs as /bin/sh -c COMMAND from this directory) and docs/adapter-protocol.md")
        }
    }
}

/// An unknown name in a strategy list.
public struct StrategyListError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
