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

    @Test func whenNoRefusalClearsItAloneTheFirstIsBlamed() {
        // Both refusals before the failure together cause it: without either alone it stays.
        let cause = SystemRootCause(steps: Self.steps, records: Self.records) { steps in
            !steps.contains(Self.steps[0]) && !steps.contains(Self.steps[1])
        }
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["rejected-changes-state|edit"], "\(roots)")
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

    @Test func aFailureTheRefusalsDoNotExplainKeepsItsOwnName() {
        let cause = SystemRootCause(steps: Self.steps, records: Self.records) { _ in false }
        let roots = cause.roots([StepFinding(step: 2, kind: "required-satisfied", detail: "y >= 0 is -21")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["required-satisfied|add"], "\(roots)")
    }
}
