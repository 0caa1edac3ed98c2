import Cassowary
import AutoLayout
import Generator
import LinearConstraints
import Judging
import Metering
import Peers
import StrutSystem
import Subjects

/// What one work unit produced: its records in device order, or why it could not run.
public struct UnitResult: Sendable {
    public var unit: WorkUnit
    public var records: [ItemRecord]
    /// The case's source (path or generator command) when loading or laying out failed, and why.
    public var failure: CaseLoadError?
    /// What the invariant pass found (Invariants/InvariantPass.swift); empty for solver workloads.
    public var invariants = InvariantOutcome()
    /// Why the unit stopped short of its repetitions because the per-run time limit
    /// (`BenchPlan.unitTimeLimit`) passed, nil when it ran to the end. Its records hold what was
    /// measured before (no record for an item that never completed a repetition).
    public var cutOff: String?
}

/// One runner worker: it lives on one thread for the whole run, owns the allocation meter of
/// that thread, and makes its own solvers and engines for each unit (nothing shared, no locks
/// while measuring).
struct Worker {
    let plan: BenchPlan
    /// nil when jemalloc is not the allocator; bytes are then recorded as 0.
    let meter: AllocationMeter?
    /// The instruction meter (`BenchPlan.meterInstructions` under callgrind); nil otherwise.
    let instructions: InstructionMeter?

    /// Must be called on the thread that will run the units.
    init(plan: BenchPlan) {
        self.plan = plan
        meter = AllocationMeter()
        instructions = plan.meterInstructions ? InstructionMeter.fromEnvironment() : nil
    }

    /// Runs `body` as one measured region: counted in instructions under the instruction meter
    /// when `counted` (a warm-up repetition is not: its dump would only cost time), else just run
    /// (the count is then nil).
    @inline(__always)
    func region<T, E: Error>(counted: Bool, _ body: () throws(E) -> T) throws(E) -> (T, UInt64?) {
        guard let instructions, counted else { return (try body(), nil) }
        return try instructions.measure(body)
    }

    /// Runs `body` as one measured region: wall and thread-CPU time and jemalloc's bytes around
    /// it, and its instruction count under the meter (`region`). The one bracket every timed
    /// operation goes through (layout passes, diagnostics, solver workload steps).
    @inline(__always)
    func measure<T, E: Error>(counted: Bool = true, _ body: () throws(E) -> T) throws(E) -> (T, RegionCost) {
        let a0 = meter?.read(), c0 = Clocks.threadCPUNanoseconds(), t0 = Clocks.monotonicNanoseconds()
        let (value, ir) = try region(counted: counted, body)
        if instructions == nil, PlantedSlowdown.percent > 0 { Self.plantedSpin(since: c0) }
        let t1 = Clocks.monotonicNanoseconds(), c1 = Clocks.threadCPUNanoseconds(), a1 = meter?.read()
        let bytes = a0.flatMap { a in a1.map { AllocationMeter.delta(a, $0) } } ?? (0, 0)
        return (value, RegionCost(wall: t1 &- t0, cpu: c1 &- c0, bytes: bytes, instructions: ir))
    }

    /// The planted slowdown in time (`PlantedSlowdown`, natively): spins until this thread's CPU
    /// time since `start` is `PlantedSlowdown.percent`% more than it was on entry.
    @inline(never)
    static func plantedSpin(since start: UInt64) {
        let now = Clocks.threadCPUNanoseconds()
        let until = now &+ (now &- start) &* UInt64(PlantedSlowdown.percent) / 100
        var s = 0.0
        while Clocks.threadCPUNanoseconds() < until { s += 1 }
        PlantedSlowdown.sink += s
    }

