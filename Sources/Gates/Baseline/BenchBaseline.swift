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

    /// Writes the file atomically (a temporary file renamed over `path`), so a reader or an
    /// interrupted run never leaves half a baseline behind.
    public func write(to path: String) throws {
        try AtomicFile.write(try data, to: path)
    }

    /// The file's bytes.
    public var data: Data {
        get throws(JSONCodingError) { Data(try jsonFileText().utf8) }
    }

    /// Reads the file at `path`.
    /// - Throws: `ResultsFileError` naming the file and, for a malformed file, the JSON path of
    ///   the key that is missing or has the wrong shape (`$.items[3].frames: missing`).
    public static func read(_ path: String) throws(ResultsFileError) -> BenchBaseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw ResultsFileError(file: path, message: "cannot read the file") }
        return try BenchBaseline(jsonText: String(decoding: data, as: UTF8.self), file: path)
    }

    public init(jsonText text: String, file: String) throws(ResultsFileError) {
        do { self = try JSONValueDecoder().decode(Self.self, fromText: text) } catch { throw ResultsFileError(file: file, message: error.description) }
    }
}

extension BenchBaseline: Codable {
    enum CodingKeys: String, CodingKey { case format, version, machine, command, configuration, items, invariants }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        try c.encode(Self.formatVersion, forKey: .version)
        try c.encode(machine, forKey: .machine)
        try c.encode(command, forKey: .command)
        try c.encode(configuration, forKey: .configuration)
        try c.encode(items, forKey: .items)
        try c.encode(invariants, forKey: .invariants)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try c.expectFormat(Self.format, at: .format, version: Self.formatVersion, at: .version, what: "a strut baseline file")
        self.init(machine: try c.decode(MachineInfo.self, forKey: .machine), command: try c.decode(String.self, forKey: .command),
                  configuration: try c.decode(JSONValue.self, forKey: .configuration), items: try c.decode([ItemRecord].self, forKey: .items),
                  invariants: try c.decode(InvariantOutcome.self, forKey: .invariants))
    }
}
