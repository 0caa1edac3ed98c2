import ArgumentParser
import Foundation
import Peers

/// The known-findings lists `strut fuzz` and `strut replay` apply (mounted with `@OptionGroup`).
/// By default a known failure is never reported as new: the repository's own lists
/// (`known-findings/signatures.txt` and `real-screens.txt`, when the command runs where they
/// exist) and each outside
/// solver's list, named by its peer profile (`knownFindings`). `--known` replaces the defaults
/// with the lists it names; `--no-known` applies none.
struct KnownListOptions: ParsableArguments {
    /// Strut's own lists, relative to the repository's root: the engine's known findings and
    /// the real screens that disagree with Interface Builder (`scripts/real-screens-known`).
    static let ownLists = ["known-findings/signatures.txt", "known-findings/real-screens.txt"]

    @Option(help: ArgumentHelp(
        "Known findings: a list of signatures (KIND|STRATEGY|PLACE per line, as in known-findings/signatures.txt) or a findings index.json; counted as known, never new (repeatable).",
        discussion: "Default: known-findings/signatures.txt and real-screens.txt when they exist here, and each outside solver's list named by its peer profile."))
    var known: [String] = []

    @Flag(help: "Apply no known-findings list: every finding counts as new.")
    var noKnown = false

    func validate() throws {
        if noKnown && !known.isEmpty { throw ValidationError("--known and --no-known exclude each other") }
    }

    /// The lists that apply, given the outside solvers' profiles: those named with `--known`, else
    /// the defaults that exist, else none.
    func paths(profiles: some Sequence<PeerProfile>) -> [String] {
        if noKnown { return [] }
        if !known.isEmpty { return known }
        let defaults = Self.ownLists + profiles.compactMap(\.knownFindings).sorted()
        var seen = Set<String>()
        return defaults.filter { FileManager.default.fileExists(atPath: $0) && seen.insert($0).inserted }
    }

    /// The line that says which lists applied (printed by fuzz and replay).
    static func summary(_ paths: [String]) -> String {
        paths.isEmpty ? "known findings: none applied" : "known findings: " + paths.joined(separator: ", ") + " (--no-known: every finding new)"
    }
}
