import Judging
import Subjects

/// One subject to check, and whether its `expect` block still applies (not for mutated cases).
public struct FuzzJob: Sendable {
    public var subject: FuzzSubject
    public var expectations: Bool
    public init(subject: FuzzSubject, expectations: Bool) {
        self.subject = subject
        self.expectations = expectations
    }
}

/// What checking one subject gave: its findings (crashes, hangs and memory blow-ups included,
/// when checked in workers), or why the subject could not be read.
public struct FuzzJobResult: Hashable, Sendable {
    public var findings: [FuzzFinding]
    public var invalid: String?
    public init(findings: [FuzzFinding], invalid: String? = nil) {
        self.findings = findings
        self.invalid = invalid
    }
}

/// Something that checks batches of subjects: the worker pool (isolated, the default) or the
/// current process (`InProcessEvaluator`, to measure what isolation costs).
public protocol FuzzEvaluator: AnyObject {
    /// Results in job order; nil for a job left unrun because `stop()` became true.
    func evaluate(_ jobs: [FuzzJob], stop: () -> Bool) -> [FuzzJobResult?]
}

/// Checks subjects in this process with `FuzzCheck`: no protection against traps or hangs.
public final class InProcessEvaluator: FuzzEvaluator {
    let check: FuzzCheck
    public init(check: FuzzCheck) { self.check = check }

    public func evaluate(_ jobs: [FuzzJob], stop: () -> Bool) -> [FuzzJobResult?] {
        var out: [FuzzJobResult?] = []
        for job in jobs {
            if stop() { out.append(nil); continue }
            var c = check
            c.checkExpectations = job.expectations
            out.append(FuzzJobResult(findings: c.check(job.subject)))
        }
        return out
    }
}
