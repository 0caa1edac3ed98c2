import LinearConstraints

/// The implied equalities of the optimal face, all at once (cf. Bromberger and Weidenbach,
/// "Computing a complete basis for equalities implied by a system of LRA constraints", SMT 2016).
///
/// The optimal face F: nonbasic symbols with a nonzero coefficient at some level are 0 on F (the
/// first nonzero one is positive at optimality), dummies are 0, and the movable nonbasic symbols
/// y (zero at every level, not dummy) span it: restricted basic rows `s = b + a·y` stay >= 0,
/// restricted y >= 0, external y free. An inequality is an implied equality when it is 0 on all
/// of F; a linear function is constant on F exactly when its gradient is a combination of the
/// implied equalities' (F is full-dimensional in their common zero set, its affine hull).
///
/// Only inequalities tight at the current vertex can be implied, and whether one is depends only
/// on the cone they form at the vertex (a point of F where one is positive gives a direction of
/// the cone where it grows, and back). So the work is a homogeneous program: every pivot is
/// degenerate, no value moves, and each step either pivots or finds a ray of the cone.
///
/// 1. `markTightSymbols`: tight rows (constant within `tightTolerance(ofRow:)` of 0, snapped to 0) and the
///    candidates: tight rows holding a movable symbol and the restricted movable symbols in them.
/// 2. `eliminateEqualityRows`: a basic dummy row (an equality) or a free external inside a tight
///    row gets a movable symbol pivoted in, so the program only has sign-restricted directions.
/// 3. `findImpliedEqualities`: minimise minus the sum of the candidates at a temporary lowest
///    level, entering only movable symbols. A ray (nothing tight blocks the entering symbol) makes
///    every candidate growing along it positive somewhere on F: it is dropped (and leaves the
///    objective). At the optimum the objective is 0 with nonnegative reduced costs, so every
///    remaining candidate is 0 on the whole cone: exactly the implied equalities.
/// 4. `fixEqualities`: each implied equality becomes a fixed nonbasic symbol (a degenerate pivot
///    when it is basic); the movable symbols left unfixed are the affine hull's coordinates.
///
/// Cost: O(tableau) for the marks and one pivot per eliminated row, per entering symbol of the
/// program and per implied equality, each O(rows holding the entering symbol). Choices follow
/// Bland's rule by `Tableau.order` and arrays in symbol order, so answers are deterministic.
extension CassowaryCore {
    /// Marks per symbol while the implied equalities are found.
    struct FaceMarks {
        /// Restricted symbols at 0 at the current vertex: every nonbasic one, and basic ones whose
        /// row constant is within `tightTolerance(ofRow:)` (snapped to 0). Fixed under degenerate pivots.
        var tight: [Bool]
        /// Tight inequalities not (yet) seen positive on the face.
        var candidate: [Bool]
        /// Implied equalities made nonbasic (or basic over fixed symbols only).
        var fixed: [Bool]
    }

    /// A row constant this close to 0 is a tight inequality: `Tolerance.rowResidue` of the
    /// magnitudes its row was computed from (`Row.constantScale`).
    func tightTolerance(ofRow r: Int) -> Double { Tolerance.rowResidue * max(1, tableau.rows[r].constantScale) }

    /// Pivots this copy so that the optimal face's implied equalities are fixed nonbasic symbols
    /// and returns, per symbol, whether it is a direction of the face's affine hull (movable and
    /// not fixed). The real levels are untouched; the tableau describes the same vertex.
    mutating func faceDirections() -> [Bool] {
        var marks = markTightSymbols()
        eliminateEqualityRows(&marks)
        findImpliedEqualities(&marks)
        fixEqualities(&marks)
        return (0..<tableau.symbolCount).map { isMovable(Int32($0)) && !marks.fixed[$0] }
    }

