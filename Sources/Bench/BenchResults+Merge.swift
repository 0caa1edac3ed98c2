import Judging
import LinearConstraints
import Metering
import Subjects

/// A results file that cannot be read back or merged: the file and what is wrong.
public struct ResultsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    package init(file: String, message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}

extension BenchResults {
    /// Reads a results document written by `json` (the runs, units, failures and records; the
    /// aggregates are recomputed from the records, so they cannot disagree with them).
    public init(jsonText text: String, file: String) throws(ResultsFileError) {
        let r = ResultsReader(file: file)
        let doc: JSONValue
        do { doc = try parseJSON(text) } catch { throw r.fail("$", "\(error)") }
        guard try r.string(doc, "format") == Self.format else { throw r.fail("$.format", "not a strut bench results file") }
        guard try r.number(doc, "version") == Double(Self.formatVersion) else { throw r.fail("$.version", "unsupported version") }
        let runs = try r.array(doc, "runs").enumerated().map { (k, v) throws(ResultsFileError) in try r.run(v, "$.runs[\(k)]") }
        let units = try r.array(doc, "units").map { v throws(ResultsFileError) in
            UnitInfo(index: Int(try r.number(v, "index")), source: try r.string(v, "source"), strategy: try r.string(v, "strategy"),
                     failure: v["failure"].flatMap { if case .string(let s) = $0 { s } else { nil } },
                     cutOff: v["cutOff"].flatMap { if case .string(let s) = $0 { s } else { nil } })
        }
        let failures = try r.array(doc, "failures").map { v throws(ResultsFileError) in
            CaseLoadError(source: try r.string(v, "source"), message: try r.string(v, "message"))
        }
        let records = try r.array(doc, "records").enumerated().map { (k, v) throws(ResultsFileError) in try r.record(v, "$.records[\(k)]") }
        guard let configuration = doc["configuration"] else { throw r.fail("$.configuration", "missing") }
        self.init(command: try r.string(doc, "command"), configuration: configuration, runs: runs,
                  totalUnits: Int(try r.number(doc, "totalUnits")), units: units, failures: failures, records: records)
        do { invariants = try InvariantOutcome(json: doc["invariants"]) } catch { throw r.fail("$.invariants", "\(error)") }
    }

    /// Merges the results of shards of one run: configurations must be equal and no unit may
    /// appear twice. Units and records are put back in work-item order, so merging every shard
    /// of a run gives the records and aggregates of the unsharded run.
    public static func merge(_ parts: [(file: String, results: BenchResults)]) throws(ResultsFileError) -> BenchResults {
        guard let first = parts.first else { throw ResultsFileError(file: "-", message: "no results files to merge") }
        var units: [UnitInfo] = []
        var records: [ItemRecord] = []
        var runs: [RunInfo] = []
        for (file, part) in parts {
            guard part.configuration == first.results.configuration, part.totalUnits == first.results.totalUnits else {
                throw ResultsFileError(file: file, message: "its configuration differs from \(first.file)'s; only shards of one run merge")
            }
            units += part.units
            records += part.records
            runs += part.runs
        }
        units.sort { $0.index < $1.index }
        for k in units.indices.dropFirst() where units[k].index == units[k - 1].index {
            throw ResultsFileError(file: parts.map(\.file).joined(separator: ", "), message: "unit \(units[k].index) appears in two files (the same shard twice?)")
        }
        records.sort { ($0.unit, $0.position) < ($1.unit, $1.position) }
        runs.sort { $0.shard.index < $1.shard.index }
        var seen = Set<String>()
        let failures = units.compactMap { u in u.failure.map { CaseLoadError(source: u.source, message: $0) } }
            .filter { seen.insert($0.description).inserted }
        var merged = BenchResults(command: first.results.command, configuration: first.results.configuration, runs: runs,
                                  totalUnits: first.results.totalUnits, units: units, failures: failures, records: records)
        merged.invariants = InvariantOutcome.merged(parts.map(\.results.invariants))
        return merged
    }
}

