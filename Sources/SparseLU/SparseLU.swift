/// Errors thrown by `SparseLU.factor`.
public enum SparseLUError: Error, Equatable {
    /// The matrix is (structurally or numerically) singular.
    ///
    /// `columns` are the basis positions that could not be pivoted, ascending; `rows` are the
    /// rows left without a pivot, ascending, with `rows.count == columns.count`. Replacing
    /// column `columns[k]` by the unit column `e_{rows[k]}` (any pairing works) yields a
    /// nonsingular matrix, and the factorization left behind *is* the factorization of
    /// exactly that repaired matrix (pairing `columns[k]` with `rows[k]`), so the caller can
    /// swap the corresponding slack variables into its basis and keep going without refactoring.
    case singular(columns: [Int32], rows: [Int32])
    /// The compressed-column input is malformed (bad lengths or out-of-range indices).
    case invalidInput
}

/// A compressed list of lines (rows or columns), one line per elimination step:
/// line `s` is `index[start[s]..<start[s+1]]` / `value[...]`.
public struct CompressedLines {
    public var start: [Int32] = [0]
    public var index: [Int32] = []
    public var value: [Double] = []

    public init() {}

    /// Total number of stored entries.
    public var count: Int { index.count }

    mutating func removeAll() {
        start.removeAll(keepingCapacity: true)
        start.append(0)
        index.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
    }
}

/// Sparse LU factorization of a square simplex basis with hypersparse solves and
/// product-form (PFI) column replacement plus row-bordering updates.
///
/// Model. `factor` computes pivot steps `s = 0..<m`, each a pair (row `rowOf[s]`,
/// column `colOf[s]`) with pivot value `pivot[s]`, such that `B = L·U` where
/// `L[i, s]` (stored in `lower` line `s`, rows `i` pivoted after `s`) are the elimination
/// multipliers with unit diagonal `L[rowOf[s], s] = 1`, and `U[s, j]` (stored in `upper`
/// line `s`, columns `j` pivoted after `s`) is the active pivot row with diagonal `pivot[s]`.
/// Both triangles are also stored transposed (`lowerT`, `upperT`) because FTRAN needs L and
/// U by columns while BTRAN needs them by rows, and each direction scatters (hypersparse
/// solves must push updates forward along the graph, never gather).
///
/// Updates since the factorization form an ordered log (see `SparseLU+Update.swift`):
/// eta columns (`replaceColumn`) and row borders (`appendRow`). The current basis is the
/// factored one with every update applied in order.
///
/// Everything is value-typed, Int32-indexed, struct-of-arrays, deterministic, and the solve
/// scratch lives in the struct, so warm solves and updates do not allocate.
public struct SparseLU {
    /// Threshold partial pivoting parameter `u`: a pivot must satisfy
    /// `|pivot| >= u * max |entry in its active column|`. 0.1 keeps fill low while bounding
    /// element growth by (1 + 1/u) per step.
    public var pivotThreshold: Double = 0.1
    /// Relative singularity tolerance: an active column whose largest remaining entry is
    /// `<= singularTolerance * (max |entry| of that column in the input)` is declared
    /// dependent; entries cancelling below that level are dropped during elimination.
    /// Relative to the *input column* so that column scaling does not change the verdict.
    public var singularTolerance: Double = 1e-13
    /// `replaceColumn` refuses (returns false) when
    /// `|transformed[position]| <= updatePivotTolerance * max_i |transformed[i]|`.
    public var updatePivotTolerance: Double = 1e-9
    /// A triangular phase switches from depth-first (hypersparse) to a dense sweep when its
    /// input, or the reach found so far, exceeds this fraction of the base dimension.
    public var denseFraction: Double = 0.1

    /// Dimension of the factored matrix (before any `appendRow`).
    var baseDimension: Int = 0
    /// Current dimension (base plus appended rows).
    var currentDimension: Int = 0

    var rowOf: [Int32] = []
    var colOf: [Int32] = []
    var stepOfRow: [Int32] = []
    var stepOfCol: [Int32] = []
    var pivot: [Double] = []
    /// L by columns: line `s` holds rows `i` and multipliers `L[i, s]`.
    var lower = CompressedLines()
    /// L by rows: line `s` holds the multipliers of row `rowOf[s]`, indexed by the row `rowOf[k]` of their step `k < s`.
    var lowerT = CompressedLines()
    /// U by rows: line `s` holds the off-diagonal entries `U[s, j]`, indexed by column `j`.
    var upper = CompressedLines()
    /// U by columns: line `s` holds column `colOf[s]`'s off-diagonal entries, indexed by the row `rowOf[k]` of their step `k < s`.
    var upperT = CompressedLines()

    /// Ordered update log (etas and borders).
    var updates = UpdateLog()
    /// Scratch of the solves that visit only the updates they reach.
    var traversal = UpdateTraversal()
    /// Logs shorter than this are walked whole (SparseLU+ReachedUpdates.swift); so is a vector
    /// with more than a sixteenth as many registered positions as the log has updates.
    var reachedUpdatesMinimum = 64
    /// What the last solve's pass over the update log cost, in entries and updates looked at:
    /// the whole log's for a plain walk, the updates and list nodes reached otherwise.
    public internal(set) var lastUpdateWork = 0
    /// Solve scratch (reused, never shrinks).
    var workspace = SolveWorkspace()
    /// The elimination's storage, kept between factorizations (see `ActiveSubmatrix.load`).
    var activeStorage = ActiveSubmatrix()
    /// The singleton pass's storage, kept between factorizations (see `TriangularPeel`).
    var peelStorage = TriangularPeel()

    /// An empty (0×0) factorization.
    public init() {}

    /// The current dimension m (the factored dimension plus rows appended since).
    public var dimension: Int { currentDimension }

    /// Number of updates (column replacements and row borders) since the last `factor`.
    public var updateCount: Int { updates.count }

    /// Stored nonzeros of all updates since the last `factor` (eta entries including
    /// their pivots, border entries including their diagonals).
    public var updateNonzeros: Int { updates.entryIndex.count + updates.count }

    /// nnz(L) + nnz(U) of the last factorization: off-diagonal multipliers of L
    /// (its unit diagonal is implicit) plus U including its diagonal.
    public var factorNonzeros: Int { lower.count + upper.count + baseDimension }
}
