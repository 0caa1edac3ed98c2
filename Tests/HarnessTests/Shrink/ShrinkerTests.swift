import AutoLayout
import Cassowary
import Foundation
import Fuzzing
import LinearConstraints
import Subjects
import Testing

@Suite struct ShrinkerTests {
    typealias F = ShrinkFixtures

    /// A predicate that records what it was asked, to check the shrinker's promises about calls.
    final class Recorder {
        var texts: [String] = []
        let fails: (FuzzSubject) -> Bool
        init(_ fails: @escaping (FuzzSubject) -> Bool) { self.fails = fails }
        func callAsFunction(_ s: FuzzSubject) -> Bool {
            texts.append(s.fileText)
            return fails(s)
        }
    }

    @Test func aPlanted1000ConstraintCaseShrinksToItsFewConstraints() {
        let original = FuzzSubject.layout(F.plantedCase())
        guard case .layout(let c0) = original else { return }
        #expect(c0.constraints.count == 1000)
        let recorder = Recorder(F.plantedFails)
        let start = ContinuousClock.now
        let result = Shrinker.shrink(original) { recorder($0) }
        let elapsed = ContinuousClock.now - start
        print("shrink planted-1000: \(result.tries) predicate calls, \(elapsed), size \(result.sizeBefore) -> \(result.sizeAfter)")
        guard case .layout(let c) = result.subject else { Issue.record("not a layout"); return }
        #expect(F.plantedFails(result.subject))
        #expect(c.constraints.count < 10)
        #expect(c.constraints.count == 2)
        #expect(c.views.map(\.id).sorted() == ["main", "v100", "v205"])
        #expect(c.devices?.count == 1)
        #expect(result.tries == recorder.texts.count)
        #expect(result.sizeAfter == result.subject.size && result.sizeBefore == original.size)
    }

    @Test func predicateCallsAreValidNewAndNeverTheInput() {
        let original = FuzzSubject.layout(F.plantedCase())
        let recorder = Recorder(F.plantedFails)
        _ = Shrinker.shrink(original) { recorder($0) }
        #expect(!recorder.texts.contains(original.fileText))
        #expect(Set(recorder.texts).count == recorder.texts.count, "a file text was asked about twice")
        #expect(recorder.texts.allSatisfy { text in (try? FuzzSubject(fileText: text))?.isValidFile ?? false })
    }

    @Test func theBudgetBoundsThePredicateCalls() {
        let recorder = Recorder(F.plantedFails)
        let result = Shrinker.shrink(.layout(F.plantedCase()), maxTries: 25) { recorder($0) }
        #expect(recorder.texts.count == 25 && result.tries == 25)
        #expect(F.plantedFails(result.subject))
    }

    @Test func aPlanted500StepSystemShrinksToItsThreeSteps() throws {
        let needed: [SystemStep] = [
            .add(try SymbolicConstraint.parse("a >= 3.25"), id: "needA"),
            .edit(variable: "a", priority: Priority(999.5)),
            .add(try SymbolicConstraint.parse("a + b <= 7.75 @250"), id: "needC"),
        ]
        let file = F.randomSystem(count: 497, seed: 11, planted: [(100, needed[0]), (250, needed[1]), (400, needed[2])])
        #expect(file.steps.count == 500)
        let fails: (FuzzSubject) -> Bool = { s in
            guard case .system(let f) = s else { return false }
            return needed.allSatisfy(f.steps.contains)
        }
        let result = Shrinker.shrink(.system(file), stillFails: fails)
        guard case .system(let small) = result.subject else { Issue.record("not a system"); return }
        #expect(small.steps == needed)
        #expect(fails(result.subject))
        print("shrink 500 steps: \(result.tries) predicate calls, \(result.sizeBefore) -> \(result.sizeAfter)")
    }

    @Test func numbersBecomeSimplerWhileThePredicateAllows() {
        let c = LayoutCase(jsonTextOrFail: """
            { "strut": 1, "name": "n", "root": "main",
              "views": [ { "id": "main" }, { "id": "v", "superview": "main", "intrinsicSize": [37.123, 12.5] } ],
              "constraints": [ "v.width == 0.37 * main.width + 37.123 @999.5" ] }
            """)
        let result = Shrinker.shrink(.layout(c)) { s in
            guard case .layout(let d) = s, let k = d.constraints.first else { return false }
            return k.constant > 30 && (d.views.last?.intrinsicSize?.width ?? 0) > 30
        }
        guard case .layout(let d) = result.subject, let k = d.constraints.first else { Issue.record("lost the constraint"); return }
        #expect(k.constant == 37)
        #expect(k.multiplier == 1)
        #expect(k.priority == .required)
        #expect(d.views.last?.intrinsicSize == IntrinsicSize(width: 37, height: nil))
    }

    @Test func shrinkingIsDeterministic() {
        let original = FuzzSubject.layout(F.plantedCase())
        let a = Shrinker.shrink(original, stillFails: F.plantedFails)
        let b = Shrinker.shrink(original, stillFails: F.plantedFails)
        #expect(a == b)
    }

