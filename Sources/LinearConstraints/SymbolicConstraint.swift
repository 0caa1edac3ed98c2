/// A constraint over named variables, as written in a system file:
/// `Σ coefficient·name + constant RELATION 0 @priority`.
///
/// Grammar (docs/system-format.md):
/// ```
/// constraint := expr RELATION expr [@PRIORITY]
/// expr       := term (("+" | "-") term)*
/// term       := NUMBER | NUMBER "*" NAME | NAME "*" NUMBER | NAME | "-" term
/// RELATION   := "==" | "<=" | ">="
/// PRIORITY   := NUMBER in (0, 1000] | "required" | "defaultHigh" | "defaultLow" | "fittingSizeLevel"
/// NAME       := [A-Za-z_][A-Za-z0-9_.]*
/// ```
public struct SymbolicConstraint: Hashable, Sendable, CustomStringConvertible {
    /// Terms merged per name, in order of first appearance, zero coefficients dropped.
    public var terms: [(name: String, coefficient: Double)]
    public var constant: Double
    public var relation: Relation
    public var priority: Priority

    public init(terms: [(name: String, coefficient: Double)], constant: Double, relation: Relation, priority: Priority) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    public static func == (a: SymbolicConstraint, b: SymbolicConstraint) -> Bool {
        a.constant == b.constant && a.relation == b.relation && a.priority == b.priority
            && a.terms.count == b.terms.count
            && zip(a.terms, b.terms).allSatisfy { $0.name == $1.name && $0.coefficient == $1.coefficient }
    }

    public func hash(into h: inout Hasher) {
        for t in terms {
            h.combine(t.name)
            h.combine(t.coefficient)
        }
        h.combine(constant)
        h.combine(relation)
        h.combine(priority)
    }

    /// The constraint over `Variable`s, naming each variable with `variable(name)`.
    public func resolved(_ variable: (String) -> Variable) -> Constraint {
        Constraint(
            LinearExpression(terms: terms.map { .init(variable($0.name), $0.coefficient) }, constant: constant),
            relation, priority: priority)
    }

    /// Canonical text: variables on the left, the constant on the right (`x + 2*y >= 10 @750`).
    public var description: String {
        var text = ""
        for (i, t) in terms.enumerated() {
            let c = t.coefficient
            if i == 0 {
                if c == -1 { text += "-" } else if c != 1 { text += formatJSONNumber(c) + "*" }
            } else {
                text += c < 0 ? " - " : " + "
                let a = abs(c)
                if a != 1 { text += formatJSONNumber(a) + "*" }
            }
            text += t.name
        }
        if terms.isEmpty { text = "0" }
        text += " \(relation.rawValue) \(formatJSONNumber(-constant == 0 ? 0 : -constant))"
        if !priority.isRequired { text += " @\(priority)" }
        return text
    }
}

/// An error in a constraint expression, at a character offset of the text.
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "at character \(offset + 1): \(message)" }
}

extension SymbolicConstraint {
    /// Parses a constraint expression of the system format.
    public static func parse(_ text: String) throws(ExpressionError) -> SymbolicConstraint {
        var p = ExpressionParser(Array(text.utf8))
        return try p.constraint()
    }
}

struct ExpressionParser {
    enum Token: Equatable {
        case number(Double), name(String), plus, minus, star, relation(Relation), at, end
    }

