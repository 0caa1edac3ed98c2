import Foundation
import LinearConstraints
import Testing

/// Reading `strut solve-system --json` output back and checking it against the system file it
/// came from: properties that hold whatever the strategy, so no expected values are hard-coded.
struct SystemResult {
    let system: SystemFile
    let document: JSONValue
    let steps: [JSONValue]
    /// The records by step index (built once: the grid example has 1 581 records).
    let byIndex: [Int: JSONValue]

    init(system: SystemFile, json: String) throws {
        self.system = system
        document = try parseJSON(json)
        guard case .array(let steps)? = document["steps"] else { throw Problem("no \"steps\" array in the result") }
        self.steps = steps
        var byIndex: [Int: JSONValue] = [:]
        for step in steps {
            if case .number(let i)? = step["index"] { byIndex[Int(i)] = step }
        }
        self.byIndex = byIndex
    }

    /// The examples directory of the package.
    static let examples = StrutProcess.packageRoot.appendingPathComponent("examples/systems")

    /// Every example system file, by file name, sorted.
    static func exampleNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { $0.hasSuffix(".system.json") }.sorted()
    }

    static func example(_ name: String) throws -> SystemFile {
        try SystemFile(jsonText: String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8))
    }

    /// The record of step `index`.
    func record(_ index: Int) -> JSONValue? { byIndex[index] }

    /// The outcome name of step `index`.
    func outcome(_ index: Int) -> String? {
        if case .string(let s)? = record(index)?["outcome"] { return s }
        return nil
    }

    /// The value of `name` in the check record `index`.
    func value(_ name: String, at index: Int) -> Double? { values(at: index)[name] }

    /// Every value of the check record `index`.
    func values(at index: Int) -> [String: Double] {
        guard case .object(let members)? = record(index)?["values"] else { return [:] }
        var out: [String: Double] = [:]
        for m in members {
            if case .number(let d) = m.value { out[m.key] = d }
        }
        return out
    }

    /// The check records in order.
    var checks: [JSONValue] { steps.filter { $0["outcome"] == .string("check") } }

    /// Every step of the file appears once, in order, then the implied check when the file does
    /// not end with one.
    func expectEveryStep() {
        var indices = Array(0..<system.steps.count)
        if case .check? = system.steps.last {} else { indices.append(system.steps.count) }
        #expect(steps.map { $0["index"] } == indices.map { .number(Double($0)) })
        #expect(document["system"] == .string(system.name))
    }

    /// At every check, every required constraint then in the solver holds at the recorded values
    /// (tolerance relative to the terms' magnitudes). Constraints are tracked from the outcomes:
    /// an `ok` add puts one in, an `ok` remove takes it out.
    func expectRequiredConstraintsHold() {
        var present: [(id: String, constraint: SymbolicConstraint)] = []
        for (i, step) in system.steps.enumerated() {
            switch step {
            case .add(let c, let id) where outcome(i) == "ok": present.append((id, c))
            case .remove(let id) where outcome(i) == "ok": present.removeAll { $0.id == id }
            case .check: expectHold(present, at: i)
            default: break
            }
        }
        expectHold(present, at: system.steps.count)
    }

    func expectHold(_ present: [(id: String, constraint: SymbolicConstraint)], at index: Int) {
        guard record(index)?["outcome"] == .string("check") else { return }
        let values = values(at: index)
        for (id, c) in present where c.priority.isRequired {
            var sum = c.constant, scale = abs(c.constant)
            for t in c.terms {
                let v = values[t.name] ?? .nan
                sum += t.coefficient * v
                scale += abs(t.coefficient * v)
            }
            let violation: Double = switch c.relation {
            case .equal: abs(sum)
            case .lessThanOrEqual: max(0, sum)
            case .greaterThanOrEqual: max(0, -sum)
            }
            #expect(violation <= 1e-9 * max(1, scale), "step \(index): required \(id) (\(c)) violated by \(violation)")
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }
}

/// True when two JSON values are equal, numbers within a relative tolerance.
func approximatelyEqual(_ a: JSONValue, _ b: JSONValue, tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case let (.number(x), .number(y)): return abs(x - y) <= tolerance * max(1, abs(x), abs(y))
    case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { approximatelyEqual($0, $1, tolerance: tolerance) }
    case let (.object(x), .object(y)):
        return x.count == y.count
            && zip(x, y).allSatisfy { $0.key == $1.key && approximatelyEqual($0.value, $1.value, tolerance: tolerance) }
    default: return a == b
    }
}
