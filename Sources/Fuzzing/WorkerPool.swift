import Foundation
import Judging
import StrutSystem
import Subjects

/// The fuzz supervisor: `jobs` long-lived worker processes (`strut fuzz-worker`), each fed one
/// subject at a time. A worker that dies (a trap arrives as SIGILL, a null dereference as
/// SIGSEGV), runs past `timeout` on one subject, or grows past `maxMemoryBytes` resident is
/// recorded as a finding on that subject (`crash:SIGNAL`, `hang`, `memory`) under the strategy
/// its last heartbeat named, killed, reaped, and replaced on its next job; the batch goes on.
///
/// Workers are `ChildProcess`es (`ChildProcess+Worker.swift`). I/O is `poll`-based on their
/// output and error pipes (20 ms ticks); memory is read from /proc every tick for busy workers;
/// a subject is a hang when the worker and its descendants (an outside solver's adapter) spent
/// `timeout` seconds of CPU time on it, or when `wallLimitFactor` times that passed on the
/// clock (`ContinuousClock`) whatever the CPU (a worker blocked without computing): so a busy
/// machine, which stretches wall time, does not turn a slow case into a hang, and a loop is
/// caught after the same work on any machine. CPU time is read from /proc when a job is sent
/// (its starting point) and, once a subject has run `timeout` seconds on the clock, at each
/// tick. Workers start lazily and are reused across batches, so
/// isolation costs a pipe round trip and a JSON encoding per subject, not a process start.
public final class WorkerPool: FuzzEvaluator {
    public struct Settings: Sendable {
        /// The worker's executable and arguments.
        public var command: [String]
        public var jobs: Int
        /// CPU seconds one subject may take (all strategies together; see the type's comment).
        public var timeout: Double
        public var maxMemoryBytes: Int
        public var environment: [String: String]

        public init(command: [String], jobs: Int, timeout: Double, maxMemoryBytes: Int, environment: [String: String]) {
            self.command = command
            self.jobs = jobs
            self.timeout = timeout
            self.maxMemoryBytes = maxMemoryBytes
            self.environment = environment
        }
    }

    /// One worker place: its process (nil until needed or after a death), its current job.
    struct Slot {
        var process: ChildProcess?
        var job: Int?
        var started = ContinuousClock.now
        /// CPU seconds the worker and its descendants had used when the job was sent.
        var startedCPU = 0.0
        var strategy: String?
    }

    /// A subject that has run this many times `timeout` on the clock is a hang whatever CPU
    /// time it used.
    public static let wallLimitFactor = 6.0

    /// The environment of the workers for subjects of `timeout` CPU seconds: `base` with the
    /// outside solvers' per-request limit (`STRUT_EXTERNAL_TIMEOUT`, 30 s by default) raised to
    /// the subject's limit on the clock, unless `base` sets it. A request that computes too long
    /// is then a `hang`, judged on CPU time like any subject, not an adapter killed after 30 s
    /// on a clock a busy machine stretches (BeeWare's slow adds under a parallel build).
    public static func environment(_ base: [String: String], timeout: Double) -> [String: String] {
        var out = base
        if out["STRUT_EXTERNAL_TIMEOUT"] == nil { out["STRUT_EXTERNAL_TIMEOUT"] = "\(max(30, timeout * wallLimitFactor))" }
        return out
    }

    let settings: Settings
    var slots: [Slot]
    /// Processes started so far (the first `jobs` plus replacements).
    public private(set) var started = 0

    public init(_ settings: Settings) {
        self.settings = settings
        slots = Array(repeating: Slot(), count: max(1, settings.jobs))
    }

    /// Stops every worker (end of input, then reaped).
    public func shutdown() { for k in slots.indices { slots[k] = Slot() } }

    public func evaluate(_ jobs: [FuzzJob], stop: () -> Bool) -> [FuzzJobResult?] {
        var results = [FuzzJobResult?](repeating: nil, count: jobs.count)
        var next = 0, done = 0
        while done < jobs.count {
            if stop() {
                for k in slots.indices where slots[k].job != nil { slots[k] = Slot() }
                return results
            }
            for k in slots.indices where slots[k].job == nil && next < jobs.count {
                if assign(k, id: next, jobs[next]) { next += 1 } else {
                    results[next] = FuzzJobResult(findings: [], invalid: "could not start a worker")
                    next += 1
                    done += 1
                }
            }
            waitForOutput()
            for k in slots.indices {
                guard let id = slots[k].job else { continue }
                if let r = service(k, jobs[id]) {
                    results[id] = r
                    done += 1
                }
            }
        }
        return results
    }

