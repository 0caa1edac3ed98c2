import Fuzzing
import Peers
import Testing

/// A fuzz worker's outside solvers wait for an answer as long as the worker's own limit on the
/// clock, so a slow request is judged as a hang on CPU time, not killed after 30 s on a clock a
/// busy machine stretches.
@Suite struct WorkerEnvironmentTests {
    @Test func theRequestLimitIsTheSubjectsLimitOnTheClock() {
        let env = WorkerPool.environment(["PATH": "/bin"], timeout: 60)
        let limit = ExternalConfiguration.fromEnvironment(command: "adapter", env).timeout
        #expect(limit == 60 * WorkerPool.wallLimitFactor)
        #expect(env["PATH"] == "/bin")
    }

    @Test func neverBelowTheUsualThirtySeconds() {
        let env = WorkerPool.environment([:], timeout: 1)
        #expect(ExternalConfiguration.fromEnvironment(command: "adapter", env).timeout == 30)
    }

    @Test func aLimitTheUserSetIsKept() {
        let env = WorkerPool.environment(["STRUT_EXTERNAL_TIMEOUT": "5"], timeout: 60)
        #expect(ExternalConfiguration.fromEnvironment(command: "adapter", env).timeout == 5)
    }
}
