import Generator
import LinearConstraints
import Metering
import StrutSystem
import Subjects

extension Worker {
    /// The steps of a solver workload unit, in record order: the build in portrait (the first
    /// layout), the rotation to landscape (the first switch) and the rotation back to portrait
    /// (a steady-state switch: the solver has seen both sizes, so its storage is already grown).
    static let solverSteps = ["build", "landscape", "portrait"]

    /// Runs a peer workload at the solver level (no layout engine): per repetition a fresh
    /// solver is built, rotated to landscape and back, each step timed and metered.
    func runSolverWorkload(_ unit: WorkUnit, _ w: PeerWorkload, _ strategy: BenchStrategy) -> UnitResult {
        var items = [Accumulator](repeating: Accumulator(), count: Self.solverSteps.count)
        let deadline = UnitDeadline(seconds: plan.unitTimeLimit)
        var cutOff: String?
        var probes = ProbeSeries(plan)
        for rep in 0..<(plan.warmup + plan.repeats) {
            defer { ProbeSeries.attach(probes.afterRepetition(), to: &items) }
            do throws(SolverError) {
                guard try solverPass(strategy.make(), w, &items, measured: rep >= plan.warmup, stop: deadline.check),
                    rep + 1 == plan.warmup + plan.repeats || !deadline.passed
                else {
                    cutOff = deadline.message(repetition: rep, of: plan.warmup + plan.repeats)
                    break
                }
            } catch {
                let label = "solver workload \(w.kind)-\(w.views)"
                return UnitResult(unit: unit, records: [], failure: CaseLoadError(source: label, message: "\(strategy.name): \(error)"))
            }
        }
        let records = Self.solverSteps.indices.compactMap { k in
            items[k].wall.isEmpty ? nil
                : items[k].record(unit, k, "\(w.kind)-\(w.views)", "solver-\(w.kind)", w.views, Self.solverSteps[k], strategy.name, k == 0 ? .first : .switch)
        }
        var result = UnitResult(unit: unit, records: records)
        result.cutOff = cutOff
        return result
    }

    /// One repetition: build, rotate, rotate back, each timed. False when `stop` cut the build
    /// short (nothing of this repetition is recorded then).
    func solverPass<S: ConstraintSolver>(_ fresh: S, _ w: PeerWorkload, _ items: inout [Accumulator], measured: Bool, stop: (() -> Bool)? = nil) throws(SolverError) -> Bool {
        var solver = UnitDeadline.arm(fresh, stop)
        for k in Self.solverSteps.indices {
            let pivots = solver.counters.pivots
            let s0 = reportedTime(solver)
            var sink = 0.0
            let (read, cost) = try measure(counted: measured) { () throws(SolverError) -> Double? in
                switch k {
                case 0: try w.build(into: &solver, size: w.rootSize(.portrait), stop: stop)
                case 1: try w.rotate(&solver, to: .landscape)
                default: try w.rotate(&solver, to: .portrait)
                }
            }
            guard let read else { return false }
            sink = read
            // A solve the limit interrupted answered from an unfinished tableau: not a result.
            if let stop, stop() { return false }
            guard measured else { continue }
            if let s0, let s1 = reportedTime(solver), s1.responses > s0.responses {
                items[k].solverTime.append(s1.nanoseconds &- s0.nanoseconds)
            }
            items[k].add(cost) {
                var d = StableDigest()
                d.add(sink)
                for v in 0..<w.variableCount { d.add(solver.value(of: Variable(v))) }
                return ItemRecord.Outcome(
                    framesDigest: d.hex, conflicts: 0, ambiguous: nil, counters: solver.counters,
                    pivots: pivotsSince(pivots, solver.counters.pivots), allocatedBytes: 0, freedBytes: 0)
            }
        }
        return true
    }
}