    /// Step 1. Tight symbols, snapping tight row constants to exactly 0 so that later pivots
    /// are exactly degenerate; candidates from the tight rows that hold a movable symbol. O(tableau).
    mutating func markTightSymbols() -> FaceMarks {
        let n = tableau.symbolCount
        var marks = FaceMarks(
            tight: (0..<n).map { tableau.kinds[$0].isRestricted && tableau.basicRow[$0] < 0 },
            candidate: [Bool](repeating: false, count: n), fixed: [Bool](repeating: false, count: n))
        for r in tableau.rows.indices {
            let b = tableau.rowBasic[r]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted, tableau.rows[r].constant <= tightTolerance(ofRow: r) else { continue }
            marks.tight[Int(b)] = true
            tableau.withRow(Int32(r)) { row, _ in row.constant = 0 }
            markCandidates(row: r, &marks)
        }
        return marks
    }

    /// The basic symbol of tight row `r` and its restricted movable symbols are candidates when
    /// the row holds a movable symbol (a row of fixed symbols only is constant on the face).
    func markCandidates(row r: Int, _ marks: inout FaceMarks) {
        let row = tableau.rows[r]
        var holdsMovable = false
        for k in 0..<row.count where isMovable(row.syms[k]) {
            holdsMovable = true
            if tableau.kinds[Int(row.syms[k])].isRestricted { marks.candidate[Int(row.syms[k])] = true }
        }
        let b = Int(tableau.rowBasic[r])
        if holdsMovable, tableau.kinds[b] != .dummy { marks.candidate[b] = true }
    }

    /// Step 2. A tight dummy row holding a movable symbol is an equality, and a movable external
    /// is free in both directions: a degenerate pivot makes the dummy nonbasic (fixed at 0) and the
    /// external basic (its row, unrestricted, constrains nothing). Externals in no tight row are
    /// free directions the program never needs. One pass suffices: a pivot only spreads symbols of
    /// its own tight row.
    mutating func eliminateEqualityRows(_ marks: inout FaceMarks) {
        for r in tableau.rows.indices {
            let b = tableau.rowBasic[r]
            guard b >= 0, tableau.kinds[Int(b)] == .dummy, marks.tight[Int(b)] else { continue }
            if let e = largestMovable(inRow: Int32(r), marks) { pivot(entering: e, row: Int32(r)) }
        }
        for s in 0..<Int32(tableau.symbolCount) where tableau.kinds[Int(s)] == .external && isMovable(s) {
            if let r = largestTightEntry(of: s, marks) { pivot(entering: s, row: r) }
        }
    }

    /// The movable, unfixed symbol with the largest coefficient (above the pivot tolerance) in row
    /// `r`, the lowest id among equals: the stablest degenerate pivot. O(row × levels).
    func largestMovable(inRow r: Int32, _ marks: FaceMarks) -> Int32? {
        let row = tableau.rows[Int(r)]
        var best: Int32? = nil
        var size = Self.pivotTolerance
        for k in 0..<row.count where abs(row.coefs[k]) > size && !marks.fixed[Int(row.syms[k])] && isMovable(row.syms[k]) {
            best = row.syms[k]
            size = abs(row.coefs[k])
        }
        return best
    }

    /// The tight restricted row where `s` has the largest coefficient (above the pivot
    /// tolerance), the lowest slot among equals. O(column).
    mutating func largestTightEntry(of s: Int32, _ marks: FaceMarks) -> Int32? {
        tableau.liveColumn(s)
        var best: Int32? = nil
        var size = Self.pivotTolerance
        for r in tableau.columnScratch {
            let b = tableau.rowBasic[Int(r)]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted, marks.tight[Int(b)] else { continue }
            let c = abs(tableau.rows[Int(r)].coefficient(of: s))
            if c > size {
                best = r
                size = c
            }
        }
        return best
    }
}

// MARK: the program over the cone of tight inequalities

