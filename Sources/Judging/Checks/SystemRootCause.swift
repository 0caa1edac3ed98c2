import LinearConstraints

/// What one system check found, at the step that showed it (`steps.count - 1` and beyond: the
/// implied final check).
struct StepFinding: Hashable, Sendable {
    var step: Int
    var kind: String
    var detail: String
}

/// The one finding a strategy's failures on one system file stand for: its root cause, named by
/// the kind of the first failure, the kind of the step that caused it, and nothing that depends on
/// where a check happened to fire later.
///
/// - State failures (`rejected-changes-state`, `error-outcome`, `solver-invariants`,
///   `required-satisfied`, the oracle's) come first: the earliest step with one, the most basic
///   kind at that step (`precedence`). When steps were rejected before it, the file is checked
///   again without them (`replayWithout`: a rejected step must change nothing, so leaving it out
///   must change nothing); if the failure then goes away, the cause is the rejected step whose
///   absence alone clears it (each trial passing `confirmations` replays; else the likeliest,
///   `rejectedCause`):
///   `rejected-changes-state` at that step's kind,
///   whatever check saw its consequences.
/// - Otherwise, when an accepted removal came at or before it, the file is checked again without
///   the last such removal and the add it undid (`removalCause`: a removal must leave the solver
///   as if the constraint had never been added, so the steps after it must behave the same
///   without the pair); if the failure then goes away, the cause is that removal:
///   `removal-changes-state|STRATEGY|remove`, whether the damage showed at the removal itself
///   or at a later step (Kiwi's removed duplicate equality shows at once with an edit variable,
///   at the next add without one).
/// - A rejection without a conflict set, where one is promised, is a cause of its own
///   (`MissingConflictSet`), reported beside the state root and left out of it.
/// - `nondeterministic` is a cause of its own (two plain runs, not the probed one): reported
///   beside a state failure, not folded into it.
/// - `strategies-agree` only when neither shows (a strategy that is wrong on its own is not also
///   reported for disagreeing).
/// The other failures of the family are listed in the finding's detail.
/// - On a file whose answers doubles cannot hold (`precision`), a root that judges values is the
///   precision class instead (`PrecisionClass`): `precision-limit|STRATEGY|extreme`.
///
/// Cost: nothing on a passing file; on a failing one, one more check of the steps up to its first
/// failure without the rejected steps before it (and, when that passes and several were
/// rejected, up to `singleRejectionTrials` checks without one of them each, the one that clears
/// repeated `confirmations` times), and one without a
/// removal and its add when one came at or before it.
struct SystemRootCause {
    struct Root: Hashable, Sendable {
        var kind: String
        var place: String
        var detail: String
    }

    /// Kinds of the state family, most basic first: at one step, the first listed is the cause.
    static let precedence = ["rejected-changes-state", "copy-independent", "error-outcome", "solver-invariants", "required-satisfied", "oracle-outcome",
                             "conflict-real", "conflict-minimal", "conflict-members", "optimal"]

    var steps: [SystemStep]
    var records: [StepRecord]
    /// The worst precision estimate of the strategy's answers on the file (nil: not estimated).
    var precision: PrecisionEstimate?
    /// True when checking the given steps (a subsequence of `steps`) finds nothing.
    var replayWithout: ([SystemStep]) -> Bool

    init(steps: [SystemStep], records: [StepRecord], precision: PrecisionEstimate? = nil, replayWithout: @escaping ([SystemStep]) -> Bool) {
        self.steps = steps
        self.records = records
        self.precision = precision
        self.replayWithout = replayWithout
    }

    func place(_ k: Int) -> String { k < steps.count ? steps[k].kind : "check" }

    /// The root causes of `found`: the state family's (at most one), the nondeterminism's (at
    /// most one: another cause, judged on other runs), and agreement only when neither.
    func roots(_ found: [StepFinding]) -> [Root] {
        let missing = found.filter { MissingConflictSet.shows($0, records) }
        let found = found.filter { !MissingConflictSet.shows($0, records) }
        let state = found.filter { Self.precedence.contains($0.kind) }
        var out: [Root] = []
        if let f = state.min(by: Self.before) {
            if let precision, PrecisionClass.absorbs(f.kind, precision) {
                out.append(Root(kind: PrecisionClass.kind, place: PrecisionClass.place,
                                detail: PrecisionClass.detail(precision, first: f.kind, "step \(f.step) (\(place(f.step))): \(f.detail)") + also(state, f)))
            } else if let blamed = rejectedCause(before: f.step) {
                out.append(Root(kind: "rejected-changes-state", place: place(blamed),
                                detail: "step \(blamed) (\(place(blamed))) was rejected (\(records[blamed].outcome.name)) yet changed what followed: "
                                    + "without the rejected steps, step \(f.step) passes. First seen: \(f.kind) \(f.detail)" + also(state, f)))
            } else if f.kind != "copy-independent", let (removal, add) = removalCause(atOrBefore: f.step) {
                out.append(Root(kind: Self.removalKind, place: place(removal),
                                detail: "step \(removal) (remove) left a trace of the constraint step \(add) added: without both, step \(f.step) passes. "
                                    + "First seen: \(f.kind) at step \(f.step) (\(place(f.step))): \(f.detail)" + also(state, f)))
            } else {
                out.append(Root(kind: f.kind, place: place(f.step), detail: f.detail + also(state, f)))
            }
        }
        if let f = found.first(where: { $0.kind == Nondeterminism.kind }) {
            out.append(Root(kind: f.kind, place: Nondeterminism.place, detail: f.detail))
        }
        if let f = missing.min(by: Self.before) {
            out.append(Root(kind: MissingConflictSet.kind, place: MissingConflictSet.place,
                            detail: "step \(f.step) (\(place(f.step))) was rejected with no conflict set. First seen: \(f.kind) \(f.detail)" + also(missing, f)))
        }
        if out.isEmpty, let f = found.min(by: Self.before) {
            if let precision, PrecisionClass.absorbs(f.kind, precision) {
                out.append(Root(kind: PrecisionClass.kind, place: PrecisionClass.place,
                                detail: PrecisionClass.detail(precision, first: f.kind, "step \(f.step) (\(place(f.step))): \(f.detail)") + also(found, f)))
            } else {
                out.append(Root(kind: f.kind, place: place(f.step), detail: f.detail + also(found, f)))
            }
        }
        return out
    }

