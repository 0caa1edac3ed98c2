import LinearConstraints

/// An error in a constraint string, at a character offset (0-based, in Unicode scalars).
public struct ConstraintSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "at character \(offset + 1): \(message)" }

    /// The text with a caret under the offending character, like a compiler's message.
    public func caret(in text: String) -> String {
        text + "\n" + String(repeating: " ", count: offset) + "^ " + message
    }
}

/// The constraint string grammar of docs/case-format.md:
///
/// ```
/// constraint := anchor RELATION rhs [ "@" PRIORITY ] [ "#" IDENTIFIER ]
/// rhs        := NUMBER                                      (first must be a dimension)
///             | [ NUMBER "*" ] anchor [ ("+" | "-") UNSIGNED ]
/// anchor     := ID "." [ GUIDE "." ] ATTRIBUTE
/// RELATION   := "==" | "<=" | ">="
/// PRIORITY   := NUMBER in (0, 1000] | required | defaultHigh | defaultLow | fittingSizeLevel
/// GUIDE      := safeArea | margins | readable | content | frameGuide
/// ID         := [A-Za-z_][A-Za-z0-9_]*
/// IDENTIFIER := one or more characters other than space, tab, CR, LF, to the end of the text
/// ```
///
/// Spaces are optional between tokens. Parsing is linear in the text's length. Only the syntax is
/// checked here; whether the items exist and the attributes agree is the validator's business.
extension ConstraintSpec {
    /// Parses the string form of a constraint.
    public static func parse(_ text: String) throws(ConstraintSyntaxError) -> ConstraintSpec {
        var scanner = ConstraintScanner(text)
        return try scanner.constraint()
    }

    /// Parses an anchor alone (`v.safeArea.top`), as the object form's `first` and `second` hold.
    public static func parseAnchor(_ text: String) throws(ConstraintSyntaxError) -> AnchorReference {
        var scanner = ConstraintScanner(text)
        scanner.skipSpace()
        let anchor = try scanner.anchor()
        scanner.skipSpace()
        guard scanner.atEnd else { throw scanner.fail("unexpected text after the anchor") }
        return anchor
    }

    /// Whether `identifier` can be written in the string form (`#` plus characters other than
    /// space, tab, carriage return and line feed).
    public static func isStringFormIdentifier(_ identifier: String) -> Bool {
        !identifier.isEmpty && !identifier.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The string form; nil when the constraint needs the object form (it has `when`, is
    /// inactive, or its identifier is empty or holds spaces). `parse(stringForm!)` gives back the
    /// same constraint.
    public var stringForm: String? {
        guard when == nil, isActive, identifier.map(Self.isStringFormIdentifier) ?? true else { return nil }
        var text = "\(first) \(relation.rawValue) " + equationRight
        if !priority.isRequired { text += " @\(priority)" }
        if let identifier { text += " #" + identifier }
        return text
    }

    /// The right-hand side without priority: `0.1 * v1.height + 5`, or the constant alone.
    var equationRight: String {
        guard let second else { return formatJSONNumber(constant) }
        var text = multiplier == 1 ? "" : formatJSONNumber(multiplier) + " * "
        text += second.description
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatJSONNumber(abs(constant)) }
        return text
    }
}

/// A hand-written scanner over the UTF-8 bytes of one constraint string. Offsets in errors are
/// converted to Unicode scalars (what a person counts) only when an error is made.
struct ConstraintScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { atEnd ? nil : bytes[index] }

    func fail(_ message: String, at offset: Int? = nil) -> ConstraintSyntaxError {
        let end = min(offset ?? index, bytes.count)
        let scalars = bytes[..<end].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return ConstraintSyntaxError(offset: scalars, message)
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x09 { index += 1 }
    }

    mutating func constraint() throws(ConstraintSyntaxError) -> ConstraintSpec {
        skipSpace()
        let first = try anchor()
        skipSpace()
        let relation = try self.relation()
        skipSpace()
        var spec = try rightSide(first: first, relation: relation)
        skipSpace()
        if current == UInt8(ascii: "@") {
            index += 1
            skipSpace()
            spec.priority = try priority()
            skipSpace()
        }
        if current == UInt8(ascii: "#") {
            index += 1
            let start = index
            while let c = current, !isBreak(c) { index += 1 }
            guard index > start else { throw fail("expected an identifier after '#'") }
            spec.identifier = text(start..<index)
            skipSpace()
        }
        guard atEnd else {
            throw fail(spec.identifier == nil ? "unexpected text; expected '@PRIORITY', '#IDENTIFIER' or the end" : "unexpected text after the identifier")
        }
        return spec
    }

    mutating func rightSide(first: AnchorReference, relation: Relation) throws(ConstraintSyntaxError) -> ConstraintSpec {
        guard let c = current else { throw fail("unexpected end; expected a number or an anchor after the relation") }
        if !isNumberStart(c) {
            try refuseNonNumber()
            let second = try anchor()
            return ConstraintSpec(first, relation, second, constant: try offset())
        }
        let number = try self.number(signed: true)
        skipSpace()
        guard current == UInt8(ascii: "*") else {
            if let c = current, isIDStart(c) { throw fail("expected '*' between the multiplier and the anchor") }
            return ConstraintSpec(first, relation, nil, constant: number)
        }
        index += 1
        skipSpace()
        guard current.map(isIDStart) ?? false else { throw fail("expected an anchor after '*'") }
        try refuseNonNumber()
        let second = try anchor()
        return ConstraintSpec(first, relation, multiplier: number, second, constant: try offset())
    }

