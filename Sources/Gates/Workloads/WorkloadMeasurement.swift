import Foundation
import Generator
import LinearConstraints
import StrutSystem

/// The cost of one peer workload at one size under one strategy: the timed operations of
/// docs/peers.md (build, rotation, 1 px drag, remove and re-add of the middle constraint), the
/// deterministic counters, and whether the answers were optimal.
///
/// Times are medians over repetitions, on two clocks: the monotonic wall clock
/// and the thread's CPU time (`Clocks`), which a busy machine
/// inflates much less. Cheap operations repeat until `repeatBudget` wall seconds or `maxRepeats`
/// runs, expensive ones run once.
public struct WorkloadMeasurement {
    /// Seconds per operation on one clock (`strut workloads --json`: build, rotation, drag,
    /// removeReAdd).
    struct Timings: Encodable {
        /// A fresh solver built with every constraint (PeerWorkload.build).
        var build = 0.0
        /// Suggest the other orientation and read every variable.
        var rotation = 0.0
        /// In landscape, the root 1 px wider (or back), every variable read.
        var drag = 0.0
        /// The middle view's left constraint removed and added back.
        var removeReAdd = 0.0
    }

    /// One timed run on both clocks.
    struct Sample {
        var wall: Double
        var cpu: Double
    }

    var workload: PeerWorkload
    var wall = Timings()
    var cpu = Timings()
    /// Counters right after the build (pivots, rows, cells).
    var afterBuild = SolverCounters()
    /// Pivots of one rotation (portrait to landscape), one drag (1 px wider), one remove/re-add.
    var rotationPivots = 0, dragPivots = 0, removeReAddPivots = 0
    /// Verification failures, as sentences; empty when every check passed.
    public var problems: [String] = []
    /// True when the expected objective had a closed form at every checked step (not only feasibility).
    var objectiveChecked = true
    /// True when the solver's deep invariant check ran after the measurement.
    var invariantsChecked = false

    static let repeatBudget = 0.3
    static let maxRepeats = 25

    /// Measures `workload` on fresh solvers from `make`. Generic so the registry's existential is
    /// opened once; `make` must return an `S` each time.
    public static func measure<S: ConstraintSolver>(
        _ workload: PeerWorkload, first: S, make: () -> any ConstraintSolver, checkInvariants: Bool
    ) throws(SolverError) -> WorkloadMeasurement {
        var m = WorkloadMeasurement(workload: workload)
        var solver = first
        var builds: [Sample] = []
        while true {
            builds.append(try time { () throws(SolverError) in try workload.build(into: &solver, size: workload.rootSize(.portrait)) })
            guard total(builds) < repeatBudget, builds.count < maxRepeats else { break }
            guard let fresh = make() as? S else { throw .internalError("the strategy made solvers of two types") }
            solver = fresh
        }
        (m.wall.build, m.cpu.build) = medians(builds)
        m.afterBuild = solver.counters
        m.verify(solver, at: workload.rootSize(.portrait), "after build")
        try m.measureEdits(&solver)
        try m.measureRemoveReAdd(&solver)
        if checkInvariants {
            do throws(SolverError) { try solver.checkInvariants() } catch { m.problems.append("invariant check: \(error)") }
            m.invariantsChecked = true
        }
        return m
    }

