import Foundation
import LinearConstraints
import Testing

@testable import Peers

/// An adapter that dies, hangs or talks nonsense becomes a recorded `ExternalFailure` on the
/// solver, never a harness crash or hang, and its process is reaped (no zombie).
@Suite struct ExternalFailureTests {
    /// The solver is dead after `failure`: operations throw the dead error, values read NaN,
    /// `checkInvariants()` throws, and no process the adapter started is left.
    func expectDead(_ solver: inout ExternalSolver, _ adapter: PlantedAdapter) {
        #expect(solver.value(of: External.x).isNaN)
        #expect(throws: SolverError.self) { try solver.checkInvariants() }
        do {
            try solver.add(External.atLeast(External.y, 1), id: ConstraintID(99))
            Issue.record("an operation on a dead solver succeeded")
        } catch {
            #expect("\(error)".contains("external solver is dead"), "\(error)")
        }
        #expect(solver.objective().allSatisfy { $0.error.isNaN })
        #expect(adapter.survivors.isEmpty, "processes left: \(adapter.survivors)")
        #expect(!adapter.pids.isEmpty)
    }

    @Test func anAdapterThatExitsMidSessionIsRecordedWithItsStatusRequestAndStderr() throws {
        let adapter = try PlantedAdapter("exits") { _ in
            """
            n=0
            while read -r line; do
              n=$((n+1))
              if [ $n -ge 3 ]; then echo "giving up on request $n" >&2; exit 3; fi
              echo '{"outcome":"ok"}'
            done
            """
        }
        var solver = adapter.solver()
        try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        try solver.add(External.atLeast(External.x, 2), id: ConstraintID(1))
        #expect(throws: SolverError.self) { try solver.add(External.atLeast(External.x, 3), id: ConstraintID(2)) }
        let failure = try #require(solver.failure)
        #expect(failure.kind == .exited(status: 3))
        #expect(failure.requestNumber == 3)
        #expect(failure.request == #"{"add":"v0 >= 3","id":"c2"}"#)
        #expect(failure.stderrTail.contains("giving up on request 3"))
        #expect(failure.signature == "external exit 3: giving up on request 3")
        #expect(!solver.contains(ConstraintID(2)) && solver.contains(ConstraintID(1)))
        expectDead(&solver, adapter)
    }

    @Test func anAdapterThatHangsIsKilledAtTheTimeoutWithItsChildren() throws {
        let adapter = try PlantedAdapter("hangs") { _ in
            """
            read -r line
            echo '{"outcome":"ok"}'
            read -r line
            sleep 1000 &
            echo $! >> "$(dirname "$0")/pids"
            wait
            """
        }
        var solver = adapter.solver(timeout: 0.5)
        try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        #expect(throws: SolverError.self) { try solver.remove(ConstraintID(0)) }
        let failure = try #require(solver.failure)
        #expect(failure.kind == .timedOut(seconds: 0.5))
        #expect(failure.request == #"{"remove":"c0"}"#)
        #expect(failure.signature == "external timeout")
        #expect(adapter.pids.count == 2)
        expectDead(&solver, adapter)
    }

    @Test func anAdapterThatPrintsGarbageAnswersNonsense() throws {
        let adapter = try PlantedAdapter("garbage") { _ in
            "while read -r line; do echo 'hello, world'; done"
        }
        var solver = adapter.solver()
        #expect(throws: SolverError.self) { try solver.addEditVariable(External.x, priority: .defaultHigh) }
        let failure = try #require(solver.failure)
        guard case .nonsense(let what) = failure.kind else { Issue.record("kind \(failure.kind)"); return }
        #expect(what.contains("not a JSON object"))
        expectDead(&solver, adapter)
    }

    @Test func anAdapterThatAbortsIsRecordedAsTheSignal() throws {
        let adapter = try PlantedAdapter("aborts") { _ in
            """
            read -r line
            echo 'about to abort' >&2
            kill -ABRT $$
            """
        }
        var solver = adapter.solver()
        #expect(throws: SolverError.self) { try solver.add(External.equal(External.x, 1), id: ConstraintID(0)) }
        let failure = try #require(solver.failure)
        #expect(failure.kind == .signaled(6))
        #expect(failure.summary == "killed by signal 6 (SIGABRT)")
        #expect(failure.signature == "external signal SIGABRT: about to abort")
        expectDead(&solver, adapter)
    }

