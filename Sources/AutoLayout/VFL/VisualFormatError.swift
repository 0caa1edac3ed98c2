/// A malformed or unusable visual format: the format, where (a character of the format, or one of
/// the options) and what was expected, as a sentence.
///
/// `description` reads like a compiler's message, the format with a caret under the offending
/// character:
///
/// ```
/// H:|-[find]-[findNext(>=20]-|
///                          ^ expected ')' to close the predicate list, or ',' and another predicate
/// ```
public struct VisualFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public enum Location: Hashable, Sendable {
        /// A character of the format, as a 0-based offset in Unicode scalars (what a person counts).
        case character(Int)
        /// The option at this index of the format's `options` (an alignment on the format's axis,
        /// two direction options).
        case option(Int)
    }

    /// The format as written.
    public var format: String
    public var location: Location
    /// What is wrong and what was expected.
    public var message: String

    public init(format: String, _ location: Location, _ message: String) {
        self.format = format
        self.location = location
        self.message = message
    }

    /// The character offset, when the problem is in the format's text.
    public var offset: Int? {
        if case .character(let at) = location { return at }
        return nil
    }

    /// The format and, under it, a caret at the offending character followed by the message; for
    /// a problem in the options, the format and the message.
    public var description: String {
        guard let offset else { return format + "\n" + message }
        return format + "\n" + String(repeating: " ", count: offset) + "^ " + message
    }

    /// One line: `character 26: expected ')' ...` or `option 1: ...` (1-based for people).
    public var summary: String {
        switch location {
        case .character(let at): "character \(at + 1): \(message)"
        case .option(let k): "option \(k + 1): \(message)"
        }
    }
}
