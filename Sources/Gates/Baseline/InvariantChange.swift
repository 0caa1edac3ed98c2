import Judging

/// An invariant that fails on a solve where the baseline's held (a regression), or holds where
/// the baseline's failed (fixed). A solve is named by its failure signature: invariant, case,
/// device, strategy and direction; the detail text and numbers may differ between runs without
/// making a failure new.
public struct InvariantChange: Hashable, Sendable {
    public var invariant: Invariant
    /// `case on device with strategy (direction)`.
    public var solve: String
    public var newlyFailing: Bool
    /// The failure's own sentence (the current run's when newly failing, else the baseline's).
    public var detail: String
    /// The command that replays the failure (empty for a fixed one).
    public var replay: String

    /// Newly failing signatures in the current run's failure order, then fixed ones in the
    /// baseline's. O(failures) with lookup tables (never iterated).
    static func between(_ baseline: InvariantOutcome, _ current: InvariantOutcome) -> [InvariantChange] {
        let before = Set(baseline.failures.map(signature)), after = Set(current.failures.map(signature))
        var out: [InvariantChange] = []
        var reported = Set<String>()
        for f in current.failures where !before.contains(signature(f)) && reported.insert(signature(f)).inserted {
            out.append(InvariantChange(invariant: f.invariant, solve: solve(f), newlyFailing: true, detail: f.detail, replay: f.replay))
        }
        for f in baseline.failures where !after.contains(signature(f)) && reported.insert(signature(f)).inserted {
            out.append(InvariantChange(invariant: f.invariant, solve: solve(f), newlyFailing: false, detail: f.detail, replay: ""))
        }
        return out
    }

    static func signature(_ f: InvariantFailure) -> String {
        [f.invariant.rawValue, f.caseName, f.device, f.strategy, f.direction].joined(separator: "\u{1}")
    }

    static func solve(_ f: InvariantFailure) -> String { "\(f.caseName) on \(f.device) with \(f.strategy) (\(f.direction))" }

    /// Invariants whose failed-solve tally differs: `name: failed 0 -> 2 of 40 checked`.
    public static func tallyDifferences(_ baseline: InvariantOutcome, _ current: InvariantOutcome) -> [String] {
        zip(baseline.tallies, current.tallies).filter { $0.failed != $1.failed }.map { b, c in
            "\(c.invariant.rawValue): failed \(b.failed) of \(b.checked) -> \(c.failed) of \(c.checked)"
        }
    }
}
