import LinearConstraints

/// The default engine: Cassowary's model with UIKit's lexicographic priorities, kept in the
/// representation that suits the constraint set.
///
/// Every system starts in factored form (`cassowary-factored`: frame variables' rows in terms
/// of each other), which lays out realistic screens fastest: their restricted rows stay short,
/// about 4-7 cells per row at 960 views. Where the restricted rows fill in instead (a grid of
/// hugging cells whose widths sum to the root's, a chain of equal widths: 43 and 358 cells per
/// row at 316 views, growing with the size), every later pivot walks those dense rows, and the
/// revised simplex over a sparse LU (`cassowary-revised`) is the one that scales. So the
/// factored tableau counts the terms its row updates read (`Tableau.work`), and after every add,
/// suggestion and optimisation pivot the count is compared with `Switch.slack` plus
/// `Switch.workPerStep` per live row and per pivot; past it, the constraints and edit variables
/// are handed, in the order the factored engine holds them, to a revised engine, which keeps the
/// system from then on. A grid's rows fill in during the optimisation rather than the adds, so a
/// long build also optimises on trial at `Switch.firstTrial` live rows and every fourfold size.
///
/// The switch depends only on the sequence of operations, so the same sequence gives the same
/// representation and bit-identical values (docs/architecture.md, "Semantics"). Both forms
/// answer the same optimum up to rounding; where the optimum is not unique (an ambiguous
/// layout), each picks a vertex of the optimal face deterministically.
public struct AdaptiveSolver: DeepChecking {
    /// When a factored tableau is handed to the revised engine.
    public enum Switch {
        // Chosen from row-update work per row and pivot (`Tableau.work` over live rows plus
        // pivots) at every optimisation (2026-11-29): realistic families at 120-960 views read
        // at most 3.7 terms per step, the real-screen corpus at most 14.8 (never past 3 554
        // terms in all), while a chain or grid of hugging cells reads 36-900 and more as it
        // grows. Instructions of a peer build against the revised engine's, trial at 1 024 rows
        // and slack 65 536 then at 192 rows and slack 3 072: chain of 316 views 4.67x -> 1.28x,
        // of 1 000 2.17x -> 1.09x, grid of 316 2.16x -> 1.15x, of 1 000 1.29x -> 1.07x; the
        // realistic families' first layouts read the same instructions as before.

        /// Terms read by row updates per row and per pivot past which the factored tableau
        /// counts as filled in.
        public static let workPerStep = 16
        /// Work below which a tableau never switches (small systems solve fast either way).
        public static let slack = 3_072
        /// Live rows at which a long build first optimises in the factored form; then at every
        /// fourfold size. Where the rows fill in, that is where it shows (a grid's restricted
        /// rows fill in during the optimisation, not during the adds), so the rest of the build
        /// goes to the revised engine directly.
        public static let firstTrial = 192
    }

    /// The engine in use. A class, so that a read, which may optimise and then switch, can
    /// replace it; copied on write like the engines' own storage.
    final class Box {
        // Unchecked: every read goes through these two, and the dynamic exclusivity checks
        // cost 15% of a flat workload's rotation. Only `AdaptiveSolver` touches them, one
        // access at a time.
        @exclusivity(unchecked) var factored: CassowarySolver
        @exclusivity(unchecked) var revised: RevisedSolver?
        /// Live rows at which a build next optimises in the factored form (`optimiseIfDue`).
        @exclusivity(unchecked) var nextTrial: Int
        init(_ factored: CassowarySolver, _ revised: RevisedSolver?, nextTrial: Int = Switch.firstTrial) {
            self.factored = factored
            self.revised = revised
            self.nextTrial = nextTrial
        }
    }

    var box: Box

    public init() { self.init(workLimit: (Switch.slack, Switch.workPerStep)) }

    /// A solver that switches past another work limit (tests switch at small ones, so that the
    /// hand-over happens at every kind of point of a random sequence).
    init(workLimit: (slack: Int, perStep: Int)) {
        let factored = CassowarySolver(factored: true)
        factored.box.core.workLimit = workLimit
        box = Box(factored, nil)
    }

    public var strategy: String { "cassowary" }

    /// True once the system has been handed to the revised engine.
    public var isRevised: Bool { box.revised != nil }

    mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.factored, box.revised, nextTrial: box.nextTrial) }
    }

    /// Runs `checkInvariants()` after every operation and traps on a failure (tests, fuzzing).
    public var debugChecks: Bool {
        get { box.factored.debugChecks }
        set {
            unique()
            box.factored.debugChecks = newValue
            box.revised?.debugChecks = newValue
        }
    }

    /// Asked every 64 pivots of a deferred optimisation (as `CassowarySolver.interruption`).
    public var interruption: (() -> Bool)? {
        get { box.factored.interruption }
        set {
            unique()
            box.factored.interruption = newValue
            box.revised?.interruption = newValue
        }
    }

    /// Whether a rejected add reports a minimal conflicting set (as
    /// `CassowarySolver.minimizesConflicts`).
    public var minimizesConflicts: Bool {
        get { box.factored.minimizesConflicts }
        set {
            unique()
            box.factored.minimizesConflicts = newValue
            box.revised?.minimizesConflicts = newValue
        }
    }

    public mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        unique()
        if box.revised != nil { return try box.revised!.add(constraint, id: id) }
        try box.factored.add(constraint, id: id)
        box.switchIfFilledIn()
        box.optimiseIfDue()
    }

    public mutating func remove(_ id: ConstraintID) throws(SolverError) {
        unique()
        if box.revised != nil { return try box.revised!.remove(id) }
        try box.factored.remove(id)
    }

    /// Sized for the factored form, where every build starts.
    public mutating func reserveCapacity(constraints: Int, ids: Int) {
        unique()
        if box.revised == nil { box.factored.reserveCapacity(constraints: constraints, ids: ids) }
    }

    public func contains(_ id: ConstraintID) -> Bool {
        box.revised?.contains(id) ?? box.factored.contains(id)
    }

    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        unique()
        if box.revised != nil { return try box.revised!.addEditVariable(variable, priority: priority) }
        try box.factored.addEditVariable(variable, priority: priority)
        box.switchIfFilledIn()
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        unique()
        if box.revised != nil { return try box.revised!.removeEditVariable(variable) }
        try box.factored.removeEditVariable(variable)
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        unique()
        // The factored engine optimises before it moves a value: where that fills the tableau
        // in, the revised engine takes the suggestion.
        box.settle()
        if box.revised != nil { return try box.revised!.suggestValue(value, for: variable) }
        try box.factored.suggestValue(value, for: variable)
        box.switchIfFilledIn()
    }

    /// Brings the values up to date now (reads do it on demand).
    public func solve() { box.settle() }

    public func value(of variable: Variable) -> Double {
        // After a hand-over the revised engine's own read optimises what changed: one access
        // to it per read, not a `settle()` and then a read (the two cost a chain of 3 160
        // views' rotation 30% over the same engine built natively).
        if box.revised != nil { return box.revised!.valueInPlace(of: variable) }
        box.settle()
        return box.revised == nil ? box.factored.valueInPlace(of: variable) : box.revised!.valueInPlace(of: variable)
    }

    public func objective() -> [LevelError] {
        box.settle()
        return box.revised?.objective() ?? box.factored.objective()
    }

    public var counters: SolverCounters {
        box.settle()
        return box.revised?.counters ?? box.factored.counters
    }

    public func checkInvariants() throws(SolverError) {
        box.settle()
        if let revised = box.revised { try revised.checkInvariants() } else { try box.factored.checkInvariants() }
    }

    /// The variables among `candidates` whose value is not unique over the optimal solutions.
    public func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        box.settle()
        return box.revised?.ambiguousVariables(candidates) ?? box.factored.ambiguousVariables(candidates)
    }
}

extension AdaptiveSolver.Box {
    /// Optimises what changed; a factored optimisation that fills the tableau in stops there
    /// and the revised engine takes the system and finishes it.
    /// A read calls it every time: with nothing to do in the factored form it is two loads.
    @inline(__always)
    func settle() {
        guard revised == nil else { return revised!.solve() }
        guard factored.box.core.dirty else { return }
        factored.solve()
        switchIfFilledIn()
        revised?.solve()
    }

    /// Optimises a long build in the factored form at `nextTrial` live rows, then sets the next
    /// trial four times further: at most a logarithmic number of extra optimisations, each of
    /// which the next read would mostly have done anyway.
    func optimiseIfDue() {
        guard revised == nil, factored.box.core.tableau.liveRows >= nextTrial else { return }
        nextTrial *= 4
        factored.solve()
        // A revised engine that takes over is not optimised here: its optimisation waits for
        // the end of the build, as a build's does (optimised now, the rest of the build's adds
        // each met an optimal basis: the chain of 1 000 views took 190 ms instead of 24).
        switchIfFilledIn()
    }

    /// Hands the system to a revised engine when the factored tableau has filled in
    /// (`AdaptiveSolver.Switch`). O(1) when it has not.
    func switchIfFilledIn() {
        guard revised == nil, factored.box.core.isOverworked else { return }
        var next = RevisedSolver()
        next.debugChecks = factored.debugChecks
        next.minimizesConflicts = factored.minimizesConflicts
        next.interruption = factored.interruption
        do throws(SolverError) {
            try factored.box.core.replay(into: &next)
        } catch {
            // The revised engine refused what the factored one holds (rounding at the edge of
            // feasibility): the system stays factored, unswitched from now on.
            factored.box.core.workLimit = nil
            return
        }
        revised = next
        // The factored engine's memory goes; its settings stay readable.
        var empty = CassowarySolver(factored: true)
        empty.debugChecks = next.debugChecks
        empty.minimizesConflicts = next.minimizesConflicts
        empty.interruption = next.interruption
        factored = empty
    }
}

extension CassowaryCore {
    /// Adds this solver's constraints and edit variables (with their suggested values) to
    /// `solver`, in the order of their records: the order they were added, where no removal
    /// freed a record for a later one.
    /// An edit variable starts at its suggested value, with no solve in between.
    func replay(into solver: inout RevisedSolver) throws(SolverError) {
        solver.unique()
        for case let record? in records {
            if let v = record.editVariable {
                try solver.box.core.addEditVariable(v, priority: record.constraint.priority, suggested: record.suggested)
            } else if let id = record.id {
                try solver.box.core.add(record.constraint, id: id)
            }
        }
    }
}

/// A Cassowary engine whose deep invariant checks can run after every operation (tests, fuzzing,
/// `--debug-checks`), trapping on a failure.
public protocol DeepChecking: ConstraintSolver {
    var debugChecks: Bool { get set }
}
