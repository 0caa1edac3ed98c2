import LinearConstraints

/// The adapter protocol of docs/adapter-protocol.md: requests are the system
/// file's step objects plus `{"reset": true}`, one JSON object per line; each gets exactly one
/// response line.
///
/// Names on the wire: variable `Variable(i)` is `v<i>`, constraint `ConstraintID(k)` is `c<k>`
/// (both valid system-file names, so an adapter can parse them with the system grammar).
///
/// Responses (`outcome` is one of ok, duplicate, unknown, badPriority, unsatisfiable, error):
/// ```
/// {"outcome":"ok"}
/// {"outcome":"unsatisfiable","conflict":["c0","c2"]}     conflict optional (Kiwi cannot say)
/// {"outcome":"error","message":"...","error":"tooLarge"} error optional: a SolverError case name
/// {"values":{"v0":10,"v1":null},"objective":[{"priority":1,"error":10}]}   for a check;
///                                                         null reads NaN; objective optional
/// ```
/// Any response may also carry `"solverSeconds": <number >= 0>`, the time the outside solver
/// itself spent on the request (not parsing, not the protocol): benchmarks report it beside the
/// round trip (`ExternalSession.reportedSolverNanoseconds`).
enum ExternalProtocol {
    /// The request kinds, each with the outcomes a response to it may carry.
    enum Request: String, Sendable {
        case add, remove, edit, suggest, removeEdit, check, reset

        var allowedOutcomes: Set<String> {
            switch self {
            case .add: ["ok", "duplicate", "unsatisfiable", "error"]
            case .remove, .suggest, .removeEdit: ["ok", "unknown", "error"]
            case .edit: ["ok", "duplicate", "badPriority", "error"]
            case .reset: ["ok"]
            case .check: []
            }
        }
    }

    /// One decoded response.
    enum Response: Equatable {
        case ok
        case duplicate
        case unknown
        case badPriority
        /// nil when the adapter cannot name the conflicting constraints.
        case unsatisfiable(conflict: [ConstraintID]?)
        /// `kind` is the adapter's SolverError case name when it gave one.
        case error(kind: String?, message: String)
        /// Values by variable index; the objective when the adapter gave one.
        case values([(Int32, Double)], objective: [LevelError]?)

        static func == (a: Response, b: Response) -> Bool {
            switch (a, b) {
            case (.ok, .ok), (.duplicate, .duplicate), (.unknown, .unknown), (.badPriority, .badPriority): true
            case let (.unsatisfiable(x), .unsatisfiable(y)): x == y
            case let (.error(k1, m1), .error(k2, m2)): k1 == k2 && m1 == m2
            case let (.values(v1, o1), .values(v2, o2)): o1 == o2 && v1.elementsEqual(v2) { $0 == $1 }
            default: false
            }
        }
    }

    static func name(of variable: Variable) -> String { "v\(variable.index)" }
    static func name(of id: ConstraintID) -> String { "c\(id.rawValue)" }

    /// The variable for a wire name `v<i>`, or nil.
    static func variable(named name: String) -> Int32? { index(name, prefix: "v").flatMap { Int32(exactly: $0) } }
    /// The constraint id for a wire name `c<k>`, or nil.
    static func constraintID(named name: String) -> ConstraintID? { index(name, prefix: "c").map { ConstraintID($0) } }

    private static func index(_ name: String, prefix: Character) -> Int? {
        guard name.first == prefix, name.count > 1, name.dropFirst().allSatisfy(\.isASCII) else { return nil }
        return Int(name.dropFirst())
    }

    /// `{"add": "<constraint text>", "id": "c<k>"}`, the constraint in the system grammar.
    /// - Precondition: the constraint's numbers are finite (the caller refuses others first).
    static func addRequest(_ constraint: Constraint, id: ConstraintID) -> String {
        let symbolic = SymbolicConstraint(
            terms: constraint.expression.terms.map { (name(of: $0.variable), $0.coefficient) },
            constant: constraint.expression.constant, relation: constraint.relation, priority: constraint.priority)
        return JSONValue.object([("add", .string(symbolic.description)), ("id", .string(name(of: id)))]).jsonText()
    }

    static func removeRequest(_ id: ConstraintID) -> String { JSONValue.object([("remove", .string(name(of: id)))]).jsonText() }

    static func editRequest(_ v: Variable, priority: Priority) -> String {
        JSONValue.object([("edit", .string(name(of: v))), ("priority", .number(Double(priority.value)))]).jsonText()
    }

    static func suggestRequest(_ v: Variable, value: Double) -> String {
        JSONValue.object([("suggest", .object([(name(of: v), .number(value))]))]).jsonText()
    }

