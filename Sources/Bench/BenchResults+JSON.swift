import Judging
import LinearConstraints
import Metering
import StrutSystem
import Subjects

/// The results document (`strut bench --out`): format tag, command, configuration, shard runs
/// with machine metadata, failures, units, every record with its samples, and the invariant
/// results: what was measured. Keys in a fixed order; numbers are JSON numbers (nanoseconds and
/// bytes are exact below 2^53).
///
/// The figures derived from the records (histograms per device, the summary over devices, the
/// per-device figures over families, growth fits) are not stored: a reader recomputes them from
/// the records (`init(jsonText:file:)`), so they cannot disagree, and `figures`
/// (`strut report --format json`) writes them for other tools. Files written before held them
/// too; readers skip them.
///
/// Written and read through Codable (`JSONValueEncoder`, `JSONValueDecoder`): a malformed file
/// is an error at a JSON path (`$.records[3].wall: expected an array, found a number`), never a
/// trap.
extension BenchResults: Codable {
    public static let format = "strut-bench-results"
    public static let formatVersion = 1
    /// The derived figures' document (`figures`).
    public static let figuresFormat = "strut-bench-figures"

    enum CodingKeys: String, CodingKey {
        case format, version, command, configuration, complete, totalUnits, runs, failures, units, records, invariants
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        try c.encode(Self.formatVersion, forKey: .version)
        try c.encode(command, forKey: .command)
        try c.encode(configuration, forKey: .configuration)
        try c.encode(complete, forKey: .complete)
        try c.encode(totalUnits, forKey: .totalUnits)
        try c.encode(runs, forKey: .runs)
        try c.encode(failures.map(LoadFailure.init), forKey: .failures)
        try c.encode(units, forKey: .units)
        try c.encode(records, forKey: .records)
        try c.encode(invariants, forKey: .invariants)
    }

    /// Reads a results document (the runs, units, failures and records; the aggregates are
    /// recomputed from the records, so they cannot disagree with them). `invariants` may be
    /// absent (a file from before invariants: nothing checked); `complete` is recomputed.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try c.expectFormat(Self.format, at: .format, version: Self.formatVersion, at: .version, what: "a strut bench results file")
        self.init(command: try c.decode(String.self, forKey: .command), configuration: try c.decode(JSONValue.self, forKey: .configuration),
                  runs: try c.decode([RunInfo].self, forKey: .runs), totalUnits: try c.decode(Int.self, forKey: .totalUnits),
                  units: try c.decode([UnitInfo].self, forKey: .units),
                  failures: try c.decode([LoadFailure].self, forKey: .failures).map(\.error),
                  records: try c.decode([ItemRecord].self, forKey: .records))
        invariants = try c.decodeIfPresent(InvariantOutcome.self, forKey: .invariants) ?? InvariantOutcome()
    }

    /// Reads a results document from its text.
    /// - Throws: `ResultsFileError` naming the file and the JSON path of what is wrong.
    public init(jsonText text: String, file: String) throws(ResultsFileError) {
        do { self = try JSONValueDecoder().decode(Self.self, fromText: text) } catch { throw ResultsFileError(file: file, message: error.description) }
    }

    /// The figures derived from the records, for tools outside Strut: per family, size, device,
    /// strategy and phase the latency, CPU, solver-time and bytes histograms (`aggregates`), the
    /// same over devices (`summary`), per device over families (`devices`), and the growth fits
    /// (`growth`).
    public var figures: Figures {
        let summary = summary  // growth is fitted to it: computed once
        return Figures(command: command, aggregates: aggregates, summary: summary, devices: perDevice, growth: Aggregation.growth(summary))
    }

    /// The derived figures' document (`strut report --format json`).
    public struct Figures: Encodable {
        public var command: String
        public var aggregates: [Aggregate]
        public var summary: [Aggregate]
        public var devices: [Aggregate]
        public var growth: [Growth]

        enum CodingKeys: String, CodingKey { case format, version, command, aggregates, summary, devices, growth }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(BenchResults.figuresFormat, forKey: .format)
            try c.encode(BenchResults.formatVersion, forKey: .version)
            try c.encode(command, forKey: .command)
            try c.encode(aggregates, forKey: .aggregates)
            try c.encode(summary, forKey: .summary)
            try c.encode(devices, forKey: .devices)
            try c.encode(growth, forKey: .growth)
        }
    }
}

/// A source that did not load, as a results file lists it: `{source, message}`.
package struct LoadFailure: Codable {
    var source: String
    var message: String
    package init(_ e: CaseLoadError) { (source, message) = (e.source, e.message) }
    var error: CaseLoadError { CaseLoadError(source: source, message: message) }
}

