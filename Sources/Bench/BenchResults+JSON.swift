import LinearConstraints
import StrutSystem

/// The results document (`strut bench --out`): format tag, command, configuration, shard runs
/// with machine metadata, failures, units, every record, and every aggregate (per device, over
/// devices, per device over families) with growth exponents. Keys in a fixed order; numbers are
/// JSON numbers (nanoseconds and bytes are exact below 2^53).
extension BenchResults {
    public static let format = "strut-bench-results"
    public static let formatVersion = 1

    public var json: JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .number(Double(Self.formatVersion))),
            ("command", .string(command)), ("configuration", configuration),
            ("complete", .bool(complete)), ("totalUnits", int(totalUnits)),
            ("runs", .array(runs.map(\.json))),
            ("failures", .array(failures.map { .object([("source", .string($0.source)), ("message", .string($0.message))]) })),
            ("units", .array(units.map(\.json))),
            ("aggregates", .array(aggregates.map(\.json))),
            ("summary", .array(summary.map(\.json))),
            ("devices", .array(perDevice.map(\.json))),
            ("growth", .array(growth.map(\.json))),
            ("records", .array(records.map(\.json))),
            ("invariants", invariants.json),
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
        // `instructions` only when the meter counted them (files without it read as before).
        return .object([
            ("unit", int(unit)), ("position", int(position)), ("case", .string(caseName)), ("family", .string(family)),
            ("size", int(size)), ("device", .string(device)), ("strategy", .string(strategy)), ("direction", .string(direction)),
            ("phase", .string(phase.rawValue)), ("frames", .string(o.framesDigest)), ("conflicts", int(o.conflicts)),
            ("ambiguous", o.ambiguous.map(int) ?? .null), ("pivots", int(o.pivots)),
            ("counters", .array([int(o.counters.pivots), int(o.counters.rows), int(o.counters.cells), int(o.counters.constraints), int(o.counters.noiseSkips)])),
            ("allocatedBytes", int(o.allocatedBytes)), ("freedBytes", int(o.freedBytes)),
            ("wall", .array(wall.map(int))), ("cpu", .array(cpu.map(int))), ("solverTime", .array(solverTime.map(int))),
        ] + (instructions.isEmpty ? [] : [("instructions", .array(instructions.map(int)))]))
    }
}
