import LinearConstraints

/// Soft equalities' kinks passed before the dual simplex, all at once.
///
/// A suggestion moves the basic values, and a soft equality's basic error that it carries below 0
/// (every cell's width past its preferred 80 when the peer grid rotates) used to leave the basis in
/// a dual pivot of its own: a BTRAN, a pass over the rows it names, the ratio test, an FTRAN and an
/// update of every level's reduced costs, each O(a row of the grid), so a rotation grew as N^1.5.
/// That pivot's ratio test nearly always picks the error's partner, the other sign of the same
/// violation, whose column is the error's negated: the exchange negates one column of B (an
/// entry-free eta) and one value, and moves nothing else. The exchanges keep the basis optimal
/// exactly when the reduced costs they produce stay lexicographically nonnegative (the partner had
/// the smallest dual ratio). So they are tried together: one BTRAN per level for all of them
/// (`updateReducedCostsForSwaps`), then the columns it touched are checked. Taken when every one
/// of them is still optimal; otherwise the reduced costs are put back and the dual simplex pivots
/// as before. Either way the basis that follows is optimal: the same vertex where the optimum is
/// unique (where it is not, the dual simplex's lowest-id tie-break may have chosen another one).
extension RevisedCore {
    /// Exchanges every infeasible basic soft-equality error for its partner when the basis stays
    /// optimal at every level; otherwise changes nothing. O(levels × (one BTRAN + the rows it names)).
    mutating func exchangeInfeasibleErrors() {
        // The list is filled by a nonmutating method: called from this mutating one, the
        // feasibility test received a copy of the whole engine state per position (a rotation of
        // the flat workload of 1 000 views took 17% more instructions that way).
        var list: [Int32] = []
        swap(&list, &swapped)
        collectInfeasibleErrors(into: &list)
        swap(&list, &swapped)
        guard !swapped.isEmpty else { return }
        costUndo.removeAll(keepingCapacity: true)
        updateReducedCostsForSwaps(recording: true)
        // The check reads the basis as the exchange leaves it: partners basic, errors not.
        setExchangedPositions(exchanged: true)
        guard exchangedCostsStayOptimal() else {
            setExchangedPositions(exchanged: false)
            for (l, j, old) in costUndo.reversed() { reduced[Int(l)][Int(j)] = old }
            return
        }
        for (l, j, _) in costUndo where positionOf[Int(j)] < 0 {
            let d = reduced[Int(l)][Int(j)]
            if d < 0 || d != 0 && kinds[Int(j)] == .external { pushCandidate(Int(l), j) }
        }
        for i in swapped { exchangeError(at: i) }
    }

    /// The positions (ascending) whose basic column is a soft equality's error below its bound.
    /// Cheapest tests first: a rotation of the flat workload leaves 10 000 slacks below 0.
    func collectInfeasibleErrors(into list: inout [Int32]) {
        list.removeAll(keepingCapacity: true)
        for p in suspects where Int(p) < rowCount && xB[Int(p)] < 0 && kinds[Int(basicAt[Int(p)])] == .error {
            if !isFeasible(p), isSoftEqualityError(basicAt[Int(p)]) { list.append(p) }
        }
        list.sort()
    }

    /// Marks each error at a position in `swapped` nonbasic and its partner basic there
    /// (`exchanged`), or the other way back; `basicAt` and the values are left alone.
    mutating func setExchangedPositions(exchanged: Bool) {
        for i in swapped {
            let e = basicAt[Int(i)]
            let partner = partnerError(of: e)
            positionOf[Int(e)] = exchanged ? -1 : i
            positionOf[Int(partner)] = exchanged ? i : -1
        }
    }

    /// True when every nonbasic column whose reduced cost the trial wrote could not improve the
    /// objective: a slack or error whose first nonzero level is positive (or that is 0 at every
    /// level), a client variable at 0 at every level.
    func exchangedCostsStayOptimal() -> Bool {
        for (_, j, _) in costUndo where positionOf[Int(j)] < 0 {
            let k = Int(j)
            switch kinds[k] {
            case .dummy, .artificial: continue
            case .external:
                for l in reduced.indices where reduced[l][k] != 0 { return false }
            default:
                for l in reduced.indices where reduced[l][k] != 0 {
                    if reduced[l][k] > 0 { break }
                    return false
                }
            }
        }
        return true
    }
}