    /// Runs one unit: every warm-up and measured repetition, each on a fresh solver.
    func run(_ unit: WorkUnit) -> UnitResult {
        let strategy = plan.strategies[unit.strategy]
        switch unit.kind {
        case .layout(let s, let direction):
            let source = plan.sources[s]
            do throws(CaseLoadError) {
                let loaded = try source.load()
                let devices = plan.devices ?? loaded.ownDevices ?? Self.standardDevices
                var items = [Accumulator](repeating: Accumulator(), count: devices.count)
                var diagnostics = [Accumulator](repeating: Accumulator(), count: plan.diagnostics ? devices.count : 0)
                let deadline = UnitDeadline(seconds: plan.unitTimeLimit)
                var cutOff: String?
                var probes = ProbeSeries(plan)
                for rep in 0..<(plan.warmup + plan.repeats) {
                    defer {
                        let bracket = probes.afterRepetition()
                        ProbeSeries.attach(bracket, to: &items)
                        ProbeSeries.attach(bracket, to: &diagnostics)
                    }
                    do throws(LoweringError) {
                        let solver = strategy.make()
                        if let cassowary = solver as? CassowarySolver {
                            try layoutPass(cassowary, loaded.tree, direction, devices, &items, &diagnostics,
                                           measured: rep >= plan.warmup, stop: deadline.check)
                        } else if let revised = solver as? RevisedSolver {
                            try layoutPass(revised, loaded.tree, direction, devices, &items, &diagnostics,
                                           measured: rep >= plan.warmup, stop: deadline.check)
                        } else if let adaptive = solver as? AdaptiveSolver {
                            try layoutPass(adaptive, loaded.tree, direction, devices, &items, &diagnostics,
                                           measured: rep >= plan.warmup, stop: deadline.check)
                        } else {
                            try layoutPass(solver, loaded.tree, direction, devices, &items, &diagnostics,
                                           measured: rep >= plan.warmup, stop: deadline.check)
                        }
                    } catch {
                        guard error.isCutOff else { throw CaseLoadError(source: source.label, message: "\(error)") }
                        cutOff = deadline.message(repetition: rep, of: plan.warmup + plan.repeats)
                        break
                    }
                    if rep + 1 < plan.warmup + plan.repeats, deadline.passed {
                        cutOff = deadline.message(repetition: rep + 1, of: plan.warmup + plan.repeats)
                        break
                    }
                }
                let name = loaded.name, strategyName = strategy.name
                let records = devices.indices.compactMap { k in
                    items[k].wall.isEmpty ? nil
                        : items[k].record(unit, k, name, loaded.family, loaded.size, devices[k].id, strategyName, k == 0 ? .first : .switch)
                } + diagnostics.indices.compactMap { k in
                    diagnostics[k].wall.isEmpty ? nil
                        : diagnostics[k].record(unit, devices.count + k, name, loaded.family, loaded.size, devices[k].id, strategyName, .diagnostics)
                }
                var result = UnitResult(unit: unit, records: records)
                result.cutOff = cutOff
                // A cut-off unit's layouts are what is too slow to wait for: no invariant pass.
                guard cutOff == nil else { return result }
                let judged = checkInvariants(unit, loaded, devices, strategy, direction, digests: items.map { $0.outcome?.framesDigest ?? "" })
                if let (failure, during) = judged.adapterFailure {
                    // What the checks said after its death was said about NaN values.
                    result.failure = CaseLoadError(source: source.label, message: "\(strategy.name) \(during): \(failure.headline)")
                } else {
                    result.invariants = judged.outcome
                }
                return result
            } catch {
                return UnitResult(unit: unit, records: [], failure: error)
            }
        case .solverWorkload(let w):
            return runSolverWorkload(unit, plan.solverWorkloads[w], strategy)
        }
    }

    /// The invariant pass over the unit (unmeasured, after the measured repetitions).
    func checkInvariants(
        _ unit: WorkUnit, _ loaded: LoadedCase, _ devices: [DeviceConfiguration], _ strategy: BenchStrategy,
        _ direction: LayoutDirection?, digests: [String]
    ) -> InvariantPass.Judged {
        var u = InvariantUnit(loaded: loaded, source: plan.sources[unitSource(unit)].label, devices: devices, strategy: strategy,
                              direction: direction, selection: plan.invariants, measuredDigests: digests, deviceSpec: plan.deviceSpec)
        u.unitIndex = unit.index
        if let first = plan.strategies.first, first.name != strategy.name { u.reference = first }
        return InvariantPass.judged(u)
    }

