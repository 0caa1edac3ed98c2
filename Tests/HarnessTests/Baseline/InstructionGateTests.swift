import Foundation
import LinearConstraints
import Testing

@testable import Bench
@testable import Gates
@testable import Reports

/// The instruction meter's figures: a callgrind dump's total, instruction counts through results
/// and baseline files, and the gate on them (`--instruction-threshold`).
@Suite struct InstructionGateTests {
    typealias F = BaselineFixtures

    /// `F.baseline()` with every item counted: `1_000_000 + 1_000 * item` instructions, the same
    /// count for each repetition (as under the meter).
    static func metered(_ b: BenchBaseline = F.baseline(), scale: (ItemRecord) -> Double = { _ in 1 }) -> BenchBaseline {
        var out = b
        for k in out.items.indices {
            let n = Double(1_000_000 + 1_000 * k) * scale(out.items[k])
            out.items[k].instructions = Array(repeating: UInt64(n.rounded()), count: out.items[k].cpu.count)
        }
        return out
    }

    @Test func theTotalOfADumpIsItsTotalsLine() {
        let dump = """
            # callgrind format
            version: 1
            creator: callgrind-3.19.0
            pid: 123
            cmd:  /tmp/strut bench
            part: 3

            desc: I1 cache:
            positions: line
            events: Ir
            summary: 2400017

            fn=(1) main
            0 2400017

            totals: 2400017
            """
        #expect(MeterDumps.parseTotal(dump) == 2_400_017)
        #expect(MeterDumps.parseTotal("events: Ir\nsummary: 77\n") == 77)
        #expect(MeterDumps.parseTotal("events: Ir\ntotals: 12 3\n") == 12)
        #expect(MeterDumps.parseTotal("events: Ir\n") == nil)
    }

    @Test func instructionCountsRoundTripThroughABaselineFile() throws {
        let b = Self.metered()
        let back = try BenchBaseline(jsonText: b.jsonValue().jsonText(), file: "b.json")
        #expect(back.items == b.items)
        #expect(back.items.allSatisfy { $0.instructions.count == 10 })
        // A record without counts writes no `instructions` key and reads back without them.
        let plain = F.baseline()
        #expect(try !plain.jsonValue().jsonText().contains("instructions"))
        let plainBack = try BenchBaseline(jsonText: plain.jsonValue().jsonText(), file: "b.json")
        #expect(plainBack.items.allSatisfy { $0.instructions.isEmpty })
    }

    @Test func instructionCountsRoundTripThroughAResultsFile() throws {
        var plan = try Fixtures.plan(families: [FamilyInput(family: "form", sizes: [6])])
        plan.repeats = 2
        var results = BenchSession.run(plan, jobs: 1)
        let unmetered = results.records.allSatisfy { $0.instructions.isEmpty }
        #expect(unmetered)  // not under the meter
        for k in results.records.indices { results.records[k].instructions = [UInt64(1_000 + k), UInt64(1_001 + k)] }
        let back = try BenchResults(jsonText: results.jsonValue().jsonText(), file: "r.json")
        #expect(back.records.map(\.instructions) == results.records.map(\.instructions))
        let merged = try BenchResults.merge([("r.json", back)])
        #expect(merged.records.map(\.instructions) == results.records.map(\.instructions))
    }

    @Test func aThreePercentRiseIsFlaggedAtTwoAndAOnePercentRiseIsNot() {
        let base = Self.metered()
        let inForm: (ItemRecord) -> Bool = { $0.family == "form" && $0.strategy == "cassowary" && $0.phase == .switch }
        let up3 = Self.metered(scale: { inForm($0) ? 1.03 : 1 })
        let c3 = BaselineComparison(baseline: base, current: up3)
        #expect(c3.hasRegression)
        #expect(c3.instructionRegressions == ["form 10 cassowary switch"])
        #expect(c3.groups.first?.verdict == .regression)
        let up1 = Self.metered(scale: { inForm($0) ? 1.01 : 1 })
        let c1 = BaselineComparison(baseline: base, current: up1)
        #expect(!c1.hasRegression)
        #expect(c1.instructionRegressions.isEmpty)
        #expect(c1.groups.allSatisfy { $0.instructionVerdict == .unchanged })
        // A tighter threshold catches the 1% too; a 3% fall is an improvement.
        var tight = BaselineComparison.Options()
        tight.instructionThreshold = 0.005
        #expect(BaselineComparison(baseline: base, current: up1, options: tight).hasRegression)
        let down3 = Self.metered(scale: { inForm($0) ? 0.97 : 1 })
        #expect(BaselineComparison(baseline: base, current: down3).groups.first?.verdict == .improvement)
    }

    @Test func underTheMeterTimeIsShownButDoesNotGate() {
        let base = Self.metered()
        // Every item 3x slower in time, same instructions: valgrind's times, not gated.
        let slow = F.retimed(base) { _, t in t * 3 }
        let c = BaselineComparison(baseline: base, current: slow)
        #expect(!c.timeGates)
        #expect(!c.hasRegression)
        #expect(c.groups.allSatisfy { $0.verdict == .unchanged })
        // Without counts on either side, time gates as before.
        let plain = F.baseline()
        #expect(BaselineComparison(baseline: plain, current: F.retimed(plain) { _, t in t * 3 }).timeGates)
        // A metered baseline against an unmetered run: no instruction verdicts, time not gated.
        let mixed = BaselineComparison(baseline: base, current: F.retimed(plain) { _, t in t * 3 })
        #expect(!mixed.timeGates && !mixed.hasRegression)
        #expect(mixed.groups.allSatisfy { $0.instructions == nil })
        #expect(BaselineReport.text(mixed, file: "b.json").contains("measured under the instruction meter"))
    }

    /// Bytes measured under the meter are single samples inside valgrind: they move between runs
    /// of one build, so a metered comparison does not judge them (and says so); unmetered runs
    /// still do.
    @Test func underTheMeterBytesAreNotCompared() {
        let base = Self.metered()
        var moved = base
        for k in moved.items.indices { moved.items[k].outcome.allocatedBytes *= 2 }
        let c = BaselineComparison(baseline: base, current: moved)
        #expect(!c.bytesComparable)
        #expect(!c.hasRegression)
        #expect(c.groups.allSatisfy { $0.verdict == .unchanged })
        #expect(BaselineReport.text(c, file: "b.json").contains("both runs were measured under the instruction meter (single samples inside valgrind): allocated and freed bytes are not comparable"))
        let plain = F.baseline()
        var plainMoved = plain
        for k in plainMoved.items.indices { plainMoved.items[k].outcome.allocatedBytes *= 2 }
        let unmetered = BaselineComparison(baseline: plain, current: plainMoved)
        #expect(unmetered.bytesComparable)
        #expect(unmetered.hasRegression)
    }

    @Test func theReportNamesTheRegressedGroups() {
        let c = BaselineComparison(baseline: Self.metered(), current: Self.metered(scale: { $0.family == "long-chain" ? 1.05 : 1 }))
        let text = BaselineReport.text(c, file: "b.json")
        #expect(text.contains("instruction count regressions (more than 2% more instructions): long-chain 10 cassowary first"))
        #expect(text.contains("baseline verdict: REGRESSION"))
    }
}
