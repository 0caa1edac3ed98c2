import Cassowary
import LinearConstraints

/// A solver that can tell which variables are ambiguous: whose value is not unique over the
/// optimal solutions (docs/architecture.md, "Semantics"). Strategies without it report no ambiguity
/// (`LayoutResult.ambiguous` is nil), rather than a guess.
public protocol AmbiguityReporting {
    /// The variables among `candidates` whose value is not unique over the optimal solutions.
    func ambiguousVariables(_ candidates: [Variable]) -> [Variable]
}

extension CassowarySolver: AmbiguityReporting {}
extension RebuildingCassowarySolver: AmbiguityReporting {}
extension RevisedSolver: AmbiguityReporting {}
extension AdaptiveSolver: AmbiguityReporting {}

extension LayoutEngine {
    /// Per view (case order), the frame components (`minX`, `minY`, `width`, `height`) the
    /// optimal solutions do not agree on; views with none are left out. Nil when the solver
    /// does not report ambiguity. One exact test per view variable (`ambiguousVariables`).
    func ambiguity(_ s: LoweredSystem) -> [AmbiguityReport]? {
        guard let probe = solver as? any AmbiguityReporting else { return nil }
        let candidates = tree.views.indices.flatMap { i in
            LayoutVariables.FrameComponent.allCases.map { s.variables.variable(ItemIndex(i), $0) }
        }
        var byView = [[LayoutVariables.FrameComponent]](repeating: [], count: tree.views.count)
        for v in probe.ambiguousVariables(candidates) {
            guard let (item, component) = s.variables.frameComponent(of: v) else { continue }
            byView[item.rawValue].append(component)
        }
        return byView.indices.compactMap { i in
            byView[i].isEmpty ? nil : AmbiguityReport(view: tree.views[i].id, attributes: byView[i].sorted { $0.rawValue < $1.rawValue }.map(\.name))
        }
    }
}