    func unitSource(_ unit: WorkUnit) -> Int { if case .layout(let s, _) = unit.kind { s } else { 0 } }

    static let standardDevices: [DeviceConfiguration] = {
        do { return try DeviceSpec.parse(BenchPlan.standardDeviceSpec) } catch {
            preconditionFailure("the standard device spec does not parse: \(error)")
        }
    }()

    /// Lays the tree out on each device in turn on one engine (so every device after the first
    /// is an incremental switch), timing and metering exactly the `layout(on:)` call: a layout
    /// pass (solve and frames; conflicts broken, their sets left unminimised where the solver
    /// can defer that). When `diagnostics` has a slot per device, the diagnostics of each
    /// device's layout (ambiguity and minimal conflicting sets, `LayoutEngine.diagnose()`) are
    /// then asked apart and timed as their own phase, as UIKit answers `hasAmbiguousLayout`
    /// only when asked.
    func layoutPass<S: ConstraintSolver>(
        _ solver: S, _ tree: ViewTree, _ direction: LayoutDirection?, _ devices: [DeviceConfiguration],
        _ items: inout [Accumulator], _ diagnostics: inout [Accumulator], measured: Bool, stop: (() -> Bool)? = nil
    ) throws(LoweringError) {
        var engine = LayoutEngine(tree: tree, solver: UnitDeadline.arm(solver, stop), direction: direction)
        engine.diagnosesInLayoutPass = false
        engine.shouldStop = stop
        for (k, device) in devices.enumerated() {
            let pivots = engine.solver.counters.pivots
            let s0 = reportedTime(engine.solver)
            let (result, cost) = try measure(counted: measured) { () throws(LoweringError) in try engine.layout(on: device) }
            // A solve the limit interrupted answered from an unfinished tableau: not a result.
            if let stop, stop() { throw .cutOff }
            // A dead outside solver's values read NaN: the unit failed, it has no layout to time.
            if let failure = (engine.solver as? ExternalSolver)?.failure {
                throw LoweringError(path: "$", "laying out on \(device.id): \(failure.headline)")
            }
            if measured, let s0, let s1 = reportedTime(engine.solver), s1.responses > s0.responses {
                items[k].solverTime.append(s1.nanoseconds &- s0.nanoseconds)
            }
            if measured {
                items[k].add(cost) {
                    ItemRecord.Outcome(
                        framesDigest: result.framesDigest, conflicts: result.conflicts.count, ambiguous: nil,
                        counters: result.counters, pivots: pivotsSince(pivots, result.counters.pivots), allocatedBytes: 0, freedBytes: 0)
                }
                items[k].direction = result.layoutDirection.rawValue
            }
            // A strategy that cannot tell ambiguity (an outside solver) has no diagnostics to time:
            // its accumulators stay empty and make no records.
            guard k < diagnostics.count, engine.solver is any AmbiguityReporting else { continue }
            measureDiagnostics(engine, result, &diagnostics[k], measured: measured)
        }
    }

    /// Times and meters one diagnosis of the engine's current layout. Its digest covers the
    /// ambiguous views and attributes and the minimal conflicting sets.
    func measureDiagnostics<S: ConstraintSolver>(_ engine: LayoutEngine<S>, _ result: LayoutResult, _ item: inout Accumulator, measured: Bool) {
        let (diagnosis, cost) = measure(counted: measured) { engine.diagnose() }
        guard measured else { return }
        item.add(cost) {
            var d = StableDigest()
            for r in diagnosis.ambiguous ?? [] {
                d.add(r.view)
                for a in r.attributes { d.add(a) }
            }
            for c in diagnosis.conflicts {
                for m in c.constraints { d.add(m) }
                d.add(c.broken)
            }
            return ItemRecord.Outcome(
                framesDigest: d.hex, conflicts: diagnosis.conflicts.count, ambiguous: diagnosis.ambiguous?.count,
                counters: engine.solver.counters, pivots: 0, allocatedBytes: 0, freedBytes: 0)
        }
        item.direction = result.layoutDirection.rawValue
    }