/// Typed field access with JSON paths in errors.
package struct ResultsReader {
    package let file: String

    package init(file: String) {
        self.file = file
    }

    package func fail(_ path: String, _ message: String) -> ResultsFileError { ResultsFileError(file: file, message: "\(path): \(message)") }

    package func field(_ v: JSONValue, _ key: String) throws(ResultsFileError) -> JSONValue {
        guard let x = v[key] else { throw fail(key, "missing") }
        return x
    }
    package func string(_ v: JSONValue, _ key: String) throws(ResultsFileError) -> String {
        guard case .string(let s) = try field(v, key) else { throw fail(key, "expected a string") }
        return s
    }
    package func number(_ v: JSONValue, _ key: String) throws(ResultsFileError) -> Double {
        guard case .number(let d) = try field(v, key) else { throw fail(key, "expected a number") }
        return d
    }
    package func array(_ v: JSONValue, _ key: String) throws(ResultsFileError) -> [JSONValue] {
        guard case .array(let a) = try field(v, key) else { throw fail(key, "expected an array") }
        return a
    }
    func integers(_ v: JSONValue, _ key: String) throws(ResultsFileError) -> [UInt64] {
        try array(v, key).map { x throws(ResultsFileError) in
            guard case .number(let d) = x, d >= 0 else { throw fail(key, "expected non-negative numbers") }
            return UInt64(d)
        }
    }

    package func record(_ v: JSONValue, _ path: String) throws(ResultsFileError) -> ItemRecord {
        guard let phase = ItemRecord.Phase(rawValue: try string(v, "phase")) else { throw fail(path + ".phase", "unknown phase") }
        let c = try integers(v, "counters").map { Int($0) }
        guard c.count == 5 else { throw fail(path + ".counters", "expected five counters") }
        let ambiguous: Int? = if case .number(let d) = v["ambiguous"] { Int(d) } else { nil }
        let outcome = ItemRecord.Outcome(
            framesDigest: try string(v, "frames"), conflicts: Int(try number(v, "conflicts")), ambiguous: ambiguous,
            counters: SolverCounters(pivots: c[0], rows: c[1], cells: c[2], constraints: c[3], noiseSkips: c[4]),
            pivots: Int(try number(v, "pivots")), allocatedBytes: UInt64(try number(v, "allocatedBytes")),
            freedBytes: UInt64(try number(v, "freedBytes")))
        var record = ItemRecord(
            unit: Int(try number(v, "unit")), position: Int(try number(v, "position")), caseName: try string(v, "case"),
            family: try string(v, "family"), size: Int(try number(v, "size")), device: try string(v, "device"),
            strategy: try string(v, "strategy"), direction: try string(v, "direction"), phase: phase, outcome: outcome,
            wall: try integers(v, "wall"), cpu: try integers(v, "cpu"))
        if v["solverTime"] != nil { record.solverTime = try integers(v, "solverTime") }
        if v["instructions"] != nil { record.instructions = try integers(v, "instructions") }
        if v["probe"] != nil {
            record.probe = try integers(v, "probe")
            guard record.probe.count == record.cpu.count else {
                throw fail(path + ".probe", "\(record.probe.count) probe times for \(record.cpu.count) cpu samples (one per repetition expected)")
            }
        }
        return record
    }

    func run(_ v: JSONValue, _ path: String) throws(ResultsFileError) -> BenchResults.RunInfo {
        let shard: Shard
        do { shard = try Shard(parsing: try string(v, "shard")) } catch let e as ResultsFileError { throw e } catch { throw fail(path + ".shard", "\(error)") }
        let m = try field(v, "machine")
        let machine = MachineInfo(
            host: try string(m, "host"), os: try string(m, "os"), cores: Int(try number(m, "cores")),
            memoryBytes: UInt64(try number(m, "memoryBytes")), swift: try string(m, "swift"), build: try string(m, "build"),
            allocator: try string(m, "allocator"))
        let loads = { (key: String) throws(ResultsFileError) -> [Double] in
            try self.array(v, key).map { x throws(ResultsFileError) in
                guard case .number(let d) = x else { throw self.fail(path + "." + key, "expected numbers") }
                return d
            }
        }
        return BenchResults.RunInfo(
            shard: shard, jobs: Int(try number(v, "jobs")), startedAt: try string(v, "startedAt"),
            wallSeconds: try number(v, "wallSeconds"), processCPUSeconds: try number(v, "processCPUSeconds"),
            peakResidentBytes: UInt64(try number(v, "peakResidentBytes")), loadAtStart: try loads("loadAtStart"),
            loadAtEnd: try loads("loadAtEnd"), unitsPlanned: Int(try number(v, "unitsPlanned")), unitsRun: Int(try number(v, "unitsRun")),
            stopped: v["stopped"].flatMap { if case .string(let s) = $0 { s } else { nil } }, machine: machine,
            throughput: try number(v, "throughput"), metering: MeteringCost(
                bracketNanoseconds: try number(try field(v, "meteringNanoseconds"), "bracket"),
                inWallNanoseconds: try number(try field(v, "meteringNanoseconds"), "inWall")))
    }
}
