import LinearConstraints

/// The predicate productions of the grammar (see `VisualFormat.parse(_:)`): lists, relations,
/// objects, priorities, numbers and identifiers.
extension VisualFormatParser {
    /// `predicate (, predicate)* )`, after the opening parenthesis. A view name is an allowed
    /// object only in a view's own predicates; in a connection it would be a metric, and that is
    /// decided later, so here both read as names.
    mutating func predicateList(allowingViews: Bool) throws(VisualFormatError) -> [VisualFormat.Predicate] {
        var predicates = [try predicate(allowingViews: allowingViews)]
        while take(",") { predicates.append(try predicate(allowingViews: allowingViews)) }
        guard take(")") else {
            throw fail("expected ')' to close the predicate list, or ',' and another predicate; found \(found)")
        }
        return predicates
    }

    /// `(relation)? object (@priority)?`.
    mutating func predicate(allowingViews: Bool) throws(VisualFormatError) -> VisualFormat.Predicate {
        skipSpace()
        let relation = try self.relation() ?? .equal
        skipSpace()
        let what = allowingViews ? "a size (a number, a metric name or a view name)" : "a spacing (a number or a metric name)"
        let object = try term(signed: true, what: what)
        guard take("@") else { return VisualFormat.Predicate(relation, object) }
        skipSpace()
        let priority = try term(signed: true, what: "a priority (a number in (0, 1000] or a metric name)")
        if case .number(let p) = priority.value { try Self.checkPriority(p, at: priority.offset, text) }
        return VisualFormat.Predicate(relation, object, priority: priority)
    }

    /// `==`, `<=`, `>=`, or nil when no relation is written. A lone `=`, `<` or `>`, or `=>`
    /// and `=<`, is a bad relation, reported at its first character.
    mutating func relation() throws(VisualFormatError) -> Relation? {
        guard let c = current, c == "=" || c == "<" || c == ">" else { return nil }
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        guard next == "=" else {
            let written = next.map { $0 == "=" || $0 == "<" || $0 == ">" ? "\(c)\($0)" : "\(c)" } ?? "\(c)"
            throw fail("bad relation '\(written)'; expected '==', '<=' or '>='")
        }
        index += 2
        switch c {
        case "<": return .lessThanOrEqual
        case ">": return .greaterThanOrEqual
        default: return .equal
        }
    }

    /// A number or a C identifier, with its offset.
    mutating func term(signed: Bool, what: String) throws(VisualFormatError) -> VisualFormat.Term {
        skipSpace()
        let offset = index
        if let name = identifier() { return VisualFormat.Term(.name(name), offset: offset) }
        guard let c = current, isDigit(c) || c == "." || (signed && (c == "-" || c == "+")) else {
            throw fail("expected \(what), found \(found)")
        }
        return VisualFormat.Term(.number(try number()), offset: offset)
    }

    /// A C identifier at the current position, or nil (nothing consumed) when none starts here.
    mutating func identifier() -> String? {
        guard let c = current, isIdentifierStart(c) else { return nil }
        let start = index
        while let c = current, isIdentifierStart(c) || isDigit(c) { index += 1 }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[start..<index])
        return name
    }

    /// `[+-]digits[.digits][(e|E)[+-]digits]`, finite, as strtod reads decimal text.
    mutating func number() throws(VisualFormatError) -> Double {
        let start = index
        if let c = current, c == "-" || c == "+" { index += 1 }
        var count = digits()
        if current == "." {
            index += 1
            count += digits()
        }
        guard count > 0 else { throw fail("expected digits", at: start) }
        if let c = current, c == "e" || c == "E" {
            let mark = index
            index += 1
            if let s = current, s == "+" || s == "-" { index += 1 }
            if digits() == 0 { index = mark }  // strtod stops before an incomplete exponent
        }
        var literal = ""
        literal.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard let value = Double(literal), value.isFinite else { throw fail("the number \(literal) is not finite", at: start) }
        return value
    }

    mutating func digits() -> Int {
        let from = index
        while let c = current, isDigit(c) { index += 1 }
        return index - from
    }

    /// A priority must lie in (0, 1000], required being 1000 (UIKit's range).
    static func checkPriority(_ value: Double, at offset: Int, _ text: String) throws(VisualFormatError) {
        guard Priority.validated(value) == nil else { return }
        let shown = formatJSONNumber(value)
        let message = value > 1000
            ? "priority \(shown) is above 1000 (required); priorities lie in (0, 1000]"
            : "priority \(shown) is not above 0; priorities lie in (0, 1000]"
        throw VisualFormatError(format: text, .character(offset), message)
    }

    func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c == "_" || ("A"..."Z").contains(c) || ("a"..."z").contains(c) }
    func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
}