    /// Rotations (alternating, starting portrait to landscape) then drags (alternating between the
    /// landscape size and 1 px wider); leaves the solver in landscape. Pivot counts are the first
    /// repetition's, which is deterministic.
    mutating func measureEdits<S: ConstraintSolver>(_ solver: inout S) throws(SolverError) {
        let w = workload
        var sink = 0.0
        var rotations: [Sample] = []
        repeat {
            let to: PeerWorkload.Orientation = rotations.count % 2 == 0 ? .landscape : .portrait
            let before = solver.counters.pivots
            rotations.append(try Self.time { () throws(SolverError) in sink += try w.rotate(&solver, to: to) })
            if rotations.count == 1 {
                rotationPivots = solver.counters.pivots - before
                verify(solver, at: w.rootSize(.landscape), "after rotation to landscape")
            }
        } while Self.total(rotations) < Self.repeatBudget && rotations.count < Self.maxRepeats
        try w.suggest(w.rootSize(.landscape), to: &solver)
        var drags: [Sample] = []
        repeat {
            let size = drags.count % 2 == 0 ? w.dragSize : w.rootSize(.landscape)
            let before = solver.counters.pivots
            drags.append(try Self.time { () throws(SolverError) in
                try w.suggest(size, to: &solver)
                sink += w.readAll(solver)
            })
            if drags.count == 1 {
                dragPivots = solver.counters.pivots - before
                verify(solver, at: w.dragSize, "after the 1 px drag")
            }
        } while Self.total(drags) < Self.repeatBudget && drags.count < Self.maxRepeats
        try w.suggest(w.rootSize(.landscape), to: &solver)
        (wall.rotation, cpu.rotation) = Self.medians(rotations)
        (wall.drag, cpu.drag) = Self.medians(drags)
        if !sink.isFinite { problems.append("a variable read as a non-finite number") }
    }

    /// Remove and re-add of the middle constraint, repeated; the layout must come back optimal.
    mutating func measureRemoveReAdd<S: ConstraintSolver>(_ solver: inout S) throws(SolverError) {
        let w = workload
        var times: [Sample] = []
        repeat {
            let before = solver.counters.pivots
            times.append(try Self.time { () throws(SolverError) in try w.removeAndReAddMiddle(&solver) })
            if times.count == 1 { removeReAddPivots = solver.counters.pivots - before }
        } while Self.total(times) < Self.repeatBudget && times.count < Self.maxRepeats
        (wall.removeReAdd, cpu.removeReAdd) = Self.medians(times)
        verify(solver, at: w.rootSize(.landscape), "after remove and re-add")
    }

    /// Records a problem when a required constraint is violated (relative tolerance) or a level's
    /// error differs from the workload's closed-form optimum.
    mutating func verify<S: ConstraintSolver>(_ solver: S, at size: PeerWorkload.Size, _ step: String) {
        let result = workload.check(at: size, value: { solver.value(of: $0) }, objective: solver.objective())
        if !result.objectiveChecked { objectiveChecked = false }
        if let id = result.violatedRequired {
            let name = workload.constraints[id.rawValue].name
            problems.append("\(step): required \(name) violated by \(result.worstRequiredViolation) (relative)")
        }
        for miss in result.objectiveMismatches {
            problems.append("\(step): level \(miss.priority) error \(miss.actual), expected \(miss.expected)")
        }
    }

    /// Seconds taken by `body` on the monotonic clock and in this thread's CPU time (`Clocks`,
    /// the clocks `strut bench` reads).
    static func time(_ body: () throws(SolverError) -> Void) throws(SolverError) -> Sample {
        let cpuStart = Clocks.threadCPUNanoseconds(), start = Clocks.monotonicNanoseconds()
        try body()
        let wall = Clocks.monotonicNanoseconds() &- start, cpu = Clocks.threadCPUNanoseconds() &- cpuStart
        return Sample(wall: Double(wall) * 1e-9, cpu: Double(cpu) * 1e-9)
    }

    /// Wall seconds spent so far on `samples`.
    static func total(_ samples: [Sample]) -> Double { samples.reduce(0) { $0 + $1.wall } }

    /// The median wall time and the median CPU time.
    static func medians(_ samples: [Sample]) -> (wall: Double, cpu: Double) {
        (median(samples.map(\.wall)), median(samples.map(\.cpu)))
    }

    /// The median (`RatioStatistics.quantile` at 0.5, the one quantile function of the harness).
    static func median(_ values: [Double]) -> Double { RatioStatistics.quantile(values, 0.5) }
}