    /// Earlier step first; at one step, the more basic kind.
    static func before(_ a: StepFinding, _ b: StepFinding) -> Bool {
        if a.step != b.step { return a.step < b.step }
        return (precedence.firstIndex(of: a.kind) ?? precedence.count) < (precedence.firstIndex(of: b.kind) ?? precedence.count)
    }

    /// A rejected step before step `f` when leaving every rejected step before `f` out makes the
    /// steps up to `f` pass; nil when none was rejected or the failure stays. The steps after `f`
    /// are left out of the replay: one that fails on its own (another rejected add of the same
    /// bug) would keep it failing. Of the rejected steps, the first whose absence alone clears
    /// the failure is blamed (a refused duplicate edit that changed nothing is not the cause of
    /// the refused add after it), conflicts and errors tried before duplicates and unknown ids;
    /// when none does alone, the first of them in that order.
    func rejectedCause(before f: Int) -> Int? {
        let rejected = (0..<min(f, records.count)).filter { k in
            if case .check = steps[k] { return false }
            return records[k].outcome != .ok
        }
        let clears = { (dropped: Set<Int>) -> Bool in
            (0..<Self.confirmations).allSatisfy { _ in replayWithout(upTo(f, without: dropped)) }
        }
        guard let first = rejected.first, clears(Set(rejected)) else { return nil }
        guard rejected.count > 1 else { return first }
        // Refusals that reached the solver's tableau (a conflict, an error) before those answered
        // from its bookkeeping (a duplicate, an unknown id, a bad priority): with a solver whose
        // answers vary from run to run, a trial may pass by chance, and the likelier cause should
        // have its trial first.
        let reachedTableau = { (k: Int) -> Bool in
            switch records[k].outcome {
            case .unsatisfiable, .error: true
            default: false
            }
        }
        let ordered = rejected.filter(reachedTableau) + rejected.filter { !reachedTableau($0) }
        return ordered.prefix(Self.singleRejectionTrials).first { clears([$0]) } ?? ordered[0]
    }

    /// Rejected steps tried one at a time (`rejectedCause`): each is one more check of the file.
    static let singleRejectionTrials = 8
    /// Passes a trial without rejected steps needs before they are blamed: a solver whose answers
    /// vary from run to run (the Rust crate's hash order) can pass one replay by chance, and
    /// would then be blamed on a refused step that cannot have changed anything (an unknown id).
    /// A deterministic solver pays the repeats only on the trials that clear.
    static let confirmations = 3

    /// The steps up to and including step `f` (the whole file for the implied final check),
    /// without the steps at `dropped`.
    func upTo(_ f: Int, without dropped: Set<Int>) -> [SystemStep] {
        steps.prefix(min(f + 1, steps.count)).enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// The root cause of a removal that did not undo its add (`removalCause`).
    static let removalKind = "removal-changes-state"

    /// The last accepted removal at or before step `f`, with the accepted add it undid, when
    /// leaving both out makes the file pass; nil otherwise.
    func removalCause(atOrBefore f: Int) -> (removal: Int, add: Int)? {
        let last = min(f, records.count - 1, steps.count - 1)
        guard last >= 0 else { return nil }
        for r in stride(from: last, through: 0, by: -1) {
            guard case .remove(let id) = steps[r] else { continue }
            guard records[r].outcome == .ok else { return nil }
            let add = (0..<r).last { k in
                if case .add(_, let added) = steps[k] { return added == id && records[k].outcome == .ok }
                return false
            }
            guard let add else { return nil }
            return replayWithout(upTo(f, without: [r, add])) ? (r, add) : nil
        }
        return nil
    }

    /// The other failures, named once each, for the detail.
    func also(_ found: [StepFinding], _ root: StepFinding) -> String {
        var seen = Set<String>()
        let others = found.filter { $0 != root }.map { "\($0.kind) at step \($0.step) (\(place($0.step)))" }.filter { seen.insert($0).inserted }
        return others.isEmpty ? "" : " Also: " + others.prefix(6).joined(separator: "; ") + (others.count > 6 ? "; ..." : "") + "."
    }
}