    /// The optional `+ CONSTANT` or `- CONSTANT` after the second anchor.
    mutating func offset() throws(ConstraintSyntaxError) -> Double {
        skipSpace()
        guard let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return 0 }
        index += 1
        skipSpace()
        try refuseNonNumber()
        guard let c = current, isDigitOrDot(c) else { throw fail("expected a number after '\(Character(Unicode.Scalar(sign)))'") }
        let value = try number(signed: false)
        return sign == UInt8(ascii: "-") ? -value : value
    }

    mutating func relation() throws(ConstraintSyntaxError) -> Relation {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") else { throw fail("expected a relation '==', '<=' or '>='") }
        let r: Relation
        switch bytes[index] {
        case UInt8(ascii: "="): r = .equal
        case UInt8(ascii: "<"): r = .lessThanOrEqual
        case UInt8(ascii: ">"): r = .greaterThanOrEqual
        default: throw fail("expected a relation '==', '<=' or '>='")
        }
        index += 2
        return r
    }

    mutating func anchor() throws(ConstraintSyntaxError) -> AnchorReference {
        let id = try word(what: "a view or guide id")
        guard current == UInt8(ascii: ".") else { throw fail("expected '.' and an attribute after \"\(id)\"") }
        index += 1
        let secondStart = index
        let second = try word(what: "an attribute or a built-in guide")
        var guide: BuiltInGuide?
        var attributeStart = secondStart
        var attributeName = second
        if current == UInt8(ascii: ".") {
            guard let g = BuiltInGuide(rawValue: second) else {
                throw fail("unknown built-in guide \"\(second)\"; use safeArea, margins, readable, content or frameGuide", at: secondStart)
            }
            guide = g
            index += 1
            attributeStart = index
            attributeName = try word(what: "an attribute")
        }
        guard let attribute = LayoutAttribute(rawValue: attributeName) else {
            throw fail("unknown attribute \"\(attributeName)\"", at: attributeStart)
        }
        return AnchorReference(ItemReference(id, guide: guide), attribute)
    }

    mutating func word(what: String) throws(ConstraintSyntaxError) -> String {
        guard let c = current, isIDStart(c) else { throw fail("expected \(what)") }
        let start = index
        while let c = current, isIdentifierByte(c) { index += 1 }
        return text(start..<index)
    }

    mutating func priority() throws(ConstraintSyntaxError) -> Priority {
        let start = index
        try refuseNonNumber()
        if let c = current, isIDStart(c) {
            let name = try word(what: "a priority")
            guard let p = Priority.named.first(where: { $0.name == name })?.priority else {
                throw fail("unknown priority \"\(name)\"; use a number in (0, 1000] or required, defaultHigh, defaultLow, fittingSizeLevel", at: start)
            }
            return p
        }
        guard let c = current, isDigitOrDot(c) else { throw fail("expected a priority after '@'") }
        let value = try number(signed: false)
        guard let p = Priority.validated(value) else {
            throw fail("priority \(formatJSONNumber(value)) is outside (0, 1000]", at: start)
        }
        return p
    }

    /// Throws when the word at the current position is NaN or an infinity (any case) and not an
    /// id (`nan.width`): a reader would otherwise take it for a view id and ask for its attribute.
    func refuseNonNumber() throws(ConstraintSyntaxError) {
        var end = index
        while end < bytes.count, isIdentifierStart(bytes[end]) || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) { end += 1 }
        // A view or guide may be called nan (`nan.width`): a word followed by '.' is an id.
        guard end > index, end == bytes.count || bytes[end] != UInt8(ascii: ".") else { return }
        let word = text(index..<end)
        guard ["nan", "inf", "infinity"].contains(word.lowercased()) else { return }
        throw fail("\(word) is not a number Strut accepts: constants, multipliers and priorities are finite decimal numbers such as 8, -0.5 or 1e3")
    }

    /// A decimal number: `[-+]digits[.digits][e[+-]digits]`, finite.
    mutating func number(signed: Bool) throws(ConstraintSyntaxError) -> Double {
        let start = index
        if signed, let c = current, c == UInt8(ascii: "-") || c == UInt8(ascii: "+") { index += 1 }
        try refuseNonNumber()
        var count = digits()
        if current == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else { throw fail("expected a number", at: start) }
        if let c = current, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            index += 1
            if let s = current, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
        let literal = text(start..<index)
        guard let value = Double(literal) else { throw fail("malformed number \"\(literal)\"", at: start) }
        guard value.isFinite else { throw fail("number \(literal) is not finite", at: start) }
        return value
    }

    mutating func digits() -> Int {
        let from = index
        while let c = current, isDigit(c) { index += 1 }
        return index - from
    }

    func isIDStart(_ c: UInt8) -> Bool { isIdentifierStart(c) }
    func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    func isDigitOrDot(_ c: UInt8) -> Bool { c == UInt8(ascii: ".") || isDigit(c) }
    func isNumberStart(_ c: UInt8) -> Bool { isDigitOrDot(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") }
    /// Space, tab, carriage return or line feed: what ends an identifier.
    func isBreak(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
