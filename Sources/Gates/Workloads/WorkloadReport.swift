import Foundation
import Generator
import LinearConstraints

/// The results of `strut workloads`: rows beside Kiwi's figures, growth exponents, skipped sizes,
/// and the same as one JSON document.
public struct WorkloadReport {
    public var strategy: String
    public var timeLimit: Double
    /// Report thread CPU time instead of wall time in the table (JSON always has both).
    public var cpuTime = false
    public var results: [WorkloadMeasurement] = []
    public var skipped: [(workload: PeerWorkload, reason: String)] = []

    public init(strategy: String, timeLimit: Double, cpuTime: Bool) {
        self.strategy = strategy
        self.timeLimit = timeLimit
        self.cpuTime = cpuTime
    }
    /// The one-minute load average when the run started (two cores: 2.0 means both were busy).
    let loadAverage: Double = {
        var loads = [0.0, 0.0, 0.0]
        return getloadavg(&loads, 3) >= 1 ? loads[0] : -1
    }()

    /// Why `workload` should not run: its build, extrapolated from the last two measured sizes of
    /// the same kind (exponent clamped to 1...4; 2 when only one size is known), exceeds the limit.
    public func skipReason(_ workload: PeerWorkload) -> String? {
        let done = results.filter { $0.workload.kind == workload.kind && $0.workload.views < workload.views }
        guard let last = done.last else { return nil }
        var exponent = 2.0
        let before = done.count >= 2 ? done[done.count - 2] : nil
        if let before, before.wall.build > 1e-3, let k = Self.exponent(before, last, \.build, \.wall) {
            exponent = min(4, max(1, k))
        }
        let ratio = Double(workload.countedConstraints) / Double(last.workload.countedConstraints)
        let estimate = last.wall.build * pow(ratio, exponent)
        guard estimate > timeLimit else { return nil }
        return "estimated build \(Self.seconds(estimate)) (growth exponent \(String(format: "%.2f", exponent)) from "
            + "\(last.workload.views) views) exceeds the \(Self.seconds(timeLimit)) limit"
    }

    /// `k` in time ∝ constraints^k between two sizes, for one operation on one clock.
    static func exponent(
        _ a: WorkloadMeasurement, _ b: WorkloadMeasurement, _ op: KeyPath<WorkloadMeasurement.Timings, Double>,
        _ clock: KeyPath<WorkloadMeasurement, WorkloadMeasurement.Timings>
    ) -> Double? {
        let ta = a[keyPath: clock][keyPath: op], tb = b[keyPath: clock][keyPath: op]
        guard ta > 0, tb > 0, b.workload.countedConstraints != a.workload.countedConstraints else { return nil }
        return log(tb / ta) / log(Double(b.workload.countedConstraints) / Double(a.workload.countedConstraints))
    }

