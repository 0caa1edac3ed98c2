import LinearConstraints

/// An unsatisfiable answer that names no conflicting constraints, where the strategy's profile
/// promises conflict sets: one cause, reported once per case and strategy as
/// `conflict-set-missing|STRATEGY|any`, whatever checks it tripped (on a system file the oracle's
/// `conflict-real` and `conflict-members` at each rejected add, on a layout `conflict-real` and an
/// `expect` block's conflicts). Like nondeterminism it stands beside the state root: the other
/// failures of the case are judged without it, so a peer that also corrupts its state after the
/// rejection (Kiwi) gets that finding too, and a layout's own missing set does not hide a wrong
/// frame. A strategy whose profile does not promise conflict sets is never judged on them
/// (`FuzzCheck.judgesPeer`, the oracle's conflict checks switched off).
enum MissingConflictSet {
    static let kind = "conflict-set-missing"
    static let place = "any"

    /// Kinds of the system checks that judge a conflict set.
    static let systemKinds: Set<String> = [Invariant.conflictReal.rawValue, Invariant.conflictMinimal.rawValue, "conflict-members"]

    /// True when a system check's finding judged an empty conflict set (the step's answer was
    /// `unsatisfiable` with no members).
    static func shows(_ finding: StepFinding, _ records: [StepRecord]) -> Bool {
        guard systemKinds.contains(finding.kind), finding.step < records.count,
              case .unsatisfiable(let conflict) = records[finding.step].outcome else { return false }
        return conflict.isEmpty
    }

    /// The layout failures that judged an empty conflict set (`shows`), with the pass's summary
    /// line ("and N more like these") of an invariant and device whose named failures did.
    static func showing(_ failures: [InvariantFailure]) -> [InvariantFailure] {
        let named = failures.filter(shows)
        let places = Set(named.map { "\($0.invariant.rawValue) \($0.device)" })
        return failures.filter { f in
            shows(f) || (f.isSummaryOfMore && places.contains("\(f.invariant.rawValue) \(f.device)"))
        }
    }

    /// True when a layout failure judged an empty conflict set: the conflict checks' detail
    /// names the set first (`conflict [] leaves out ...`), an `expect` block's names what it got
    /// (`expect["*"].conflicts: expected [...], got []`).
    static func shows(_ failure: InvariantFailure) -> Bool {
        switch failure.invariant {
        case .conflictReal, .conflictMinimal: failure.detail.hasPrefix("conflict [] ")
        case .expectations: failure.detail.contains(".conflicts: expected ") && failure.detail.hasSuffix(", got []")
        default: false
        }
    }
}
