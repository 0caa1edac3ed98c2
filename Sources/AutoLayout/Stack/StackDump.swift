import LinearConstraints

extension ViewTree {
    /// The generated constraints of every stack, one per line, for dump tests and logs:
    ///
    ///     stack sv vertical equalSpacing fill
    ///       UISV-canvas-connection == @1000  sv.top == a.top
    ///       UISV-spacing >= @1000  b.top == a.bottom + 8
    ///
    /// Each line: identifier, relation, priority, then the constraint in the case notation with
    /// items by name (generated guides as `<stack>.UISV-...`). Stacks in view order, constraints
    /// in generation order; a stack without arranged views is listed with no lines.
    /// O(generated constraints).
    public func generatedConstraintDump(grid: PixelGrid) -> String {
        let generation = stackGeneration(grid: grid)
        let expanded = expanding(generation)
        var lines: [String] = []
        for part in generation.stacks {
            guard let stack = views[part.stack.rawValue].stack else { continue }
            let name = views[part.stack.rawValue].id
            lines.append("stack \(name) \(stack.axis.rawValue) \(stack.distribution.rawValue) \(stack.alignment.rawValue)")
            for c in generation.constraints[part.constraints] { lines.append("  " + expanded.dumpLine(c)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `identifier relation @priority  first REL [m *] second [+ c]` for one constraint whose
    /// items are in this tree.
    public func dumpLine(_ c: LayoutConstraint) -> String {
        let spec = ConstraintSpec(
            anchorReference(c.first), c.relation, multiplier: c.multiplier, c.second.map(anchorReference),
            constant: c.constant, priority: c.priority)
        let identifier = c.identifier ?? "-"
        return "\(identifier) \(c.relation.rawValue) @\(c.priority)  \(spec.first) \(c.relation.rawValue) \(spec.equationRight)"
    }
}
