import Bench
import Dispatch
import Foundation
import StrutSystem

/// `strut compare --binaries OLD NEW`'s native runs: every work unit of the plan runs once under
/// each binary, each time as that binary's own `strut bench` on that unit alone (`--shard i/N`
/// with N the plan's unit count picks unit i), OLD and NEW back to back, which one first
/// alternating from unit to unit, `jobs` units at a time. Both builds so see the same machine
/// within seconds of each other, and a neighbour's load falls on both alike. Returns each
/// binary's results, merged in work-item order.
struct InterleavedRun {
    let plan: BenchPlan
    let old: String
    let new: String
    var jobs: Int
    /// STRUT_PLANTED_SLOWDOWN for NEW's runs (tests and the gate's power); nil: as inherited.
    var plantInNew: Int?
    /// Starts the runs; once it is stopped no unit starts and the run throws.
    var stop = ChildStop()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func run(in directory: String, progress: @escaping @Sendable (Int, Int) -> Void) throws(Failure) -> (old: BenchResults, new: BenchResults) {
        let units = plan.allUnits.count
        let queue = LaneQueue<Void>(count: units, stop: stop)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, units))) { _ in
            while let k = queue.next() {
                for side in (k % 2 == 0 ? [0, 1] : [1, 0]) {
                    if let message = runUnit(k, of: units, side: side, directory: directory) {
                        queue.fail(message)
                        return
                    }
                }
                progress(queue.record(k, ()), units)
            }
        }
        if let problem = queue.problem { throw Failure(description: problem) }
        if stop.isSet { throw Failure(description: "stopped after \(queue.finished) of \(units) units") }
        return (try merged(side: 0, units: units, directory: directory), try merged(side: 1, units: units, directory: directory))
    }

    func file(_ directory: String, side: Int, unit: Int) -> String { "\(directory)/\(side == 0 ? "old" : "new")-\(unit).json" }

    /// Runs one unit under one binary; nil when it ran (whatever it found), else why not.
    func runUnit(_ k: Int, of units: Int, side: Int, directory: String) -> String? {
        let binary = side == 0 ? old : new
        let arguments = Array(plan.commandWords.dropFirst()) + ["--shard", "\(k)/\(units)", "--jobs", "1", "--out", file(directory, side: side, unit: k)]
        let planted = side == 1 ? plantInNew.map { ["STRUT_PLANTED_SLOWDOWN=\($0)"] } ?? [] : []
        let environment = ChildProcess.inheritedEnvironment(setting: planted, removing: side == 0 ? ["STRUT_PLANTED_SLOWDOWN"] : [])
        let completion: ChildProcess.Completion
        do throws(ChildProcess.SpawnError) {
            guard let c = try stop.launch({ track throws(ChildProcess.SpawnError) in
                try ChildProcess.run(binary, arguments, environment: environment, keepOutput: false, started: track)
            }) else { return nil }
            completion = c
        } catch {
            return "cannot run \(binary): \(error.reason)"
        }
        // 0 ran; 1 a case failed; 3 an invariant failed: the results say which, and the
        // comparison reports it. Anything else (2: it does not take these arguments) stops.
        guard !completion.timedOut, case .exited(let status) = completion.ending, [0, 1, 3].contains(status) else {
            return "\(binary) bench on unit \(k) of \(units) ended with \(completion.endingText): \(completion.errorSummary())"
        }
        return nil
    }

    func merged(side: Int, units: Int, directory: String) throws(Failure) -> BenchResults {
        var parts: [(file: String, results: BenchResults)] = []
        for k in 0..<units {
            let path = file(directory, side: side, unit: k)
            do { parts.append((path, try BenchResults(jsonText: String(contentsOfFile: path, encoding: .utf8), file: path))) } catch {
                throw Failure(description: "\(path): \(error)")
            }
        }
        do { return try BenchResults.merge(parts) } catch { throw Failure(description: "\(error)") }
    }
}