    public func header() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return """
            strategy \(strategy); medians of \(cpuTime ? "thread CPU time" : "wall time on the monotonic clock"); load average \(String(format: "%.2f", loadAverage)) on \(cores) cores
            Kiwi's figures from docs/peers.md in [brackets]; check: optimal = required held and closed-form objective met, feasible = required held (no closed form)
            \(Self.pad(["workload", "views", "constr", "build", "µs/c", "[Kiwi]", "rotation", "µs/c", "[Kiwi]", "drag", "ns/c", "rm+readd", "pivots", "rows", "cells", "check"]))
            """
    }

    /// The clock the table reports.
    var clock: KeyPath<WorkloadMeasurement, WorkloadMeasurement.Timings> { cpuTime ? \.cpu : \.wall }

    public func row(_ m: WorkloadMeasurement) -> String {
        let c = Double(m.workload.countedConstraints)
        let t = m[keyPath: clock]
        let kiwi = KiwiReference.figure(m.workload.kind, views: m.workload.views)
        let check = !m.problems.isEmpty ? "FAILED" : (m.objectiveChecked ? "optimal" : "feasible")
        return Self.pad([
            m.workload.kind.rawValue, "\(m.workload.views)", "\(m.workload.countedConstraints)",
            Self.seconds(t.build), Self.number(t.build * 1e6 / c), kiwi.map { "[\(Self.number($0.buildMicrosecondsPerConstraint))]" } ?? "",
            Self.seconds(t.rotation), Self.number(t.rotation * 1e6 / c), kiwi.map { "[\(Self.number($0.rotationMicrosecondsPerConstraint))]" } ?? "",
            Self.seconds(t.drag), Self.number(t.drag * 1e9 / c), Self.seconds(t.removeReAdd),
            "\(m.afterBuild.pivots)", "\(m.afterBuild.rows)", "\(m.afterBuild.cells)", check,
        ])
    }

    /// Growth exponents of build and rotation between consecutive measured sizes of `kind`.
    public func growthLines(_ kind: PeerWorkload.Kind) -> [String] {
        let rows = results.filter { $0.workload.kind == kind }
        return zip(rows, rows.dropFirst()).map { a, b in
            let build = Self.exponent(a, b, \.build, clock).map { String(format: "%.2f", $0) } ?? "-"
            let rotation = Self.exponent(a, b, \.rotation, clock).map { String(format: "%.2f", $0) } ?? "-"
            return "  \(kind) \(a.workload.views) -> \(b.workload.views) views: time ∝ constraints^k, build k = \(build), rotation k = \(rotation)"
        }
    }

    public func problemLines() -> [String] {
        results.flatMap { m in m.problems.map { "  \(m.workload.name): \($0)" } }
    }

    /// Fixed-width columns: the first left-aligned, the rest right-aligned.
    static func pad(_ cells: [String]) -> String {
        let widths = [8, 6, 7, 9, 8, 8, 9, 7, 8, 9, 6, 9, 8, 7, 8, 9]
        return zip(cells, widths).enumerated().map { i, pair in
            let (text, width) = pair
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return i == 0 ? text + fill : fill + text
        }.joined(separator: " ")
    }

    /// Three significant figures without an exponent.
    static func number(_ x: Double) -> String {
        switch abs(x) {
        case 100...: String(format: "%.0f", x)
        case 10..<100: String(format: "%.1f", x)
        case 1..<10: String(format: "%.2f", x)
        default: String(format: "%.3f", x)
        }
    }

    /// A duration in the unit that keeps it readable (ns, µs, ms, s).
    static func seconds(_ s: Double) -> String {
        switch s {
        case 1...: number(s) + " s"
        case 1e-3..<1: number(s * 1e3) + " ms"
        case 1e-6..<1e-3: number(s * 1e6) + " µs"
        default: number(s * 1e9) + " ns"
        }
    }
}

/// The report as one JSON document (`strut workloads --json`), keys in this order: strategy, clock,
/// timeLimitSeconds, loadAverage, results (per workload and size: timings on both clocks, the
/// per-constraint and per-nonzero figures on the report's clock, counters after the build, pivots
/// per operation, the checks, Kiwi's figures where docs/peers.md has them), growth (exponents
/// between consecutive sizes, null where there is none) and skipped (with the reason).
extension WorkloadReport: Encodable {
    enum CodingKeys: String, CodingKey {
        case strategy, clock, timeLimitSeconds, loadAverage, results, growth, skipped
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(cpuTime ? "cpu" : "wall", forKey: .clock)
        try c.encode(timeLimit, forKey: .timeLimitSeconds)
        try c.encode(loadAverage, forKey: .loadAverage)
        try c.encode(results.map { Result(m: $0, clock: clock) }, forKey: .results)
        try c.encode(PeerWorkload.Kind.allCases.flatMap(growth), forKey: .growth)
        try c.encode(skipped.map { Skipped(workload: $0.workload.kind.rawValue, views: $0.workload.views, reason: $0.reason) }, forKey: .skipped)
    }

