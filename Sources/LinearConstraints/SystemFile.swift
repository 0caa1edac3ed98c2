/// A linear system file (`*.system.json`, version 1): a named sequence of solver operations.
/// See docs/system-format.md.
public struct SystemFile: Hashable, Sendable {
    public var name: String
    /// Free text (an extension of the spec's format, as in case files): a saved fuzz finding
    /// carries its replay command here. Empty when absent; not written when empty.
    public var description: String
    public var steps: [SystemStep]

    public init(name: String, description: String = "", steps: [SystemStep]) {
        self.name = name
        self.description = description
        self.steps = steps
    }
}

/// One operation of a system file.
public enum SystemStep: Hashable, Sendable {
    case add(SymbolicConstraint, id: String)
    case remove(id: String)
    case edit(variable: String, priority: Priority)
    /// Suggested values in file order.
    case suggest([Suggestion])
    case removeEdit(variable: String)
    case check(label: String)

    public struct Suggestion: Hashable, Sendable {
        public var variable: String
        public var value: Double
        public init(_ variable: String, _ value: Double) {
            self.variable = variable
            self.value = value
        }
    }

    /// The step's kind as written in the file (`add`, `remove`, ...).
    public var kind: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .edit: "edit"
        case .suggest: "suggest"
        case .removeEdit: "removeEdit"
        case .check: "check"
        }
    }
}

/// A malformed system file: which step (when known) and what is wrong.
public struct SystemFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Index of the offending step, nil for a problem outside `steps`.
    public var step: Int?
    public var message: String

    public init(step: Int?, _ message: String) {
        self.step = step
        self.message = message
    }

    public var description: String {
        if let step { return "step \(step): \(message)" }
        return message
    }
}

extension SystemFile {
    /// Reads a system file from JSON text, strictly: unknown fields, wrong types, malformed
    /// constraints, priorities out of range and non-finite numbers are errors naming the step.
    public init(jsonText: String) throws(SystemFileError) {
        let root: JSONValue
        do { root = try parseJSON(jsonText) } catch { throw SystemFileError(step: nil, "not valid JSON: \(error)") }
        try self.init(json: root)
    }

    public init(json root: JSONValue) throws(SystemFileError) {
        guard case .object(let members) = root else { throw SystemFileError(step: nil, "the file must hold a JSON object") }
        for m in members where !["strut-system", "name", "description", "steps"].contains(m.key) {
            throw SystemFileError(step: nil, "unknown field \"\(m.key)\" (expected strut-system, name, description, steps)")
        }
        guard case .number(let version)? = root["strut-system"] else {
            throw SystemFileError(step: nil, "missing \"strut-system\": 1 (the format version)")
        }
        guard version == 1 else { throw SystemFileError(step: nil, "unsupported format version \(formatJSONNumber(version)); this reader knows 1") }
        var name = ""
        if let n = root["name"] {
            guard case .string(let s) = n else { throw SystemFileError(step: nil, "\"name\" must be a string, not \(n.kindName)") }
            name = s
        }
        var description = ""
        if let d = root["description"] {
            guard case .string(let s) = d else { throw SystemFileError(step: nil, "\"description\" must be a string, not \(d.kindName)") }
            description = s
        }
        guard case .array(let items)? = root["steps"] else { throw SystemFileError(step: nil, "missing \"steps\": an array of steps") }
        var steps: [SystemStep] = []
        steps.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { steps.append(try SystemStep(json: item, index: i)) }
        self.init(name: name, description: description, steps: steps)
    }

    /// The file as JSON, one step per line, readable by `init(jsonText:)`.
    public func jsonText() -> String {
        var out = "{\n  \"strut-system\": 1,\n  \"name\": "
        writeJSONString(name, to: &out)
        if !description.isEmpty {
            out += ",\n  \"description\": "
            writeJSONString(description, to: &out)
        }
        out += ",\n  \"steps\": ["
        for (i, step) in steps.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += step.json.jsonText()
        }
        out += steps.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }
}

