import Foundation
@testable import Fuzzing
@testable import Peers
@testable import StrutSystem
import Testing

/// The one child-process type behind fuzz workers and outside adapters: both kinds are started,
/// bounded, killed and reaped by the same code (each case here runs with a worker and with an
/// adapter where the behaviour is shared).
@Suite struct ChildProcessTests {
    /// True when `pid` no longer runs (gone, or a zombie waiting for a parent that is not us).
    static func gone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state == "Z" || state == "X"
    }

    static func waitUntilGone(_ pid: pid_t) -> Bool {
        for _ in 0..<200 where !gone(pid) { usleep(10_000) }
        return gone(pid)
    }

    /// A child that starts a grandchild, prints its pid and waits: terminating the child kills
    /// the grandchild too (the whole process group), for a worker as for an adapter. A worker
    /// used to be killed alone, leaving its children running.
    @Test func terminateKillsTheWholeProcessGroup() throws {
        let script = "sleep 30 & echo $!; wait"
        let children = [try ChildProcess.worker(["/bin/sh", "-c", script], environment: [:]), try ChildProcess.adapter(script)]
        for child in children {
            guard case .line(let line) = child.readLine(deadline: .now.advanced(by: .seconds(5))), let grandchild = pid_t(String(decoding: line, as: UTF8.self)) else {
                Issue.record("\(child.label): no pid line")
                continue
            }
            child.terminate()
            #expect(child.ending == .signaled(SIGKILL), "\(child.label)")
            #expect(Self.waitUntilGone(grandchild), "\(child.label): grandchild \(grandchild) survived")
        }
    }

    /// A child that never reads its input: a write larger than the pipe gives up at the deadline
    /// instead of blocking the supervisor (a worker's write used to block without limit).
    @Test func aWriteToAChildThatDoesNotReadEndsAtTheDeadline() throws {
        for child in [try ChildProcess.worker(["/bin/sleep", "30"], environment: [:]), try ChildProcess.adapter("sleep 30")] {
            let start = ContinuousClock.now
            #expect(!child.write([UInt8](repeating: 65, count: 1 << 20), deadline: .now.advanced(by: .milliseconds(200))))
            #expect(start.duration(to: .now) < .seconds(5))
            child.terminate()
        }
    }

    /// How a child ended is named from one table: a signal by its name, an exit by its status;
    /// the last words on standard error are kept.
    @Test func endingsAreNamedFromOneSignalTable() throws {
        let crash = try ChildProcess.worker(["/bin/sh", "-c", "echo dying >&2; kill -SEGV $$"], environment: [:])
        #expect(crash.readLine(deadline: .now.advanced(by: .seconds(5))) == .endOfFile)
        #expect(crash.reapAfterEndOfFile(grace: .seconds(5)))
        #expect(crash.ending?.name == "SIGSEGV" && crash.stderrText == "dying\n")
        let exit = try ChildProcess.adapter("true; exit 3")   // compound: runs in the shell, not exec
        #expect(exit.availableLines().isEmpty)
        exit.reapAfterEndOfFile(grace: .seconds(5))
        #expect(exit.ending == .exited(3) && exit.ending?.name == "exit-3")
        #expect(ChildProcess.Ending.signaled(63).name == "SIG63")
    }

    @Test func aCommandThatDoesNotExistIsASpawnErrorWithTheReason() {
        #expect(throws: FuzzUsageError.self) { try ChildProcess.worker(["/nonexistent/strut-worker"], environment: [:]) }
    }

    /// `ChildProcess.run`, the one way strut runs a tool to its end (git, objcopy, metered shards,
    /// compare's units): output lines, exit status, standard error's tail, and a child past its
    /// time killed with its process group.
    @Test func runCollectsOutputStatusAndErrorsAndKillsPastItsTime() throws {
        let env = ChildProcess.inheritedEnvironment(setting: ["GREETING=hello"], removing: ["HOME"])
        let done = try ChildProcess.run("/bin/sh", ["-c", "echo $GREETING; echo ${HOME:-none}; echo oops >&2; exit 3"], environment: env)
        #expect(done.output == ["hello", "none"])
        #expect(done.ending == .exited(3) && !done.succeeded && done.endingText == "status 3")
        #expect(done.errorSummary() == "oops")
        let started = ContinuousClock.now
        let grandchild = PIDHolder()
        let slow = try ChildProcess.run("/bin/sh", ["-c", "sleep 30 & echo $!; wait"], environment: env, timeout: .milliseconds(500)) { _ in }
        grandchild.value = pid_t(slow.output.first ?? "") ?? 0
        #expect(slow.timedOut && !slow.succeeded)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(grandchild.value > 0 && Self.waitUntilGone(grandchild.value))
        #expect(throws: ChildProcess.SpawnError.self) { try ChildProcess.run("/nonexistent/tool", [], environment: env) }
    }

    final class PIDHolder: @unchecked Sendable { var value: pid_t = 0 }
}

extension ChildProcess.LineResult: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.line(let x), .line(let y)): x == y
        case (.endOfFile, .endOfFile), (.timedOut, .timedOut): true
        default: false
        }
    }
}
