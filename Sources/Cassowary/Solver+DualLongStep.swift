/// The dual simplex's long step over free symbols: several moves for one infeasible row, each
/// through a short row, instead of a chain of pivots through the long one.
///
/// A row `b = β + Σ a_k·x_k` with `β < 0` leaves the basis; the ordinary dual ratio test picks the
/// entering symbol among those with `a_k > 0` by the smallest `d_k / a_k` (`dualEntering`). When
/// that smallest ratio is 0 (the symbol costs nothing at any level: the layout is ambiguous
/// there), every symbol of cost 0 ties with it, and the choice among them decides the work:
/// - The entering symbol `q` takes the value `-β / a_q` in the row. If another restricted row
///   bounds `q` below that (the row `b_p = γ + c·q + …` with `c < 0`: `q` can rise by
///   `u_q = γ / -c` before `b_p` reaches 0), that row goes infeasible and the next pivot runs
///   through it, after it has been filled with the long row.
/// - A table of cells whose widths sum to the root's width, each between a compression bound
///   and a hugging bound, does that cell by cell on a rotation: at 3 160 views, 2 255 pivots whose
///   rows name a whole grid row (about 160 terms each).
///
/// The long step walks the zero-cost candidates in the ordinary tie order. Each whose own bound
/// `u_j` is reached before the row is repaired (`a_j·u_j` less than what is still needed) is
/// moved to that bound: it enters its bounding row (a short one), whose basic symbol leaves at
/// 0. The first that can repair the rest enters the leaving row. No pivot moves an objective:
/// every symbol involved costs 0 at every level, so the reduced costs, and with them optimality
/// at every level, stay as they were; each move is a primal ratio-test pivot, so feasible rows
/// stay feasible. Rows the moves push below zero are queued like any other.
///
/// When the ordinary choice already repairs the row within its own bound, or costs something,
/// nothing changes: the ordinary pivot is taken, and the results are the same as without the
/// long step.
extension CassowaryCore {
    /// Takes the long step for infeasible row `r` whose ordinary entering symbol `e` costs
    /// nothing (`costsNothing`); false (and nothing done) when the ordinary pivot is the one to take.
    mutating func dualLongStep(_ r: Int32, ordinary e: Int32) -> Bool {
        let row = tableau.rows[Int(r)]
        let need = -row.constant
        let slack = suggestionTolerance
        // The usual case, read from the ordinary symbol alone: it repairs the row in its bound.
        guard let ordinaryBound = flipBound(e, excluding: r)?.bound,
            row.coefficient(of: e) * ordinaryBound < need - slack
        else { return false }
        // The candidates in `Tableau.order`: the row's symbols are in id order, and the order
        // puts hubs after every other symbol, so non-hubs first, then hubs.
        dualCandidates.removeAll(keepingCapacity: true)
        for pass in 0..<2 {
            for k in 0..<row.syms.count where tableau.hubs[Int(row.syms[k])] == (pass == 1) {
                let s = row.syms[k]
                guard row.coefs[k] > Self.pivotTolerance, tableau.kinds[Int(s)] != .dummy, costsNothing(s) else { continue }
                dualCandidates.append(DualCandidate(symbol: s, coefficient: row.coefs[k]))
            }
        }
        dualMoves.removeAll(keepingCapacity: true)
        var remaining = need
        var entering: Int32 = -1
        for candidate in dualCandidates {
            guard let bound = flipBound(candidate.symbol, excluding: r)?.bound,
                candidate.coefficient * bound < remaining - slack
            else {
                entering = candidate.symbol
                break
            }
            guard bound > 0 else { continue }
            dualMoves.append(candidate.symbol)
            remaining -= candidate.coefficient * bound
        }
        if entering < 0 {
            entering = e
            if let k = dualMoves.firstIndex(of: e) { dualMoves.remove(at: k) }
        }
        guard entering != e || !dualMoves.isEmpty else { return false }
        dualLongSteps += 1
        pivot(entering: entering, row: r)
        let enteringRow = tableau.basicRow[Int(entering)]
        for j in dualMoves {
            guard tableau.basicRow[Int(j)] < 0, costsNothing(j),
                let (p, bound) = flipBound(j, excluding: -1), bound > 0, p != enteringRow
            else { break }
            dualLongStepMoves += 1
            pivot(entering: j, row: p)
        }
        return true
    }

    /// True when `s` has a zero coefficient in every level's objective.
    @inline(__always)
    func costsNothing(_ s: Int32) -> Bool {
        for l in 0..<levels.count where levels.coefs[l][Int(s)] != 0 { return false }
        return true
    }

    /// The primal ratio test for raising `s` from 0: the restricted row (other than `excluding`)
    /// whose basic symbol reaches 0 first, and how far `s` rises until then; nil when no row
    /// bounds it. Ties go to the lowest basic symbol. `leavingRow` is this test with no row excluded.
    mutating func flipBound(_ s: Int32, excluding: Int32) -> (row: Int32, bound: Double)? {
        tableau.liveColumn(s)
        var best: Int32 = -1
        var bestBound = Double.infinity
        var bestBasic = Int32.max
        for r in tableau.columnScratch where r != excluding {
            let b = tableau.rowBasic[Int(r)]
            guard b >= 0, tableau.kinds[Int(b)].isRestricted else { continue }
            let row = tableau.rows[Int(r)]
            let c = row.coefficient(of: s)
            guard c < -Self.pivotTolerance else { continue }
            let bound = max(0, row.constant) / -c
            if bound < bestBound || (bound == bestBound && b < bestBasic) {
                best = r
                bestBound = bound
                bestBasic = b
            }
        }
        return best < 0 ? nil : (best, bestBound)
    }
}

/// A symbol that can enter a leaving row at no cost, and its coefficient there.
struct DualCandidate {
    var symbol: Int32
    var coefficient: Double
}
