/// A size-class condition of a constraint's `when` field (Interface Builder's "Vary for Traits"):
/// the constraint is installed only in trait environments that match.
///
/// Grammar (tokens separated by one or more spaces, each axis at most once, any order):
/// ```
/// condition ::= token (' '+ token)?
/// token     ::= 'w' class | 'h' class
/// class     ::= 'C' | 'R'
/// ```
/// `"wR hR"` matches only regular×regular; `"wC"` matches compact width with any height;
/// `"hC"` matches compact height with any width. An axis left out matches both classes.
public struct SizeClassCondition: Hashable, Sendable, CustomStringConvertible {
    /// Required width class, or nil for any.
    public var horizontal: SizeClass?
    /// Required height class, or nil for any.
    public var vertical: SizeClass?

    /// A condition on the given axes; at least one should be non-nil to mean anything, but a
    /// condition on neither axis (always true) is representable for code that builds them.
    public init(horizontal: SizeClass? = nil, vertical: SizeClass? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Parses a `when` text. `path` is the JSON path named in errors (e.g. `$.constraints[3].when`).
    /// - Throws: `SizeClassConditionError` for an empty text, an unknown token, or a repeated axis.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing text: String, path: String) throws(SizeClassConditionError) {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: true)
        guard !tokens.isEmpty else {
            throw SizeClassConditionError(path: path, text: text, reason: "empty condition; expected e.g. \"wC\", \"hR\" or \"wR hR\"")
        }
        var horizontal: SizeClass?
        var vertical: SizeClass?
        for token in tokens {
            guard token.count == 2, let cls = SizeClass(letter: token.last!),
                token.first == "w" || token.first == "h"
            else {
                throw SizeClassConditionError(
                    path: path, text: text,
                    reason: "unknown token \"\(token)\"; expected wC, wR, hC or hR")
            }
            if token.first == "w" {
                guard horizontal == nil else {
                    throw SizeClassConditionError(path: path, text: text, reason: "the width class is given twice")
                }
                horizontal = cls
            } else {
                guard vertical == nil else {
                    throw SizeClassConditionError(path: path, text: text, reason: "the height class is given twice")
                }
                vertical = cls
            }
        }
        self.init(horizontal: horizontal, vertical: vertical)
    }

    /// Whether a trait environment with `traits` installs a constraint carrying this condition.
    public func matches(_ traits: SizeClasses) -> Bool {
        (horizontal.map { $0 == traits.horizontal } ?? true)
            && (vertical.map { $0 == traits.vertical } ?? true)
    }

    /// Canonical text: width token first, then height token, one space between (`"wC hR"`);
    /// `""` for the always-true condition. Parsing the text gives back the same condition.
    public var description: String {
        [horizontal.map { "w\($0.letter)" }, vertical.map { "h\($0.letter)" }]
            .compactMap { $0 }.joined(separator: " ")
    }
}

/// A `when` condition (or a size-class text) that does not follow the grammar.
public struct SizeClassConditionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// JSON path of the offending value.
    public var path: String
    /// The text as written.
    public var text: String
    /// What is wrong, as a plain phrase.
    public var reason: String

    public init(path: String, text: String, reason: String) {
        self.path = path
        self.text = text
        self.reason = reason
    }

    public var description: String { "\(path): bad size-class condition \"\(text)\": \(reason)" }
}
