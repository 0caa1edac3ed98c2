/// The recorded outcome of one system-file step.
public enum StepOutcome: Hashable, Sendable {
    case ok
    case duplicate
    case unknown
    case badPriority
    /// A rejected add: the minimal conflicting set of required constraint ids, new one included.
    case unsatisfiable(conflict: [String])
    /// The state at a `check` step: every variable used so far (in order of first use) and the objective.
    case check(label: String, values: [(name: String, value: Double)], objective: [LevelError])
    /// Any other refusal, with the solver's sentence.
    case error(String)

    public static func == (a: StepOutcome, b: StepOutcome) -> Bool {
        switch (a, b) {
        case (.ok, .ok), (.duplicate, .duplicate), (.unknown, .unknown), (.badPriority, .badPriority): true
        case let (.unsatisfiable(x), .unsatisfiable(y)): x == y
        case let (.error(x), .error(y)): x == y
        case let (.check(l1, v1, o1), .check(l2, v2, o2)):
            l1 == l2 && o1 == o2 && v1.count == v2.count
                && zip(v1, v2).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into h: inout Hasher) { h.combine(name) }

    /// The outcome's name in the result format (`ok`, `unsatisfiable`, `check`, ...).
    public var name: String {
        switch self {
        case .ok: "ok"
        case .duplicate: "duplicate"
        case .unknown: "unknown"
        case .badPriority: "badPriority"
        case .unsatisfiable: "unsatisfiable"
        case .check: "check"
        case .error: "error"
        }
    }
}

/// One step's record: its index in the file (the implied final check has index `steps.count`).
public struct StepRecord: Hashable, Sendable {
    public var index: Int
    public var kind: String
    public var outcome: StepOutcome
    public init(index: Int, kind: String, outcome: StepOutcome) {
        self.index = index
        self.kind = kind
        self.outcome = outcome
    }
}

/// Runs a system file against a solver step by step, mapping names to variables and ids.
///
/// Variables are numbered densely in order of first use; constraint ids in order of first `add`.
/// A `check` is implied at the end when the file does not end with one.
public struct SystemRun<Solver: ConstraintSolver> {
    public private(set) var solver: Solver
    public private(set) var variableNames: [String] = []
    private var variableIndex: [String: Int32] = [:]
    private var constraintIndex: [String: Int] = [:]
    private var constraintNames: [String] = []
    /// Variables that are edit variables now, so a suggest step can be refused whole.
    private var editVariables: Set<String> = []
    /// The last `add` step's constraint, its names resolved to variables, and the id it was
    /// numbered (whatever the solver answered): a caller that tracks what was added reads them
    /// instead of resolving the names and looking the id up a second time.
    public private(set) var lastAdd: (constraint: Constraint, id: ConstraintID)?

    public init(solver: Solver) { self.solver = solver }

    /// Room for `file`'s names, so the tables are not rehashed as a long file grows them (on a
    /// peer file of 80 000 adds, growing them was 4% of a whole `strut solve-system`).
    public mutating func reserve(for file: SystemFile) {
        let adds = file.steps.reduce(0) { n, step in if case .add = step { n + 1 } else { n } }
        constraintIndex.reserveCapacity(adds)
        constraintNames.reserveCapacity(adds)
        variableIndex.reserveCapacity(adds)
        variableNames.reserveCapacity(adds)
    }

    /// The variable for `name`, numbering it on first use.
    public mutating func variable(_ name: String) -> Variable {
        if let i = variableIndex[name] { return Variable(i) }
        let i = Int32(variableNames.count)
        variableIndex[name] = i
        variableNames.append(name)
        return Variable(i)
    }

    /// The variable named `name` if it has been used.
    public func existingVariable(_ name: String) -> Variable? { variableIndex[name].map { Variable($0) } }

