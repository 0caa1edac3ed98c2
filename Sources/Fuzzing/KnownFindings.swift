import Foundation
import Judging
import StrutSystem

/// Failures known and not fixed (`known-findings/signatures.txt`): one signature
/// `KIND|STRATEGY|PLACE` per line, optionally followed by whitespace and a file path (a last
/// word ending in `.json`) that restricts it to that file; blank lines and `#` comments are
/// ignored.
///
/// `strut replay --known` reports a listed failure as known instead of failing; `strut fuzz
/// --known` counts a finding whose signature is listed without a path as not new (a
/// path-restricted entry describes one saved file, not a class of inputs, so it never hides a
/// fuzz finding). Layout signatures are coarse (`permute-constraints|cassowary|layout`), which
/// is why corpus entries should name their file.
public struct KnownFindings: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var signature: FuzzSignature
        /// The one file it applies to (standardised), nil for every input.
        public var path: String?
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// Reads a known-findings file.
    /// - Throws: `FuzzUsageError` naming the file and line.
    public init(file path: String) throws(FuzzUsageError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw FuzzUsageError("\(path): cannot read the file") }
        try self.init(text: String(decoding: data, as: UTF8.self), name: path)
    }

    /// Parses the text of a known-findings file (`name` is used in messages).
    public init(text: String, name: String) throws(FuzzUsageError) {
        var out: [Entry] = []
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let s = line.trimmingCharacters(in: .whitespaces)
            if s.isEmpty || s.hasPrefix("#") { continue }
            // A place may hold spaces (an adapter's message): the path is a last word ending in .json.
            var text = s, path: String?
            if let cut = s.lastIndex(where: { $0 == " " || $0 == "\t" }), s[cut...].dropFirst().hasSuffix(".json") {
                path = Self.standardized(String(s[cut...].dropFirst()))
                text = s[..<cut].trimmingCharacters(in: .whitespaces)
            }
            do { out.append(Entry(signature: try FuzzSignature(parsing: text), path: path)) } catch {
                throw FuzzUsageError("\(name):\(k + 1): \(error)")
            }
        }
        entries = out
    }

    /// Whether a failure with `signature` in the file at `path` (nil: not from a file) is known.
    public func isKnown(_ signature: FuzzSignature, path: String?) -> Bool {
        let p = path.map(Self.standardized)
        return entries.contains { $0.signature == signature && ($0.path == nil || $0.path == p) }
    }

    /// The signatures that apply to every input (what `strut fuzz --known` counts as not new).
    public var unrestricted: Set<FuzzSignature> { Set(entries.filter { $0.path == nil }.map(\.signature)) }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
