import Dispatch
import Foundation
import LinearConstraints
import Metering
import StrutSystem

/// One `strut bench` run from plan to results: the runner, the machine figures around it (load
/// at start and end, process CPU time, peak resident memory), Ctrl-C handling and progress.
public enum BenchSession {
    /// Runs `plan` on `jobs` workers and collects the results. With `handleInterrupt`, SIGINT
    /// stops the run cleanly (running units finish, the rest are skipped) instead of ending the
    /// process, so what was measured is still returned; the default handler is restored after.
    public static func run(
        _ plan: BenchPlan, jobs: Int, timeLimit: Double? = nil, handleInterrupt: Bool = false,
        progress: ProgressDisplay? = nil
    ) -> BenchResults {
        let runner = BenchRunner(plan: plan, jobs: jobs, timeLimit: timeLimit)
        // The metered child watches Ctrl-C with a flag, not a signal thread (`runOnThisThread`).
        if plan.meterInstructions, handleInterrupt { InstructionMeter.watchInterrupt() }
        let interrupt = handleInterrupt && !plan.meterInstructions ? InterruptWatcher { runner.stop(.interrupted) } : nil
        let loadAtStart = Clocks.loadAverages()
        let startedAt = ISO8601DateFormatter().string(from: Date())
        let cpu0 = Clocks.processCPUNanoseconds(), t0 = Clocks.monotonicNanoseconds()
        // Under the instruction meter one worker runs on this thread: no other thread may run
        // during a measured region (callgrind counts every thread while collecting), nor start
        // at a moment that depends on timing (its allocations move the heap), so no progress.
        let (results, stopped) = plan.meterInstructions ? runner.runOnThisThread { handleInterrupt && InstructionMeter.interrupted }
            : runner.run(tickInterval: 0.25) { r in progress?.update(r.progress) }
        let wall = Double(Clocks.monotonicNanoseconds() &- t0) / 1e9
        let cpu = Double(Clocks.processCPUNanoseconds() &- cpu0) / 1e9
        interrupt?.cancel()
        progress?.finish(runner.progress)
        let solves = results.reduce(0) { $0 + $1.records.reduce(0) { $0 + $1.wall.count } }
        let run = BenchResults.RunInfo(
            shard: plan.shard, jobs: runner.jobs, startedAt: startedAt, wallSeconds: wall, processCPUSeconds: cpu,
            peakResidentBytes: Clocks.peakResidentBytes(), loadAtStart: loadAtStart, loadAtEnd: Clocks.loadAverages(),
            unitsPlanned: runner.unitCount, unitsRun: results.count, stopped: stopped?.rawValue, machine: .current,
            throughput: wall > 0 ? Double(solves) / wall : 0, metering: MeteringCost.measure())
        let sources = plan.allUnits.map { unit -> String in
            switch unit.kind {
            case .layout(let s, _): plan.sources[s].label
            case .solverWorkload(let w): "solver workload \(plan.solverWorkloads[w].kind)-\(plan.solverWorkloads[w].views)"
            }
        }
        return BenchResults(command: plan.command, configuration: plan.configurationJSON, run: run,
                            totalUnits: sources.count, results: results, sources: sources, strategies: plan.strategies.map(\.name))
    }
}

/// Turns the first SIGINT into a call of `action` on a private queue, while it lives (until
/// `cancel`); a second SIGINT gets the default behaviour (the process ends at once).
public final class InterruptWatcher: @unchecked Sendable {
    private let source: DispatchSourceSignal
    private let queue = DispatchQueue(label: "strut.interrupt")

    public init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
        source.setEventHandler {
            FileHandle.standardError.write(Data("\nbench: interrupted; finishing the running units (Ctrl-C again quits without results)\n".utf8))
            signal(SIGINT, SIG_DFL)
            action()
        }
        source.resume()
    }

    /// Stops watching and restores the default SIGINT behaviour.
    public func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