    @Test func answersThatContradictTheHarnessBookkeepingAreNonsense() throws {
        let adapter = try PlantedAdapter.blind("bookkeeping")
        var solver = adapter.solver()
        try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        #expect(throws: SolverError.self) { try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0)) }
        let failure = try #require(solver.failure)
        #expect(failure.kind == .nonsense("ok to adding c0, which it already holds"))
        expectDead(&solver, adapter)
    }

    @Test func aCheckAnsweredWithAnOutcomeIsNonsense() throws {
        let adapter = try PlantedAdapter("check-outcome") { _ in
            "while read -r line; do echo '{\"outcome\":\"ok\"}'; done"
        }
        var solver = adapter.solver()
        try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        #expect(solver.value(of: External.x).isNaN)
        guard case .nonsense(let what)? = solver.failure?.kind else { Issue.record("no nonsense: \(String(describing: solver.failure))"); return }
        #expect(what.contains("a check must be answered with {\"values\""))
        expectDead(&solver, adapter)
    }

    @Test func aCommandThatCannotRunIsAFailureNotACrash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strut-external-missing-\(UUID().uuidString)")
        var solver = ExternalSolver(ExternalConfiguration(command: directory.appendingPathComponent("no-such-adapter").path, timeout: 2))
        #expect(throws: SolverError.self) { try solver.add(External.atLeast(External.x, 1), id: ConstraintID(0)) }
        #expect(solver.failure?.kind == .exited(status: 127))
        #expect(solver.value(of: External.x).isNaN)
    }
}

/// What a fuzz signature keeps of an adapter's death: the abort's reason, without paths,
/// numbers or quoted names, so two machines and two runs name one cause alike.
@Suite struct ExternalFailureStableTextTests {
    func failure(_ kind: ExternalFailure.Kind, _ stderr: String) -> ExternalFailure {
        ExternalFailure(kind: kind, command: "/home/a/scripts/kiwi-adapter", request: "{}", requestNumber: 12, stderrTail: stderr)
    }

    @Test func anAbortIsNamedByItsReason() {
        let f = failure(.signaled(6), "terminate called after throwing an instance of 'kiwi::InternalSolverError'\n  what():  Dual optimize failed.\n")
        #expect(f.stableText == "external signal SIGABRT: Dual optimize failed.")
    }

    @Test func pathsNumbersAndQuotedNamesAreLeftOut() {
        let a = failure(.exited(status: 1), "Traceback\n  File \"/home/a/x.py\", line 3\nKeyError: 'v17' at /tmp/q/r.py:12\n")
        let b = failure(.exited(status: 1), "Traceback\n  File \"/home/b/x.py\", line 9\nKeyError: 'm3' at /srv/r.py:40\n")
        #expect(a.stableText == b.stableText, "\(a.stableText) / \(b.stableText)")
        #expect(a.stableText == "external exit #: KeyError: '…' at …")
    }

    /// GTK's failure 3 (a variable freed while its tableau holds it) aborts in whichever of
    /// glibc's heap checks meets the damage first: one signature, the message kept in stderr.
    @Test func glibcHeapChecksAreOneCause() {
        let messages = ["malloc(): unaligned tcache chunk detected", "malloc(): unaligned fastbin chunk detected",
                        "malloc_consolidate(): unaligned fastbin chunk detected", "corrupted double-linked list",
                        "free(): invalid pointer", "double free or corruption (out)"]
        let texts = Set(messages.map { failure(.signaled(6), "GLib-CRITICAL: g_ref_count_dec\n\($0)\n").stableText })
        #expect(texts == ["external signal SIGABRT: glibc found the heap damaged"], "\(texts)")
        #expect(failure(.signaled(6), "malloc(): unaligned tcache chunk detected\n").description.contains("unaligned tcache"))
        // Another abort keeps its own reason.
        #expect(failure(.signaled(6), "Bail out! assertion failed: (x)\n").stableText.hasPrefix("external signal SIGABRT: Bail out!"))
    }
}