extension BenchResults.UnitInfo: Codable {
    enum CodingKeys: String, CodingKey { case index, source, strategy, failure, cutOff }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(source, forKey: .source)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(failure, forKey: .failure)
        try c.encode(cutOff, forKey: .cutOff)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(index: try c.decode(Int.self, forKey: .index), source: try c.decode(String.self, forKey: .source),
                  strategy: try c.decode(String.self, forKey: .strategy), failure: try c.decodeIfPresent(String.self, forKey: .failure),
                  cutOff: try c.decodeIfPresent(String.self, forKey: .cutOff))
    }
}

extension BenchResults.RunInfo: Codable {
    enum CodingKeys: String, CodingKey {
        case shard, jobs, startedAt, wallSeconds, processCPUSeconds, peakResidentBytes, loadAtStart, loadAtEnd, unitsPlanned, unitsRun
        case stopped, throughput, metering = "meteringNanoseconds", machine
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(shard, forKey: .shard)
        try c.encode(jobs, forKey: .jobs)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(wallSeconds, forKey: .wallSeconds)
        try c.encode(processCPUSeconds, forKey: .processCPUSeconds)
        try c.encode(peakResidentBytes, forKey: .peakResidentBytes)
        try c.encode(loadAtStart, forKey: .loadAtStart)
        try c.encode(loadAtEnd, forKey: .loadAtEnd)
        try c.encode(unitsPlanned, forKey: .unitsPlanned)
        try c.encode(unitsRun, forKey: .unitsRun)
        try c.encode(stopped, forKey: .stopped)
        try c.encode(throughput, forKey: .throughput)
        try c.encode(metering, forKey: .metering)
        try c.encode(machine, forKey: .machine)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            shard: try c.decode(Shard.self, forKey: .shard), jobs: try c.decode(Int.self, forKey: .jobs),
            startedAt: try c.decode(String.self, forKey: .startedAt), wallSeconds: try c.decode(Double.self, forKey: .wallSeconds),
            processCPUSeconds: try c.decode(Double.self, forKey: .processCPUSeconds),
            peakResidentBytes: try c.decode(UInt64.self, forKey: .peakResidentBytes),
            loadAtStart: try c.decode([Double].self, forKey: .loadAtStart), loadAtEnd: try c.decode([Double].self, forKey: .loadAtEnd),
            unitsPlanned: try c.decode(Int.self, forKey: .unitsPlanned), unitsRun: try c.decode(Int.self, forKey: .unitsRun),
            stopped: try c.decodeIfPresent(String.self, forKey: .stopped), machine: try c.decode(MachineInfo.self, forKey: .machine),
            throughput: try c.decode(Double.self, forKey: .throughput), metering: try c.decode(MeteringCost.self, forKey: .metering))
    }
}

extension Shard: Codable {
    /// Written as `i/n`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        do { try self.init(parsing: try decoder.singleValueContainer().decode(String.self)) } catch let e as BenchUsageError {
            throw decoder.error(e.message)
        }
    }
}

extension LogHistogram: Encodable {
    enum CodingKeys: String, CodingKey { case count, min, p50, p90, p99, max, mean, buckets }

    /// Percentiles, exact min/max/mean, and the non-empty buckets as [index, count] pairs
    /// (enough to merge histograms later without the records).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(count, forKey: .count)
        try c.encode(count == 0 ? 0 : min, forKey: .min)
        try c.encode(value(atPercentile: 50), forKey: .p50)
        try c.encode(value(atPercentile: 90), forKey: .p90)
        try c.encode(value(atPercentile: 99), forKey: .p99)
        try c.encode(max, forKey: .max)
        try c.encode(mean, forKey: .mean)
        try c.encode(nonEmptyBuckets.map { [UInt64($0.index), $0.count] }, forKey: .buckets)
    }
}

extension Aggregate: Encodable {
    enum CodingKeys: String, CodingKey {
        case family, size, device, strategy, phase, items, throughput, wall = "wallNanoseconds", cpu = "cpuNanoseconds"
        case solver = "solverNanoseconds", allocated = "allocatedBytes", freed = "freedBytes", pivots, conflicts, constraints, nonzeros
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(family, forKey: .family)
        try c.encode(size, forKey: .size)
        try c.encode(device, forKey: .device)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(phase, forKey: .phase)
        try c.encode(items, forKey: .items)
        try c.encode(throughput, forKey: .throughput)
        try c.encode(wall, forKey: .wall)
        try c.encode(cpu, forKey: .cpu)
        try c.encode(solver, forKey: .solver)
        try c.encode(allocated, forKey: .allocated)
        try c.encode(freed, forKey: .freed)
        try c.encode(pivots, forKey: .pivots)
        try c.encode(conflicts, forKey: .conflicts)
        try c.encode(constraints, forKey: .constraints)
        try c.encode(nonzeros, forKey: .nonzeros)
    }
}

