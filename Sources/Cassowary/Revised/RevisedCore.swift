import LinearConstraints
import SparseLU

/// The engine behind `RevisedSolver` (strategy `cassowary-revised`): the Cassowary model (one
/// row per constraint with its slack, error or dummy symbols, UIKit's lexicographic priorities)
/// solved by a revised simplex over a sparse LU factorization of the basis instead of an
/// explicit tableau.
///
/// Why: the explicit tableau holds B⁻¹N, and on chains and grids of views B⁻¹ is dense even
/// where B is not (the peer chain of 1 000 views: 9 million cells; a grid of 10 000: 18
/// million). The factors of B stay about as sparse as B itself, so a pivot costs what its
/// solves touch (hypersparse FTRAN and BTRAN, `SparseLU`), not a row of every earlier view.
///
/// The model, for constraint row i: `Σ a_ij x_j + b_i = 0` over every column j (client
/// variables, free; the constraint's own slack and error columns, >= 0; a required equality's
/// dummy, fixed at 0). Nonbasic columns sit at 0, so the basic values are `x_B = B⁻¹(−b)`.
/// - a new row takes as its basic column a client variable seen for the first time, else its own
///   slack or error column (the sign that makes it >= 0); B grows by a bordered row
///   (`SparseLU.appendRow`), no refactorization;
/// - a required row whose basic value is infeasible runs a one-row phase one (`Revised+PhaseOne`):
///   the primal simplex on that row's value, keeping every other row feasible; failure leaves a
///   Farkas certificate (the BTRAN of the row), whose required members the deletion filter of
///   `Solver+Conflict.swift` minimises; the add is then undone exactly (`RevisedJournal`);
/// - optimisation is deferred to the next read, as in `cassowary`: reduced costs per priority
///   level are computed once (one BTRAN per level) and kept through the primal simplex,
///   level by level, highest first (`Revised+Primal`);
/// - a suggested value moves `x_B` by one FTRAN; the dual simplex with a lexicographic ratio
///   test restores feasibility (`Revised+Dual`).
struct RevisedCore: HeldModel {
    // MARK: columns (symbols)

    var kinds: [SymbolKind] = []
    /// Per column: the record that owns it (-1 for a client variable).
    var owners: [Int32] = []
    /// Column-wise copy of the rows: per column, the rows holding it and the coefficients.
    var columns = ColumnCopy()
    /// Per column: its objective level's priority key (0: not costed) and weight there.
    var costKey: [Float] = []

    // MARK: rows

    /// Per row: its columns and coefficients (pooled), its constant, its record.
    var rows = RowStore()
    var rowConstant: [Double] = []
    var rowRecord: [Int32] = []

    // MARK: basis

    /// Per basis position: the basic column and its value. Position k of B is column
    /// `basicAt[k]`; row i of B is constraint row i.
    var basicAt: [Int32] = []
    var xB: [Double] = []
    /// Per column: its basis position, -1 when nonbasic (value 0).
    var positionOf: [Int32] = []
    var lu = SparseLU()
    /// False when `lu` no longer stands for B (rows appended or columns replaced without
    /// updating it, a removal): the next solve factors afresh (`ensureFactor`).
    var luValid = true
    /// Update-log entries the solves since the last factorization have applied: past
    /// `refactorBudget` a fresh factorization is cheaper than carrying the log on.
    var updateWork = 0

    // MARK: objective

    /// Priority keys of the levels, highest first, with how many records cost at each.
    var levelKeys: [Float] = []
    var levelRefs: [Int] = []
    /// Reduced costs per level and column, valid when `dualsValid`.
    var reduced: [[Double]] = []
    var dualsValid = false
    /// Per level: a min-heap of columns whose reduced cost there may improve the level (stale
    /// entries allowed, checked when popped), so Bland's rule needs no scan of every column.
    var candidates: [[Int32]] = []
    /// Per level and column: true while the column is in that level's heap (pushed and not
    /// popped since), so a pivot row that names it again does not push it twice. Without it
    /// the peer chain's dense pivot rows pushed every column at every level on every pivot:
    /// 14% of its build went to popping duplicates.
    var queued: [[Bool]] = []
    /// Positions whose basic value may be infeasible (restricted below 0, dummy not 0): a
    /// min-heap of positions, each at most once (`isSuspect`).
    var suspects: [Int32] = []
    var isSuspect: [Bool] = []

    // MARK: records

    var records: [RevisedRecord?] = []
    var freeRecords: [Int32] = []
    var recordOfID = SlotTable<ConstraintID>()
    var recordOfEdit = SlotTable<Variable>()
    var variableSymbol: [Int32] = []

    // MARK: state

    var journal: RevisedJournal?
    /// Magnitude of the numbers seen (>= 1): tolerances scale with it.
    var magnitude: Double = 1
    /// The largest and smallest coefficient magnitudes seen: their ratio bounds how much a
    /// solve may amplify rounding (the deep checks' residual tolerance grows with it).
    var largestCoefficient: Double = 1
    var smallestCoefficient: Double = 1
    var pivots = 0
    var noiseSkips = 0
    /// Constraints or suggestions changed since the last optimisation.
    var dirty = false
    var debugChecks = false
    var explainConflicts = true
    var minimizeConflicts = true
    var interruption: (() -> Bool)?

    // MARK: scratch (kept: warm operations allocate nothing)

    var rho = SparseVector(dimension: 0)
    var column = SparseVector(dimension: 0)
    var pivotRow = SparseVector(dimension: 0)
    /// Positions whose errors a long step swaps (scratch).
    var swapped: [Int32] = []
    /// Reduced costs a trial exchange of errors overwrote: level, column, old value (scratch).
    var costUndo: [(Int32, Int32, Double)] = []
    var border = SparseVector(dimension: 0)
    /// A new soft equality's columns, newest first (`crashSoftEquality`).
    var crashOrder: [Int32] = []
    /// B in compressed columns for `refactor`.
    var basisStarts: [Int32] = []
    var basisRows: [Int32] = []
    var basisValues: [Double] = []

    var rowCount: Int { rowConstant.count }
    var columnCount: Int { kinds.count }

    /// Feasibility tolerance of a basic value (`Tolerance.feasibility`).
    var feasibilityTolerance: Double { magnitude * Tolerance.feasibility }
    /// Pivot elements (FTRAN or BTRAN entries) at or below this are rounding residue
    /// (`Tolerance.pivot`, the explicit engine's too).
    static let pivotTolerance = Tolerance.pivot
    /// Reduced costs within this fraction of the level's scale are 0.
    static let costTolerance = 1e-11
}

/// A constraint (or edit variable) in `RevisedCore`.
struct RevisedRecord {
    var constraint: Constraint
    /// The row and its own columns: `marker` (slack, dummy, or a soft equality's plus error)
    /// and `other` (a soft inequality's error or a soft equality's minus error), -1 when absent.
    var row: Int32
    var marker: Int32
    var other: Int32 = -1
    var editVariable: Variable?
    var suggested: Double = 0
    var id: ConstraintID?
}

/// What a required add changed, so that a rejected one can be undone exactly.
struct RevisedJournal {
    var values: [(Int32, Double)] = []
    var basis: [(position: Int32, column: Int32)] = []
    var rows: Int
    var columns: Int
    var variables: [Int32] = []
    var dualsValid: Bool
    var dirty: Bool
    var magnitude: Double
    var pivots: Int
}
