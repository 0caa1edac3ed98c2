import Cassowary
@testable import Judging
import LinearConstraints
@testable import Subjects
import Testing

/// A rejection that names no conflicting constraints is one finding of its own kind,
/// `conflict-set-missing|STRATEGY|any`, whichever checks it tripped, and it hides nothing else.
@Suite struct MissingConflictSetTests {
    static func system(_ text: String) throws -> FuzzSubject { try FuzzSubject(fileText: text) }

    /// Two rejected adds trip `conflict-real` and `conflict-members` at each: one finding.
    @Test func aSystemFileGivesOneFindingForEveryEmptySet() throws {
        let silent = try #require(PlantedStrategies.strategy("planted-no-conflict-set"))
        let text = """
            {"strut-system": 1, "name": "silent", "steps": [
              {"add": "x >= 10", "id": "floor"}, {"add": "x <= 5", "id": "cap"}, {"add": "x <= 7", "id": "cap2"}, {"check": "end"}]}
            """
        let findings = FuzzCheck(strategies: [silent]).check(try Self.system(text))
        #expect(findings.map(\.signature.description) == ["conflict-set-missing|planted-no-conflict-set|any"], "\(findings)")
        #expect(findings.first?.detail.contains("step 1 (add) was rejected with no conflict set") == true, "\(findings)")
        // The same engine naming its sets passes.
        let cassowary = BenchStrategy(name: "cassowary", make: { CassowarySolver() })
        #expect(FuzzCheck(strategies: [cassowary]).check(try Self.system(text)).isEmpty)
    }

    /// Beside a real state failure (here the planted wrong values) both causes are reported.
    @Test func aStateFailureBesideItIsStillItsOwnFinding() {
        let records = [StepRecord(index: 0, kind: "add", outcome: .ok), StepRecord(index: 1, kind: "add", outcome: .unsatisfiable(conflict: [])),
                       StepRecord(index: 2, kind: "check", outcome: .ok)]
        let steps: [SystemStep] = [.add(try! SymbolicConstraint.parse("x >= 10"), id: "a"), .add(try! SymbolicConstraint.parse("x <= 5"), id: "b"),
                                   .check(label: "end")]
        let cause = SystemRootCause(steps: steps, records: records) { _ in false }
        let roots = cause.roots([StepFinding(step: 1, kind: "conflict-real", detail: "conflictNotInfeasible []"),
                                 StepFinding(step: 1, kind: "conflict-members", detail: "among the members []"),
                                 StepFinding(step: 2, kind: "required-satisfied", detail: "x is 4")])
        #expect(roots.map { "\($0.kind)|\($0.place)" } == ["required-satisfied|check", "conflict-set-missing|any"], "\(roots)")
    }

    static func failure(_ invariant: Invariant, _ detail: String) -> InvariantFailure {
        InvariantFailure(invariant: invariant, caseName: "c", source: "c.json", device: "iphone-8", strategy: "s", direction: "case",
                         detail: detail, replay: "")
    }

    @Test func aLayoutsEmptySetsAreOneFindingBesideItsOtherFailures() {
        let failures = [
            Self.failure(.conflictReal, "conflict [] leaves out the rejected constraint v3.bottom == 0.1 * v1.bottom + 2"),
            Self.failure(.expectations, #"expect["*"].conflicts: expected [["a", "b"]], got []"#),
            Self.failure(.expectations, #"expect["*"].frames.x: expected (20, 20, 100, 44), got (20, 20, 200, 44)"#),
        ]
        let roots = FuzzCheck.layoutRoots(failures, strategy: "s", place: "layout")
        #expect(roots.map(\.signature.description) == ["expectations|s|layout", "conflict-set-missing|s|any"], "\(roots)")
        #expect(roots.last?.detail.contains("Also: expectations") == true, "\(roots)")
    }

    /// The pass names a few failures of an invariant on a device, then "and N more like these":
    /// those are the same cause as the named ones.
    @Test func theSummaryLineOfEmptySetsIsTheSameCause() {
        var more = Self.failure(.conflictReal, "and 1 more like these")
        let named = Self.failure(.conflictReal, "conflict [] leaves out the rejected constraint a == 1")
        #expect(MissingConflictSet.showing([named, more]) == [named, more])
        #expect(FuzzCheck.layoutRoots([named, more], strategy: "s", place: "layout").map(\.signature.description) == ["conflict-set-missing|s|any"])
        more.device = "iphone-x"
        #expect(MissingConflictSet.showing([named, more]) == [named], "another device's summary speaks for its own failures")
    }

    @Test func aNonEmptySetIsJudgedAsBefore() {
        #expect(!MissingConflictSet.shows(Self.failure(.conflictReal, "conflict [c1, c2] can hold: the oracle finds the set satisfiable")))
        #expect(!MissingConflictSet.shows(Self.failure(.expectations, #"expect["*"].conflicts: expected [], got [["a"]]"#)))
        let records = [StepRecord(index: 0, kind: "add", outcome: .unsatisfiable(conflict: ["c0"]))]
        #expect(!MissingConflictSet.shows(StepFinding(step: 0, kind: "conflict-real", detail: "conflictNotInfeasible [c0]"), records))
    }
}
