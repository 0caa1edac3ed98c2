import LinearConstraints

/// A constraint as diagnostics list it: its name and its UIKit-style description.
public struct ConstraintListing: Hashable, Sendable {
    public var name: String
    public var description: String
}

extension LayoutEngine {
    /// UIKit's `constraintsAffectingLayout(for:)`: the installed constraints (broken ones
    /// included) that can change `view`'s frame along `axis`, in id order.
    ///
    /// The constraints mentioning the view's two variables on the axis, then transitively the
    /// constraints mentioning any variable those mention, stopping at the device's edit
    /// variables (the root's frame, guide insets): the device fixes them, so what lies beyond
    /// them does not move the view. O(terms of the installed constraints).
    public func constraintsAffectingLayout(_ view: ViewIndex, axis: LayoutAxis) -> [ConstraintListing] {
        guard let s = system else { return [] }
        let installed = s.constraints.filter { state[$0.id.rawValue] == .required || state[$0.id.rawValue] == .broken }
        let variableCount = s.variables.count(insetGuides: s.insetGuides.count)
        var mentions = [[Int]](repeating: [], count: variableCount)
        for (k, c) in installed.enumerated() {
            for t in c.constraint.expression.terms where Int(t.variable.index) < variableCount { mentions[Int(t.variable.index)].append(k) }
        }
        var isBoundary = [Bool](repeating: false, count: variableCount)
        for v in s.rootEditVariables + s.insetEditVariables { isBoundary[Int(v.index)] = true }
        let item = s.tree.item(of: view)
        let start = axis == .horizontal ? [s.variables.minX(item), s.variables.width(item)] : [s.variables.minY(item), s.variables.height(item)]
        var seenVariable = [Bool](repeating: false, count: variableCount)
        var seenConstraint = [Bool](repeating: false, count: installed.count)
        var queue = start.map { Int($0.index) }
        for v in queue { seenVariable[v] = true }
        while let v = queue.popLast() {
            guard !isBoundary[v] || start.contains(Variable(v)) else { continue }
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
}
