import Cassowary
import Foundation
import Judging
import LinearConstraints
import Peers
import StrutSystem
import Subjects
import Testing

/// The in-process check: clean subjects give nothing, each planted fault gives its signature
/// at a stable place, and weighted strategies are not judged on optimality.
@Suite struct FuzzCheckTests {
    static let cassowary = BenchStrategy(name: "cassowary") { CassowarySolver() }
    static let weighted = BenchStrategy(name: "cassowary-weighted") { CassowarySolver(weighted: true) }

    static func system(_ text: String) throws -> FuzzSubject { try FuzzSubject(fileText: text) }

    static let marked = """
        {"strut-system": 1, "name": "marked", "steps": [
          {"add": "x >= 10", "id": "floor"}, {"add": "x == 20 @1", "id": "pref"},
          {"add": "y == 7777", "id": "marked"}, {"add": "x <= 5", "id": "bad"}, {"check": "end"}]}
        """

    static let clean = """
        {"strut-system": 1, "name": "clean", "steps": [
          {"add": "x >= 10", "id": "floor"}, {"add": "x == 20 @1", "id": "pref"}, {"add": "x <= 5", "id": "bad"},
          {"edit": "y", "priority": 999}, {"suggest": {"y": 42}}, {"add": "y + x <= 100 @500", "id": "soft"},
          {"remove": "pref"}, {"check": "end"}]}
        """

    @Test func cleanSystemHasNoFindingsUnderLexicographicAndWeightedStrategies() throws {
        let check = FuzzCheck(strategies: [Self.cassowary, Self.weighted])
        #expect(check.check(try Self.system(Self.clean)) == [])
        #expect(check.check(try Self.system(Self.marked)) == [])
    }

    @Test func wrongValuesBreakRequiredConstraintsAtTheStepThatShowsIt() throws {
        let wrong = try #require(PlantedStrategies.strategy("planted-wrong"))
        let findings = FuzzCheck(strategies: [Self.cassowary, wrong]).check(try Self.system(Self.marked))
        let signatures = findings.map(\.signature.description)
        #expect(signatures.contains("required-satisfied|planted-wrong|add"))
        #expect(!signatures.contains { $0.contains("|cassowary|") })
    }

