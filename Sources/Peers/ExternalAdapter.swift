import LinearConstraints
import StrutSystem

/// The answering side of the adapter protocol for any in-process solver: what `strut adapter
/// --strategy NAME` runs behind its standard input and output. It makes tests of the external
/// path hermetic (`external:strut adapter --strategy cassowary` must give exactly what
/// `cassowary` gives) and documents the protocol by example:
/// ```
/// > {"add":"v0 >= 10","id":"c0"}          < {"outcome":"ok"}
/// > {"add":"v0 <= 5","id":"c1"}           < {"outcome":"unsatisfiable","conflict":["c0","c1"]}
/// > {"edit":"v0","priority":1000}         < {"outcome":"badPriority"}
/// > {"suggest":{"v1":3}}                  < {"outcome":"unknown"}
/// > {"check":""}                          < {"values":{"v0":10},"objective":[]}
/// > {"add":"v0 >= nan","id":"c2"}         < {"outcome":"error","message":"step 0: ..."}
/// > {"reset":true}                        < {"outcome":"ok"}
/// ```
/// Names are numbered densely in order of first use, as `SystemRun` numbers a file's names,
/// so a file run through the adapter meets the solver in exactly the order it does in process.
public struct ExternalAdapter<Solver: ConstraintSolver> {
    private let make: () -> Solver
    private var solver: Solver
    private var variables: [String: Variable] = [:]
    private var variableNames: [String] = []
    private var constraints: [String: ConstraintID] = [:]
    private var constraintNames: [String] = []
    /// When true every response carries `solverSeconds`: the time of the solver calls the
    /// request made (for a check, reading the values, which completes a deferred solve), JSON
    /// parsing and writing left out.
    public var reportsSolverTime = false

    /// An adapter over solvers from `make` (a fresh one at start and at every reset).
    public init(make: @escaping () -> Solver) {
        self.make = make
        solver = make()
    }

    /// The response line (no newline) to one request line.
    public mutating func respond(to line: String) -> String {
        let json: JSONValue
        do { json = try parseJSON(line) } catch { return Self.error("not valid JSON: \(error)") }
        if json["reset"] != nil {
            guard case .object(let members) = json, members.count == 1, json["reset"] == .bool(true) else {
                return Self.error("a reset request is exactly {\"reset\": true}")
            }
            let reports = reportsSolverTime
            self = ExternalAdapter(make: make)
            reportsSolverTime = reports
            return withSolverTime(Self.outcome("ok"), 0)
        }
        let step: SystemStep
        do {
            let file = try SystemFile(json: .object([("strut-system", .number(1)), ("steps", .array([json]))]))
            step = file.steps[0]
        } catch {
            return Self.error("\(error)")
        }
        guard reportsSolverTime else { return perform(step) }
        let start = Clocks.monotonicNanoseconds()
        if case .check = step {
            for k in variableNames.indices { _ = solver.value(of: Variable(k)) }
            let spent = Clocks.monotonicNanoseconds() &- start
            return withSolverTime(checkResponse(), spent)
        }
        let response = perform(step)
        return withSolverTime(response, Clocks.monotonicNanoseconds() &- start)
    }

    /// `response` (a JSON object's text) with `"solverSeconds"` added when reporting.
    private func withSolverTime(_ response: String, _ nanoseconds: UInt64) -> String {
        guard reportsSolverTime, response.hasSuffix("}") else { return response }
        return String(response.dropLast()) + ",\"solverSeconds\":" + formatJSONNumber(Double(nanoseconds) / 1e9) + "}"
    }

    private mutating func perform(_ step: SystemStep) -> String {
        do throws(SolverError) {
            switch step {
            case .add(let c, let id):
                try solver.add(c.resolved { variable($0) }, id: constraintID(id))
            case .remove(let id):
                guard let cid = constraints[id] else { return Self.outcome("unknown") }
                try solver.remove(cid)
            case .edit(let v, let p):
                try solver.addEditVariable(variable(v), priority: p)
            case .suggest(let list):
                guard list.allSatisfy({ variables[$0.variable] != nil }) else { return Self.outcome("unknown") }
                for s in list { try solver.suggestValue(s.value, for: variables[s.variable]!) }
            case .removeEdit(let v):
                guard let variable = variables[v] else { return Self.outcome("unknown") }
                try solver.removeEditVariable(variable)
            case .check:
                return checkResponse()
            }
            return Self.outcome("ok")
        } catch {
            return refusal(error)
        }
    }

    private mutating func variable(_ name: String) -> Variable {
        if let v = variables[name] { return v }
        let v = Variable(variableNames.count)
        variables[name] = v
        variableNames.append(name)
        return v
    }

    private mutating func constraintID(_ name: String) -> ConstraintID {
        if let id = constraints[name] { return id }
        let id = ConstraintID(constraintNames.count)
        constraints[name] = id
        constraintNames.append(name)
        return id
    }

    /// `{"values": {...}, "objective": [...]}`: every name used so far, in order of first use.
    private func checkResponse() -> String {
        let values = variableNames.enumerated().map { ($0.element, JSONValue.number(solver.value(of: Variable($0.offset)))) }
        return JSONValue.object([("values", .object(values)), ("objective", .array(solver.objective().map(\.json)))]).jsonText()
    }

    /// The response for a refused operation: the protocol's outcome when it has one, else an
    /// error carrying the SolverError's case name and payload so the harness rebuilds the same error.
    private func refusal(_ error: SolverError) -> String {
        switch error {
        case .duplicateConstraint, .duplicateEditVariable: return Self.outcome("duplicate")
        case .unknownConstraint, .unknownEditVariable: return Self.outcome("unknown")
        case .badPriority: return Self.outcome("badPriority")
        case .unsatisfiable(let ids):
            let names = ids.map { JSONValue.string(constraintNames[$0.rawValue]) }
            return JSONValue.object([("outcome", .string("unsatisfiable")), ("conflict", .array(names))]).jsonText()
        case .nonFinite(let m): return Self.error(m, kind: "nonFinite")
        case .tooLarge(let m): return Self.error(m, kind: "tooLarge")
        case .internalError(let m): return Self.error(m, kind: "internalError")
        }
    }

    static func outcome(_ name: String) -> String { JSONValue.object([("outcome", .string(name))]).jsonText() }

    static func error(_ message: String, kind: String? = nil) -> String {
        var m: [(key: String, value: JSONValue)] = [("outcome", .string("error")), ("message", .string(message))]
        if let kind { m.append(("error", .string(kind))) }
        return JSONValue.object(m).jsonText()
    }
}
