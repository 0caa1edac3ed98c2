import AutoLayout
import LinearConstraints
import Subjects

/// `strut solve --fitting VIEW[:compressed|expanded]`: UIKit's `systemLayoutSizeFitting` of a
/// view per device, beside the main layout (which it does not touch: each fitting lays the
/// view's subtree out in its own engine with a fresh solver of the chosen strategy).
extension SolveCommand {
    /// The `--fitting` arguments resolved against the case: a view id, then optionally `:` and
    /// `compressed` (the default) or `expanded`.
    /// - Throws: a usage error (exit status 2) naming the argument for an unknown view or target.
    func fittingRequests(_ tree: ViewTree) throws -> [(view: ViewIndex, fitting: LayoutFitting)] {
        try fitting.map { argument in
            let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let view = tree.view(id: parts[0]) else {
                throw fail("--fitting \(argument): unknown view \"\(parts[0])\"")
            }
            let name = parts.count > 1 ? parts[1] : "compressed"
            guard let target = LayoutFitting.named(name) else {
                throw fail("--fitting \(argument): unknown target \"\(name)\"; use compressed or expanded")
            }
            return (view, target)
        }
    }

    /// Every requested fitting on `configuration`, in argument order.
    func fit(_ requests: [(view: ViewIndex, fitting: LayoutFitting)], _ tree: ViewTree, on configuration: DeviceConfiguration, strategy: Strategy) throws -> [FittingResult] {
        do {
            return try requests.map { r throws(LoweringError) in
                try tree.systemLayoutSizeFitting(r.view, r.fitting, on: configuration, solver: strategy.make(false))
            }
        } catch { throw fail("\(file): fitting on \(configuration.id): \(error)") }
    }

    /// The result document, with a `fitting` member (one object per request) when any were made.
    static func document(_ result: LayoutResult, _ fitted: [FittingResult]) -> JSONValue {
        guard !fitted.isEmpty, case .object(var members) = result.json else { return result.json }
        members.append(("fitting", .array(fitted.map(\.json))))
        return .object(members)
    }
}

extension SolveReport {
    /// `  fitting cell (compressed): 116 × 37` per result, with conflicts inside the subtree.
    static func text(_ fitted: [FittingResult]) -> String {
        fitted.map { f in
            "  fitting \(f.text)\n" + f.layout.conflicts.map { "  fitting \(f.view) broke \($0.broken)\n" }.joined()
        }.joined()
    }
}
