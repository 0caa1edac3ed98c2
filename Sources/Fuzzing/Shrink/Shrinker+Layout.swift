import AutoLayout
import Subjects

/// The removal passes for layout cases: devices first (few, and every later call is cheaper for
/// a predicate that lays the case out on each of them), then in the order that removes the most
/// per call: views (each takes its constraints along), custom guides, constraints, formats,
/// stack arrangements, expectations.
extension ShrinkSession {
    /// One round of every layout removal pass; true when any removed something.
    mutating func layoutStructuralPass() -> Bool {
        var progress = removeUnits(keep: 1, { $0.devices?.count ?? 0 }) { c, r in
            LayoutReduction.keepingDevices(c, (c.devices ?? []).indices.filter { !r.contains($0) })
        }
        progress = removeViews() || progress
        progress = removeUnits(\.guideUnits) { c, units in LayoutReduction.removingGuides(c, Set(units.map(\.name))) } || progress
        progress = removeUnits(\.constraints.indices.count) { c, r in
            var out = c
            out.constraints.removeSubrange(r)
            return out
        } || progress
        progress = removeUnits(\.formats.indices.count) { c, r in
            var out = c
            out.formats.removeSubrange(r)
            return out
        } || progress
        progress = removeUnits(\.arrangementUnits) { c, units in
            var out = c
            for u in units {
                if let stack = out.views[u.view].stack { out.views[u.view].stack = LayoutReduction.removingArranged(stack, [u.name]) }
            }
            return out
        } || progress
        progress = removeUnits(\.expect.indices.count) { c, r in
            var out = c
            out.expect.removeSubrange(r)
            return out
        } || progress
        return progress
    }

    /// Views other than the root: each chunk removed with its subtrees first, and when that no
    /// longer fails (and some view in it has subviews) with its subviews moved up instead.
    mutating func removeViews() -> Bool {
        removeChunks(count: { s in Self.layout(s).map { $0.views.count - 1 } ?? 0 }) { s, r in
            guard let c = Self.layout(s) else { return [] }
            let ids = Set(c.views[(r.lowerBound + 1)..<(r.upperBound + 1)].map(\.id))
            let hasSubviews = c.views.contains { $0.superview.map(ids.contains) ?? false }
            var out: [() -> FuzzSubject?] = [{ .layout(LayoutReduction.removingViews(c, ids, subtree: true)) }]
            if hasSubviews { out.append { .layout(LayoutReduction.removingViews(c, ids, subtree: false)) } }
            return out
        }
    }

    /// Delta debugging over `count(case)` units where removing `range` is `remove(case, range)`.
    mutating func removeUnits(
        keep: Int = 0, _ count: @escaping (LayoutCase) -> Int, _ remove: @escaping (LayoutCase, Range<Int>) -> LayoutCase
    ) -> Bool {
        removeChunks(keep: keep, count: { s in Self.layout(s).map(count) ?? 0 }) { s, r in
            guard let c = Self.layout(s) else { return [] }
            return [{ .layout(remove(c, r)) }]
        }
    }

    /// The same over a list of units computed from the case (`units(case)`), where removing
    /// some of them is `remove(case, those units)`.
    mutating func removeUnits<U>(
        _ units: @escaping (LayoutCase) -> [U], _ remove: @escaping (LayoutCase, ArraySlice<U>) -> LayoutCase
    ) -> Bool {
        removeUnits({ units($0).count }) { c, r in remove(c, units(c)[r]) }
    }

    static func layout(_ s: FuzzSubject) -> LayoutCase? {
        if case .layout(let c) = s { c } else { nil }
    }
}

extension LayoutCase {
    /// Every custom guide, with the index of the view that owns it, in file order.
    var guideUnits: [(view: Int, name: String)] {
        views.indices.flatMap { i in (views[i].guides ?? []).map { (i, $0) } }
    }

    /// Every stack arrangement, with the index of the stack view, in file order.
    var arrangementUnits: [(view: Int, name: String)] {
        views.indices.flatMap { i in (views[i].stack?.arranged ?? []).map { (i, $0) } }
    }
}
