import StrutSystem

/// An outside solver that stopped speaking the adapter protocol: it died, hung past its timeout,
/// or answered nonsense (docs/adapter-protocol.md, "Failures: dead, hung or nonsense").
///
/// Recorded once per session, on the `ExternalSolver` that saw it; from then on that solver is
/// dead (every operation throws `SolverError.internalError(description)`, values read NaN and
/// `checkInvariants()` throws), so fuzz checks turn it into a finding with `signature`.
public struct ExternalFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The process exited (or closed its output) before answering; its exit status.
        case exited(status: Int32)
        /// The process was killed by a signal (an abort, a segmentation fault, a Swift trap).
        case signaled(Int32)
        /// No answer within the timeout; the process was killed.
        case timedOut(seconds: Double)
        /// The answer was not a response the protocol allows for the request; what was wrong.
        case nonsense(String)
        /// The process could not be started.
        case spawnFailed(String)
    }

    public var kind: Kind
    /// The adapter command (`external:COMMAND` without the prefix).
    public var command: String
    /// The request line being answered when it failed (`{"reset": true}` for a reset).
    public var request: String
    /// How many requests this session had sent, the failing one included.
    public var requestNumber: Int
    /// The last lines the process wrote to standard error (at most 4 KiB), for the report.
    public var stderrTail: String

    public init(kind: Kind, command: String, request: String, requestNumber: Int, stderrTail: String) {
        self.kind = kind
        self.command = command
        self.request = request
        self.requestNumber = requestNumber
        self.stderrTail = stderrTail
    }

    /// One phrase for the kind: `killed by signal 6 (SIGABRT)`, `timed out after 10 s`, ...
    public var summary: String {
        switch kind {
        case .exited(let status): "exited with status \(status) before answering"
        case .signaled(let signal): "killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
        case .timedOut(let seconds): "no answer within \(formatSeconds(seconds)) s (killed)"
        case .nonsense(let what): "answered nonsense: \(what)"
        case .spawnFailed(let why): "could not be started: \(why)"
        }
    }

    /// A stable text for deduplicating findings: the kind without request-specific detail, and
    /// the last non-empty line of standard error (where aborts say why: `Dual optimize failed`).
    public var signature: String {
        let kindText: String = switch kind {
        case .exited(let status): "exit \(status)"
        case .signaled(let signal): "signal \(Self.signalName(signal) ?? String(signal))"
        case .timedOut: "timeout"
        case .nonsense: "nonsense"
        case .spawnFailed: "spawn"
        }
        return "external " + kindText + (lastStderrLine.map { ": " + $0 } ?? "")
    }

    /// `signature` without what differs between runs and machines, for fuzz signatures: the
    /// reason an abort gives (the text after `what():`, else the last line of standard error),
    /// digits masked as `#`, quoted text as `'…'`, and words holding a `/` (paths) as `…`, at
    /// most 80 characters. `external signal SIGABRT: Dual optimize failed.` An abort by one of
    /// glibc's heap checks reads as `Self.heapDamage` whichever check it was (`isHeapCheck`).
    public var stableText: String {
        let kindText = String(signature.prefix { $0 != ":" })
        let lines = stderrTail.split(separator: "\n").map(String.init)
        var reason = lines.last { $0.contains("what():") }.flatMap { $0.components(separatedBy: "what():").last } ?? lastStderrLine ?? ""
        reason = reason.trimmingCharacters(in: .whitespaces)
        if Self.isHeapCheck(reason) { reason = Self.heapDamage }
        var out = "", quote: Character?
        for c in reason {
            if let q = quote { if c == q { quote = nil; out += "'" }; continue }
            if c == "'" || c == "\"" { quote = c; out += "'…"; continue }
            out.append(c.isNumber ? "#" : c)
        }
        let words = out.split(separator: " ", omittingEmptySubsequences: true).map { $0.contains("/") ? "…" : String($0) }
        let text = String(words.joined(separator: " ").prefix(80)).trimmingTrailingBlanks
        return String(kindText.map { $0.isNumber ? "#" : $0 }) + (text.isEmpty ? "" : ": " + text)
    }

    /// What a fuzz signature says for an abort by glibc's heap checks.
    public static let heapDamage = "glibc found the heap damaged"

    /// True for the message of one of glibc's malloc consistency checks (`malloc(): unaligned
    /// tcache chunk detected`, `corrupted double-linked list`, `free(): invalid pointer`, ...).
    /// The check names where the damage was met, not what caused it: after one write through a
    /// freed pointer, the same case aborts in different checks from run to run, so they are one
    /// signature; the message itself stays in the finding's standard error.
    static func isHeapCheck(_ reason: String) -> Bool {
        let prefixes = ["malloc(): ", "malloc_consolidate(): ", "free(): ", "realloc(): ", "calloc(): ", "munmap_chunk(): ",
                        "double free or corruption", "corrupted double-linked list", "corrupted size vs. prev_size"]
        return prefixes.contains { reason.hasPrefix($0) }
    }

    /// The last non-empty line of standard error without surrounding blanks, at most 160 characters.
    public var lastStderrLine: String? {
        stderrTail.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
            .map { String($0.drop { $0 == " " || $0 == "\t" }.prefix(160)).trimmingTrailingBlanks }
    }

    /// One line: the command, what happened, and the request (`scripts/kiwi-adapter killed by
    /// signal 6 (SIGABRT) at request 7: {"suggest":{"v0":5}}`).
    public var headline: String { "\(command) \(summary) at request \(requestNumber): \(ExternalProtocol.clip(request))" }

    public var description: String {
        var text = "external solver " + headline
        if !stderrTail.isEmpty { text += "\n  stderr: " + stderrTail.split(separator: "\n").suffix(8).joined(separator: "\n  stderr: ") }
        return text
    }

    /// Names of the signals a crashing solver dies of (`ChildProcess`'s one table).
    static func signalName(_ signal: Int32) -> String? { ChildProcess.signalName(signal) }
}

/// Seconds without a trailing `.0` (`10`, `0.5`).
func formatSeconds(_ s: Double) -> String {
    s == s.rounded() && abs(s) < 1e9 ? String(Int(s)) : String(s)
}

extension String {
    /// The text without trailing spaces, tabs or carriage returns.
    var trimmingTrailingBlanks: String {
        var t = Substring(self)
        while let last = t.last, last == " " || last == "\t" || last == "\r" { t = t.dropLast() }
        return String(t)
    }
}
