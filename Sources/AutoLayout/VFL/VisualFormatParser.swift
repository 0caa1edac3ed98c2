import LinearConstraints

/// The Visual Format Language parser. The grammar is Apple's (Auto Layout Guide, appendix "Visual
/// Format Language", `developer.apple.com/library/archive/documentation/UserExperience/Conceptual/
/// AutolayoutPG/VisualFormatLanguage.html`), as `docs/uikit-rules.md` quotes it:
///
/// ```
/// <visualFormatString> ::= (<orientation>:)? (<superview><connection>)? <view>(<connection><view>)* (<connection><superview>)?
/// <orientation>        ::= H | V
/// <superview>          ::= |
/// <view>               ::= [ <viewName> (<predicateListWithParens>)? ]
/// <connection>         ::= e | -<predicateList>- | -
/// <predicateList>      ::= <simplePredicate> | <predicateListWithParens>
/// <simplePredicate>    ::= <metricName> | <positiveNumber>
/// <predicateListWithParens> ::= ( <predicate> (, <predicate>)* )
/// <predicate>          ::= (<relation>)? (<objectOfPredicate>) (@<priority>)?
/// <relation>           ::= == | <= | >=
/// <objectOfPredicate>  ::= <constant> | <viewName>    (a view name only in a view's size predicate)
/// <priority>           ::= <metricName> | <number>
/// <constant>           ::= <metricName> | <number>
/// <viewName>, <metricName> ::= C identifier [A-Za-z_][A-Za-z0-9_]*
/// <number>             ::= as strtod reads it in the C locale: [+-]digits[.digits][(e|E)[+-]digits]
/// ```
///
/// `e` is Apple's name for the empty connection (`[a][b]`, `|[a]`), not a character. Strut also
/// skips spaces and tabs between tokens. Priorities written as numbers must lie in (0, 1000]; a
/// priority above 1000 is rejected here, at its first digit.
///
/// Parsing is syntax only and linear in the length of the text; whether names are views or
/// metrics is decided when the format is applied to a case (`constraints(metrics:options:in:)`).
extension VisualFormat {
    /// Parses `text`, or throws the first syntax error with its character offset and what was
    /// expected there.
    public static func parse(_ text: String) throws(VisualFormatError) -> VisualFormat {
        var parser = VisualFormatParser(text)
        return try parser.format()
    }
}

/// A recursive-descent parser over the Unicode scalars of one format, one method per production.
struct VisualFormatParser {
    let text: String
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    func fail(_ message: String, at offset: Int? = nil) -> VisualFormatError {
        VisualFormatError(format: text, .character(min(offset ?? index, scalars.count)), message)
    }

    /// What the parser found at the current position, for messages.
    var found: String { current.map { "'\($0)'" } ?? "the end of the format" }

    mutating func skipSpace() {
        while let c = current, c == " " || c == "\t" { index += 1 }
    }

    /// Consumes `c` (after spaces) when it is next.
    mutating func take(_ c: Unicode.Scalar) -> Bool {
        skipSpace()
        guard current == c else { return false }
        index += 1
        return true
    }

    mutating func format() throws(VisualFormatError) -> VisualFormat {
        let orientation = try self.orientation()
        var leadingBar: VisualFormat.Bar?
        skipSpace()
        if current == "|" {
            let at = index
            index += 1
            leadingBar = VisualFormat.Bar(offset: at, connection: try connection())
            skipSpace()
            guard current == "[" else { throw fail("expected '[' and a view name after the superview '|', found \(found)") }
        }
        var views = [try view()]
        var connections: [VisualFormat.Connection] = []
        while true {
            skipSpace()
            if atEnd { break }
            let connectionStart = index
            let next = try connection()
            skipSpace()
            if current == "[" {
                connections.append(next)
                views.append(try view())
            } else if current == "|" {
                let bar = VisualFormat.Bar(offset: index, connection: next)
                index += 1
                skipSpace()
                guard atEnd else { throw fail("unexpected \(found) after the closing superview '|'; the format ends there") }
                return VisualFormat(
                    text: text, orientation: orientation, leadingBar: leadingBar, views: views, connections: connections,
                    trailingBar: bar)
            } else if index == connectionStart {
                throw fail("expected '-', '[' or '|' after the view \"\(views[views.count - 1].name)\", found \(found)")
            } else {
                throw fail("expected '[' and a view name, or '|', after the connection, found \(found)")
            }
        }
        return VisualFormat(
            text: text, orientation: orientation, leadingBar: leadingBar, views: views, connections: connections, trailingBar: nil)
    }

    /// `H:`, `V:` or nothing (horizontal).
    mutating func orientation() throws(VisualFormatError) -> LayoutAxis {
        skipSpace()
        guard let c = current, index + 1 < scalars.count, scalars[index + 1] == ":" else {
            if atEnd { throw fail("the format is empty; expected '[' and a view name") }
            return .horizontal
        }
        guard c == "H" || c == "V" else { throw fail("unknown orientation '\(c)'; expected 'H:' or 'V:'") }
        index += 2
        return c == "H" ? .horizontal : .vertical
    }

    /// `[ name (predicates)? ]`.
    mutating func view() throws(VisualFormatError) -> VisualFormat.View {
        guard take("[") else { throw fail("expected '[' and a view name, found \(found)") }
        skipSpace()
        let offset = index
        guard let name = identifier() else { throw fail("expected a view name (a C identifier) after '[', found \(found)") }
        var predicates: [VisualFormat.Predicate] = []
        if take("(") { predicates = try predicateList(allowingViews: true) }
        guard take("]") else {
            throw fail("expected ']' to close the view \"\(name)\"\(predicates.isEmpty ? " (or '(' and its size predicates)" : ""), found \(found)")
        }
        return VisualFormat.View(name: name, offset: offset, predicates: predicates)
    }

    /// Nothing (flush), `-` (standard) or `-predicateList-`; positioned just after the item
    /// before it.
    mutating func connection() throws(VisualFormatError) -> VisualFormat.Connection {
        guard take("-") else { return .flush }
        skipSpace()
        if current == "[" || current == "|" { return .standard }
        let predicates: [VisualFormat.Predicate]
        if take("(") {
            predicates = try predicateList(allowingViews: false)
        } else {
            guard let c = current, isIdentifierStart(c) || isDigit(c) || c == "." else {
                throw fail("expected a spacing after '-' (a number, a metric name or '(predicates)'), or '[' or '|' for the standard spacing; found \(found)")
            }
            predicates = [VisualFormat.Predicate(.equal, try term(signed: false, what: "a spacing"))]
        }
        guard take("-") else { throw fail("expected '-' after the spacing, found \(found)") }
        return .predicates(predicates)
    }
}