extension CassowaryCore {
    /// Step 3. Minimises minus the sum of the candidates at a temporary lowest level, entering
    /// only movable symbols (zero at every real level, so the real levels never change). Each pop
    /// either pivots degenerately on a tight row or finds a ray and drops what grows along it.
    /// Ends with `candidate` marking exactly the implied equalities.
    mutating func findImpliedEqualities(_ marks: inout FaceMarks) {
        let l = addTemporaryLevel()
        defer { dropTemporaryLevel(l) }
        for k in 0..<Int32(tableau.symbolCount) where marks.candidate[Int(k)] { addTerm(of: k, -1, level: l) }
        while let e = levels.popMin(l) {
            guard levels.coefs[l][Int(e)] < 0, tableau.basicRow[Int(e)] < 0,
                tableau.kinds[Int(e)] != .dummy, levels.isFreeAbove(l, e)
            else { continue }
            if let r = tightLeavingRow(for: e, marks) {
                pivot(entering: e, row: r)
            } else {
                dropGrowing(along: e, level: l, &marks)
            }
        }
    }

    /// Adds `sign` times the symbol `k` (its row when basic) to level `l`. O(row).
    mutating func addTerm(of k: Int32, _ sign: Double, level l: Int) {
        let r = tableau.basicRow[Int(k)]
        guard r >= 0 else {
            objectiveAdd(l, k, sign)
            return
        }
        let row = tableau.rows[Int(r)]
        for i in 0..<row.count { objectiveAdd(l, row.syms[i], sign * row.coefs[i]) }
    }

    /// The ratio test on the cone: among tight restricted rows where `e` has a coefficient below
    /// minus the pivot tolerance (each bounds `e` at 0), the one whose basic symbol comes first in
    /// `Tableau.order`, as the entering rule does (Bland's rule: degenerate pivots cannot cycle).
    /// Nil when none: `e` is a ray of the cone. O(column).
    mutating func tightLeavingRow(for e: Int32, _ marks: FaceMarks) -> Int32? {
        tableau.liveColumn(e)
        var best: Int32? = nil
        var bestOrder = Int64.max
        for r in tableau.columnScratch {
            let b = tableau.rowBasic[Int(r)]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted, marks.tight[Int(b)],
                tableau.rows[Int(r)].coefficient(of: e) < -Self.pivotTolerance, tableau.order(b) < bestOrder
            else { continue }
            best = r
            bestOrder = tableau.order(b)
        }
        return best
    }

    /// `e` grows without bound on the cone: `e` itself and every candidate row with a positive
    /// coefficient on `e` are positive somewhere on the face, so they are no candidates and leave
    /// the objective (which leaves `e` a nonnegative coefficient there). O(column + their rows).
    mutating func dropGrowing(along e: Int32, level l: Int, _ marks: inout FaceMarks) {
        var growing: [Int32] = marks.candidate[Int(e)] ? [e] : []
        tableau.liveColumn(e)
        for r in tableau.columnScratch {
            let b = tableau.rowBasic[Int(r)]
            if b >= 0, marks.candidate[Int(b)], tableau.rows[Int(r)].coefficient(of: e) > 0 { growing.append(b) }
        }
        for k in growing {
            marks.candidate[Int(k)] = false
            addTerm(of: k, 1, level: l)
        }
    }

    /// Step 4. Every implied equality is marked fixed; a basic one whose row still holds a
    /// movable unfixed symbol has the largest such pivoted in (degenerate: its constant is 0, and
    /// movable symbols have no coefficient at any level, so the levels do not change). Afterwards
    /// each implied equality is a fixed symbol or a row over fixed and immovable symbols only.
    mutating func fixEqualities(_ marks: inout FaceMarks) {
        for k in 0..<Int32(tableau.symbolCount) where marks.candidate[Int(k)] {
            marks.fixed[Int(k)] = true
            let r = tableau.basicRow[Int(k)]
            guard r >= 0, let e = largestMovable(inRow: r, marks) else { continue }
            pivot(entering: e, row: r)
        }
    }
}
