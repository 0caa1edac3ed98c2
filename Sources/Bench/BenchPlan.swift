import AutoLayout
import Generator
import Judging
import LinearConstraints
import StrutSystem
import Subjects

/// What a bench run measures and how: the case sources, the solver workloads, the strategies,
/// devices and directions, and the repetition, seed and shard settings.
public struct BenchPlan: Sendable {
    public var sources: [CaseSource]
    /// Peer workloads measured at the solver level (build, then rotations: the steady-state
    /// device switch without a layout engine around it).
    public var solverWorkloads: [PeerWorkload]
    public var strategies: [BenchStrategy]
    /// Devices for every case (nil: each case's own, else `standardDevices`).
    public var devices: [DeviceConfiguration]?
    /// The device spec text behind `devices`, for the results and the reproducing command.
    public var deviceSpec: String?
    /// Direction overrides; nil in the list means the case's own direction.
    public var directions: [LayoutDirection?] = [nil]
    /// Measured repetitions of each work unit (each on a fresh solver and engine).
    public var repeats = 3
    /// Unmeasured repetitions before the measured ones.
    public var warmup = 1
    public var seed: UInt64 = 0
    public var shard = Shard(index: 0, count: 1)
    /// Text describing the inputs (`--suite default`, paths, families) for the command line.
    public var inputArguments: [String] = []
    /// Invariants checked after each unit's measured repetitions (Invariants/, `--invariants`).
    public var invariants: InvariantSelection = .cheap
    /// Whether each layout pass is followed by the diagnostics phase (the ambiguity report, timed
    /// apart from the pass; `--diagnostics`). Invariants that need ambiguity ask for it anyway.
    public var diagnostics = true
    /// Seconds one work unit (all its devices and repetitions) may take before it is cut off and
    /// reported as such (`UnitDeadline`); larger sizes of the same family and strategy are then
    /// not started. Nil: no limit.
    public var unitTimeLimit: Double?
    /// Whether each measured region is also counted in instructions (`--meter instructions`; the
    /// process runs under callgrind, `InstructionMeter`). One worker then, and no progress ticks.
    public var meterInstructions = false
    /// Whether the speed probe (`SpeedProbe`) runs before a unit's repetitions and after each,
    /// its times kept beside each item's (`ItemRecord.probe`) so that the history can judge
    /// CPU time on one scale across runs. Never under the instruction meter (counts need no
    /// scale, and callgrind would run the probe 50 times slower).
    public var speedProbe = true

    public init(sources: [CaseSource], solverWorkloads: [PeerWorkload] = [], strategies: [BenchStrategy]) {
        self.sources = sources
        self.solverWorkloads = solverWorkloads
        self.strategies = strategies
    }

    /// The device set when neither the command line nor the case names devices: small, standard
    /// and large phones and iPads, each in portrait then landscape, so switches include rotations
    /// and size-class changes.
    public static let standardDeviceSpec =
        "iphone-se,iphone-se:landscape,iphone-8,iphone-8:landscape,iphone-14-pro,iphone-14-pro:landscape,"
        + "iphone-16-pro-max,iphone-16-pro-max:landscape,ipad-air,ipad-air:landscape,ipad-pro-12.9,ipad-pro-12.9:landscape"

    /// Every work unit of the whole run (all shards), in work-item order: per case source, per
    /// strategy, per direction; then per solver workload, per strategy. A unit runs all its
    /// devices in sequence on one engine.
    public var allUnits: [WorkUnit] {
        var units: [WorkUnit] = []
        for s in sources.indices {
            for k in strategies.indices {
                for d in directions { units.append(WorkUnit(index: units.count, kind: .layout(source: s, direction: d), strategy: k)) }
            }
        }
        for w in solverWorkloads.indices {
            for k in strategies.indices { units.append(WorkUnit(index: units.count, kind: .solverWorkload(w), strategy: k)) }
        }
        return units
    }

    /// The family, strategy and direction a unit measures growth in, with its size: generated
    /// cases and solver workloads (a case file has no family size to grow along).
    public func growthKey(_ unit: WorkUnit) -> (key: String, size: Int)? {
        switch unit.kind {
        case .layout(let s, let direction):
            guard case .generated(let r) = sources[s] else { return nil }
            return ("\(r.family)|\(unit.strategy)|\(Self.directionName(direction))", r.size)
        case .solverWorkload(let w):
            return ("solver-\(solverWorkloads[w].kind)|\(unit.strategy)", solverWorkloads[w].views)
        }
    }

    /// The units of this plan's shard: unit i belongs to shard i mod n, so every shard gets an
    /// even, deterministic share and the shards together are `allUnits` exactly.
    public var units: [WorkUnit] { allUnits.filter { $0.index % shard.count == shard.index } }
}

/// One of n deterministic slices of a run (`--shard i/n`, i counted from 0).
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n` with 0 <= i < n.
    public init(parsing text: String) throws(BenchUsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(i) else {
            throw BenchUsageError("--shard \(text): expected i/n with i counted from 0 and 0 <= i < n (--shard 0/2 and 1/2 run the two halves of a run)")
        }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }
}

/// One schedulable piece of work: a case under one strategy and direction on all its devices,
/// or a solver workload under one strategy. `index` is its place in the whole run.
public struct WorkUnit: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case layout(source: Int, direction: LayoutDirection?)
        case solverWorkload(Int)
    }
    public var index: Int
    public var kind: Kind
    public var strategy: Int
}
