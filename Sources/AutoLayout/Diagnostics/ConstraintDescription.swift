import LinearConstraints

extension LoweredSystem {
    /// The name of a solver variable in logs: `v1.minX`, `main.safeArea.inset.top`.
    public func name(of variable: Variable) -> String {
        if let (item, component) = variables.frameComponent(of: variable) {
            return "\(tree.items[item.rawValue].name).\(component.name)"
        }
        let k = Int(variable.index) - 4 * tree.items.count
        guard k >= 0, k / 4 < insetGuides.count, let side = InsetSide(rawValue: k % 4) else { return "\(variable)" }
        return "\(tree.items[insetGuides[k / 4].rawValue].name).inset.\(side.name)"
    }

    /// A lowered constraint as an equation over named variables, its first variable alone on
    /// the left: `lab1.minX == main.minX + 270`, `v3.height >= 20`. O(terms).
    public func equationText(_ c: Constraint) -> String {
        let e = c.expression.normalized()
        guard let lead = e.terms.first else { return "\(formatJSONNumber(e.constant)) \(c.relation.rawValue) 0" }
        var relation = c.relation
        if lead.coefficient < 0, relation != .equal { relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual }
        var rhs = ""
        for t in e.terms.dropFirst() {
            let k = -t.coefficient / lead.coefficient
            let magnitude = abs(k) == 1 ? "" : formatJSONNumber(abs(k)) + "*"
            rhs += rhs.isEmpty ? (k < 0 ? "-" : "") + magnitude + name(of: t.variable) : (k < 0 ? " - " : " + ") + magnitude + name(of: t.variable)
        }
        let constant = -e.constant / lead.coefficient
        if rhs.isEmpty { rhs = formatJSONNumber(constant) } else if constant != 0 {
            rhs += (constant < 0 ? " - " : " + ") + formatJSONNumber(abs(constant))
        }
        // The right side is already divided by the lead's coefficient: the lead stands alone.
        return "\(name(of: lead.variable)) \(relation.rawValue) \(rhs)"
    }

    /// A UIKit-style description of lowered constraint `id`, as the conflict log prints it:
    /// `<NSLayoutConstraint 'v3-height-10' v3.height == 10   (active)>` for the case's constraints
    /// (identifier, then the case notation), `<NSAutoresizingMaskLayoutConstraint h=&-- v=--&
    /// lab1.minX == main.minX + 270>`, `<NSContentSizeLayoutConstraint lab1.width <= 42 Hug:250>`,
    /// `<UIViewSafeAreaLayoutGuide-top ...>` for guides.
    public func logDescription(_ id: ConstraintID) -> String {
        let lowered = constraints[id.rawValue]
        switch lowered.origin {
        case .explicit(let i):
            var c = tree.constraints[i]
            let identifier = c.identifier.map { " '\($0)'" } ?? ""
            c.identifier = nil
            return "<NSLayoutConstraint\(identifier) \(tree.text(of: c))   (active)>"
        case .autoresizing(let v, _, _):
            let mask = tree.views[v.rawValue].autoresizing.description
            return "<NSAutoresizingMaskLayoutConstraint \(mask) \(equationText(lowered.constraint))   (active)>"
        case .contentSize(let v, let axis, let hugging):
            let node = tree.views[v.rawValue]
            let tail = hugging ? "Hug:\(node.hugging[axis])" : "CompressionResistance:\(node.compressionResistance[axis])"
            return "<NSContentSizeLayoutConstraint \(equationText(lowered.constraint)) \(tail)   (active)>"
        case .guide(let item, let component):
            return "<\(tree.guideConstraintIdentifier(item, component)) \(equationText(lowered.constraint))   (active)>"
        }
    }
}