    /// Sends job `id` to slot `k`, starting its worker if needed.
    func assign(_ k: Int, id: Int, _ job: FuzzJob) -> Bool {
        for _ in 0..<2 {
            if slots[k].process == nil {
                guard let p = try? ChildProcess.worker(settings.command, environment: settings.environment) else { return false }
                slots[k].process = p
                started += 1
            }
            let request = WorkerMessage.request(id: id, subject: job.subject, expectations: job.expectations)
            if slots[k].process!.write(Array((request + "\n").utf8), deadline: ContinuousClock.now.advanced(by: .seconds(settings.timeout))) {
                slots[k].job = id
                slots[k].started = ContinuousClock.now
                slots[k].startedCPU = slots[k].process?.treeCPUSeconds ?? 0
                slots[k].strategy = nil
                return true
            }
            slots[k].process = nil  // it died between jobs: start another
        }
        return false
    }

    /// Waits up to 20 ms for any busy worker to write.
    func waitForOutput() {
        var fds: [pollfd] = []
        for s in slots where s.job != nil {
            guard let p = s.process else { continue }
            fds += p.readableDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        }
        _ = poll(&fds, nfds_t(fds.count), 20)
    }

    /// Reads slot `k`'s output and judges its health; the job's result once it has one.
    func service(_ k: Int, _ job: FuzzJob) -> FuzzJobResult? {
        guard let p = slots[k].process, let id = slots[k].job else { return nil }
        for line in p.availableLines() {
            switch WorkerMessage.parseReply(line) {
            case .starting(let rid, let strategy)? where rid == id: slots[k].strategy = strategy
            case .result(let rid, let findings, let invalid)? where rid == id:
                slots[k].job = nil
                return FuzzJobResult(findings: findings, invalid: invalid)
            default: break
            }
        }
        if p.outputClosed { return died(k, job) }
        let wall = slots[k].started.duration(to: .now)
        if wall > .seconds(settings.timeout) {
            let cpu = (p.treeCPUSeconds ?? .infinity) - slots[k].startedCPU
            if cpu >= settings.timeout {
                return killed(k, job, kind: "hang", detail: "no answer after \(Self.seconds(settings.timeout)) s of CPU time")
            }
            if wall > .seconds(settings.timeout * Self.wallLimitFactor) {
                return killed(k, job, kind: "hang", detail: "no answer after \(Self.seconds(settings.timeout * Self.wallLimitFactor)) s on the clock (\(Self.seconds(cpu)) s of CPU time)")
            }
        }
        let resident = p.residentBytes
        if resident > settings.maxMemoryBytes {
            return killed(k, job, kind: "memory", detail: "resident memory \(resident >> 20) MiB over the limit of \(settings.maxMemoryBytes >> 20) MiB")
        }
        return nil
    }

    /// Seconds for a message, without digits that vary from run to run (a whole number, or one
    /// decimal below 10).
    static func seconds(_ s: Double) -> String {
        s >= 10 || s == s.rounded() ? String(Int(s.rounded())) : String(format: "%.1f", s)
    }

    func killed(_ k: Int, _ job: FuzzJob, kind: String, detail: String) -> FuzzJobResult {
        slots[k].process?.terminate()
        return retire(k, FuzzFinding(kind: kind, strategy: slots[k].strategy ?? "worker", place: Self.kindPlace(job.subject), detail: detail))
    }

    /// The worker's output closed: reap it and record how it ended.
    func died(_ k: Int, _ job: FuzzJob) -> FuzzJobResult {
        guard let p = slots[k].process else { return FuzzJobResult(findings: []) }
        p.reapAfterEndOfFile(grace: .seconds(1))
        let tail = p.stderrText
        let how = p.ending?.name ?? "exit-0"
        let place = Self.fatalPlace(tail) ?? Self.kindPlace(job.subject)
        let lines = tail.split(separator: "\n")
        let message = lines.last { $0.contains("Fatal error") }.map(String.init) ?? lines.suffix(3).joined(separator: " / ")
        return retire(k, FuzzFinding(kind: "crash:\(how)", strategy: slots[k].strategy ?? "worker", place: place,
                                     detail: message.isEmpty ? "the worker ended (\(how)) without a message" : message))
    }

    func retire(_ k: Int, _ finding: FuzzFinding) -> FuzzJobResult {
        slots[k] = Slot()
        return FuzzJobResult(findings: [finding])
    }

    static func kindPlace(_ subject: FuzzSubject) -> String {
        switch subject {
        case .layout: "layout"
        case .system: "system"
        }
    }

    /// The `File.swift:LINE` of the last "Fatal error" line (`path/File.swift:42: Fatal error: ...`),
    /// or the message with its digits masked when the line names no file; nil without one.
    static func fatalPlace(_ text: String) -> String? {
        guard let line = text.split(separator: "\n").last(where: { $0.contains("Fatal error") }) else { return nil }
        if let r = line.range(of: ": Fatal error") {
            let location = line[..<r.lowerBound]
            let file = location.split(separator: "/").last.map(String.init) ?? String(location)
            if file.contains(".swift:") { return file }
        }
        let message = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? String(line)
        return String(message.map { $0.isNumber ? "#" : $0 }.prefix(80))
    }
}
