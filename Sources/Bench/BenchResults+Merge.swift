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
