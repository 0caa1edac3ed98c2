extension SparseLU {
    /// Number of reached nodes above which a triangular phase sweeps densely.
    var denseLimit: Int { max(16, Int(denseFraction * Double(baseDimension))) }

    /// FTRAN: `x ← B⁻¹ x` for the current basis B (the factored matrix with every update
    /// since applied in order). `x` is indexed by rows on input and by basis positions on
    /// output; `x.dimension` must equal `dimension`.
    ///
    /// Cost: hypersparse — O(nodes reached in L and U + their entries) when the input and
    /// the result are sparse (Gilbert–Peierls DFS), else O(m + nnz(L) + nnz(U)); plus, per
    /// update, O(1) for an eta whose pivot entry is zero and O(nnz(eta)) otherwise, and
    /// O(nnz(border row)) per border. No allocation once warm.
    ///
    /// On output `x.indices` may list positions holding exact zeros.
    public mutating func solve(_ x: inout SparseVector) {
        precondition(x.dimension == currentDimension, "SparseLU.solve: dimension mismatch")
        let m = baseDimension
        if m > 0 {
            let limit = denseLimit
            // L y = b, in row space, in place.
            var dense = Self.sweep(&x, &workspace, lines: lower, nodeStep: stepOfRow, stepNode: rowOf, pivot: pivot,
                                   divide: false, ascending: true, baseDimension: m, denseLimit: limit, denseInput: false)
            // U z = y, still indexed by pivot rows (node rowOf[s] holds the unknown of colOf[s]).
            dense = Self.sweep(&x, &workspace, lines: upperT, nodeStep: stepOfRow, stepNode: rowOf, pivot: pivot,
                               divide: true, ascending: false, baseDimension: m, denseLimit: limit, denseInput: dense)
            // Row rowOf[s] → basis position colOf[s].
            Self.permute(&x, &workspace, nodeStep: stepOfRow, stepTarget: colOf, baseDimension: m, dense: dense)
        }
        applyUpdatesForward(&x)
    }

    /// BTRAN: `y ← B⁻ᵀ y` for the current basis B. `y` is indexed by basis positions on
    /// input and by rows on output; `y.dimension` must equal `dimension`.
    ///
    /// Cost: O(total nonzeros of the etas) + O(nnz(border)) per border (PFI etas are
    /// applied as gathers in reverse order), then the hypersparse base solve as for `solve`.
    /// No allocation once warm.
    public mutating func solveTransposed(_ y: inout SparseVector) {
        precondition(y.dimension == currentDimension, "SparseLU.solveTransposed: dimension mismatch")
        applyUpdatesBackward(&y)
        let m = baseDimension
        if m > 0 {
            let limit = denseLimit
            // Uᵀ z = c, in column (basis position) space.
            let dense = Self.sweep(&y, &workspace, lines: upper, nodeStep: stepOfCol, stepNode: colOf, pivot: pivot,
                                   divide: true, ascending: true, baseDimension: m, denseLimit: limit, denseInput: false)
            // Column colOf[s] → row rowOf[s].
            Self.permute(&y, &workspace, nodeStep: stepOfCol, stepTarget: rowOf, baseDimension: m, dense: dense)
            // Lᵀ w = z, in row space.
            if Self.sweep(&y, &workspace, lines: lowerT, nodeStep: stepOfRow, stepNode: rowOf, pivot: pivot,
                          divide: false, ascending: false, baseDimension: m, denseLimit: limit, denseInput: false) {
                y.rebuildIndices()
            }
        }
    }
}