    static func removeEditRequest(_ v: Variable) -> String { JSONValue.object([("removeEdit", .string(name(of: v)))]).jsonText() }

    static let checkRequest = JSONValue.object([("check", .string(""))]).jsonText()
    static let resetRequest = JSONValue.object([("reset", .bool(true))]).jsonText()
}

extension ExternalProtocol {
    /// Decodes a response line to `request`; the error text says what is wrong with it.
    static func decode(_ line: String, to request: Request) -> Result<Response, ResponseError> {
        decodeTimed(line, to: request).map(\.response)
    }

    /// `decode`, with the response's optional `solverSeconds` (nil when the adapter gave none).
    static func decodeTimed(_ line: String, to request: Request) -> Result<(response: Response, solverSeconds: Double?), ResponseError> {
        guard let json = try? parseJSON(line), case .object = json else { return .failure(ResponseError("not a JSON object: \(clip(line))")) }
        var seconds: Double?
        if let reported = json["solverSeconds"] {
            guard case .number(let s) = reported, s >= 0, s.isFinite else {
                return .failure(ResponseError("\"solverSeconds\" is not a non-negative number: \(clip(line))"))
            }
            seconds = s
        }
        return decodeResponse(json, line, to: request).map { ($0, seconds) }
    }

    private static func decodeResponse(_ json: JSONValue, _ line: String, to request: Request) -> Result<Response, ResponseError> {
        if request == .check { return decodeValues(json, line) }
        guard case .string(let outcome)? = json["outcome"] else { return .failure(ResponseError("no \"outcome\" string in \(clip(line))")) }
        guard request.allowedOutcomes.contains(outcome) else {
            return .failure(ResponseError("outcome \"\(outcome)\" is not an answer to a \(request.rawValue) request: \(clip(line))"))
        }
        switch outcome {
        case "ok": return .success(.ok)
        case "duplicate": return .success(.duplicate)
        case "unknown": return .success(.unknown)
        case "badPriority": return .success(.badPriority)
        case "unsatisfiable":
            guard let conflict = json["conflict"] else { return .success(.unsatisfiable(conflict: nil)) }
            guard case .array(let items) = conflict else { return .failure(ResponseError("\"conflict\" is not an array: \(clip(line))")) }
            var ids: [ConstraintID] = []
            for item in items {
                guard case .string(let s) = item, let id = constraintID(named: s) else {
                    return .failure(ResponseError("\"conflict\" holds \(item.jsonText()), not a constraint name c<k>"))
                }
                ids.append(id)
            }
            return .success(.unsatisfiable(conflict: ids.sorted()))
        default:
            guard case .string(let message)? = json["message"] else { return .failure(ResponseError("an error without a \"message\" string: \(clip(line))")) }
            var kind: String?
            if case .string(let k)? = json["error"] { kind = k }
            return .success(.error(kind: kind, message: message))
        }
    }

    private static func decodeValues(_ json: JSONValue, _ line: String) -> Result<Response, ResponseError> {
        guard case .object(let members)? = json["values"] else {
            return .failure(ResponseError("a check must be answered with {\"values\": {...}}, got \(clip(line))"))
        }
        var values: [(Int32, Double)] = []
        values.reserveCapacity(members.count)
        for (name, value) in members {
            guard let v = variable(named: name) else { return .failure(ResponseError("\"values\" names \"\(clip(name))\", not a variable v<i>")) }
            switch value {
            case .number(let d): values.append((v, d))
            case .null: values.append((v, .nan))
            default: return .failure(ResponseError("the value of \(name) is \(value.kindName), not a number"))
            }
        }
        guard let objectiveJSON = json["objective"] else { return .success(.values(values, objective: nil)) }
        guard case .array(let items) = objectiveJSON else { return .failure(ResponseError("\"objective\" is not an array: \(clip(line))")) }
        var objective: [LevelError] = []
        for item in items {
            guard case .number(let p)? = item["priority"], let priority = Priority.validated(p) else {
                return .failure(ResponseError("an objective level without a priority in (0, 1000]: \(item.jsonText())"))
            }
            let error: Double
            switch item["error"] {
            case .number(let e)?: error = e
            case .null?: error = .nan
            default: return .failure(ResponseError("an objective level without an error number: \(item.jsonText())"))
            }
            objective.append(LevelError(priority: priority, error: error))
        }
        return .success(.values(values, objective: objective))
    }

    /// At most 200 characters of a line, for messages.
    static func clip(_ s: String) -> String { s.count <= 200 ? s : String(s.prefix(200)) + "..." }

    struct ResponseError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
