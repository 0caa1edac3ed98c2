import Testing

@testable import Bench
@testable import StrutSystem

@Suite struct ShardMergeTests {
    @Test func shardsMergedThroughTheirFilesEqualTheUnshardedRun() throws {
        let plan = try Fixtures.plan()
        let whole = BenchSession.run(plan, jobs: 2)
        var parts: [(file: String, results: BenchResults)] = []
        for i in [2, 0, 1] {
            var shard = plan
            shard.shard = Shard(index: i, count: 3)
            let text = try BenchSession.run(shard, jobs: 1).jsonValue().jsonText()
            parts.append(("shard\(i).json", try BenchResults(jsonText: text, file: "shard\(i).json")))
        }
        let merged = try BenchResults.merge(parts)
        #expect(merged.complete && merged.units.count == whole.units.count)
        let differences = Fixtures.differences(merged.records, whole.records)
        #expect(differences.isEmpty, "\(differences)")
        #expect(Fixtures.comparable(merged.summary) == Fixtures.comparable(whole.summary))
        #expect(Fixtures.comparable(merged.aggregates) == Fixtures.comparable(whole.aggregates))
        #expect(merged.runs.map(\.shard.index) == [0, 1, 2])
    }

    @Test func aMissingShardLeavesTheMergeIncompleteAndADuplicateIsRefused() throws {
        var plan = try Fixtures.plan(families: [FamilyInput(family: "form", sizes: [6])])
        plan.shard = Shard(index: 0, count: 2)
        let zero = BenchSession.run(plan, jobs: 1)
        let half = try BenchResults.merge([("a", zero)])
        #expect(!half.complete)
        #expect(throws: ResultsFileError.self) { try BenchResults.merge([("a", zero), ("b", zero)]) }
    }

    /// A shard's units are never the whole run's, so "complete" (every unit of the whole run)
    /// cannot be what fails it: a shard that ran all of its own units has no failures.
    @Test func aShardThatRanAllItsUnitsHasNoFailures() throws {
        var plan = try Fixtures.plan(families: [FamilyInput(family: "form", sizes: [6])])
        plan.solverWorkloads = []
        plan.shard = Shard(index: 1, count: 2)
        let r = BenchSession.run(plan, jobs: 1)
        #expect(r.failures.isEmpty && !r.units.isEmpty)
        #expect(!r.complete, "the whole run is not in one shard")
        #expect(r.shardsComplete && !r.hasFailures)
        let half = try BenchResults.merge([("a", r)])
        #expect(!half.hasFailures && !half.complete, "the shard's own units all ran; the merge is still incomplete")
    }

    @Test func theShardErrorSaysItCountsFromZero() {
        #expect(throws: BenchUsageError.self) { try Shard(parsing: "2/2") }
        do { _ = try Shard(parsing: "2/2") } catch {
            #expect(error.message.contains("from 0") && error.message.contains("0/2 and 1/2"), "\(error.message)")
        }
    }

    @Test func shardSpecsAreChecked() throws {
        #expect(try Shard(parsing: "1/4") == Shard(index: 1, count: 4))
        for bad in ["4/4", "-1/2", "1", "a/b", "0/0"] {
            #expect(throws: BenchUsageError.self) { try Shard(parsing: bad) }
        }
    }

    /// A results file is input from outside: a number that does not fit its field (here a unit
    /// index of 1e300, which once trapped `strut report`) is an error at its path.
    @Test func aResultsFileWithANumberOutOfRangeIsAnErrorNotATrap() throws {
        var plan = try Fixtures.plan(families: [FamilyInput(family: "form", sizes: [6])])
        plan.solverWorkloads = []
        let text = try BenchSession.run(plan, jobs: 1).jsonValue().jsonText()
        let bad = text.replacingOccurrences(of: #""records":[{"unit":0,"#, with: #""records":[{"unit":1e300,"#)
        #expect(bad != text)
        #expect(throws: ResultsFileError(file: "r.json", message: "$.records[0].unit: 1e+300 is out of range (-9223372036854775808...9223372036854775807)")) {
            try BenchResults(jsonText: bad, file: "r.json")
        }
    }
}
