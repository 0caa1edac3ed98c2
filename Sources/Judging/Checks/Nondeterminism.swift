import LinearConstraints

/// Two runs of the same steps on fresh solvers compared: the first step where their answers
/// differ beyond the strategy's own rounding is a `nondeterministic` finding, with both answers
/// (signature `nondeterministic|STRATEGY|any`; the layout invariant `deterministic` is reported
/// under the same signature).
///
/// `tolerance` is relative (a value x against y passes within tolerance × max(1, |x|, |y|));
/// 0 compares exactly. Outcome names, conflict sets, variable names and objective levels must
/// match; values and levels' errors are compared within the tolerance.
enum Nondeterminism {
    static let kind = "nondeterministic"
    /// Its place in signatures, whatever step or layout showed it: a solver that answers the same
    /// input differently is one cause (the detail says where).
    static let place = "any"

    static func first(_ a: [StepRecord], _ b: [StepRecord], _ steps: [SystemStep], tolerance: Double) -> StepFinding? {
        for k in 0..<min(a.count, b.count) where !same(a[k].outcome, b[k].outcome, tolerance: tolerance) {
            return StepFinding(step: k, kind: kind, detail: "step \(k) (\(steps[k].kind)): the same steps on two fresh solvers gave "
                                   + "\(answer(a[k].outcome, against: b[k].outcome)), then \(answer(b[k].outcome, against: a[k].outcome))")
        }
        return nil
    }

    static func close(_ x: Double, _ y: Double, _ tolerance: Double) -> Bool {
        x == y || abs(x - y) <= tolerance * max(1, abs(x), abs(y))
    }

    static func same(_ a: StepOutcome, _ b: StepOutcome, tolerance: Double) -> Bool {
        guard tolerance > 0, case .check(let la, let va, let oa) = a, case .check(let lb, let vb, let ob) = b else { return a == b }
        return la == lb && va.count == vb.count && oa.count == ob.count
            && zip(va, vb).allSatisfy { $0.name == $1.name && close($0.value, $1.value, tolerance) }
            && zip(oa, ob).allSatisfy { $0.priority == $1.priority && close($0.error, $1.error, tolerance) }
    }

    /// One run's answer, as far as it differs from the other's (at most four values).
    static func answer(_ a: StepOutcome, against b: StepOutcome) -> String {
        guard case .check(_, let va, _) = a, case .check(_, let vb, _) = b, va.count == vb.count else { return a.name }
        let differing = zip(va, vb).filter { $0.value != $1.value }.map(\.0)
        let shown = (differing.isEmpty ? Array(va.prefix(4)) : Array(differing.prefix(4))).map { "\($0.name) = \(formatJSONNumber($0.value))" }
        return "(" + shown.joined(separator: ", ") + (differing.count > 4 ? ", ..." : "") + ")"
    }
}
