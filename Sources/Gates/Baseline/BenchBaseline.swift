import Bench
import Foundation
import Judging
import LinearConstraints
import StrutSystem

/// A saved run to gate later runs against (`strut bench --save-baseline FILE`, read back by
/// `--baseline FILE`): the machine and toolchain it measured on, the command and configuration,
/// every work item's deterministic figures and timing samples, and the invariant results.
///
/// The file (`json`) is a JSON object with keys in a fixed order: `format`
/// (`strut-baseline`), `version`, `machine`, `command`, `configuration`, `items` (one object per
/// work item, the same fields as a results file's records: case, device, strategy, direction,
/// phase, frames digest, conflicts, ambiguous, pivots, counters, allocated and freed bytes, and
/// the wall and CPU nanoseconds of each repetition) and `invariants` (tallies and failures).
public struct BenchBaseline: Sendable {
    public static let format = "strut-baseline"
    public static let formatVersion = 1

    public var machine: MachineInfo
    public var command: String
    public var configuration: JSONValue
    public var items: [ItemRecord]
    public var invariants: InvariantOutcome

    public init(machine: MachineInfo, command: String, configuration: JSONValue, items: [ItemRecord], invariants: InvariantOutcome) {
        self.machine = machine
        self.command = command
        self.configuration = configuration
        self.items = items
        self.invariants = invariants
    }

    /// The baseline of a run (`BenchResults.machine`).
    public init(_ results: BenchResults) {
        self.init(machine: results.machine, command: results.command, configuration: results.configuration,
                  items: results.records, invariants: results.invariants)
    }

    public var json: JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .number(Double(Self.formatVersion))),
            ("machine", machine.json), ("command", .string(command)), ("configuration", configuration),
            ("items", .array(items.map(\.json))), ("invariants", invariants.json),
        ])
    }

    /// Writes the file atomically (a temporary file renamed over `path`), so a reader or an
    /// interrupted run never leaves half a baseline behind.
    public func write(to path: String) throws {
        try AtomicFile.write(data, to: path)
    }

    /// The file's bytes.
    public var data: Data { Data((json.jsonText(indent: 1) + "\n").utf8) }

    /// Reads the file at `path`.
    /// - Throws: `ResultsFileError` naming the file and, for a malformed file, the JSON path of
    ///   the key that is missing or has the wrong shape (`$.items[3].frames: missing`).
    public static func read(_ path: String) throws(ResultsFileError) -> BenchBaseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw ResultsFileError(file: path, message: "cannot read the file") }
        return try BenchBaseline(jsonText: String(decoding: data, as: UTF8.self), file: path)
    }

    public init(jsonText text: String, file: String) throws(ResultsFileError) {
        let r = ResultsReader(file: file)
        let doc: JSONValue
        do { doc = try parseJSON(text) } catch { throw r.fail("$", "not JSON: \(error)") }
        guard case .object = doc else { throw r.fail("$", "expected an object") }
        guard try r.at("$", { v throws(ResultsFileError) in try r.string(v, "format") }, doc) == Self.format else {
            throw r.fail("$.format", "not a strut baseline file (expected \"\(Self.format)\")")
        }
        guard try r.at("$", { v throws(ResultsFileError) in try r.number(v, "version") }, doc) == Double(Self.formatVersion) else {
            throw r.fail("$.version", "unsupported version (this strut reads version \(Self.formatVersion))")
        }
        let machine = try r.at("$.machine", { v throws(ResultsFileError) in try r.machine(v) }, try r.at("$", { v throws(ResultsFileError) in try r.field(v, "machine") }, doc))
        let command = try r.at("$", { v throws(ResultsFileError) in try r.string(v, "command") }, doc)
        guard let configuration = doc["configuration"] else { throw r.fail("$.configuration", "missing") }
        let list = try r.at("$", { v throws(ResultsFileError) in try r.array(v, "items") }, doc)
        var items: [ItemRecord] = []
        for (k, v) in list.enumerated() {
            items.append(try r.at("$.items[\(k)]", { v throws(ResultsFileError) in try r.record(v, "") }, v))
        }
        guard let invariantsJSON = doc["invariants"] else { throw r.fail("$.invariants", "missing") }
        let invariants: InvariantOutcome
        do { invariants = try InvariantOutcome(json: invariantsJSON) } catch { throw r.fail("$.invariants", "\(error)") }
        self.init(machine: machine, command: command, configuration: configuration, items: items, invariants: invariants)
    }
}

extension ResultsReader {
    /// Runs `read` on `value`, prefixing a failure's key with `path` (`$.items[3]` and `frames`
    /// give `$.items[3].frames`), so every error names where in the file it is.
    func at<T>(_ path: String, _ read: (JSONValue) throws(ResultsFileError) -> T, _ value: JSONValue) throws(ResultsFileError) -> T {
        do { return try read(value) } catch {
            if error.message.hasPrefix("$") { throw error }
            throw ResultsFileError(file: file, message: path + (error.message.hasPrefix(".") ? "" : ".") + error.message)
        }
    }

    /// A machine object as `MachineInfo.json` writes it.
    func machine(_ m: JSONValue) throws(ResultsFileError) -> MachineInfo {
        MachineInfo(
            host: try string(m, "host"), os: try string(m, "os"), cores: Int(try number(m, "cores")),
            memoryBytes: UInt64(try number(m, "memoryBytes")), swift: try string(m, "swift"), build: try string(m, "build"),
            allocator: try string(m, "allocator"))
    }
}