extension SystemStep {
    init(json: JSONValue, index i: Int) throws(SystemFileError) {
        guard case .object(let members) = json, let first = members.first else {
            throw SystemFileError(step: i, "a step must be a non-empty object")
        }
        func fields(_ allowed: [String]) throws(SystemFileError) {
            for m in members where !allowed.contains(m.key) {
                throw SystemFileError(step: i, "unknown field \"\(m.key)\" in a \(first.key) step (expected \(allowed.joined(separator: ", ")))")
            }
        }
        func string(_ key: String) throws(SystemFileError) -> String {
            guard let v = json[key] else { throw SystemFileError(step: i, "missing \"\(key)\"") }
            guard case .string(let s) = v else { throw SystemFileError(step: i, "\"\(key)\" must be a string, not \(v.kindName)") }
            return s
        }
        func variableName(_ key: String) throws(SystemFileError) -> String {
            let s = try string(key)
            guard Self.isName(s) else { throw SystemFileError(step: i, "\"\(s)\" is not a variable name ([A-Za-z_][A-Za-z0-9_.]*)") }
            return s
        }
        let kind = members.contains { $0.key == "add" } ? "add" : first.key
        switch kind {
        case "add":
            try fields(["add", "id"])
            let text = try string("add")
            let id = try string("id")
            do { self = .add(try SymbolicConstraint.parse(text), id: id) } catch {
                throw SystemFileError(step: i, "constraint \"\(text)\" \(error)")
            }
        case "remove":
            try fields(["remove"])
            self = .remove(id: try string("remove"))
        case "edit":
            try fields(["edit", "priority"])
            let v = try variableName("edit")
            self = .edit(variable: v, priority: try Self.priority(json["priority"], step: i))
        case "suggest":
            try fields(["suggest"])
            guard case .object(let pairs)? = json["suggest"], !pairs.isEmpty else {
                throw SystemFileError(step: i, "\"suggest\" must be a non-empty object of variable: value")
            }
            var list: [Suggestion] = []
            for (name, value) in pairs {
                guard Self.isName(name) else { throw SystemFileError(step: i, "\"\(name)\" is not a variable name") }
                guard case .number(let d) = value else {
                    throw SystemFileError(step: i, "suggested value for \(name) must be a finite number, not \(value.kindName)")
                }
                list.append(Suggestion(name, d))
            }
            self = .suggest(list)
        case "removeEdit":
            try fields(["removeEdit"])
            self = .removeEdit(variable: try variableName("removeEdit"))
        case "check":
            try fields(["check"])
            self = .check(label: try string("check"))
        default:
            throw SystemFileError(step: i, "unknown step \"\(first.key)\" (expected add, remove, edit, suggest, removeEdit or check)")
        }
    }

    static func priority(_ value: JSONValue?, step i: Int) throws(SystemFileError) -> Priority {
        switch value {
        case .number(let d)?:
            guard let p = Priority.validated(d) else { throw SystemFileError(step: i, "priority \(formatJSONNumber(d)) is outside (0, 1000]") }
            return p
        case .string(let s)?:
            guard let p = Priority.named.first(where: { $0.name == s })?.priority else {
                throw SystemFileError(step: i, "unknown priority \"\(s)\"")
            }
            return p
        case nil: throw SystemFileError(step: i, "missing \"priority\"")
        case let v?: throw SystemFileError(step: i, "\"priority\" must be a number or a name, not \(v.kindName)")
        }
    }

    static func isName(_ s: String) -> Bool {
        guard let f = s.utf8.first, ExpressionParser.isNameStart(f) else { return false }
        return s.utf8.allSatisfy(ExpressionParser.isNameByte)
    }

    /// The step as a JSON object of the file format.
    public var json: JSONValue {
        switch self {
        case .add(let c, let id): .object([("add", .string(c.description)), ("id", .string(id))])
        case .remove(let id): .object([("remove", .string(id))])
        case .edit(let v, let p): .object([("edit", .string(v)), ("priority", .number(Double(p.value)))])
        case .suggest(let list): .object([("suggest", .object(list.map { ($0.variable, .number($0.value)) }))])
        case .removeEdit(let v): .object([("removeEdit", .string(v))])
        case .check(let label): .object([("check", .string(label))])
        }
    }
}
