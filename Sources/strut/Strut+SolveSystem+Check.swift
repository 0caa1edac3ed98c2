import ArgumentParser
import ExactSolver
import Foundation
import LinearConstraints
import Subjects

/// `strut solve-system FILE --check`: the chosen strategy (cassowary unless `--strategy` says
/// otherwise) and the exact oracle run the file side by side; every disagreement is printed
/// (`OracleCheck` defines them). Exit status 1 on any disagreement, and also when the oracle's
/// size guard stopped the comparison early (the file was then not fully checked).
extension SolveSystemCommand {
    func runCheck(_ system: SystemFile, strategy chosen: Strategy) throws {
        let report = Self.check(system, on: chosen.make(debugChecks))
        if json {
            print(Self.checkJSON(report, system: system.name, strategy: chosen.name).jsonText())
        } else {
            print(Self.checkText(report, system: system, strategy: chosen.name), terminator: "")
        }
        if !report.agrees { throw StrutExit.failure.code }
    }

    /// Opens the registry's existential once and runs the comparison.
    static func check<S: ConstraintSolver>(_ system: SystemFile, on solver: S) -> OracleReport {
        var check = OracleCheck(solver: solver)
        return check.run(system)
    }

    /// One line per disagreement, then a verdict line.
    static func checkText(_ report: OracleReport, system: SystemFile, strategy: String) -> String {
        var out = ""
        for d in report.disagreements {
            let label = d.step < system.steps.count ? system.steps[d.step].kind : "check (implied end)"
            let got = d.reported.map { "\(strategy) \(formatJSONNumber($0)), " } ?? ""
            out += "step \(d.step) (\(label)): \(d.kind.rawValue) \(d.subject): \(got)exact \(d.expected)"
            out += d.tolerance > 0 ? " (tolerance \(formatJSONNumber(d.tolerance)) relative)\n" : "\n"
        }
        if let refused = report.oracleRefused {
            out += "exact oracle stopped at step \(refused.step): \(refused.message); later steps were not checked\n"
        }
        if let diverged = report.diverged {
            out += "step \(diverged.step): \(strategy) and exact part ways by rounding only (conflict \(diverged.conflict) "
                + "is infeasible only exactly, or satisfiable only far beyond the magnitudes in play); later steps were not checked\n"
        }
        let steps = report.oracleRecords.count
        out += report.disagreements.isEmpty
            ? "\(system.name): \(strategy) and exact agree on \(steps) steps\n"
            : "\(system.name): \(report.disagreements.count) disagreements between \(strategy) and exact\n"
        return out
    }

    /// The same as a JSON document: `{system, strategy, oracle, agrees, disagreements: [...]}`.
    static func checkJSON(_ report: OracleReport, system: String, strategy: String) -> JSONValue {
        let items: [JSONValue] = report.disagreements.map { d in
            var m: [(key: String, value: JSONValue)] = [
                ("step", .number(Double(d.step))), ("kind", .string(d.kind.rawValue)), ("subject", .string(d.subject)),
            ]
            if let r = d.reported { m.append(("reported", .number(r))) }
            m.append(("expected", .string(d.expected)))
            m.append(("tolerance", .number(d.tolerance)))
            return .object(m)
        }
        var m: [(key: String, value: JSONValue)] = [
            ("system", .string(system)), ("strategy", .string(strategy)), ("oracle", .string("exact")),
            ("agrees", .bool(report.agrees)), ("disagreements", .array(items)),
        ]
        if let diverged = report.diverged {
            m.append(("diverged", .object([("step", .number(Double(diverged.step))), ("conflict", .array(diverged.conflict.map { .string($0) }))])))
        }
        if let refused = report.oracleRefused {
            m.append(("oracleStopped", .object([("step", .number(Double(refused.step))), ("message", .string(refused.message))])))
        }
        return .object(m)
    }
}
