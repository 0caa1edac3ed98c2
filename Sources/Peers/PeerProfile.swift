import Foundation
import LinearConstraints
import StrutSystem

/// What an outside solver promises (docs/adapter-protocol.md, "Peer profiles"): a small JSON file
/// beside its adapter, `<adapter>.profile.json` (`scripts/kiwi-adapter.profile.json`), or one
/// named with `--profile`:
///
/// ```json
/// { "strut-peer": 1, "name": "kiwi", "priorities": "weighted", "conflictSets": false,
///   "deterministic": true, "tolerance": 1e-8, "timeoutScale": 1,
///   "limits": ["no conflict sets (Kiwi issue #161)"] }
/// ```
///
/// The fuzz checks judge a peer only on what it promises: optimality, ambiguity and objective
/// agreement under `"lexicographic"` priorities only; conflict sets when `conflictSets`;
/// determinism when `deterministic`, values compared within `tolerance` (relative to the
/// magnitudes, the solver's own rounding). `name` is what signatures call the peer
/// (`external:kiwi`), so findings do not depend on where the adapter lives; `timeoutScale`
/// multiplies the per-case timeout of a campaign that fuzzes it; `limits` are documented
/// limitations, printed in the campaign summary.
public struct PeerProfile: Hashable, Sendable {
    public enum Priorities: String, Hashable, Sendable { case lexicographic, weighted }

    public var name: String
    public var priorities: Priorities
    public var conflictSets: Bool
    public var deterministic: Bool
    public var tolerance: Double
    public var timeoutScale: Double
    public var limits: [String]
    /// The peer's list of known findings (`KnownFindings` format), as the profile names it
    /// (`"knownFindings"`, relative to the profile's own directory), resolved; nil for none.
    /// Campaigns and replays apply it by default, so a known failure of the peer is not new.
    public var knownFindings: String?
    /// The file it was read from ("" for a default).
    public var path: String

    public init(name: String, priorities: Priorities, conflictSets: Bool = true, deterministic: Bool = true, tolerance: Double = 0,
                timeoutScale: Double = 1, limits: [String] = [], path: String = "") {
        self.name = name
        self.priorities = priorities
        self.conflictSets = conflictSets
        self.deterministic = deterministic
        self.tolerance = tolerance
        self.timeoutScale = timeoutScale
        self.limits = limits
        self.path = path
    }