    /// The solver's self-reported time so far (`SelfTimedSolver`); nil for a strategy that
    /// cannot report any. A measurement keeps the difference only when answers in it reported.
    func reportedTime<S: ConstraintSolver>(_ solver: S) -> (nanoseconds: UInt64, responses: Int)? {
        (solver as? any SelfTimedSolver)?.reportedSolverTime
    }
}

/// Pivots a solve took: the counter's growth across it. A strategy whose counter restarts
/// (cassowary-rebuild rebuilds its solver, counters included) reports the pivots since its last
/// rebuild, which is the counter itself when it went down.
func pivotsSince(_ before: Int, _ after: Int) -> Int { after >= before ? after - before : after }

/// What one measured region cost (`Worker.measure`).
struct RegionCost {
    var wall: UInt64
    var cpu: UInt64
    var bytes: (allocated: UInt64, freed: UInt64)
    /// Under the instruction meter; nil otherwise.
    var instructions: UInt64?
}

/// The speed probe around a unit's repetitions (`SpeedProbe`, native runs only): run once before
/// the first repetition and once after each, so every repetition lies between two probes. Each
/// sample a repetition added is given the mean of those two (`Accumulator.probe`).
struct ProbeSeries {
    let enabled: Bool
    var last: UInt64 = 0

    init(_ plan: BenchPlan) {
        enabled = plan.speedProbe && !plan.meterInstructions
        if enabled { last = SpeedProbe.run() }
    }

    /// After a repetition: probes again and returns the mean of the probes on either side of
    /// it (nil when not probing), for `attach`.
    mutating func afterRepetition() -> UInt64? {
        guard enabled else { return nil }
        let next = SpeedProbe.run()
        defer { last = next }
        return last / 2 + next / 2
    }

    /// Gives every sample the last repetition added to `items` the probe time around it.
    static func attach(_ bracket: UInt64?, to items: inout [Accumulator]) {
        guard let bracket else { return }
        for i in items.indices where items[i].probe.count < items[i].cpu.count { items[i].probe.append(bracket) }
    }
}

/// The measurements of one work item over the repetitions.
struct Accumulator {
    var wall: [UInt64] = []
    var cpu: [UInt64] = []
    var solverTime: [UInt64] = []
    /// Per measured repetition, the speed probe's time around it (`ProbeSeries`); empty when
    /// not probed.
    var probe: [UInt64] = []
    /// Instructions per measured repetition (the instruction meter; empty without it).
    var instructions: [UInt64] = []
    var outcome: ItemRecord.Outcome?
    var direction = "none"

    /// Adds one measured repetition; the outcome is taken from the first, the bytes are the least.
    mutating func add(_ cost: RegionCost, outcome make: () -> ItemRecord.Outcome) {
        wall.append(cost.wall)
        cpu.append(cost.cpu)
        if let ir = cost.instructions { instructions.append(ir) }
        let bytes = cost.bytes
        if outcome == nil {
            var o = make()
            o.allocatedBytes = bytes.allocated
            o.freedBytes = bytes.freed
            outcome = o
        } else {
            outcome!.allocatedBytes = min(outcome!.allocatedBytes, bytes.allocated)
            outcome!.freedBytes = min(outcome!.freedBytes, bytes.freed)
        }
    }

    func record(_ unit: WorkUnit, _ k: Int, _ name: String, _ family: String, _ size: Int, _ device: String, _ strategy: String, _ phase: ItemRecord.Phase) -> ItemRecord {
        let empty = ItemRecord.Outcome(framesDigest: "", conflicts: 0, ambiguous: nil, counters: SolverCounters(), pivots: 0, allocatedBytes: 0, freedBytes: 0)
        var r = ItemRecord(
            unit: unit.index, position: k, caseName: name, family: family, size: size, device: device, strategy: strategy,
            direction: direction, phase: phase, outcome: outcome ?? empty, wall: wall, cpu: cpu)
        r.solverTime = solverTime.count == wall.count ? solverTime : []
        r.probe = probe.count == cpu.count ? probe : []
        r.instructions = instructions.count == wall.count ? instructions : []
        return r
    }
}
