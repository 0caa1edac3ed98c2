import LinearConstraints

/// A constraint as diagnostics list it: its name and its UIKit-style description.
public struct ConstraintListing: Hashable, Sendable {
    public var name: String
    public var description: String
}

extension LayoutEngine {
    /// UIKit's `constraintsAffectingLayout(for:)`: the installed constraints (broken ones
    /// included) that position `view` along `axis`, in id order.
    ///
    /// The reference views are `view`, the views its own constraints relate it to, and all
    /// their ancestors (guides count as their owner). Listed: the constraints connected to the
    /// view's two variables on the axis through chains of constraints that mention only
    /// reference views, not crossing the device's edit variables (the root's frame and guide
    /// insets, which the device fixes). So a sibling's own constraints to a shared superview
    /// are left out, and the superview's positioning is in. O(terms of installed constraints
    /// + views).
    public func constraintsAffectingLayout(_ view: ViewIndex, axis: LayoutAxis) -> [ConstraintListing] {
        guard let s = system else { return [] }
        let installed = s.constraints.filter { state[$0.id.rawValue] == .required || state[$0.id.rawValue] == .broken }
        let owners = installed.map { c in c.constraint.expression.terms.compactMap { owner(of: $0.variable, s) } }
        let item = s.tree.item(of: view)
        let start = axis == .horizontal ? [s.variables.minX(item), s.variables.width(item)] : [s.variables.minY(item), s.variables.height(item)]
        let reference = referenceViews(view, start: start, installed: installed, owners: owners, s)
        let variableCount = s.variables.count(insetGuides: s.insetGuides.count)
        var mentions = [[Int]](repeating: [], count: variableCount)
        for (k, c) in installed.enumerated() where owners[k].allSatisfy({ reference[$0.rawValue] }) {
            for t in c.constraint.expression.terms { mentions[Int(t.variable.index)].append(k) }
        }
        var isBoundary = [Bool](repeating: false, count: variableCount)
        for v in s.rootEditVariables + s.insetEditVariables where !start.contains(v) { isBoundary[Int(v.index)] = true }
        var seenVariable = [Bool](repeating: false, count: variableCount)
        var seenConstraint = [Bool](repeating: false, count: installed.count)
        var queue = start.map { Int($0.index) }
        for v in queue { seenVariable[v] = true }
        while let v = queue.popLast() {
            guard !isBoundary[v] else { continue }
            for k in mentions[v] where !seenConstraint[k] {
                seenConstraint[k] = true
                for t in installed[k].constraint.expression.terms where !seenVariable[Int(t.variable.index)] {
                    seenVariable[Int(t.variable.index)] = true
                    queue.append(Int(t.variable.index))
                }
            }
        }
        return installed.indices.filter { seenConstraint[$0] }.map {
            ConstraintListing(name: s.tree.name(of: installed[$0].origin), description: s.logDescription(installed[$0].id))
        }
    }

    /// The view owning the item (or inset guide) of a solver variable.
    func owner(of variable: Variable, _ s: LoweredSystem) -> ViewIndex? {
        if let (item, _) = s.variables.frameComponent(of: variable) { return s.tree.items[item.rawValue].owner }
        let slot = (Int(variable.index) - 4 * s.tree.items.count) / 4
        guard slot >= 0, slot < s.insetGuides.count else { return nil }
        return s.tree.items[s.insetGuides[slot].rawValue].owner
    }

    /// `view`, the views its constraints on `start` mention, and every ancestor of those.
    func referenceViews(_ view: ViewIndex, start: [Variable], installed: [LoweredConstraint], owners: [[ViewIndex]], _ s: LoweredSystem) -> [Bool] {
        var reference = [Bool](repeating: false, count: s.tree.views.count)
        var related = [view]
        for (k, c) in installed.enumerated() where c.constraint.expression.terms.contains(where: { start.contains($0.variable) }) {
            related += owners[k]
        }
        for r in related {
            var v: ViewIndex? = r
            while let current = v, !reference[current.rawValue] {
                reference[current.rawValue] = true
                v = s.tree.views[current.rawValue].superview
            }
        }
        return reference
    }
}
