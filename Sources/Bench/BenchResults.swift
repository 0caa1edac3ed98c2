import Foundation
import Judging
import LinearConstraints
import Metering
import Subjects

/// The outcome of a bench run (or of merged shards): what ran, on what machine, every record in
/// work-item order, and the aggregates computed from them. Its JSON document (`json`) is the
/// single source later reports read; `init(json:)` reads it back for `strut merge`.
public struct BenchResults: Sendable {
    /// The `strut bench` command line that reproduces the run (without --shard and --out).
    public var command: String
    /// The settings that define the work (inputs, devices, strategies, repeats, seed), as JSON;
    /// shards of one run have equal configurations.
    public var configuration: JSONValue
    /// One entry per shard that contributed (one for an unsharded run).
    public var runs: [RunInfo]
    /// Units in the whole run (all shards).
    public var totalUnits: Int
    /// Units that produced results or failed, with their labels, in work-item order.
    public var units: [UnitInfo]
    /// Sources that could not be loaded or laid out, in work-item order without repeats.
    public var failures: [CaseLoadError]
    public var records: [ItemRecord]
    /// Invariant tallies and failures over every unit (Invariants/).
    public var invariants = InvariantOutcome()

    /// A finished unit: its index in the run, what it laid out, and its failure if any.
    public struct UnitInfo: Hashable, Sendable {
        public var index: Int
        public var source: String
        public var strategy: String
        public var failure: String?
        /// Why the unit stopped short at the per-run time limit (`UnitResult.cutOff`), or nil.
        public var cutOff: String?
    }

    /// Units cut off by the per-run time limit (or not started after a smaller size was), in
    /// work-item order. A cut-off is reported, not a failure: the strategy was too slow there.
    public var cutOffs: [UnitInfo] { units.filter { $0.cutOff != nil } }

    /// The machine the run measured on: its first shard's (shards of one run are expected to run
    /// on alike machines), or this one for a run with no shard recorded.
    public var machine: MachineInfo { runs.first?.machine ?? .current }

    /// When, where and how one shard ran.
    public struct RunInfo: Hashable, Sendable {
        public var shard: Shard
        public var jobs: Int
        public var startedAt: String
        public var wallSeconds: Double
        public var processCPUSeconds: Double
        public var peakResidentBytes: UInt64
        public var loadAtStart: [Double]
        public var loadAtEnd: [Double]
        public var unitsPlanned: Int
        public var unitsRun: Int
        /// Why the shard stopped early (`interrupted`, `time-limit`), nil when it ran to the end.
        public var stopped: String?
        public var machine: MachineInfo
        /// Measured solves (records × repetitions) per wall second of the whole shard.
        public var throughput: Double
        /// What metering adds to each solve (`MeteringCost`), measured at the end of the run.
        public var metering: MeteringCost
    }

    /// True when every unit of the whole run (every shard) ran.
    public var complete: Bool { units.count == totalUnits && runs.allSatisfy { $0.stopped == nil } }
    /// True when every unit the shards present planned ran: a shard that ran all of its own units
    /// (its units are never the whole run's), or merged shards that each did.
    public var shardsComplete: Bool {
        units.count == runs.reduce(0) { $0 + $1.unitsPlanned } && runs.allSatisfy { $0.stopped == nil }
    }
    /// True when something failed (a bad case) or a shard stopped early. Shards missing from a
    /// merge are `complete`'s to report, not a failure of the shards that ran.
    public var hasFailures: Bool { !failures.isEmpty || !shardsComplete }

    public var aggregates: [Aggregate] { Aggregation.byDevice(records) }
    public var summary: [Aggregate] { Aggregation.overDevices(records) }
    public var perDevice: [Aggregate] { Aggregation.perDevice(records) }
    public var growth: [Growth] { Aggregation.growth(summary) }
    /// True when the run was counted under the instruction meter (its records carry counts).
    public var isMetered: Bool { records.contains { !$0.instructions.isEmpty } }

    /// Builds the results of one shard from the runner's output.
    public init(command: String, configuration: JSONValue, run: RunInfo, totalUnits: Int, results: [UnitResult], sources: [String], strategies: [String] = []) {
        self.command = command
        self.configuration = configuration
        runs = [run]
        self.totalUnits = totalUnits
        units = results.map { UnitInfo(index: $0.unit.index, source: sources[$0.unit.index], strategy: "", failure: $0.failure?.message) }
        for (k, r) in results.enumerated() {
            units[k].strategy = r.records.first?.strategy ?? (r.unit.strategy < strategies.count ? strategies[r.unit.strategy] : "")
            units[k].cutOff = r.cutOff
        }
        var seen = Set<String>()
        failures = results.compactMap(\.failure).filter { seen.insert($0.description).inserted }
        records = results.flatMap(\.records)
        invariants = InvariantOutcome.merged(results.map(\.invariants))
    }

    init(command: String, configuration: JSONValue, runs: [RunInfo], totalUnits: Int, units: [UnitInfo], failures: [CaseLoadError], records: [ItemRecord]) {
        self.command = command
        self.configuration = configuration
        self.runs = runs
        self.totalUnits = totalUnits
        self.units = units
        self.failures = failures
        self.records = records
    }
}

/// The machine and toolchain a run measured on.
public struct MachineInfo: Hashable, Sendable, Codable {
    public var host: String
    public var os: String
    public var cores: Int
    public var memoryBytes: UInt64
    public var swift: String
    public var build: String
    public var allocator: String

    package init(host: String, os: String, cores: Int, memoryBytes: UInt64, swift: String, build: String, allocator: String) {
        self.host = host
        self.os = os
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.swift = swift
        self.build = build
        self.allocator = allocator
    }

    /// This machine and binary.
    public static var current: MachineInfo {
        let info = ProcessInfo.processInfo
        return MachineInfo(
            host: info.hostName, os: info.operatingSystemVersionString, cores: info.activeProcessorCount,
            memoryBytes: info.physicalMemory, swift: compilerVersion, build: buildConfiguration,
            allocator: AllocationMeter.jemallocVersion.map { "jemalloc \($0)" } ?? "system (no jemalloc: bytes not measured)")
    }

    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    static var compilerVersion: String {
        #if compiler(>=6.4)
        "Swift 6.4 or later"
        #elseif compiler(>=6.3)
        "Swift 6.3"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #elseif compiler(>=6.1)
        "Swift 6.1"
        #else
        "Swift 6.0"
        #endif
    }
}
