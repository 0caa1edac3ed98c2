import LinearConstraints

/// Typed access to a JSON value at a path, throwing `CaseError`s that name the path and say what
/// was expected. The case reader is built from these, so every wrong type reads the same way:
/// `$.views[2].hidden: expected a boolean, found a number`.
struct JSONAt {
    let value: JSONValue
    let path: JSONPath

    init(_ value: JSONValue, _ path: JSONPath) {
        self.value = value
        self.path = path
    }

    func error(_ message: String) -> CaseError { CaseError(path, message) }

    func mismatch(_ expected: String) -> CaseError { error("expected \(expected), found \(value.kindName)") }

    func string() throws(CaseError) -> String {
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }

    func bool() throws(CaseError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch("a boolean") }
        return b
    }

    /// A finite number (the JSON reader already refuses overflow; this also guards values built
    /// in code).
    func number() throws(CaseError) -> Double {
        guard case .number(let d) = value else { throw mismatch("a number") }
        guard d.isFinite else { throw error("expected a finite number") }
        return d
    }

    func array() throws(CaseError) -> [JSONAt] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return items.enumerated().map { JSONAt($1, path.index($0)) }
    }

    /// An array of exactly `count` numbers, named `what` in errors (`[x, y, width, height]`).
    func numbers(_ count: Int, _ what: String) throws(CaseError) -> [Double] {
        let items = try array()
        guard items.count == count else { throw error("expected \(what): \(count) numbers, found \(items.count) values") }
        var out: [Double] = []
        for item in items { out.append(try item.number()) }
        return out
    }

    /// A priority: a number in (0, 1000] or one of the names of `Priority.named`.
    func priority() throws(CaseError) -> Priority {
        if case .string(let name) = value {
            guard let p = Priority.named.first(where: { $0.name == name })?.priority else {
                throw error("unknown priority \"\(name)\"; use a number in (0, 1000] or required, defaultHigh, defaultLow, fittingSizeLevel")
            }
            return p
        }
        let d = try number()
        guard let p = Priority.validated(d) else { throw error("priority \(formatJSONNumber(d)) is outside (0, 1000]") }
        return p
    }

    /// A string naming a case of `E` (by raw value).
    func named<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ what: String) throws(CaseError) -> E where E.RawValue == String {
        let s = try string()
        guard let e = E(rawValue: s) else {
            throw error("unknown \(what) \"\(s)\"; expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return e
    }

    /// The members of an object whose keys must all be in `allowed` (file order kept).
    func object(allowed: [String], what: String) throws(CaseError) -> JSONObjectAt {
        guard case .object(let members) = value else { throw mismatch("\(what) (an object)") }
        for m in members where !allowed.contains(m.key) {
            throw CaseError(path.key(m.key), "unknown field \"\(m.key)\" in \(what); known fields: \(allowed.joined(separator: ", "))")
        }
        return JSONObjectAt(members: members, path: path)
    }
}

/// An object whose keys were checked; members are looked up by key.
struct JSONObjectAt {
    let members: [(key: String, value: JSONValue)]
    let path: JSONPath

    /// The member `key`, or nil when absent.
    subscript(key: String) -> JSONAt? {
        members.first { $0.key == key }.map { JSONAt($0.value, path.key(key)) }
    }

    /// The member `key`, or an error saying it is missing.
    func required(_ key: String, _ what: String) throws(CaseError) -> JSONAt {
        guard let v = self[key] else { throw CaseError(path, "missing \"\(key)\" (\(what))") }
        return v
    }

    /// Object members as (key, value) pairs with their paths.
    var entries: [(key: String, value: JSONAt)] { members.map { ($0.key, JSONAt($0.value, path.key($0.key))) } }
}
