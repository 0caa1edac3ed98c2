import ArgumentParser
import AutoLayout
import ExactSolver
import Foundation
import LinearConstraints
import StrutSystem
import Subjects

/// `strut solve CASE [--device SPEC] [--strategy NAME] [--json] [--trace]`: lays a case file
/// out on devices with one engine (the device switch is incremental) and prints frames,
/// conflicts, ambiguity and objective per device, checking the case's `expect` blocks.
///
/// Exit status: 0 when every expectation holds; 1 when one fails (each printed on stderr) or a
/// view's frame is not finite (an overflow: the view is named);
/// 2 for a usage or input error (unreadable or invalid case, with the case file's error text).
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Lay out a case file on devices and print frames, conflicts, ambiguity and objective.",
        discussion: """
            CASE is a layout case file (docs/case-format.md). Devices: --device takes a device spec \
            (an id such as iphone-x:landscape, a group all, phones, ipads, splits, or a comma \
            separated list); without it the case's own devices, else iphone-8.

            --json prints the result document of docs/case-format.md, one line per device.
            --trace adds an _autolayoutTrace-style tree per device.
            --fitting VIEW[:compressed|expanded] adds the size UIKit's systemLayoutSizeFitting \
            gives VIEW on each device (its subtree laid out free-standing in a separate engine, \
            the target at priority 50; the main layout is not affected); with --json, a \
            "fitting" member of the result document.

            Strategies:\(Strategy.all.map { "\n  \($0.name): \($0.summary)" }.joined())

            Exit status: 0 when every expectation of the case holds, 1 when one fails or a frame \
            is not finite (a number overflowed; the view is named), 2 for a usage or input error.
            """)

    @Argument(help: "The layout case file.")
    var file: String

    @Option(help: "Devices to lay out on (a device spec; default: the case's devices, else iphone-8).")
    var device: String?

    @Option(help: "The solver strategy (\(Strategy.nameList)).")
    var strategy: String = "cassowary"

    @Flag(help: "Print one result document (JSON) per device.")
    var json = false

    @Flag(help: "Print an _autolayoutTrace-style view tree per device.")
    var trace = false

    @Option(help: "Also print VIEW's systemLayoutSizeFitting size per device: VIEW[:compressed|expanded] (default compressed); repeatable.")
    var fitting: [String] = []

    func run() throws {
        guard let chosen = Strategy.named(strategy) else {
            throw fail("unknown strategy \"\(strategy)\"; known strategies: \(Strategy.nameList)")
        }
        do { try Strategy.probeOutsideSolvers([chosen.name]) } catch { throw fail(error.message) }
        let (layoutCase, tree) = try readCase()
        let configurations = try devices(layoutCase)
        let fittings = try fittingRequests(tree)
        let results: [LayoutResult]
        do { results = try Self.layout(tree, on: configurations, solver: chosen.make(false)) } catch {
            throw fail("\(file): \(error)")
        }
        var failures: [String] = []
        var nonFinite: [String] = []
        for (configuration, result) in zip(configurations, results) {
            let fitted = try fit(fittings, tree, on: configuration, strategy: chosen)
            print(json ? Self.document(result, fitted).jsonText() : SolveReport.text(result) + SolveReport.text(fitted), terminator: json ? "\n" : "")
            if trace { print(result.autolayoutTrace(tree), terminator: "") }
            failures += layoutCase.mismatches(result, on: configuration).map { "\(configuration.id): \($0)" }
            nonFinite += Self.nonFiniteFrames(result).map { "\(configuration.id): \($0)" }
        }
        for problem in nonFinite {
            FileHandle.standardError.write(Data("strut: \(file): \(problem)\n".utf8))
        }
        guard failures.isEmpty else {
            FileHandle.standardError.write(Data(failures.map { "strut: expectation failed: \($0)\n" }.joined().utf8))
            throw StrutExit.failure.code
        }
        if !nonFinite.isEmpty { throw StrutExit.failure.code }
    }

    /// One line per view whose frame is not finite (a constant such as 1e308 overflowed): no
    /// screen can show it, so the layout is an error, not a result.
    static func nonFiniteFrames(_ result: LayoutResult) -> [String] {
        result.frames.filter { !$0.frame.components.allSatisfy(\.isFinite) }.map { f in
            "view \(f.view) has a frame that is not finite \(f.frame) (a number overflowed)"
        }
    }

    /// Lays `tree` out on each configuration in turn with one engine (incremental switches).
    static func layout<S: ConstraintSolver>(_ tree: ViewTree, on configurations: [DeviceConfiguration], solver: S) throws(LoweringError) -> [LayoutResult] {
        var engine = LayoutEngine(tree: tree, solver: solver)
        var out: [LayoutResult] = []
        for c in configurations { out.append(try engine.layout(on: c)) }
        return out
    }

    func readCase() throws -> (LayoutCase, ViewTree) {
        let text: String
        do { text = try InputFiles.readText(file) } catch {
            throw fail(error.reason.hasPrefix("the file") ? "\(error)" : "cannot read \(error)")
        }
        if FileKind.of(text) == .system {
            throw fail("\(file): this is a system file; use strut solve-system (strut solve lays out layout case files, docs/case-format.md)")
        }
        do {
            let c = try LayoutCase(jsonText: text)
            return (c, try c.validate())
        } catch { throw fail("\(file): \(error)") }
    }

    func devices(_ c: LayoutCase) throws -> [DeviceConfiguration] {
        if let device {
            do { return try DeviceSpec.parse(device, customDevices: c.customDevices) } catch { throw fail("--device: \(error)") }
        }
        do {
            if let listed = try c.deviceConfigurations() { return listed }
            return [try DeviceSpec.configuration("iphone-8")]
        } catch { throw fail("\(file): \(error)") }
    }

    func fail(_ message: String) -> ExitCode {
        StrutExit.usageError(message, command: "solve")
    }
}