    @Test func removingAViewTakesWhatReferredToIt() {
        guard case .layout(let c) = MutationFixtures.smallCase else { return }
        let result = Shrinker.shrink(.layout(c)) { s in
            guard case .layout(let d) = s else { return false }
            return d.views.contains { $0.id == "c" }
        }
        guard case .layout(let d) = result.subject else { Issue.record("not a layout"); return }
        #expect(d.views.map(\.id) == ["main", "c"], "c moves up to the root when its scroll view goes")
        #expect(d.views.last?.superview == "main")
        #expect(d.constraints.isEmpty && d.formats.isEmpty && d.expect.isEmpty)
    }

    @Test func aSolverConflictShrinksToTheTwoConflictingAdds() throws {
        let file = F.randomSystem(count: 198, seed: 5, planted: [
            (50, .add(try SymbolicConstraint.parse("x >= 10"), id: "floor")),
            (150, .add(try SymbolicConstraint.parse("x <= 5"), id: "ceiling")),
        ])
        func unsatisfiable(_ s: FuzzSubject) -> Bool {
            guard case .system(let f) = s else { return false }
            var run = SystemRun(solver: CassowarySolver())
            return run.run(f).contains { if case .unsatisfiable = $0.outcome { true } else { false } }
        }
        #expect(unsatisfiable(.system(file)))
        let result = Shrinker.shrink(.system(file), stillFails: unsatisfiable)
        guard case .system(let small) = result.subject else { Issue.record("not a system"); return }
        let ids = small.steps.compactMap { if case .add(_, let id) = $0 { id } else { nil } }
        #expect(ids == ["floor", "ceiling"])
        #expect(small.steps.count == 2)
        #expect(unsatisfiable(result.subject))
    }

    /// A real layout-level predicate: laid out with Cassowary on an iPhone 8, the conflicts
    /// name both planted constraints.
    @Test func aLayoutConflictShrinksToTheTwoConflictingConstraints() throws {
        let configuration = try DeviceSpec.configuration("iphone-8")
        func conflicts(_ s: FuzzSubject) -> Bool {
            guard case .layout(let c) = s, let tree = try? c.validate() else { return false }
            var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
            let members = (try? engine.layout(on: configuration))?.conflicts.flatMap(\.constraints) ?? []
            return members.contains("bad1") && members.contains("bad2")
        }
        let original = FuzzSubject.layout(F.plantedCase(count: 60, bad: 33, intrinsic: 47))
        #expect(conflicts(original))
        let result = Shrinker.shrink(original, stillFails: conflicts)
        guard case .layout(let c) = result.subject else { Issue.record("not a layout"); return }
        #expect(c.views.map(\.id) == ["main", "v33"])
        #expect(c.constraints.compactMap(\.identifier) == ["bad1", "bad2"] && c.constraints.count == 2)
        #expect(conflicts(result.subject))
    }

    @Test func guidesArrangementsFormatsDevicesAndExpectationsGoWhenNotNeeded() {
        let result = Shrinker.shrink(MutationFixtures.smallCase) { s in
            guard case .layout(let d) = s else { return false }
            let ids = d.views.map(\.id)
            let arranged = d.views.first { $0.id == "stack" }?.stack?.arranged ?? []
            return ids.contains("a") && ids.contains("b") && arranged.contains("a")
                && d.constraints.contains { $0.first.item.id == "sc" && $0.first.attribute == .height }
        }
        guard case .layout(let d) = result.subject else { Issue.record("not a layout"); return }
        #expect(d.views.map(\.id) == ["main", "stack", "a", "b", "sc"])
        #expect(d.views[0].guides == nil)
        #expect(d.views[1].stack?.arranged == ["a"], "b stays a subview but is no longer arranged")
        #expect(d.views[4].scroll == nil, "no constraint uses the scroll guides once c is gone")
        #expect(d.constraints.map { $0.stringForm ?? "" } == ["sc.height == 0"])
        #expect(d.formats.isEmpty && d.expect.isEmpty && d.devices?.count == 1)
    }

    @Test func systemNumbersBecomeSimplerWhileThePredicateAllows() throws {
        let file = SystemFile(name: "n", steps: [
            .add(try SymbolicConstraint.parse("2.5*x >= 10.75 @999.5"), id: "floor"),
            .edit(variable: "x", priority: Priority(333.3)),
            .suggest([.init("x", 37.123)]),
        ])
        let result = Shrinker.shrink(.system(file)) { s in
            guard case .system(let f) = s, f.steps.count == 3, case .add(let c, _) = f.steps[0],
                  case .suggest(let list) = f.steps[2] else { return false }
            return c.constant <= -3 && list[0].value > 30
        }
        guard case .system(let f) = result.subject else { Issue.record("not a system"); return }
        #expect(f.steps.map { $0.json.jsonText() } == [
            #"{"add":"x >= 5","id":"floor"}"#, #"{"edit":"x","priority":1000}"#, #"{"suggest":{"x":37}}"#,
        ])
    }
}