    let bytes: [UInt8]
    var index = 0
    var tokenStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ message: String, at offset: Int? = nil) -> ExpressionError {
        ExpressionError(offset: offset ?? tokenStart, message: message)
    }

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }

    static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 48 && b <= 57) || b == 46 }

    mutating func next() throws(ExpressionError) -> Token {
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        tokenStart = index
        guard index < bytes.count else { return .end }
        let b = bytes[index]
        switch b {
        case UInt8(ascii: "+"): index += 1; return .plus
        case UInt8(ascii: "-"): index += 1; return .minus
        case UInt8(ascii: "*"): index += 1; return .star
        case UInt8(ascii: "@"): index += 1; return .at
        case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") else {
                throw fail("expected a relation '==', '<=' or '>='")
            }
            index += 2
            switch b {
            case UInt8(ascii: "="): return .relation(.equal)
            case UInt8(ascii: "<"): return .relation(.lessThanOrEqual)
            default: return .relation(.greaterThanOrEqual)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
            return .number(try number())
        default:
            guard Self.isNameStart(b) else { throw fail("unexpected character '\(Character(Unicode.Scalar(b)))'") }
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[tokenStart..<index], as: UTF8.self)
            // Only a name of 3 or 8 letters can spell one (lowercasing every name was 1% of
            // reading a peer system file).
            if [3, 8].contains(index - tokenStart), ["nan", "inf", "infinity"].contains(name.lowercased()) {
                throw fail("\(name) is not a finite number; constraints hold finite numbers only")
            }
            return .name(name)
        }
    }

    mutating func number() throws(ExpressionError) -> Double {
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[tokenStart..<index], as: UTF8.self)
        guard let v = Double(text) else { throw fail("malformed number '\(text)'") }
        guard v.isFinite else { throw fail("number \(text) is not finite") }
        return v
    }

    mutating func constraint() throws(ExpressionError) -> SymbolicConstraint {
        var terms: [(name: String, coefficient: Double)] = []
        var constant = 0.0
        var token = try next()
        token = try expression(sign: 1, token: token, terms: &terms, constant: &constant)
        guard case .relation(let relation) = token else {
            throw fail("expected a relation '==', '<=' or '>='")
        }
        token = try next()
        token = try expression(sign: -1, token: token, terms: &terms, constant: &constant)
        var priority = Priority.required
        if token == .at {
            priority = try self.priority()
            token = try next()
        }
        guard token == .end else { throw fail("unexpected text after the constraint") }
        guard constant.isFinite, terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw fail("the numbers overflow: a coefficient or the constant sums to infinity", at: 0)
        }
        terms.removeAll { $0.coefficient == 0 }
        return SymbolicConstraint(terms: terms, constant: constant, relation: relation, priority: priority)
    }

    /// Parses `expr` adding `sign`·expr to the accumulators; returns the token after it.
    mutating func expression(
        sign: Double, token first: Token, terms: inout [(name: String, coefficient: Double)], constant: inout Double
    ) throws(ExpressionError) -> Token {
        var token = first
        var termSign = sign
        while true {
            token = try term(sign: termSign, token: token, terms: &terms, constant: &constant)
            switch token {
            case .plus: termSign = sign
            case .minus: termSign = -sign
            default: return token
            }
            token = try next()
        }
    }

    mutating func term(
        sign: Double, token first: Token, terms: inout [(name: String, coefficient: Double)], constant: inout Double
    ) throws(ExpressionError) -> Token {
        var token = first
        var s = sign
        while token == .minus {
            s = -s
            token = try next()
        }
        switch token {
        case .number(let k):
            let after = try next()
            guard after == .star else {
                constant += s * k
                return after
            }
            guard case .name(let name) = try next() else { throw fail("expected a variable name after '*'") }
            add(name, s * k, to: &terms)
            return try next()
        case .name(let name):
            let after = try next()
            guard after == .star else {
                add(name, s, to: &terms)
                return after
            }
            guard case .number(let k) = try next() else { throw fail("expected a number after '*'") }
            add(name, s * k, to: &terms)
            return try next()
        case .end: throw fail("unexpected end of the constraint, expected a term")
        default: throw fail("expected a number or a variable name")
        }
    }

    func add(_ name: String, _ c: Double, to terms: inout [(name: String, coefficient: Double)]) {
        if let i = terms.firstIndex(where: { $0.name == name }) {
            terms[i].coefficient += c
        } else {
            terms.append((name, c))
        }
    }

    mutating func priority() throws(ExpressionError) -> Priority {
        let token = try next()
        switch token {
        case .number(let v):
            guard let p = Priority.validated(v) else { throw fail("priority \(formatJSONNumber(v)) is outside (0, 1000]") }
            return p
        case .name(let name):
            guard let p = Priority.named.first(where: { $0.name == name })?.priority else {
                throw fail("unknown priority '\(name)'; use a number in (0, 1000] or required, defaultHigh, defaultLow, fittingSizeLevel")
            }
            return p
        default: throw fail("expected a priority after '@'")
        }
    }
}
