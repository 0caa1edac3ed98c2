import LinearConstraints

/// The engine behind `CassowarySolver`: an incremental Cassowary solver with UIKit's lexicographic priorities.
///
/// The tableau follows the Cassowary paper (Badros, Borning, Stuckey, TOCHI 2001) and Kiwi's
/// layout (small integer symbols, one sorted row per basic symbol), with what Kiwi lacks:
/// - a column index (symbol -> rows holding it), so substituting a symbol touches only its rows;
/// - an objective per priority level compared lexicographically (`ObjectiveLevels`), or, as the
///   `cassowary-weighted` strategy, Kiwi's single weighted objective;
/// - rollback: a rejected add leaves the solver exactly as before (`Journal`);
/// - a minimal conflicting set for every rejected required constraint (`Solver+Conflict.swift`);
/// - relative tolerances, and no trap or "unbounded" for any input: a typed error instead;
/// - deterministic choices only (Bland's rule by symbol id, arrays instead of hashed iteration).
///
/// Every public operation keeps the tableau primal feasible and optimal, so reads are O(1)
/// (`cassowary-factored`: the first read after an operation evaluates the definitions it needs,
/// memoised until the next operation; `Solver+Factored.swift`).
struct CassowaryCore: HeldModel {
    /// True for the Kiwi-style weighted strategy.
    public let weighted: Bool
    /// True for the `cassowary-factored` strategy: basic external variables keep their rows in
    /// terms of other definitions (`Solver+Factored.swift`).
    let factored: Bool
    var factoredState = FactoredState()
    /// Set when a definition came to name an external above its own id (a removal's pivot
    /// through a definition can do that): from then on `insertFactored` expands every row fully,
    /// which cannot close a cycle.
    var definitionOrderBroken = false
    /// Runs `checkInvariants()` after every operation and traps on a failure (tests, fuzzing).
    var debugChecks = false
    /// When false, a rejected add reports an empty conflict (used by the conflict filter itself).
    var explainConflicts = true
    /// When false, a rejected add reports its certificate's members unminimised
    /// (`Solver+Conflict.swift`): a layout pass that leaves the explanation to diagnostics.
    var minimizeConflicts = true
    /// Asked every 64 pivots of a deferred optimisation (`CassowarySolver.interruption`).
    var interruption: (() -> Bool)?
    /// Set by `AdaptiveSolver`: the row-update work (`Tableau.work`, terms read) past which the
    /// tableau counts as filled in, `slack` plus `perStep` per row and per pivot; a deferred
    /// optimisation then stops (checked after every pivot) so that the system can be handed to
    /// the revised engine.
    var workLimit: (slack: Int, perStep: Int)?

    var tableau = Tableau()
    var levels = ObjectiveLevels()
    var records: [ConstraintRecord?] = []
    var freeRecords: [Int32] = []
    var recordOfID = SlotTable<ConstraintID>()
    var recordOfEdit = SlotTable<Variable>()
    /// External symbol per variable index, -1 when the variable was never mentioned.
    var variableSymbol: [Int32] = []
    var infeasibleRows: [Int32] = []
    /// Scratch of the primal simplex's long step (`longStepRow`), kept to avoid allocating.
    var breakpoints: [Breakpoint] = []
    var passedBreakpoints: [Breakpoint] = []
    /// Scratch of the dual simplex's long step (`dualLongStep`), kept to avoid allocating.
    var dualCandidates: [DualCandidate] = []
    var dualMoves: [Int32] = []
    /// Long steps the dual simplex took, and the short moves they made (tests read them).
    var dualLongSteps = 0
    var dualLongStepMoves = 0
    var journal: Journal?
    /// Symbols of the last failed phase one (or all-dummy row): where a conflict explanation starts.
    var conflictCandidates: [Int32] = []
    /// Magnitude of the numbers seen (>= 1): feasibility tolerances scale with it.
    var magnitude: Double = 1
    /// Magnitude of the suggested values seen (>= 1): the dual simplex's residue scale.
    var suggestMagnitude: Double = 1
    /// The tolerance of the constraint being added (`tolerance(for:)`), for phase one.
    var addTolerance: Double = 1e-9
    /// The required constraint being added whose `addTolerance` is still to be computed.
    var pendingTolerance: LinearExpression?
    var pivots = 0
    /// Constraints changed since the last optimisation: reads optimise first (`optimizeIfNeeded`).
    var dirty = false
    var noiseSkips = 0

    var strategy: String { factored ? "cassowary-factored" : weighted ? "cassowary-weighted" : "cassowary-explicit" }

    init(weighted: Bool, factored: Bool = false) {
        self.weighted = weighted
        self.factored = factored
    }

    /// Kiwi-style weight of a priority in weighted mode.
    static func weight(of p: Priority) -> Double {
        var w = 1.0
        let e = 6 * Double(p.value) / 1000
        w = pow10(e)
        return w
    }

    static func pow10(_ e: Double) -> Double {
        // 10^e = 2^(e·log2 10) without Foundation: split into integer and fractional powers.
        let x = e * 3.321928094887362
        let n = x.rounded(.down)
        var f = x - n
        f *= 0.6931471805599453
        var term = 1.0
        var sum = 1.0
        for k in 1..<30 {
            term *= f / Double(k)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(n), significand: 1)
    }

    /// Objective level key and weight for a soft priority.
    func levelKey(_ p: Priority) -> (key: Float, weight: Double) {
        weighted ? (1000, Self.weight(of: p)) : (p.value, 1)
    }

    // MARK: reads

    mutating func value(of variable: Variable) -> Double {
        guard let s = symbolOf(variable) else { return 0 }
        if factored { return evaluated(s).value }
        let r = tableau.basicRow[Int(s)]
        return r >= 0 ? tableau.rows[Int(r)].constant : 0
    }

    func contains(_ id: ConstraintID) -> Bool { recordOfID[id] != nil }

    /// `ConstraintSolver.reserveCapacity`: a record, a row and up to two new symbols (slack,
    /// dummy or errors) per constraint.
    mutating func reserveCapacity(constraints: Int, ids: Int) {
        records.reserveCapacity(records.count + constraints)
        recordOfID.reserve(below: ids, more: constraints)
        tableau.reserve(rows: constraints, symbols: 2 * constraints)
    }

    var counters: SolverCounters {
        SolverCounters(
            pivots: pivots, rows: tableau.liveRows, cells: tableau.cells + levels.cellCount,
            constraints: recordOfID.count + recordOfEdit.count, noiseSkips: noiseSkips,
            nonzeros: HeldRecords.nonzeros(records))
    }

    /// Summed error per distinct priority, highest first, measured at the current values.
    mutating func objective() -> [LevelError] {
        HeldRecords.objective(records) { value(of: $0) }
    }

    /// True when the row updates have done more work than `workLimit` allows.
    var isOverworked: Bool {
        guard let workLimit else { return false }
        return tableau.work > workLimit.slack + workLimit.perStep * (tableau.liveRows + pivots)
    }

    mutating func optimizeIfNeeded() {
        guard dirty else { return }
        dirty = false
        factoredState.invalidate()
        guard interruption != nil || workLimit != nil else { return optimize() }
        if !optimize(stoppingWhen: interruption ?? { false }) { dirty = true }
    }

    mutating func afterOperation() {
        factoredState.invalidate()
        guard debugChecks else { return }
        do { try checkInvariants() } catch { preconditionFailure("Cassowary invariant broken: \(error)") }
    }
}
