/// The numbers both engines decide with, each defined once, with where its value comes from.
///
/// The explicit and factored tableau (`CassowaryCore`) and the revised simplex (`RevisedCore`)
/// ask the same questions of their numbers: is this entry a pivot or residue, is this value
/// feasible, is this row constant 0, are these two dual ratios equal. Each question has one
/// answer here; what only one representation asks (the explicit rows' snapping of cancelled
/// coefficients, the objective levels' residue, the revised engine's reduced-cost floor) stays
/// beside the code that asks it.
enum Tolerance {
    /// A pivot element, an FTRAN or BTRAN entry or a row coefficient at or below this is rounding
    /// residue: never a pivot, and a symbol whose row holds only such an entry on a direction
    /// does not move with it. It was 1e-10 in the explicit engine, which refused the pivot on a
    /// coefficient of 8e-11 (0.01·0.0005·1.6e-5, a chain of small multipliers) that phase one
    /// needed, so a feasible `x == 1` was reported unsatisfiable (libFuzzer,
    /// Regressions/small-pivot-in-phase-one.system.json); and 1e-11 in the revised engine, which
    /// refused the real 8e-12 of `x + 1e-6*y == 0` beside `125000*y == 0 @750` and rejected a
    /// feasible `x == 1` (fuzz, seed 1, case 1686).
    static let pivot = 1e-13

    /// A restricted value may stand this fraction of the magnitude of every number seen below 0
    /// and count as feasible: the deep invariant checks' loose bound, and the revised engine's
    /// for a basic column no row names; the simplex's own decisions are relative to the numbers
    /// a value is computed from (`rowResidue`).
    static let feasibility = 1e-9

    /// A basic value or row constant within this fraction of the numbers it was computed from
    /// (at least 1) is 0: about 4 500 units in the last place, far more than the roundings that
    /// form it leave. Relative to the row, not to every number of the system: 1e-9 of the
    /// largest constant (an inset of 1.5e10) let a required equality stand 8 points off (fuzz,
    /// seed 1, case 1734), and took a slack of 1 point elsewhere for a tight inequality, so a
    /// tie went unreported (corpora/regressions/ambiguity-tight-tolerance-at-far-off-numbers.json);
    /// 1e-9 of the row's own magnitudes still took a slack of a point or so computed through an
    /// inset of 3e10 for 0 (corpora/regressions/ambiguity-tight-tolerance-through-a-far-off-inset.json).
    static let rowResidue = 1e-12

    /// Two dual ratios closer than this (relative) are equal at their level, and the next level
    /// decides. Exact ratios 2 and 2 came out of the revised engine's BTRANs as
    /// 1.9999999999999996 and 2, and the first won at its level where the second was the smaller
    /// one level down, leaving a reduced cost of (0, −1): a basis not optimal at the lower
    /// priority. It is the bound below which the explicit engine's invariant check takes an
    /// objective coefficient for optimal (`checkInvariants`), so a tie it allows leaves nothing
    /// that check would call suboptimal. The explicit engine used 1e-12 before both were one.
    static let dualRatioTie = 1e-9
}
