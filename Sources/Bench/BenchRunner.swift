import Dispatch
import Foundation
import StrutSystem

/// Runs a plan's units on `jobs` Dispatch workers (docs/architecture.md, "Concurrency, isolation,
/// measurement").
///
/// Workers take the next unit from a shared cursor (a lock taken once per unit, never while
/// measuring), run it with their own solvers, and write its result into the unit's own slot, so
/// results come out in work-item order whatever the job count or the completion order. A stop
/// request (Ctrl-C, the time limit) lets running units finish and starts no new ones; units not
/// started are counted as skipped.
public final class BenchRunner: @unchecked Sendable {
    public let plan: BenchPlan
    public let jobs: Int
    /// Seconds after the start past which no new unit starts (nil: no limit).
    public let timeLimit: Double?

    private let units: [WorkUnit]
    private let lock = NSLock()
    private var cursor = 0
    private var finished = 0
    private var stopReason: StopReason?
    private var slots: [UnitResult?]
    /// Per family, strategy and direction: the smallest size cut off by the per-run time limit.
    /// Larger sizes of it are not started (they would only be cut off later).
    private var cutOffSizes: [String: Int] = [:]

    public enum StopReason: String, Hashable, Sendable {
        case interrupted, timeLimit = "time-limit"
    }

    public init(plan: BenchPlan, jobs: Int, timeLimit: Double? = nil) {
        self.plan = plan
        self.jobs = max(1, jobs)
        self.timeLimit = timeLimit
        units = plan.units
        slots = Array(repeating: nil, count: units.count)
    }

    /// Units in this shard.
    public var unitCount: Int { units.count }

    /// Asks the workers to start no new unit. Safe from any thread (a signal handler's queue).
    public func stop(_ reason: StopReason) {
        lock.lock()
        if stopReason == nil { stopReason = reason }
        lock.unlock()
    }

    /// Units finished so far and the stop reason, for progress displays.
    public var progress: (finished: Int, total: Int, stopped: StopReason?) {
        lock.lock()
        defer { lock.unlock() }
        return (finished, units.count, stopReason)
    }

    /// Runs every unit (blocking), calling `tick` on the calling thread about every
    /// `tickInterval` seconds while workers run. Returns the results of the units that ran, in
    /// work-item order, and why the run stopped early (nil when it did not).
    public func run(tickInterval: Double = 0.25, tick: (BenchRunner) -> Void = { _ in }) -> (results: [UnitResult], stopped: StopReason?) {
        let start = Clocks.monotonicNanoseconds()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: self.jobs) { _ in self.work(start: start) }
            done.signal()
        }
        while done.wait(timeout: .now() + tickInterval) == .timedOut { tick(self) }
        tick(self)
        lock.lock()
        defer { lock.unlock() }
        return (slots.compactMap { $0 }, stopReason)
    }

    /// Runs every unit on the calling thread, one worker, no Dispatch: the instruction meter's
    /// child (`BenchSession` under `plan.meterInstructions`). A pool thread started or woken
    /// at a moment that depends on timing allocates too, and moved the counts of what ran after.
    /// `interrupted` is asked before each unit (a flag a signal handler sets).
    public func runOnThisThread(interrupted: () -> Bool) -> (results: [UnitResult], stopped: StopReason?) {
        let worker = Worker(plan: plan), start = Clocks.monotonicNanoseconds()
        while true {
            if interrupted() { stop(.interrupted) }
            guard let k = next(start: start) else { break }
            finish(k, skipped(units[k], plan.growthKey(units[k])) ?? worker.run(units[k]))
        }
        lock.lock()
        defer { lock.unlock() }
        return (slots.compactMap { $0 }, stopReason)
    }

    /// One worker: its thread's meter, then units until none is left or a stop is requested.
    private func work(start: UInt64) {
        let worker = Worker(plan: plan)
        while let k = next(start: start) {
            finish(k, skipped(units[k], plan.growthKey(units[k])) ?? worker.run(units[k]))
        }
    }

    /// Files unit k's result and notes a cut-off size.
    private func finish(_ k: Int, _ result: UnitResult) {
        let growth = plan.growthKey(units[k])
        lock.lock()
        defer { lock.unlock() }
        slots[k] = result
        finished += 1
        if result.cutOff != nil, let growth, growth.size < cutOffSizes[growth.key] ?? Int.max {
            cutOffSizes[growth.key] = growth.size
        }
    }

    /// A unit not started because a smaller size of its family, strategy and direction was cut
    /// off by the per-run time limit; nil when it should run.
    private func skipped(_ unit: WorkUnit, _ growth: (key: String, size: Int)?) -> UnitResult? {
        guard let growth else { return nil }
        lock.lock()
        let smaller = cutOffSizes[growth.key]
        lock.unlock()
        guard let smaller, smaller < growth.size else { return nil }
        var result = UnitResult(unit: unit, records: [])
        result.cutOff = "not started: size \(smaller) of the same family, strategy and direction was cut off at the per-run limit"
        return result
    }

    /// The next unit's position, or nil when all are taken or the run must stop.
    private func next(start: UInt64) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if stopReason == nil, let limit = timeLimit, Double(Clocks.monotonicNanoseconds() &- start) / 1e9 >= limit {
            stopReason = .timeLimit
        }
        guard stopReason == nil, cursor < units.count else { return nil }
        cursor += 1
        return cursor - 1
    }
}
