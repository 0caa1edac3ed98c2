import Foundation
import Generator
import Testing

@testable import Bench
@testable import Gates
@testable import Judging
@testable import Reports

/// The baseline gate (Gates/Baseline): what passes, what is a regression, what is flagged.
@Suite struct BaselineComparisonTests {
    typealias F = BaselineFixtures

    @Test func aBaselineComparedWithItselfPasses() {
        let b = F.baseline()
        let c = BaselineComparison(baseline: b, current: b)
        #expect(!c.hasRegression)
        #expect(c.groups.count == 8 && c.groups.allSatisfy { $0.changes.isEmpty })
        #expect(c.groups.allSatisfy { $0.cpuVerdict != .regression && $0.cpuVerdict != .improvement })
        #expect(c.machineDifferences.isEmpty && !c.configurationDiffers && c.invariantChanges.isEmpty)
        #expect(c.baselineOnlyItems == 0 && c.currentOnlyItems == 0)
    }

    @Test func seededNoiseOfUpTo25PercentIsNeverARegression() {
        let b = F.baseline()
        for seed in 1...8 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            // x in [0.8, 1.25], uniform in log space: as often faster as slower.
            let noisy = F.retimed(b) { _, t in UInt64(Double(t) * exp(log(0.8) + (log(1.25) - log(0.8)) * random.unit())) }
            let c = BaselineComparison(baseline: b, current: noisy)
            #expect(!c.hasRegression, "seed \(seed): \(c.groups.filter { $0.verdict == .regression }.map(\.name))")
            #expect(c.groups.allSatisfy { $0.verdict == .unchanged || $0.verdict == .inconclusive })
        }
    }

    @Test func aPlantedTwofoldSlowdownIsARegressionOfItsGroupOnly() {
        let b = F.baseline()
        let slow = F.retimed(b) { r, t in r.family == "form" && r.strategy == "cassowary" && r.phase == .switch ? 2 * t : t }
        let c = BaselineComparison(baseline: b, current: slow)
        #expect(c.hasRegression)
        let regressed = c.groups.filter { $0.verdict == .regression }
        #expect(regressed.map(\.name) == ["form 10 cassowary switch"])
        #expect(c.groups.first?.name == "form 10 cassowary switch", "regressions come first")
        if let g = regressed.first, let i = g.cpu?.interval {
            #expect(i.lowerBound > 1.25 && (1.6...2.5).contains(g.cpu!.ratio))
        }
    }

    /// The probe beside every item: 200 µs, or `slow(r)` times that on the current side.
    static func probed(_ b: BenchBaseline, slow: (ItemRecord) -> Double = { _ in 1 }) -> BenchBaseline {
        var out = b
        for i in out.items.indices {
            out.items[i].probe = out.items[i].cpu.map { _ in UInt64(200_000 * slow(out.items[i])) }
        }
        return out
    }

    @Test func aGroupSlowedWithTheProbeBesideItIsTheMachineNotARegression() throws {
        let b = Self.probed(F.baseline())
        let inGroup = { (r: ItemRecord) in r.family == "form" && r.strategy == "cassowary" && r.phase == .switch }
        // The machine ran 2.5x slower while that group ran: its times and its probe alike.
        var slowStretch = F.retimed(b) { r, t in inGroup(r) ? t * 5 / 2 : t }
        slowStretch.items = Self.probed(slowStretch) { inGroup($0) ? 2.5 : 1 }.items
        let c = BaselineComparison(baseline: b, current: slowStretch)
        #expect(!c.hasRegression, "\(c.groups.filter { $0.verdict == .regression }.map(\.name))")
        let g = try #require(c.groups.first { $0.name == "form 10 cassowary switch" })
        #expect(g.cpu.map { $0.ratio > 2.3 } == true && g.scaledCPU.map { abs($0.ratio - 1) < 0.05 } == true)
        #expect(BaselineReport.text(c, file: "b.json").contains("scaled by the speed probe"))
        // The same slowdown with the probe unmoved is the code: a regression.
        let slowCode = Self.probed(F.retimed(b) { r, t in inGroup(r) ? t * 5 / 2 : t })
        let d = BaselineComparison(baseline: b, current: slowCode)
        #expect(d.groups.filter { $0.verdict == .regression }.map(\.name) == ["form 10 cassowary switch"])
        // Without a probe on one side the group is judged as measured.
        var unprobed = slowStretch
        for i in unprobed.items.indices { unprobed.items[i].probe = [] }
        #expect(BaselineComparison(baseline: b, current: unprobed).hasRegression)
    }

    @Test func aWholeRunSlowerBy30PercentIsTheMachineNotARegression() throws {
        let b = F.baseline()
        let c = BaselineComparison(baseline: b, current: F.retimed(b) { _, t in t * 13 / 10 })
        #expect(!c.hasRegression)
        let factor = try #require(c.runFactor.estimate)
        #expect(abs(factor.ratio - 1.3) < 0.02 && c.runVerdict == .unchanged)
        #expect(c.groups.allSatisfy { $0.cpuVerdict == .unchanged || $0.cpuVerdict == .inconclusive })
        #expect(c.groups.filter { $0.cpuVerdict == .unchanged }.count >= 4)
        #expect(BaselineReport.text(c, file: "b.json").contains("run factor: this run's CPU times are 1.30 ["))
    }

    @Test func aWholeRunSlowerTwofoldIsARegressionOfTheRun() {
        let b = F.baseline()
        let c = BaselineComparison(baseline: b, current: F.retimed(b) { _, t in 2 * t })
        #expect(c.hasRegression && c.runVerdict == .regression)
        #expect(BaselineReport.summary(c).contains("the whole run slower"))
    }

    @Test func withFewGroupsTheRunFactorIsNotApplied() {
        var b = F.baseline()
        b.items.removeAll { $0.family == "long-chain" }
        let c = BaselineComparison(baseline: b, current: F.retimed(b) { r, t in r.strategy == "cassowary" ? 2 * t : t })
        #expect(!c.runFactor.applied && c.runFactor.factor == 1)
        #expect(c.groups.filter { $0.verdict == .regression }.count == 2)
    }

    @Test func aTwofoldSpeedupIsAnImprovementNotARegression() {
        let b = F.baseline()
        let fast = F.retimed(b) { r, t in r.family == "long-chain" ? t / 2 : t }
        let c = BaselineComparison(baseline: b, current: fast)
        #expect(!c.hasRegression)
        #expect(c.groups.filter { $0.verdict == .improvement }.count == 4)
        #expect(c.runFactor.factor == 1, "a faster run is not corrected: the untouched groups stay unchanged")
    }

    @Test func aChangedPivotCountOrFramesDigestIsFlagged() {
        let b = F.baseline()
        let target = { (r: ItemRecord) in r.family == "form" && r.strategy == "cassowary-weighted" && r.position == 2 }
        let more = BaselineComparison(baseline: b, current: F.reoutcome(b, where: target) { $0.pivots += 1 })
        #expect(more.hasRegression)
        let g = more.groups.first { $0.verdict == .regression }
        #expect(g?.name == "form 10 cassowary-weighted switch")
        #expect(g?.changes.map(\.metric) == [.pivots] && g?.changes.first?.worse == 1)
        #expect(g?.changes.first?.example.contains("12 -> 13") == true)

        let moved = BaselineComparison(baseline: b, current: F.reoutcome(b, where: target) { $0.framesDigest = "0000000000000000" })
        #expect(moved.hasRegression)
        #expect(moved.groups.first?.changes.first.map { ($0.metric, $0.changed) } ?? (.pivots, 0) == (.frames, 1))

        let fewer = BaselineComparison(baseline: b, current: F.reoutcome(b, where: target) { $0.pivots -= 1 })
        #expect(!fewer.hasRegression)
        #expect(fewer.groups.first?.verdict == .improvement)
    }

    @Test func bytesHaveAToleranceAndAreComparedOnlyOnTheSameBuildAndAllocator() {
        let b = F.baseline()
        let target = { (r: ItemRecord) in r.family == "form" && r.position == 1 }
        let small = BaselineComparison(baseline: b, current: F.reoutcome(b, where: target) { $0.allocatedBytes += 3_000 })
        #expect(!small.hasRegression && small.groups.allSatisfy { $0.changes.isEmpty })
        let large = F.reoutcome(b, where: target) { $0.allocatedBytes += 10_000 }
        #expect(BaselineComparison(baseline: b, current: large).hasRegression)
        var debug = large
        debug.machine.build = "debug"
        let c = BaselineComparison(baseline: b, current: debug)
        #expect(!c.bytesComparable && !c.hasRegression)
        #expect(BaselineReport.text(c, file: "b.json").contains("bytes are not comparable"))
    }

    @Test func machineOrToolchainDifferencesAreWarnedAbout() {
        let b = F.baseline()
        var other = b
        other.machine.host = "laptop"
        other.machine.swift = "Swift 6.4 or later"
        let c = BaselineComparison(baseline: b, current: other)
        #expect(c.machineDifferences == ["host: ci-1 -> laptop", "swift: Swift 6.3 -> Swift 6.4 or later"])
        #expect(!c.hasRegression)
        let text = BaselineReport.text(c, file: "b.json")
        #expect(text.contains("WARNING: the machine or toolchain differs from the baseline's (host: ci-1 -> laptop; swift: Swift 6.3 -> Swift 6.4 or later)"))
        #expect(!BaselineReport.text(BaselineComparison(baseline: b, current: b), file: "b.json").contains("WARNING"))
    }

    @Test func aNewlyFailingInvariantIsARegressionAndAFixedOneIsNot() {
        let b = F.baseline()
        var failing = b
        failing.invariants.failures = [F.failure(.optimal, case: "form-10-0", device: "device-1")]
        failing.invariants.count(.optimal, failed: true)
        let worse = BaselineComparison(baseline: b, current: failing)
        #expect(worse.hasRegression)
        #expect(worse.invariantChanges.map(\.newlyFailing) == [true])
        #expect(worse.tallyDifferences == ["optimal: failed 0 of 0 -> 1 of 1"])
        #expect(BaselineReport.text(worse, file: "b.json").contains("invariants newly failing"))
        let better = BaselineComparison(baseline: failing, current: b)
        #expect(!better.hasRegression && better.invariantChanges.map(\.newlyFailing) == [false])
        #expect(!BaselineComparison(baseline: failing, current: failing).hasRegression)
    }

    @Test func itemsOnOneSideOnlyAreCountedNotJudged() {
        let b = F.baseline()
        var fewer = b
        fewer.items.removeAll { $0.family == "long-chain" }
        let c = BaselineComparison(baseline: b, current: fewer)
        #expect(c.baselineOnlyItems == 8 && c.currentOnlyItems == 0 && c.groups.count == 4 && !c.hasRegression)
        #expect(c.missingGroups.count == 4 && c.newGroups.isEmpty)
        // Same configuration: the baseline no longer covers the run.
        #expect(c.isStale)
        #expect(BaselineReport.text(c, file: "b.json").contains("8 work items are only in the baseline"))
        var other = fewer
        other.configuration = .string("another configuration")
        let subset = BaselineComparison(baseline: b, current: other)
        #expect(!subset.isStale && !subset.hasRegression)
        #expect(BaselineReport.text(subset, file: "b.json").contains("8 only in the baseline"))
    }

    @Test func renamedCasesAreNewAndMissingGroupsAndMakeTheBaselineStale() {
        let b = F.baseline()
        var renamed = b
        for k in renamed.items.indices where renamed.items[k].family == "long-chain" {
            renamed.items[k].family = "chain.json"
            renamed.items[k].caseName = "chain.json"
        }
        let c = BaselineComparison(baseline: b, current: renamed)
        #expect(c.newGroups.count == c.missingGroups.count && !c.newGroups.isEmpty)
        #expect(c.newGroups.allSatisfy { $0.hasPrefix("chain.json ") } && c.missingGroups.allSatisfy { $0.hasPrefix("long-chain ") })
        #expect(c.isStale && !c.hasRegression)
        let text = BaselineReport.text(c, file: "b.json")
        #expect(text.contains("new groups (not in the baseline, not compared): \(c.newGroups.count): chain.json"))
        #expect(text.contains("missing groups (in the baseline, not in this run)"))
        #expect(text.contains("baseline verdict: STALE BASELINE"))
    }

    @Test func theReportListsRegressionsFirstAndSummarises() {
        let b = F.baseline()
        let slow = F.retimed(b) { r, t in r.family == "long-chain" && r.strategy == "cassowary" && r.phase == .switch ? 3 * t : t }
        let text = BaselineReport.text(BaselineComparison(baseline: b, current: slow), file: "b.json")
        let lines = text.split(separator: "\n")
        let header = lines.firstIndex { $0.hasPrefix("verdict") }
        #expect(header.map { lines[$0 + 1].hasPrefix("regression") } == true)
        #expect(lines.last?.hasPrefix("baseline verdict: REGRESSION (1 regression") == true)
        #expect(text.contains("µs -> "))
    }
}