    @Test func nondeterministicValuesAreCaughtByTheSecondRunWithBothAnswers() throws {
        let shaky = try #require(PlantedStrategies.strategy("planted-nondeterministic"))
        let findings = FuzzCheck(strategies: [shaky]).check(try Self.system(Self.marked))
        // Values are recorded at checks, so that is where two runs part; the detail shows both answers.
        let finding = try #require(findings.first { $0.signature == FuzzSignature(kind: "nondeterministic", strategy: "planted-nondeterministic", place: "any") },
                                   "\(findings)")
        #expect(finding.detail.contains("x = 21") && finding.detail.contains("x = 20"), "\(finding.detail)")
    }

    static let leaky = """
        {"strut-system": 1, "name": "leaky", "steps": [
          {"add": "x == 10", "id": "floor"}, {"add": "x <= 5", "id": "bad"},
          {"edit": "y", "priority": 999}, {"suggest": {"y": 3}}, {"add": "y >= 0", "id": "low"}, {"check": "end"}]}
        """

    @Test func aRejectedAddThatCorruptsLaterStepsIsOneFindingAtTheAdd() throws {
        let leaky = try #require(PlantedStrategies.strategy("planted-leaky-rollback"))
        let findings = FuzzCheck(strategies: [leaky]).check(try Self.system(Self.leaky))
        // The first check to fail fires at the edit (x reads 11 beside x == 10), the oracle then
        // sees wrong values at the final check: all one cause, the rejected add at step 1.
        #expect(findings.map(\.signature.description) == ["rejected-changes-state|planted-leaky-rollback|add"], "\(findings)")
        #expect(findings.first?.detail.contains("step 1 (add) was rejected") == true)
        #expect(findings.first?.detail.contains("required-satisfied") == true, "the other checks are named in the detail")
    }

    /// The damage of a removal that kept its constraint shows only at the next add (rejected,
    /// where the oracle accepts it): one finding, at the removal.
    @Test func aRemovalThatLeavesATraceIsOneFindingAtTheRemoval() throws {
        let sticky = try #require(PlantedStrategies.strategy("planted-sticky-removal"))
        let text = """
            {"strut-system": 1, "name": "sticky", "steps": [
              {"add": "x == 7777", "id": "pin"}, {"add": "y >= 0", "id": "floor"}, {"remove": "pin"},
              {"check": "after the removal"}, {"add": "x == 5", "id": "five"}, {"check": "end"}]}
            """
        let findings = FuzzCheck(strategies: [sticky]).check(try Self.system(text))
        #expect(findings.map(\.signature.description) == ["removal-changes-state|planted-sticky-removal|remove"], "\(findings)")
        #expect(findings.first?.detail.contains("step 2 (remove) left a trace of the constraint step 0 added") == true, "\(findings)")
        #expect(findings.first?.detail.contains("oracle-outcome at step 4 (add)") == true, "the first check to fire is named: \(findings)")
        // A correct engine passes the same file.
        #expect(FuzzCheck(strategies: [Self.cassowary]).check(try Self.system(text)).isEmpty)
    }

    @Test func aFailureThatStaysWithoutTheRejectedStepsKeepsItsOwnKind() throws {
        let wrong = try #require(PlantedStrategies.strategy("planted-wrong"))
        let text = """
            {"strut-system": 1, "name": "w", "steps": [
              {"add": "x >= 10", "id": "floor"}, {"add": "x <= 5", "id": "bad"}, {"add": "x == 7777", "id": "marked"}, {"check": "end"}]}
            """
        let findings = FuzzCheck(strategies: [wrong]).check(try Self.system(text))
        #expect(findings.map(\.signature.kind) == ["required-satisfied"], "\(findings)")
    }

    @Test func aStrategyThatIsWrongOnItsOwnIsNotAlsoReportedForDisagreeing() throws {
        let leaky = try #require(PlantedStrategies.strategy("planted-leaky-rollback"))
        let findings = FuzzCheck(strategies: [leaky, Self.cassowary]).check(try Self.system(Self.leaky))
        #expect(findings.map(\.signature.strategy) == ["planted-leaky-rollback"], "\(findings)")
    }

    @Test func aSolverWhoseCopiesShareStateIsCaught() throws {
        let shared = try #require(PlantedStrategies.strategy("planted-shared"))
        let text = """
            {"strut-system": 1, "name": "shared", "steps": [
              {"add": "x == 20 @1", "id": "pref"}, {"add": "y == 7777", "id": "marked"},
              {"add": "x <= 15", "id": "cap"}, {"check": "end"}]}
            """
        let findings = FuzzCheck(strategies: [shared]).check(try Self.system(text))
        #expect(findings.contains { $0.signature == FuzzSignature(kind: "copy-independent", strategy: "planted-shared", place: "add") })
        // The engine itself keeps its copies apart.
        #expect(!FuzzCheck(strategies: [Self.cassowary]).check(try Self.system(text)).contains { $0.signature.kind == "copy-independent" })
    }

    @Test func heartbeatNamesEveryStrategyInOrder() throws {
        var seen: [String] = []
        _ = FuzzCheck(strategies: [Self.cassowary, Self.weighted]).check(try Self.system(Self.clean)) { seen.append($0) }
        #expect(seen == ["cassowary", "cassowary-weighted"])
    }

    @Test func layoutCaseThatCannotBeValidatedIsNotAFinding() throws {
        let subject = try FuzzSubject(fileText: #"{"strut": 1, "name": "bad", "root": "r", "views": [{"id": "r"}], "constraints": ["q.width == 10"]}"#)
        #expect(FuzzCheck(strategies: [Self.cassowary]).check(subject) == [])
    }

    @Test func layoutFindingsCarryTheInvariantAndPlaceLayout() throws {
        let wrong = try #require(PlantedStrategies.strategy("planted-wrong"))
        let subject = try FuzzSubject(fileText: """
            {"strut": 1, "name": "w", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r"}],
             "constraints": ["a.leading == r.leading + 7777", "a.top == r.top", "a.width == 10", "a.height == 10"]}
            """)
        let findings = FuzzCheck(strategies: [wrong], invariants: try InvariantSelection(parsing: "required-satisfied")).check(subject)
        #expect(findings.map(\.signature) == [FuzzSignature(kind: "required-satisfied", strategy: "planted-wrong", place: "layout")])
    }

    @Test func severalInvariantsFailingOnOneLayoutCaseAreOneFindingPerStrategy() throws {
        let wrong = try #require(PlantedStrategies.strategy("planted-wrong"))
        let subject = try FuzzSubject(fileText: """
            {"strut": 1, "name": "w", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r"}],
             "constraints": ["a.leading == r.leading + 7777", "a.top == r.top", "a.width == 10", "a.height == 10"]}
            """)
        let all = FuzzCheck(strategies: [wrong], invariants: try InvariantSelection(parsing: "all")).check(subject)
        #expect(all.map(\.signature.description) == ["required-satisfied|planted-wrong|layout"], "\(all)")
    }

    @Test func signaturesRoundTripAndRejectMissingParts() throws {
        let s = FuzzSignature(kind: "crash:SIGILL", strategy: "external:kiwi --x|y", place: "Solver.swift:42")
        #expect(s.description == "crash:SIGILL|external:kiwi --x|y|Solver.swift:42")
        #expect(try FuzzSignature(parsing: "crash:SIGILL|cassowary|A.swift:1") == FuzzSignature(kind: "crash:SIGILL", strategy: "cassowary", place: "A.swift:1"))
        #expect(throws: FuzzUsageError.self) { try FuzzSignature(parsing: "hang|cassowary") }
        #expect(throws: FuzzUsageError.self) { try FuzzSignature(parsing: "|cassowary|add") }
        #expect(!s.slug.contains("|") && !s.slug.contains("/") && !s.slug.contains(" "))
    }
}

