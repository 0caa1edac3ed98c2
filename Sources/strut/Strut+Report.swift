import ArgumentParser
import Bench
import Foundation
import Reports

/// `strut report RESULTS.json [--format terminal|markdown|junit|html|json] [--out FILE]`: renders a
/// results file (`strut bench --out`, `strut merge --out`) without running anything.
///
/// Exit status: 0 when the report was written (whatever the run's verdict: the report shows
/// it); 2 when the file is missing, is not a results file or has a malformed field (the message
/// names the file and the key), for an unknown format, or when the output cannot be written.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a bench results file as a terminal table, Markdown, JUnit XML, one HTML page or JSON figures.",
        discussion: """
            Formats: terminal (the verdict and failures first, then the tables), markdown (for a \
            pull-request comment: verdict, summary table, ratios, invariant tally, failures folded \
            with replay commands), junit (one test suite per family, one test case per invariant \
            and strategy, one per case that failed to load), html (one self-contained page, no \
            network: run metadata, latency distributions, log-log scaling with fitted exponents, \
            allocations, strategy ratios, invariant tallies, and a wireframe of the layout for \
            every failure), json (the figures derived from the records, which the results file \
            does not store: histograms per family, size, device, strategy and phase, the same \
            over devices, per device over families, and growth fits). Without --out the report \
            goes to standard output; with it, the file is replaced atomically.
            """)

    @Argument(help: "A results file (strut bench --out or strut merge --out).")
    var file: String

    @Option(help: "terminal, markdown, junit, html or json.")
    var format: ReportFormat = .terminal

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var out: String?

    @Flag(help: "terminal and markdown: list every family, size, strategy and phase (default: a row per strategy and phase).")
    var verbose = false

    func run() throws {
        let results: BenchResults
        do { results = try Report.load(file) } catch { throw fail("\(error)") }
        let text: String
        do { text = try Report.render(results, as: format, verbose: verbose) } catch { throw fail("\(file): cannot write its figures as JSON: \(error)") }
        guard let out else {
            print(text, terminator: "")
            return
        }
        do { try Report.write(text, to: out) } catch { throw fail("cannot write \(out): \(error)") }
    }

    func fail(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "report")
    }
}

extension ReportFormat: ExpressibleByArgument {}
