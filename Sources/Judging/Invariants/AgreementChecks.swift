import AutoLayout
import LinearConstraints

/// `strategies-agree`: the unit's strategy against the run's reference strategy, on the same
/// case, devices (in the same order, so switches match) and direction. Costs one layout pass of
/// the reference strategy per unit.
extension UnitPass {
    /// Nil (not applicable) for the reference strategy itself, or when the two broke different
    /// conflicts (which constraint breaks is the solver's choice among minimal sets). Otherwise
    /// every level's error agrees within 1e-6 of the magnitudes in play (the screen size at
    /// least) and every view neither strategy calls ambiguous has the same frame. The errors are
    /// compared only when both layouts were solved against the same guide insets: the insets are
    /// suggested from the frames, so two optima of an ambiguous layout can pose two different
    /// problems (a lone `findNext.margins.centerY >= find.margins.centerY + 1` on iphone-8 misses
    /// the inset edits by 1 under cassowary, 2 under cassowary-factored, 4 under the exact oracle).
    /// For the same reason the frames are compared only then: different insets are a different
    /// layout problem, whose answer may move views neither strategy calls ambiguous
    /// (corpora/regressions/mirror-rtl-unsettled-right-to-left.json: `find` 8 or 20 points wide).
    mutating func strategiesAgree(_ result: LayoutResult, _ k: Int) -> [Finding]? {
        guard let reference = unit.reference else { return nil }
        if referenceResults == nil { referenceResults = Self.layouts(unit, reference.make()) }
        guard let all = referenceResults, k < all.count else {
            return [Finding(detail: "the reference strategy \(reference.name) could not lay the case out")]
        }
        let other = all[k]
        guard result.conflicts.map(\.broken) == other.conflicts.map(\.broken) else { return nil }
        var out: [Finding] = []
        let size = unit.devices[k].screenSize
        let sameProblem = result.suggestedInsets.count == other.suggestedInsets.count
            && zip(result.suggestedInsets, other.suggestedInsets).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
        let priorities = !sameProblem ? [] : Array(Set(result.objective.map(\.priority) + other.objective.map(\.priority))).sorted { $0 > $1 }
        for p in priorities {
            let a = result.objective.first { $0.priority == p }?.error ?? 0
            let b = other.objective.first { $0.priority == p }?.error ?? 0
            if abs(a - b) > 1e-6 * max(1, size.width + size.height, abs(a), abs(b)) {
                out.append(Finding(detail: "objective at priority \(p): \(a) under \(unit.strategy.name), \(b) under \(reference.name)",
                                   got: [a], expected: [b]))
            }
        }
        guard sameProblem else { return out }
        return out + Self.frameDifferences(result, other, shift: (0, 0), what: "under \(unit.strategy.name)", other: "under \(reference.name)", tolerance: noise, tree: unit.loaded.tree)
    }

    /// One incremental pass of `solver` over the unit's devices (fewer results when one throws).
    static func layouts<T: ConstraintSolver>(_ unit: InvariantUnit, _ solver: T) -> [LayoutResult] {
        var e = LayoutEngine(tree: unit.loaded.tree, solver: solver, direction: unit.direction)
        var out: [LayoutResult] = []
        for device in unit.devices {
            guard let r = try? e.layout(on: device) else { break }
            out.append(r)
        }
        return out
    }
}
