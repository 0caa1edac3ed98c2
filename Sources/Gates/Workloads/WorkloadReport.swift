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

extension WorkloadReport {
    /// The report as one JSON document (keys in a fixed order).
    public func json() -> JSONValue {
        .object([
            ("strategy", .string(strategy)), ("clock", .string(cpuTime ? "cpu" : "wall")),
            ("timeLimitSeconds", .number(timeLimit)), ("loadAverage", .number(loadAverage)),
            ("results", .array(results.map(json))),
            ("growth", .array(PeerWorkload.Kind.allCases.flatMap(growthJSON))),
            ("skipped", .array(skipped.map { .object([
                ("workload", .string($0.workload.kind.rawValue)), ("views", .number(Double($0.workload.views))),
                ("reason", .string($0.reason)),
            ]) })),
        ])
    }

    static func json(_ t: WorkloadMeasurement.Timings) -> JSONValue {
        .object([
            ("build", .number(t.build)), ("rotation", .number(t.rotation)), ("drag", .number(t.drag)),
            ("removeReAdd", .number(t.removeReAdd)),
        ])
    }

    /// One result; the per-constraint figures use the report's clock.
    func json(_ m: WorkloadMeasurement) -> JSONValue {
        let c = Double(m.workload.countedConstraints)
        let t = m[keyPath: clock]
        var members: [(key: String, value: JSONValue)] = [
            ("workload", .string(m.workload.kind.rawValue)), ("views", .number(Double(m.workload.views))), ("constraints", .number(c)),
            ("wallSeconds", Self.json(m.wall)), ("cpuSeconds", Self.json(m.cpu)),
            ("buildMicrosecondsPerConstraint", .number(t.build * 1e6 / c)),
            ("rotationMicrosecondsPerConstraint", .number(t.rotation * 1e6 / c)),
            ("dragNanosecondsPerConstraint", .number(t.drag * 1e9 / c)),
            ("buildNanosecondsPerNonzero", m.afterBuild.nonzeros > 0 ? .number(t.build * 1e9 / Double(m.afterBuild.nonzeros)) : .null),
            ("counters", .object([
                ("pivots", .number(Double(m.afterBuild.pivots))), ("rows", .number(Double(m.afterBuild.rows))),
                ("cells", .number(Double(m.afterBuild.cells))), ("nonzeros", .number(Double(m.afterBuild.nonzeros))),
            ])),
            ("rotationPivots", .number(Double(m.rotationPivots))), ("dragPivots", .number(Double(m.dragPivots))),
            ("removeReAddPivots", .number(Double(m.removeReAddPivots))),
            ("verified", .bool(m.problems.isEmpty)), ("objectiveChecked", .bool(m.objectiveChecked)),
            ("invariantsChecked", .bool(m.invariantsChecked)), ("problems", .array(m.problems.map { .string($0) })),
        ]
        if let k = KiwiReference.figure(m.workload.kind, views: m.workload.views) {
            members.append(("kiwi", .object([
                ("buildSeconds", .number(k.buildSeconds)), ("buildMicrosecondsPerConstraint", .number(k.buildMicrosecondsPerConstraint)),
                ("rotationSeconds", .number(k.rotationSeconds)),
            ])))
        }
        return .object(members)
    }

    func growthJSON(_ kind: PeerWorkload.Kind) -> [JSONValue] {
        let rows = results.filter { $0.workload.kind == kind }
        return zip(rows, rows.dropFirst()).map { a, b in
            .object([
                ("workload", .string(kind.rawValue)), ("fromViews", .number(Double(a.workload.views))),
                ("toViews", .number(Double(b.workload.views))),
                ("buildExponent", Self.exponent(a, b, \.build, clock).map { .number($0) } ?? .null),
                ("rotationExponent", Self.exponent(a, b, \.rotation, clock).map { .number($0) } ?? .null),
            ])
        }
    }
}