/// An outside solver whose adapter dies is one `adapter-died` finding named by how it died (the
/// step in the detail), whatever else its death breaks afterwards.
@Suite struct FuzzCheckAdapterTests {
    @Test func deadAdapterIsOneFindingNamedByHowItDied() throws {
        let dying = BenchStrategy(name: "external:dies") { ExternalSolver(command: "read line; echo 'about to die' >&2; exit 3") }
        let subject = try FuzzSubject(fileText: FuzzCheckTests.clean)
        let findings = FuzzCheck(strategies: [FuzzCheckTests.cassowary, dying]).check(subject)
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.signature.kind == "adapter-died")
        #expect(findings.first?.signature.strategy == "external:dies")
        #expect(findings.first?.signature.place == "external exit #: about to die", "\(findings)")
        #expect(findings.first?.detail.hasPrefix("step 0 (add): ") == true, "\(findings)")
    }

    /// In a layout too: a dead solver's values read NaN, and those are not its answers (GTK's
    /// assertion at a device pin once showed as finite-frames).
    @Test func anAdapterThatDiesInALayoutIsOneAdapterDiedFinding() throws {
        let dying = BenchStrategy(name: "external:dies") { ExternalSolver(command: "read line; echo 'about to die' >&2; exit 3") }
        let subject = try FuzzSubject(fileText: """
            {"strut": 1, "name": "dies", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r"}],
             "constraints": ["a.leading == r.leading + 8", "a.top == r.top", "a.width == 10", "a.height == 10"]}
            """)
        let findings = FuzzCheck(strategies: [FuzzCheckTests.cassowary, dying]).check(subject)
        #expect(findings.map(\.signature.description) == ["adapter-died|external:dies|external exit #: about to die"], "\(findings)")
        #expect(findings.first?.detail.hasPrefix("laying out on ") == true, "\(findings)")
    }

    /// On a system file too: the oracle's run and the second plain run use solvers of their own,
    /// and one that dies is the finding, not the disagreement its error outcome would make.
    @Test func anAdapterThatDiesInASystemFilesSecondRunIsOneAdapterDiedFinding() throws {
        let strut = try #require(PlantedAdapter.strutBinary, "the strut executable is built with the tests")
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("strut-second-dies-system-\(getpid())").path
        try? FileManager.default.removeItem(atPath: marker)
        defer { try? FileManager.default.removeItem(atPath: marker) }
        // The first process answers as Strut's own engine until it is reset for the next solver,
        // and quits then (so the pool starts another); every later process dies at once.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("strut-second-dies-\(getpid()).bash")
        defer { try? FileManager.default.removeItem(at: script) }
        try """
            if [ -e '\(marker)' ]; then echo 'second process' >&2; exit 4; fi
            touch '\(marker)'
            coproc A { exec '\(strut)' adapter --strategy cassowary; }
            while IFS= read -r line; do
              case "$line" in *reset*) exit 0;; esac
              printf '%s\\n' "$line" >&"${A[1]}"
              IFS= read -r answer <&"${A[0]}" || exit 1
              printf '%s\\n' "$answer"
            done
            """.write(to: script, atomically: true, encoding: .utf8)
        let secondDies = BenchStrategy(name: "external:second-dies") { ExternalSolver(command: "bash '\(script.path)'") }
        let findings = FuzzCheck(strategies: [secondDies]).check(try FuzzSubject(fileText: FuzzCheckTests.clean))
        #expect(findings.map(\.signature.description) == ["adapter-died|external:second-dies|external exit #: second process"], "\(findings)")
        #expect(findings.first?.detail.hasPrefix("in a second run for a check: ") == true, "\(findings)")
    }

    /// A solver the pass makes for a check (a fresh layout, a metamorphic variant) dies too: one
    /// adapter-died finding, not the check it would have failed on NaN values (GTK's heap damage
    /// once showed as translate-root).
    @Test func anAdapterThatDiesInAFreshLayoutIsOneAdapterDiedFinding() throws {
        let strut = try #require(PlantedAdapter.strutBinary, "the strut executable is built with the tests")
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("strut-second-dies-\(getpid())").path
        try? FileManager.default.removeItem(atPath: marker)
        defer { try? FileManager.default.removeItem(atPath: marker) }
        // The first process answers as Strut's own engine; every later one dies at once.
        let command = "if [ -e '\(marker)' ]; then echo 'second process' >&2; exit 4; fi; touch '\(marker)'; exec '\(strut)' adapter --strategy cassowary"
        let secondDies = BenchStrategy(name: "external:second-dies") { ExternalSolver(command: command) }
        let subject = try FuzzSubject(fileText: """
            {"strut": 1, "name": "fresh", "root": "r", "views": [{"id": "r"}, {"id": "a", "superview": "r"}],
             "constraints": ["a.leading == r.leading + 8", "a.top == r.top", "a.width == 10", "a.height == 10"]}
            """)
        let findings = FuzzCheck(strategies: [secondDies]).check(subject)
        #expect(findings.map(\.signature.description) == ["adapter-died|external:second-dies|external exit #: second process"], "\(findings)")
        #expect(findings.first?.detail.hasPrefix("in a fresh layout for a check: ") == true, "\(findings)")
    }
}