    /// The constraint id for a file id, numbering it on first use.
    public mutating func constraintID(_ name: String) -> ConstraintID {
        if let i = constraintIndex[name] { return ConstraintID(i) }
        let i = constraintNames.count
        constraintIndex[name] = i
        constraintNames.append(name)
        return ConstraintID(i)
    }

    /// The constraint id of a file id that has been added at some point.
    public func existingConstraintID(_ name: String) -> ConstraintID? { constraintIndex[name].map { ConstraintID($0) } }

    /// The file id of a constraint id.
    public func name(of id: ConstraintID) -> String { constraintNames[id.rawValue] }

    /// Runs every step of `file` and returns one record per step plus the implied final check.
    public mutating func run(_ file: SystemFile) -> [StepRecord] {
        var records: [StepRecord] = []
        records.reserveCapacity(file.steps.count + 1)
        for (i, step) in file.steps.enumerated() {
            records.append(StepRecord(index: i, kind: step.kind, outcome: perform(step)))
        }
        if case .check? = file.steps.last {} else {
            records.append(StepRecord(index: file.steps.count, kind: "check", outcome: snapshot(label: "end")))
        }
        return records
    }

    /// Performs one step and returns its outcome.
    public mutating func perform(_ step: SystemStep) -> StepOutcome {
        do throws(SolverError) {
            switch step {
            case .add(let c, let id):
                let constraint = c.resolved { variable($0) }
                let cid = constraintID(id)
                lastAdd = (constraint, cid)
                try solver.add(constraint, id: cid)
            case .remove(let id):
                guard let cid = constraintIndex[id] else { return .unknown }
                try solver.remove(ConstraintID(cid))
            case .edit(let v, let p):
                try solver.addEditVariable(variable(v), priority: p)
                editVariables.insert(v)
            case .suggest(let list):
                // All or nothing: a step naming a variable that is not being edited changes nothing.
                guard list.allSatisfy({ editVariables.contains($0.variable) }) else { return .unknown }
                for s in list { try solver.suggestValue(s.value, for: variable(s.variable)) }
            case .removeEdit(let v):
                guard let variable = existingVariable(v) else { return .unknown }
                try solver.removeEditVariable(variable)
                editVariables.remove(v)
            case .check(let label):
                return snapshot(label: label)
            }
            return .ok
        } catch {
            return outcome(of: error)
        }
    }

    func outcome(of error: SolverError) -> StepOutcome {
        switch error {
        case .duplicateConstraint, .duplicateEditVariable: .duplicate
        case .unknownConstraint, .unknownEditVariable: .unknown
        case .badPriority: .badPriority
        case .unsatisfiable(let ids): .unsatisfiable(conflict: ids.map { name(of: $0) })
        default: .error(error.description)
        }
    }

    /// The values of every variable used so far and the objective.
    public func snapshot(label: String) -> StepOutcome {
        let values = variableNames.enumerated().map { (name: $0.element, value: solver.value(of: Variable($0.offset))) }
        return .check(label: label, values: values, objective: solver.objective())
    }
}

extension StepRecord {
    /// The record as an object of the result format (docs/system-format.md).
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("index", .number(Double(index))), ("outcome", .string(outcome.name))]
        switch outcome {
        case .unsatisfiable(let ids): m.append(("conflict", .array(ids.map { .string($0) })))
        case .check(let label, let values, let objective):
            m.append(("label", .string(label)))
            m.append(("values", .object(values.map { ($0.name, .number($0.value)) })))
            m.append(("objective", .array(objective.map(\.json))))
        case .error(let message): m.append(("message", .string(message)))
        default: break
        }
        return .object(m)
    }
}

extension LevelError {
    public var json: JSONValue {
        .object([("priority", .number(Double(priority.value))), ("error", .number(error))])
    }
}

/// The `strut solve-system --json` document for a run.
public func systemResultJSON(system: String, strategy: String, records: [StepRecord]) -> JSONValue {
    .object([("system", .string(system)), ("strategy", .string(strategy)), ("steps", .array(records.map(\.json)))])
}
