/// The summed error at one non-required priority level.
public struct LevelError: Hashable, Sendable {
    public var priority: Priority
    public var error: Double
    public init(priority: Priority, error: Double) {
        self.priority = priority
        self.error = error
    }
}

/// Deterministic work counters: they do not depend on machine noise, so CI can gate on them.
public struct SolverCounters: Hashable, Sendable {
    /// Simplex pivots since the solver was created.
    public var pivots: Int = 0
    /// Rows in the tableau now (one per basic symbol; objective rows not included).
    public var rows: Int = 0
    /// Non-zero cells in the tableau now (objective rows included).
    public var cells: Int = 0
    /// Constraints in the solver now (edit variables included).
    public var constraints: Int = 0
    /// Candidate pivots skipped because their coefficient proved to be rounding noise.
    public var noiseSkips: Int = 0
    /// Nonzero coefficients of the constraints in the solver now (an edit variable counts one):
    /// the size of the input, the floor a solve touching each coefficient once would reach.
    /// 0 where a solver does not count them.
    public var nonzeros: Int = 0

    public init(pivots: Int = 0, rows: Int = 0, cells: Int = 0, constraints: Int = 0, noiseSkips: Int = 0, nonzeros: Int = 0) {
        self.pivots = pivots
        self.rows = rows
        self.cells = cells
        self.constraints = constraints
        self.noiseSkips = noiseSkips
        self.nonzeros = nonzeros
    }
}

/// Every way a solver operation can be refused. A refused operation changes nothing.
public enum SolverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A constraint with this id is already in the solver.
    case duplicateConstraint(ConstraintID)
    /// No constraint with this id is in the solver.
    case unknownConstraint(ConstraintID)
    /// The required constraints cannot hold together. `conflict` is a minimal conflicting set
    /// (removing any member makes the rest satisfiable), sorted, the rejected constraint included.
    case unsatisfiable(conflict: [ConstraintID])
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// The priority is not allowed here (an edit variable must be below required).
    case badPriority(Priority)
    /// A coefficient, constant or suggested value is NaN or infinite.
    case nonFinite(String)
    /// The system is beyond what this strategy accepts (the exact oracle's size guard).
    case tooLarge(String)
    /// An internal consistency check failed; the message says which.
    case internalError(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let id): "duplicate constraint \(id)"
        case .unknownConstraint(let id): "unknown constraint \(id)"
        case .unsatisfiable(let ids): "unsatisfiable: conflicting required constraints \(ids)"
        case .duplicateEditVariable(let v): "\(v) is already an edit variable"
        case .unknownEditVariable(let v): "\(v) is not an edit variable"
        case .badPriority(let p): "priority \(p) is not allowed here"
        case .nonFinite(let what): "non-finite number: \(what)"
        case .tooLarge(let what): "too large: \(what)"
        case .internalError(let what): "internal error: \(what)"
        }
    }
}

/// A solver strategy: anything that maintains a set of linear constraints with priorities and
/// answers values with the semantics of docs/architecture.md (required constraints hold; non-required ones are
/// satisfied lexicographically by priority, L1 error within a level).
///
/// Contract for every conforming type:
/// - every mutating operation either succeeds or throws and leaves the solver exactly as before;
/// - after every successful operation the values are optimal for the current constraint set;
/// - the same operation sequence gives bit-identical values (no hashing order, no clocks).
public protocol ConstraintSolver {
    /// The strategy name used on the command line and in results (`cassowary`, `exact`, ...).
    var strategy: String { get }

    /// Adds `constraint` under `id`.
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError)
    /// Removes the constraint `id`.
    mutating func remove(_ id: ConstraintID) throws(SolverError)
    /// True when `id` is in the solver.
    func contains(_ id: ConstraintID) -> Bool

    /// Makes `variable` an edit variable at `priority` (below required); its suggested value starts at 0.
    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError)
    /// Stops editing `variable`.
    mutating func removeEditVariable(_ variable: Variable) throws(SolverError)
    /// Suggests a value for an edit variable.
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError)

    /// The variable's value at the current optimum (0 for a variable never mentioned).
    func value(of variable: Variable) -> Double
    /// Summed error per distinct non-required priority present (edit variables included), highest first.
    func objective() -> [LevelError]
    /// Work counters.
    var counters: SolverCounters { get }
    /// Deep consistency checks of the internal state; cheap solvers may do nothing.
    func checkInvariants() throws(SolverError)

    /// A hint before a build: about `constraints` more constraints are coming, their ids below
    /// `ids`. A solver may size its storage once instead of growing it add by add; nothing else
    /// changes (the default does nothing).
    mutating func reserveCapacity(constraints: Int, ids: Int)
}

extension ConstraintSolver {
    public mutating func reserveCapacity(constraints: Int, ids: Int) {}
}
