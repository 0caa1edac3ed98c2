import LinearConstraints
import StrutSystem

/// The results document (`strut bench --out`): format tag, command, configuration, shard runs
/// with machine metadata, failures, units, every record with its samples, and the invariant
/// results: what was measured. Keys in a fixed order; numbers are JSON numbers (nanoseconds and
/// bytes are exact below 2^53).
///
/// The figures derived from the records (histograms per device, the summary over devices, the
/// per-device figures over families, growth fits) are not stored: a reader recomputes them from
/// the records (`init(jsonText:file:)`), so they cannot disagree, and `figuresJSON`
/// (`strut report --format json`) writes them for other tools. Files written before held them
/// too; readers skip them.
extension BenchResults {
    public static let format = "strut-bench-results"
    public static let formatVersion = 1
    /// The derived figures' document (`figuresJSON`).
    public static let figuresFormat = "strut-bench-figures"

    public var json: JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .number(Double(Self.formatVersion))),
            ("command", .string(command)), ("configuration", configuration),
            ("complete", .bool(complete)), ("totalUnits", int(totalUnits)),
            ("runs", .array(runs.map(\.json))),
            ("failures", .array(failures.map { .object([("source", .string($0.source)), ("message", .string($0.message))]) })),
            ("units", .array(units.map(\.json))),
            ("records", .array(records.map(\.json))),
            ("invariants", invariants.json),
        ])
    }

    /// The figures derived from the records, for tools outside Strut: per family, size, device,
    /// strategy and phase the latency, CPU, solver-time and bytes histograms (`aggregates`), the
    /// same over devices (`summary`), per device over families (`devices`), and the growth fits
    /// (`growth`).
    public var figuresJSON: JSONValue {
        let summary = summary  // growth is fitted to it: computed once
        return .object([
            ("format", .string(Self.figuresFormat)), ("version", .number(Double(Self.formatVersion))),
            ("command", .string(command)),
            ("aggregates", .array(aggregates.map(\.json))),
            ("summary", .array(summary.map(\.json))),
            ("devices", .array(perDevice.map(\.json))),
            ("growth", .array(Aggregation.growth(summary).map(\.json))),
        ])
    }
}

extension BenchResults.UnitInfo {
    var json: JSONValue {
        .object([("index", int(index)), ("source", .string(source)), ("strategy", .string(strategy)),
                 ("failure", failure.map(JSONValue.string) ?? .null), ("cutOff", cutOff.map(JSONValue.string) ?? .null)])
    }
}

extension BenchResults.RunInfo {
    var json: JSONValue {
        .object([
            ("shard", .string(shard.description)), ("jobs", int(jobs)), ("startedAt", .string(startedAt)),
            ("wallSeconds", .number(wallSeconds)), ("processCPUSeconds", .number(processCPUSeconds)),
            ("peakResidentBytes", int(peakResidentBytes)),
            ("loadAtStart", .array(loadAtStart.map(JSONValue.number))), ("loadAtEnd", .array(loadAtEnd.map(JSONValue.number))),
            ("unitsPlanned", int(unitsPlanned)), ("unitsRun", int(unitsRun)),
            ("stopped", stopped.map(JSONValue.string) ?? .null), ("throughput", .number(throughput)),
            ("meteringNanoseconds", .object([("bracket", .number(metering.bracketNanoseconds)), ("inWall", .number(metering.inWallNanoseconds))])),
            ("machine", machine.json),
        ])
    }
}

extension MachineInfo {
    package var json: JSONValue {
        .object([("host", .string(host)), ("os", .string(os)), ("cores", int(cores)), ("memoryBytes", int(memoryBytes)),
                 ("swift", .string(swift)), ("build", .string(build)), ("allocator", .string(allocator))])
    }
}

extension LogHistogram {
    /// Percentiles, exact min/max/mean, and the non-empty buckets as [index, count] pairs
    /// (enough to merge histograms later without the records).
    var json: JSONValue {
        .object([
            ("count", int(count)), ("min", int(count == 0 ? 0 : min)), ("p50", int(value(atPercentile: 50))),
            ("p90", int(value(atPercentile: 90))), ("p99", int(value(atPercentile: 99))), ("max", int(max)),
            ("mean", .number(mean)),
            ("buckets", .array(nonEmptyBuckets.map { .array([int($0.index), int($0.count)]) })),
        ])
    }
}

extension Aggregate {
    var json: JSONValue {
        .object([
            ("family", .string(family)), ("size", int(size)), ("device", .string(device)), ("strategy", .string(strategy)),
            ("phase", .string(phase.rawValue)), ("items", int(items)), ("throughput", .number(throughput)),
            ("wallNanoseconds", wall.json), ("cpuNanoseconds", cpu.json), ("solverNanoseconds", solver.json),
            ("allocatedBytes", allocated.json), ("freedBytes", freed.json),
            ("pivots", int(pivots)), ("conflicts", int(conflicts)),
        ])
    }
}

extension Growth {
    var json: JSONValue {
        .object([
            ("family", .string(family)), ("strategy", .string(strategy)), ("phase", .string(phase.rawValue)),
            ("sizes", .array(sizes.map(int))), ("p50Nanoseconds", .array(medians.map(int))),
            ("exponent", exponent.map(JSONValue.number) ?? .null),
            ("p50CPUNanoseconds", .array(cpuMedians.map(int))), ("cpuExponent", cpuExponent.map(JSONValue.number) ?? .null),
        ])
    }
}

extension ItemRecord {
    package var json: JSONValue {
        let o = outcome
        // `instructions` only when the meter counted them, `probe` only when probed (files
        // without them read as before).
        var fields: [(String, JSONValue)] = [
            ("unit", int(unit)), ("position", int(position)), ("case", .string(caseName)), ("family", .string(family)),
            ("size", int(size)), ("device", .string(device)), ("strategy", .string(strategy)), ("direction", .string(direction)),
            ("phase", .string(phase.rawValue)), ("frames", .string(o.framesDigest)), ("conflicts", int(o.conflicts)),
            ("ambiguous", o.ambiguous.map(int) ?? .null), ("pivots", int(o.pivots)),
            ("counters", .array([int(o.counters.pivots), int(o.counters.rows), int(o.counters.cells), int(o.counters.constraints), int(o.counters.noiseSkips)])),
            ("allocatedBytes", int(o.allocatedBytes)), ("freedBytes", int(o.freedBytes)),
            ("wall", .array(wall.map(int))), ("cpu", .array(cpu.map(int))), ("solverTime", .array(solverTime.map(int))),
        ]
        if !instructions.isEmpty { fields.append(("instructions", .array(instructions.map(int)))) }
        if !probe.isEmpty { fields.append(("probe", .array(probe.map(int)))) }
        return .object(fields)
    }
}
