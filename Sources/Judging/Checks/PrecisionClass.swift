import LinearConstraints

/// The double-precision class of findings: a case whose answer doubles cannot hold to the
/// accuracy the checks ask for (`PrecisionEstimate.verdict` is `beyondDoublePrecision`, judged on
/// the strategy's own answer against the original constraints), or whose failing check's own
/// numbers differ by no more than rounding can move a value (`absorbs`), gives, for a check that
/// judges values (`valueKinds`), one finding per strategy whatever check fired first:
/// `precision-limit|STRATEGY|extreme`, layout case or system file alike. Its detail gives the
/// estimate and the checks that failed.
///
/// Never in the class: crashes, hangs, adapter deaths, error outcomes, the solver's own deep
/// checks, rejected steps that changed the state, copies that changed, nondeterminism (the same
/// input, different answers: rounding does not do that); and a required constraint violated by
/// more than rounding can leave it off (`PrecisionEstimate.explains(residual:)`): rounding does
/// not explain it, so it stays its own finding.
enum PrecisionClass {
    static let kind = "precision-limit"
    static let place = "extreme"

    /// Kinds of check that compare values (with another answer, an exact one, or the case's own
    /// algebra) and so can fail on rounding alone.
    static let valueKinds: Set<String> = [
        Invariant.requiredSatisfied.rawValue, Invariant.pixelAligned.rawValue, Invariant.optimal.rawValue, Invariant.ambiguityCorrect.rawValue,
        Invariant.strategiesAgree.rawValue, Invariant.incrementalEqualsFresh.rawValue, Invariant.translateRoot.rawValue,
        Invariant.permuteConstraints.rawValue, Invariant.duplicateRequired.rawValue, Invariant.mirrorRightToLeft.rawValue,
        Invariant.scaleByTwo.rawValue, Invariant.stackSemantics.rawValue, Invariant.conflictReal.rawValue, Invariant.conflictMinimal.rawValue,
        "conflict-members", "oracle-outcome",
    ]

    /// Whether a failure of `kind` on an answer with this estimate belongs to the class: the
    /// answer is beyond double precision (and a required miss within what rounding explains), or
    /// the failure's own numbers (`discrepancy`: the largest difference between what the check
    /// got and expected) differ by no more than rounding can move a value (`resolution`): a check
    /// that asks a small frame for 1e-9 of its own size beside numbers of 1.6e10 asks more than
    /// doubles give, even where the answer as a whole is within the accuracy asked.
    static func absorbs(_ kind: String, _ estimate: PrecisionEstimate?, discrepancy: Double? = nil) -> Bool {
        guard let estimate, valueKinds.contains(kind) else { return false }
        if let discrepancy, discrepancy > 0, discrepancy <= estimate.resolution { return true }
        guard estimate.isBeyondDoublePrecision else { return false }
        guard kind == Invariant.requiredSatisfied.rawValue else { return true }
        // The estimate may be another answer's (the worst of a run): the miss the check saw
        // must be explained too.
        return estimate.residualExplained && estimate.explains(residual: discrepancy ?? 0)
    }

    /// The largest difference between a failure's numbers (`got` and `expected`, same length,
    /// finite), nil when it has none.
    static func discrepancy(got: [Double], expected: [Double]) -> Double? {
        guard !got.isEmpty, got.count == expected.count else { return nil }
        let d = zip(got, expected).map { abs($0 - $1) }.max() ?? 0
        return d.isFinite ? d : nil
    }

    /// The detail of a class finding: the estimate, then what the first check saw.
    static func detail(_ estimate: PrecisionEstimate, first kind: String, _ detail: String) -> String {
        (estimate.isBeyondDoublePrecision ? "beyond double precision: " : "a difference within rounding: ") + "\(estimate). First check: \(kind): \(detail)"
    }
}
