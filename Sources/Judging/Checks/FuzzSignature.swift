import StrutSystem

/// What makes two findings the same bug: the kind of failure, the strategy it showed under, and
/// a place that survives shrinking (no numbers, no view or constraint ids).
///
/// - `kind`: an invariant name (`required-satisfied`, `optimal`, ...), a system check
///   (`rejected-changes-state`, `error-outcome`, `oracle-outcome`, ...), or what the supervisor saw
///   (`crash:SIGILL`, `hang`, `memory`, `adapter-died`).
/// - `place`: `layout` for an invariant of a layout case, the step kind (`add`, `suggest`, ...)
///   where a system check failed, or for a trap the `File.swift:LINE` of its "Fatal error" line.
///
/// Written and read as `kind|strategy|place` (what `--signature` takes, what the index lists).
public struct FuzzSignature: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var kind: String
    public var strategy: String
    public var place: String

    public init(kind: String, strategy: String, place: String) {
        self.kind = kind
        self.strategy = strategy
        self.place = place
    }

    /// Parses `kind|strategy|place` (the place may itself hold `|`).
    /// - Throws: `FuzzUsageError` when a part is missing or empty.
    public init(parsing text: String) throws(FuzzUsageError) {
        let parts = text.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts.contains(where: \.isEmpty) else {
            throw FuzzUsageError("signature \"\(text)\": expected KIND|STRATEGY|PLACE, for example \"crash:SIGILL|cassowary|Solver.swift:42\"")
        }
        self.init(kind: parts[0], strategy: parts[1], place: parts[2])
    }

    public var description: String { "\(kind)|\(strategy)|\(place)" }

    public static func < (a: FuzzSignature, b: FuzzSignature) -> Bool { a.description < b.description }

    /// A file-name-safe slug of the signature (letters, digits, `-`, `.`), for saved findings.
    public var slug: String {
        var out = ""
        for u in description.unicodeScalars {
            let ok = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "." || u == "-"
            out.unicodeScalars.append(ok ? u : "-")
        }
        return String(out.prefix(120))
    }
}

/// One failure a check found on one subject: its signature and a sentence with the details
/// (numbers and ids live here, never in the signature).
public struct FuzzFinding: Hashable, Sendable, CustomStringConvertible {
    public var signature: FuzzSignature
    public var detail: String

    public init(signature: FuzzSignature, detail: String) {
        self.signature = signature
        self.detail = detail
    }

    public init(kind: String, strategy: String, place: String, detail: String) {
        self.init(signature: FuzzSignature(kind: kind, strategy: strategy, place: place), detail: detail)
    }

    public var description: String { "\(signature): \(detail)" }
}