extension Growth: Encodable {
    enum CodingKeys: String, CodingKey {
        case family, strategy, phase, sizes, medians = "p50Nanoseconds", exponent, cpuMedians = "p50CPUNanoseconds", cpuExponent
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(family, forKey: .family)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(phase, forKey: .phase)
        try c.encode(sizes, forKey: .sizes)
        try c.encode(medians, forKey: .medians)
        try c.encode(exponent, forKey: .exponent)
        try c.encode(cpuMedians, forKey: .cpuMedians)
        try c.encode(cpuExponent, forKey: .cpuExponent)
    }
}

/// A work item in a results file or baseline: unit, position, case, family, size, device,
/// strategy, direction, phase, frames (digest), conflicts, ambiguous (null when the strategy
/// cannot tell), pivots, counters [pivots, rows, cells, constraints, noise skips, nonzeros] (the last
/// left out when 0, as files written before it have it), allocated and
/// freed bytes, wall, cpu and solverTime per repetition; `instructions` only when the meter
/// counted them and `probe` only when probed (files without them read as before).
extension ItemRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case unit, position, caseName = "case", family, size, device, strategy, direction, phase, frames, conflicts, ambiguous, pivots
        case counters, allocatedBytes, freedBytes, wall, cpu, solverTime, instructions, probe
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let o = outcome
        try c.encode(unit, forKey: .unit)
        try c.encode(position, forKey: .position)
        try c.encode(caseName, forKey: .caseName)
        try c.encode(family, forKey: .family)
        try c.encode(size, forKey: .size)
        try c.encode(device, forKey: .device)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(direction, forKey: .direction)
        try c.encode(phase, forKey: .phase)
        try c.encode(o.framesDigest, forKey: .frames)
        try c.encode(o.conflicts, forKey: .conflicts)
        try c.encode(o.ambiguous, forKey: .ambiguous)
        try c.encode(o.pivots, forKey: .pivots)
        let k = o.counters
        try c.encode([k.pivots, k.rows, k.cells, k.constraints, k.noiseSkips] + (k.nonzeros > 0 ? [k.nonzeros] : []), forKey: .counters)
        try c.encode(o.allocatedBytes, forKey: .allocatedBytes)
        try c.encode(o.freedBytes, forKey: .freedBytes)
        try c.encode(wall, forKey: .wall)
        try c.encode(cpu, forKey: .cpu)
        try c.encode(solverTime, forKey: .solverTime)
        if !instructions.isEmpty { try c.encode(instructions, forKey: .instructions) }
        if !probe.isEmpty { try c.encode(probe, forKey: .probe) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let k = try c.decode([Int].self, forKey: .counters)
        guard k.count == 5 || k.count == 6, k.allSatisfy({ $0 >= 0 }) else {
            throw c.error(at: .counters, "expected five or six counts [pivots, rows, cells, constraints, noise skips, nonzeros], found \(k.count) numbers")
        }
        let outcome = Outcome(
            framesDigest: try c.decode(String.self, forKey: .frames), conflicts: try c.decode(Int.self, forKey: .conflicts),
            ambiguous: try c.decodeIfPresent(Int.self, forKey: .ambiguous),
            counters: SolverCounters(pivots: k[0], rows: k[1], cells: k[2], constraints: k[3], noiseSkips: k[4], nonzeros: k.count > 5 ? k[5] : 0),
            pivots: try c.decode(Int.self, forKey: .pivots), allocatedBytes: try c.decode(UInt64.self, forKey: .allocatedBytes),
            freedBytes: try c.decode(UInt64.self, forKey: .freedBytes))
        self.init(
            unit: try c.decode(Int.self, forKey: .unit), position: try c.decode(Int.self, forKey: .position),
            caseName: try c.decode(String.self, forKey: .caseName), family: try c.decode(String.self, forKey: .family),
            size: try c.decode(Int.self, forKey: .size), device: try c.decode(String.self, forKey: .device),
            strategy: try c.decode(String.self, forKey: .strategy), direction: try c.decode(String.self, forKey: .direction),
            phase: try c.decode(Phase.self, forKey: .phase), outcome: outcome,
            wall: try c.decode([UInt64].self, forKey: .wall), cpu: try c.decode([UInt64].self, forKey: .cpu))
        solverTime = try c.decodeIfPresent([UInt64].self, forKey: .solverTime) ?? []
        instructions = try c.decodeIfPresent([UInt64].self, forKey: .instructions) ?? []
        probe = try c.decodeIfPresent([UInt64].self, forKey: .probe) ?? []
        guard probe.isEmpty || probe.count == cpu.count else {
            throw c.error(at: .probe, "\(probe.count) probe times for \(cpu.count) cpu samples (one per repetition expected)")
        }
    }
}

extension ItemRecord.Phase: JSONNamedValue {}
