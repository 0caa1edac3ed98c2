import AutoLayout
import Cassowary
import Foundation
import Judging
import LinearConstraints
import Subjects

/// Golden cases and planted-violation solver stubs for the invariant tests. Every stub wraps a
/// `CassowarySolver` and breaks exactly one promise, so exactly one invariant should notice.
enum InvariantFixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The golden case files' names (without `.json`), sorted.
    static var goldenNames: [String] {
        let dir = repository.appendingPathComponent("corpora/golden").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func golden(_ name: String) throws -> LoadedCase {
        try CaseSource.file(path: repository.appendingPathComponent("corpora/golden/\(name).json").path).load()
    }

    /// A unit over the case's own devices (two of them at most, to keep tests fast).
    static func unit(_ loaded: LoadedCase, _ strategy: BenchStrategy, _ selection: InvariantSelection = .all, devices: Int = 2) -> InvariantUnit {
        let own = loaded.ownDevices ?? []
        return InvariantUnit(loaded: loaded, source: "corpora/golden/\(loaded.tree.name).json", devices: Array(own.prefix(devices)),
                             strategy: strategy, direction: nil, selection: selection)
    }

    static let cassowary = BenchStrategy(name: "cassowary", make: { CassowarySolver() })
    static let weighted = BenchStrategy(name: "cassowary-weighted", make: { CassowarySolver(weighted: true) })

    /// The solver variable of view `k`'s frame component (views in case order).
    static func variable(view k: Int, _ c: LayoutVariables.FrameComponent) -> Variable {
        LayoutVariables(itemCount: k + 1).variable(ItemIndex(k), c)
    }
}

/// Forwards everything to a Cassowary solver; stubs override what they corrupt.
protocol ForwardingSolver: ConstraintSolver {
    var inner: CassowarySolver { get set }
}

extension ForwardingSolver {
    var strategy: String { "stub" }
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) { try inner.add(constraint, id: id) }
    mutating func remove(_ id: ConstraintID) throws(SolverError) { try inner.remove(id) }
    func contains(_ id: ConstraintID) -> Bool { inner.contains(id) }
    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) { try inner.addEditVariable(variable, priority: priority) }
    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) { try inner.removeEditVariable(variable) }
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) { try inner.suggestValue(value, for: variable) }
    func value(of variable: Variable) -> Double { inner.value(of: variable) }
    func objective() -> [LevelError] { inner.objective() }
    var counters: SolverCounters { inner.counters }
    func checkInvariants() throws(SolverError) { try inner.checkInvariants() }
}

/// Moves one variable by `offset` (or makes it NaN): a corrupted frame behind the engine's back.
struct CorruptingSolver: ForwardingSolver {
    var inner = CassowarySolver()
    let target: Variable
    let corrupt: @Sendable (Double) -> Double
    func value(of variable: Variable) -> Double { variable == target ? corrupt(inner.value(of: variable)) : inner.value(of: variable) }
}

/// Reports the lowest level's error 5 points worse than it is.
struct WrongObjectiveSolver: ForwardingSolver {
    var inner = CassowarySolver()
    func objective() -> [LevelError] {
        var levels = inner.objective()
        if !levels.isEmpty { levels[levels.count - 1].error += 5 }
        return levels
    }
}

/// Counts instances made, so a stub can differ from one instance to the next without a random source.
final class InstanceCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}

/// Every other instance puts one view a point to the right: not deterministic.
struct NonDeterministicSolver: ForwardingSolver {
    static let instances = InstanceCounter()
    var inner = CassowarySolver()
    let shift = Double(NonDeterministicSolver.instances.next() % 2)
    let target: Variable
    init(target: Variable) { self.target = target }
    func value(of variable: Variable) -> Double { inner.value(of: variable) + (variable == target ? shift : 0) }
}

/// After the root's height is suggested a second, different value (a device switch), one view
/// moves two points: incremental differs from fresh.
struct StaleAfterSwitchSolver: ForwardingSolver {
    var inner = CassowarySolver()
    let watched: Variable
    let target: Variable
    var lastSuggestion: Double?
    var switched = false
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        if variable == watched {
            if let last = lastSuggestion, last != value { switched = true }
            lastSuggestion = value
        }
        try inner.suggestValue(value, for: variable)
    }
    func value(of variable: Variable) -> Double { inner.value(of: variable) + (switched && variable == target ? 2 : 0) }
}

/// Refuses the third required constraint added with a conflict naming it and the required
/// constraint added before it, although they can hold together: a conflict that is not real.
struct FalseConflictSolver: ForwardingSolver {
    var inner = CassowarySolver()
    var requiredAdds = 0
    var lastAdded: ConstraintID?
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        if constraint.isRequired {
            requiredAdds += 1
            if requiredAdds == 3, let other = lastAdded { throw .unsatisfiable(conflict: [other, id]) }
        }
        try inner.add(constraint, id: id)
        if constraint.isRequired { lastAdded = id }
    }
}

/// Pads every real conflict with one required constraint that is not part of it: not minimal.
struct PaddedConflictSolver: ForwardingSolver {
    var inner = CassowarySolver()
    var required: [ConstraintID] = []
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        do throws(SolverError) { try inner.add(constraint, id: id) } catch {
            guard case .unsatisfiable(let set) = error, let extra = required.first(where: { !set.contains($0) }) else { throw error }
            throw .unsatisfiable(conflict: (set + [extra]).sorted())
        }
        if constraint.isRequired { required.append(id) }
    }
    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        try inner.remove(id)
        required.removeAll { $0 == id }
    }
}

/// Claims nothing is ever ambiguous.
struct NeverAmbiguousSolver: ForwardingSolver, AmbiguityReporting {
    var inner = CassowarySolver()
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable] { [] }
}

/// Adds half the root's x to one view's x: right at the origin, wrong anywhere else.
struct OriginLeakSolver: ForwardingSolver {
    var inner = CassowarySolver()
    let target: Variable
    func value(of variable: Variable) -> Double {
        let v = inner.value(of: variable)
        return variable == target ? v + 0.5 * inner.value(of: InvariantFixtures.variable(view: 0, .minX)) : v
    }
}

/// Moves one view by what the solver was told and in which order, which a correct solver never
/// depends on: by the variables of the last required constraint added (`lastAdded`), by the
/// parity of the number of required constraints held (`requiredCount`), or always by 2 points
/// (`always`, which no mirror can follow).
struct HistorySensitiveSolver: ForwardingSolver {
    enum Mode: Sendable { case lastAdded, requiredCount, always }
    var inner = CassowarySolver()
    let mode: Mode
    let target: Variable
    var lastAdded = 0.0
    var required = 0
    init(_ mode: Mode, target: Variable) {
        self.mode = mode
        self.target = target
    }
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        try inner.add(constraint, id: id)
        if constraint.isRequired {
            lastAdded = Double(constraint.expression.terms.reduce(0) { $0 + Int($1.variable.index) } % 11)
            required += 1
        }
    }
    mutating func remove(_ id: ConstraintID) throws(SolverError) {
        try inner.remove(id)
        required -= 1
    }
    func value(of variable: Variable) -> Double {
        let shift: Double = switch mode {
        case .lastAdded: lastAdded
        case .requiredCount: Double(required % 2)
        case .always: 2
        }
        return inner.value(of: variable) + (variable == target ? shift : 0)
    }
}