    /// One measured workload; the per-constraint figures use the report's clock.
    struct Result: Encodable {
        var m: WorkloadMeasurement
        var clock: KeyPath<WorkloadMeasurement, WorkloadMeasurement.Timings>

        enum CodingKeys: String, CodingKey {
            case workload, views, constraints, wallSeconds, cpuSeconds, buildMicrosecondsPerConstraint, rotationMicrosecondsPerConstraint
            case dragNanosecondsPerConstraint, buildNanosecondsPerNonzero, counters, rotationPivots, dragPivots, removeReAddPivots
            case verified, objectiveChecked, invariantsChecked, problems, kiwi
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            let n = Double(m.workload.countedConstraints)
            let t = m[keyPath: clock]
            try c.encode(m.workload.kind.rawValue, forKey: .workload)
            try c.encode(m.workload.views, forKey: .views)
            try c.encode(m.workload.countedConstraints, forKey: .constraints)
            try c.encode(m.wall, forKey: .wallSeconds)
            try c.encode(m.cpu, forKey: .cpuSeconds)
            try c.encode(t.build * 1e6 / n, forKey: .buildMicrosecondsPerConstraint)
            try c.encode(t.rotation * 1e6 / n, forKey: .rotationMicrosecondsPerConstraint)
            try c.encode(t.drag * 1e9 / n, forKey: .dragNanosecondsPerConstraint)
            try c.encode(m.afterBuild.nonzeros > 0 ? t.build * 1e9 / Double(m.afterBuild.nonzeros) : nil, forKey: .buildNanosecondsPerNonzero)
            try c.encode(Counters(pivots: m.afterBuild.pivots, rows: m.afterBuild.rows, cells: m.afterBuild.cells, nonzeros: m.afterBuild.nonzeros),
                         forKey: .counters)
            try c.encode(m.rotationPivots, forKey: .rotationPivots)
            try c.encode(m.dragPivots, forKey: .dragPivots)
            try c.encode(m.removeReAddPivots, forKey: .removeReAddPivots)
            try c.encode(m.problems.isEmpty, forKey: .verified)
            try c.encode(m.objectiveChecked, forKey: .objectiveChecked)
            try c.encode(m.invariantsChecked, forKey: .invariantsChecked)
            try c.encode(m.problems, forKey: .problems)
            if let k = KiwiReference.figure(m.workload.kind, views: m.workload.views) {
                try c.encode(Kiwi(buildSeconds: k.buildSeconds, buildMicrosecondsPerConstraint: k.buildMicrosecondsPerConstraint,
                                  rotationSeconds: k.rotationSeconds), forKey: .kiwi)
            }
        }
    }

    struct Counters: Encodable {
        var pivots, rows, cells, nonzeros: Int
    }

    struct Kiwi: Encodable {
        var buildSeconds, buildMicrosecondsPerConstraint, rotationSeconds: Double
    }

    struct Growth: Encodable {
        var workload: String
        var fromViews, toViews: Int
        var buildExponent, rotationExponent: Double?

        enum CodingKeys: String, CodingKey { case workload, fromViews, toViews, buildExponent, rotationExponent }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(workload, forKey: .workload)
            try c.encode(fromViews, forKey: .fromViews)
            try c.encode(toViews, forKey: .toViews)
            try c.encode(buildExponent, forKey: .buildExponent)
            try c.encode(rotationExponent, forKey: .rotationExponent)
        }
    }

    struct Skipped: Encodable {
        var workload: String
        var views: Int
        var reason: String
    }

    func growth(_ kind: PeerWorkload.Kind) -> [Growth] {
        let rows = results.filter { $0.workload.kind == kind }
        return zip(rows, rows.dropFirst()).map { a, b in
            Growth(workload: kind.rawValue, fromViews: a.workload.views, toViews: b.workload.views,
                   buildExponent: Self.exponent(a, b, \.build, clock), rotationExponent: Self.exponent(a, b, \.rotation, clock))
        }
    }
}