    /// Reads a profile file.
    /// - Throws: `FuzzUsageError` naming the file and the field that is missing or wrong.
    public init(file path: String) throws(FuzzUsageError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw FuzzUsageError("\(path): cannot read the peer profile") }
        try self.init(text: String(decoding: data, as: UTF8.self), path: path)
    }

    /// Parses a profile's text (`path` names it in messages).
    public init(text: String, path: String) throws(FuzzUsageError) {
        func fail(_ field: String, _ what: String) -> FuzzUsageError { FuzzUsageError("\(path): peer profile field \"\(field)\": \(what)") }
        let json: JSONValue
        do { json = try parseJSON(text) } catch { throw FuzzUsageError("\(path): peer profile is not valid JSON: \(error)") }
        guard case .object(let members) = json else { throw FuzzUsageError("\(path): a peer profile is a JSON object") }
        let known: Set<String> = ["strut-peer", "name", "summary", "priorities", "conflictSets", "deterministic", "tolerance", "timeoutScale", "limits",
                                  "knownFindings"]
        if let extra = members.first(where: { !known.contains($0.key) }) { throw fail(extra.key, "unknown field (known: \(known.sorted().joined(separator: ", ")))") }
        guard json["strut-peer"] == .number(1) else { throw fail("strut-peer", "must be 1 (the format's version)") }
        guard case .string(let name)? = json["name"], !name.isEmpty,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" }) else {
            throw fail("name", "a non-empty name of letters, digits, '-', '.', '_' (what signatures call the peer)")
        }
        guard case .string(let p)? = json["priorities"], let priorities = Priorities(rawValue: p) else {
            throw fail("priorities", "\"lexicographic\" or \"weighted\"")
        }
        func flag(_ key: String, _ fallback: Bool) throws(FuzzUsageError) -> Bool {
            switch json[key] {
            case nil: return fallback
            case .bool(let b)?: return b
            default: throw fail(key, "true or false")
            }
        }
        func number(_ key: String, _ fallback: Double, _ ok: (Double) -> Bool, _ what: String) throws(FuzzUsageError) -> Double {
            switch json[key] {
            case nil: return fallback
            case .number(let x)? where x.isFinite && ok(x): return x
            default: throw fail(key, what)
            }
        }
        var limits: [String] = []
        switch json["limits"] {
        case nil: break
        case .array(let items)?:
            for item in items {
                guard case .string(let s) = item else { throw fail("limits", "an array of strings") }
                limits.append(s)
            }
        default: throw fail("limits", "an array of strings")
        }
        self.init(name: name, priorities: priorities, conflictSets: try flag("conflictSets", true), deterministic: try flag("deterministic", true),
                  tolerance: try number("tolerance", 0, { $0 >= 0 && $0 < 1 }, "a number in [0, 1): the relative rounding allowed between two runs"),
                  timeoutScale: try number("timeoutScale", 1, { $0 >= 1 && $0 <= 100 }, "a number in [1, 100]"),
                  limits: limits, path: path)
        switch json["knownFindings"] {
        case nil: break
        case .string(let file)? where !file.isEmpty:
            let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            knownFindings = file.hasPrefix("/") ? file : Self.joined(directory, file)
        default: throw fail("knownFindings", "a file of known signatures, relative to the profile's directory")
        }
    }

    /// `file` relative to `directory`, with `.` and `dir/..` steps taken (`scripts/../x` is `x`).
    static func joined(_ directory: String, _ file: String) -> String {
        var parts: [Substring] = []
        for part in (directory + "/" + file).split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return directory.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The profile file beside an outside solver's adapter: for the first word of `command` that
    /// names a file with one beside it, that word plus `.profile.json`, or with its extension
    /// replaced (`python3 peers/my_adapter.py` finds `peers/my_adapter.profile.json`); nil when
    /// there is none.
    public static func besideAdapter(_ command: String) -> String? {
        for word in command.split(whereSeparator: \.isWhitespace).map(String.init) where !word.hasPrefix("-") {
            var candidates = [word + ".profile.json"]
            if let dot = word.lastIndex(of: "."), !word[dot...].contains("/"), dot != word.startIndex {
                candidates.append(String(word[..<dot]) + ".profile.json")
            }
            if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        }
        return nil
    }

    /// The profile of strategy `name`: nil for Strut's own strategies; for `external:COMMAND`
    /// the file `override` when given, else the one beside the adapter, else `unprofiled`.
    /// - Throws: `FuzzUsageError` for a malformed profile (file and field named).
    public static func of(strategy name: String, override: String? = nil) throws(FuzzUsageError) -> PeerProfile? {
        guard name.hasPrefix(ExternalSolver.prefix) else { return nil }
        let command = String(name.dropFirst(ExternalSolver.prefix.count))
        if let path = override ?? besideAdapter(command) { return try PeerProfile(file: path) }
        return unprofiled(command)
    }

    /// What an outside solver without a profile is judged as: weighted priorities (never judged
    /// on optimality), conflict sets and determinism judged exactly, named after its adapter's
    /// file without directory, extension and a `-adapter` suffix.
    public static func unprofiled(_ command: String) -> PeerProfile {
        let first = adapterWord(command)
        var base = first.split(separator: "/").last.map(String.init) ?? first
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        for suffix in ["-adapter", "_adapter"] where base.hasSuffix(suffix) && base.count > suffix.count { base = String(base.dropLast(suffix.count)) }
        let name = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" ? $0 : "-" })
        return PeerProfile(name: name.isEmpty ? "peer" : name, priorities: .weighted)
    }

    /// The word of `command` that names the adapter: the first that is an existing file and not
    /// an interpreter (`python3 peers/my_adapter.py` is `peers/my_adapter.py`), else the first.
    static func adapterWord(_ command: String) -> String {
        let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        let interpreters = ["python", "python3", "sh", "bash", "zsh", "env", "node", "ruby", "perl", "uv", "java", "swift"]
        func isInterpreter(_ w: String) -> Bool {
            let base = w.split(separator: "/").last.map(String.init) ?? w
            return interpreters.contains { base == $0 || base.hasPrefix($0 + ".") || (base.hasPrefix("python3") && $0 == "python3") }
        }
        return words.first { !$0.hasPrefix("-") && !isInterpreter($0) && FileManager.default.fileExists(atPath: $0) } ?? words.first ?? command
    }

    /// The strategy's name in signatures: `external:NAME`.
    public var signatureName: String { ExternalSolver.prefix + name }

    /// The checks this profile leaves unjudged, for the summary (empty when it promises all).
    public var unjudged: [String] {
        var out: [String] = []
        if priorities == .weighted { out.append("optimality, ambiguity and objective agreement (weighted priorities)") }
        if !conflictSets { out.append("conflict sets (none promised)") }
        if !deterministic { out.append("determinism (not promised)") }
        return out
    }
}
