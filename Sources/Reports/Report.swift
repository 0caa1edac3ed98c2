import Bench
import Foundation
import LinearConstraints

/// The formats `strut report` renders a results file in.
public enum ReportFormat: String, CaseIterable, Sendable {
    case terminal, markdown, junit, html
    /// The figures derived from the records, as JSON (`BenchResults.figures`).
    case json

    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Reports rendered from a results file (`BenchResults`, read back with `init(jsonText:file:)`):
/// a terminal table, Markdown for a pull-request comment, JUnit XML for CI systems, and one
/// self-contained HTML page. Rendering is a pure function of the results and the outside
/// solvers' profiles (their short names, `StrategyLabels`): the same file gives the same bytes
/// where the same profiles are found, and no solver runs.
public enum Report {
    /// The report of `results` in `format`. O(records × groups) at worst (the group look-ups of
    /// the ratio and distribution sections), which is small next to the run that produced them.
    /// The terminal and Markdown reports give a row per strategy and phase unless `verbose`, which
    /// lists every family, size and strategy; JUnit and HTML always hold everything.
    public static func render(_ results: BenchResults, as format: ReportFormat, verbose: Bool = false) throws(JSONCodingError) -> String {
        // Built only for the formats that read it (the figures need no ratios or bootstraps).
        let facts = { ReportFacts(results.withShortStrategyNames().results) }
        switch format {
        case .terminal: return TerminalReport.render(facts(), verbose: verbose)
        case .markdown: return MarkdownReport.render(facts(), verbose: verbose)
        case .junit: return JUnitReport.render(facts())
        case .html: return HTMLReport.render(facts())
        case .json: return try results.figures.jsonValue().jsonText() + "\n"
        }
    }

    /// Reads the results file at `path`.
    /// - Throws: `ResultsFileError` naming the file, and for a malformed document the key.
    public static func load(_ path: String) throws(ResultsFileError) -> BenchResults {
        guard FileManager.default.fileExists(atPath: path) else { throw ResultsFileError(file: path, message: "no such file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw ResultsFileError(file: path, message: "cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw ResultsFileError(file: path, message: "not UTF-8 text") }
        return try BenchResults(jsonText: text, file: path)
    }

    /// Writes `text` to `path` atomically: a temporary file in the same directory, then a
    /// rename, so a reader never sees half a report and a failed write leaves the old file.
    public static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// The terminal report: the verdict and every failure first (invariant failures with their
/// replay commands, cases that failed to load), then the bench tables (`BenchTable`), then the
/// invariant tallies: what `strut bench` prints, from the file.
enum TerminalReport {
    static func render(_ facts: ReportFacts, verbose: Bool) -> String {
        let r = facts.results
        let verdict = facts.verdict
        var out = "verdict: " + (verdict.passed ? "passed" : "FAILED: " + verdict.text) + "\n"
        for f in r.invariants.failures { out += f.description + "\n" }
        for f in r.failures { out += "FAILED to load: \(f)\n" }
        if !r.invariants.failures.isEmpty { out += facts.failureCountText + "\n" }
        if !r.invariants.failures.isEmpty || !r.failures.isEmpty { out += "\n" }
        out += BenchTable.text(r, form: verbose ? .full : .summary)
        out += r.invariants.tallyText
        return out
    }
}
