import Foundation
@testable import Judging
import LinearConstraints
import Testing

/// A rejected step whose damage shows later is traced back to it (`SystemRootCause`), however
/// the steps after the failure behave and whatever else was rejected before it. The shape is the
/// Rust crate's failure 1 under hash orders that hide the refused row
/// (examples/systems/rust-cassowary/hidden-rejected-row-*.system.json).
@Suite struct RejectedCauseTests {
    static func add(_ text: String, _ id: String) -> SystemStep { .add(try! SymbolicConstraint.parse(text), id: id) }

    /// 0 a duplicate edit, refused without harm; 1 a refused add that leaves damage; 2 an accepted
    /// add where the damage shows; 3 another refused add that fails on its own; 4 the final check.
    static let steps: [SystemStep] = [.edit(variable: "x", priority: Priority(750)), add("y <= -21", "bad"), add("z >= 1", "next"),
                                      add("w <= -5", "again"), .check(label: "end")]
    static let records = [StepRecord(index: 0, kind: "edit", outcome: .duplicate),
                          StepRecord(index: 1, kind: "add", outcome: .unsatisfiable(conflict: ["floor", "bad"])),
                          StepRecord(index: 2, kind: "add", outcome: .ok),
                          StepRecord(index: 3, kind: "add", outcome: .unsatisfiable(conflict: ["wall", "again"])),
                          StepRecord(index: 4, kind: "check", outcome: .ok)]

    /// A replay fails while it holds step 1 (the damage) or step 3 (which fails by itself).
    static func replayPasses(_ steps: [SystemStep]) -> Bool { !steps.contains(Self.steps[1]) && !steps.contains(Self.steps[3]) }

    @Test func theRefusedAddIsBlamedNotTheStepThatShowedItNorTheHarmlessRefusalBeforeIt() {
        let cause = SystemRootCause(steps: Self.steps, records: Self.records, replayWithout: Self.replayPasses)
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21"),
                                 StepFinding(step: 3, kind: "rejected-changes-state", detail: "w moved")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["rejected-changes-state|add"], "\(roots)")
        #expect(roots.first?.detail.hasPrefix("step 1 (add) was rejected") == true, "\(roots)")
    }

    @Test func whenNoRefusalClearsItAloneTheOneThatReachedTheTableauIsBlamed() {
        // Both refusals before the failure together cause it: without either alone it stays.
        let cause = SystemRootCause(steps: Self.steps, records: Self.records) { steps in
            !steps.contains(Self.steps[0]) && !steps.contains(Self.steps[1])
        }
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["rejected-changes-state|add"], "\(roots)")
    }

    /// The Rust crate's hash order: the trial without the refused add fails once by chance, and
    /// the one without the harmless duplicate edit passes once by chance. One lucky pass does not
    /// blame the duplicate; the refused add is blamed.
    @Test func oneLuckyPassDoesNotBlameAHarmlessRefusal() {
        final class Replays: @unchecked Sendable { var withoutAdd = 0, withoutEdit = 0 }
        let replays = Replays()
        let cause = SystemRootCause(steps: Self.steps, records: Self.records) { steps in
            if !steps.contains(Self.steps[0]) && !steps.contains(Self.steps[1]) { return true }
            if !steps.contains(Self.steps[1]) { replays.withoutAdd += 1; return replays.withoutAdd > 1 }
            if !steps.contains(Self.steps[0]) { replays.withoutEdit += 1; return replays.withoutEdit == 1 }
            return false
        }
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["rejected-changes-state|add"], "\(roots)")
        #expect(replays.withoutEdit == 2, "the duplicate's trial stops at its first failed confirmation")
    }

    /// A solver whose answers vary by run can pass a trial by chance: the refusal that reached its
    /// tableau (the conflict) is tried before the one answered from bookkeeping (the duplicate).
    @Test func aConflictIsTriedBeforeADuplicate() {
        let cause = SystemRootCause(steps: Self.steps, records: Self.records) { steps in
            !(steps.contains(Self.steps[0]) && steps.contains(Self.steps[1]))
        }
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["rejected-changes-state|add"], "\(roots)")
    }

    /// With one refusal before the failure (a removal of an id never added, answered from the
    /// adapter's bookkeeping), one lucky replay without it does not blame it either.
    @Test func aLoneHarmlessRefusalNeedsEveryReplayToClear() {
        let steps: [SystemStep] = [.remove(id: "never"), Self.add("y >= 0", "floor"), Self.add("y <= -21", "bad")]
        let records = [StepRecord(index: 0, kind: "remove", outcome: .unknown),
                       StepRecord(index: 1, kind: "add", outcome: .ok),
                       StepRecord(index: 2, kind: "add", outcome: .unsatisfiable(conflict: ["floor", "bad"]))]
        final class Replays: @unchecked Sendable { var count = 0 }
        let replays = Replays()
        let cause = SystemRootCause(steps: steps, records: records) { _ in replays.count += 1; return replays.count == 1 }
        let roots = cause.roots([StepFinding(step: 2, kind: "rejected-changes-state", detail: "y moved")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["rejected-changes-state|add"], "\(roots)")
        #expect(roots.first?.detail == "y moved", "\(roots)")
    }

    @Test func aFailureTheRefusalsDoNotExplainKeepsItsOwnName() {
        let cause = SystemRootCause(steps: Self.steps, records: Self.records) { _ in false }
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["required-satisfied|add"], "\(roots)")
    }
}
