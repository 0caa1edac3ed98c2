import LinearConstraints

/// A better first basis for soft equalities that hold when they are added.
///
/// A soft equality `a == b` whose sides are already equal comes out with one of its errors basic
/// at 0 (`appendRow`). On an equal-size chain (`w_k == w_(k-1)` for every view) that basis keeps
/// each width basic in its own `w >= 10` row, so the first change of any width (the root's size,
/// found by the strong level) breaks one equality, and the middle level then pivots its way back,
/// one view at a time, each pivot moving every later width: N pivots of O(N) work.
///
/// Here such a row takes a slack instead: a client variable of the row is basic in another row
/// whose own slack is nonbasic and uncosted; the slack enters at the new row's position with a
/// step of 0 (nothing moves) and the error leaves. The width then follows its neighbour through
/// the equality, and the slack of `w >= 10` absorbs it, so the equalities hold through every
/// later pivot and the middle level has nothing left to do. One FTRAN per such row, on a basis
/// that is as sparse there as the rows added so far. The row's newest client variable is tried
/// first: each width then follows the one before it, and the first view's slack, the one column
/// that moves them all, stays nonbasic with the lowest id, where Bland's rule finds it first.
extension RevisedCore {
    /// Exchanges the error basic at 0 at position `p` (a soft equality just appended) for a slack
    /// of a row that holds one of its client variables as basic, when the pivot is sound.
    mutating func crashSoftEquality(at p: Int32) {
        let error = basicAt[Int(p)]
        guard kinds[Int(error)] == .error, xB[Int(p)] == 0 else { return }
        let cols = rowCols[Int(p)]
        for c in cols.sorted(by: >) where kinds[Int(c)] == .external {
            let q = positionOf[Int(c)]
            guard q >= 0, q != p else { continue }
            for s in rowCols[Int(q)] where kinds[Int(s)] == .slack && costKey[Int(s)] == 0 && positionOf[Int(s)] < 0 {
                transformColumn(s)
                let a = column.values[Int(p)]
                var largest = 0.0
                for i in column.indices { largest = max(largest, abs(column.values[Int(i)])) }
                guard abs(a) > max(Self.pivotTolerance, largest * 1e-9) else { continue }
                pivot(entering: s, at: p, theta: 0, delta: 1)
                return
            }
        }
    }
}