/// The exact oracle reports ambiguity from its exact ranges over the optimal set.
extension ExactSolver: AmbiguityReporting {
    public func ambiguousVariables(_ candidates: [Variable]) -> [Variable] {
        candidates.filter { !determinacy(of: $0).isDetermined }
    }
}

/// The text form of one device's result.
enum SolveReport {
    static func text(_ r: LayoutResult) -> String {
        var out = "\(r.caseName) on \(r.device) (\(r.strategy), \(r.layoutDirection.rawValue)): "
        out += "\(r.passes) pass\(r.passes == 1 ? "" : "es")\(r.settled ? "" : ", guide insets NOT settled")\n"
        let width = r.frames.map(\.view.count).max() ?? 0
        for f in r.frames { out += "  \(f.view.padding(toLength: width, withPad: " ", startingAt: 0))  \(f.frame)\n" }
        out += r.conflicts.isEmpty ? "  conflicts: none\n" : r.conflicts.map { $0.log }.joined(separator: "\n")
        if let ambiguous = r.ambiguous {
            out += ambiguous.isEmpty ? "  ambiguous: none\n"
                : ambiguous.map { "  ambiguous: \($0.view) (\($0.attributes.joined(separator: ", ")))\n" }.joined()
        } else {
            out += "  ambiguous: not reported by strategy \(r.strategy)\n"
        }
        let objective = r.objective.map { "\($0.priority): \(formatJSONNumber($0.error))" }.joined(separator: ", ")
        out += "  objective: \(objective.isEmpty ? "no non-required levels" : objective)\n"
        out += "  counters: pivots \(r.counters.pivots), rows \(r.counters.rows), cells \(r.counters.cells), constraints \(r.counters.constraints)\n"
        for e in r.unmetEdits { out += "  device edit not met: \(e)\n" }
        for e in r.rejected { out += "  rejected: \(e)\n" }
        if let p = r.precision, p.isBeyondDoublePrecision { out += "  beyond double precision: \(p)\n" }
        return out
    }
}
