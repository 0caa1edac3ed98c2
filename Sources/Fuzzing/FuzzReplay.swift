import Foundation
import Judging
import LinearConstraints
import Subjects

/// `strut replay`: saved cases, system files and corpora checked again. A file passes when the
/// fuzz check (`FuzzCheck`: invariants, the case's `expect` block, the system checks and the
/// exact oracle) finds nothing under the strategies, and, for a system file with a sibling
/// `NAME.expected.json`, the run under the strategy that file names matches it (outcomes and
/// conflicts exactly, numbers within 1e-9 of their magnitude). The command checks in worker
/// processes (a trap in a replayed file is a failure of that file, not the end of the run);
/// `problems` is the same check in this process.
public enum FuzzReplay {
    /// Every problem with one file (empty: it passes), checked in this process.
    public static func problems(path: String, subject: FuzzSubject, check: FuzzCheck) -> [String] {
        check.check(subject).map(\.description) + expectedFileProblems(path: path, subject: subject, strategies: check.strategies)
    }

    /// For a system file with a sibling `NAME.expected.json`: where the run under the strategy
    /// that file names (when it is among `strategies`) differs from it. Empty otherwise.
    public static func expectedFileProblems(path: String, subject: FuzzSubject, strategies: [BenchStrategy]) -> [String] {
        guard case .system(let file) = subject, path.hasSuffix(".system.json") else { return [] }
        let expectedPath = String(path.dropLast(".system.json".count)) + ".expected.json"
        guard let data = FileManager.default.contents(atPath: expectedPath) else { return [] }
        return expectedProblems(file, String(decoding: data, as: UTF8.self), expectedPath, strategies)
    }

    /// The run under the expected file's strategy against the expected document.
    static func expectedProblems(_ file: SystemFile, _ text: String, _ path: String, _ strategies: [BenchStrategy]) -> [String] {
        guard let expected = try? parseJSON(text), case .string(let name)? = expected["strategy"] else {
            return ["\(path): not a result document with a \"strategy\""]
        }
        guard let strategy = strategies.first(where: { $0.name == name }) else { return [] }
        let got = systemResultJSON(system: file.name, strategy: name, records: run(strategy.make(), file))
        return difference(got["steps"] ?? .null, expected["steps"] ?? .null, at: "steps").map { "\(path): \(name) differs at \($0)" }
    }

    static func run<S: ConstraintSolver>(_ solver: S, _ file: SystemFile) -> [StepRecord] {
        var r = SystemRun(solver: solver)
        return r.run(file)
    }

    /// Where two result documents differ (the first place), numbers compared within 1e-9 of
    /// their magnitude.
    static func difference(_ a: JSONValue, _ b: JSONValue, at path: String) -> [String] {
        switch (a, b) {
        case let (.number(x), .number(y)):
            return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) ? [] : ["\(path): \(formatJSONNumber(x)), expected \(formatJSONNumber(y))"]
        case let (.array(xs), .array(ys)):
            guard xs.count == ys.count else { return ["\(path): \(xs.count) items, expected \(ys.count)"] }
            for (i, (x, y)) in zip(xs, ys).enumerated() {
                let d = difference(x, y, at: "\(path)[\(i)]")
                if !d.isEmpty { return d }
            }
            return []
        case let (.object(xs), .object(ys)):
            guard xs.map(\.key) == ys.map(\.key) else { return ["\(path): keys \(xs.map(\.key)), expected \(ys.map(\.key))"] }
            for (x, y) in zip(xs, ys) {
                let d = difference(x.value, y.value, at: "\(path).\(x.key)")
                if !d.isEmpty { return d }
            }
            return []
        default:
            return a == b ? [] : ["\(path): \(a.jsonText()), expected \(b.jsonText())"]
        }
    }
}
