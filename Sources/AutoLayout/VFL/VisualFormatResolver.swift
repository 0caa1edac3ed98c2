import LinearConstraints

/// Applies one format's metrics and a case's views to its predicates: names become numbers or
/// views, priorities are checked, and each predicate becomes a `ConstraintSpec`. Errors point at
/// the name or number in the format's text.
struct VisualFormatResolver {
    let format: VisualFormat
    let metrics: [FormatSpec.Metric]
    let tree: ViewTree

    /// UIKit's standard spacing between sibling views (`[a]-[b]`), in points.
    static let standardSpacing: Double = 8

    func fail(_ message: String, at offset: Int) -> VisualFormatError {
        VisualFormatError(format: format.text, .character(offset), message)
    }

    /// The metric `name`, or nil. O(metrics); formats have few.
    func metric(_ name: String) -> Double? { metrics.first { $0.name == name }?.value }

    /// The view `name` names; a custom guide or an unknown name is an error at `offset`.
    func view(_ name: String, at offset: Int) throws(VisualFormatError) -> ViewIndex {
        if let v = tree.view(id: name) { return v }
        if tree.item(id: name) != nil {
            throw fail("\"\(name)\" is a layout guide; a visual format relates views only", at: offset)
        }
        throw fail("unknown view \"\(name)\"; the case has no view of that name", at: offset)
    }

    /// The superview a bar stands for: that of the view next to it.
    func superview(of view: VisualFormat.View, bar: VisualFormat.Bar) throws(VisualFormatError) -> String {
        let v = try self.view(view.name, at: view.offset)
        guard let s = tree[v].superview else {
            throw fail("'|' stands for the superview of \"\(view.name)\", but \"\(view.name)\" is the root view and has none", at: bar.offset)
        }
        return tree[s].id
    }

    /// A predicate's constant: a number, or a metric's value.
    func constant(_ term: VisualFormat.Term, what: String) throws(VisualFormatError) -> Double {
        switch term.value {
        case .number(let n): return n
        case .name(let name):
            guard let value = metric(name) else { throw fail("unknown metric \"\(name)\"; \(what)", at: term.offset) }
            return value
        }
    }

    /// A predicate's priority; a metric's value must lie in (0, 1000] like a written number.
    func priority(_ term: VisualFormat.Term?) throws(VisualFormatError) -> Priority {
        guard let term else { return .required }
        let value = try constant(term, what: "a priority is a number in (0, 1000] or the name of a metric of this format")
        try VisualFormatParser.checkPriority(value, at: term.offset, format.text)
        return Priority.validated(value) ?? .required
    }

    /// The size predicates of a view: `view.dim REL constant @p`, or `view.dim REL other.dim @p`
    /// when the object names a view (and no metric of that name exists).
    func sizes(of view: VisualFormat.View, _ dimension: LayoutAttribute) throws(VisualFormatError) -> [ConstraintSpec] {
        var out: [ConstraintSpec] = []
        let subject = AnchorReference(ItemReference(view.name), dimension)
        for p in view.predicates {
            let priority = try self.priority(p.priority)
            if case .name(let name) = p.object.value, metric(name) == nil {
                guard tree.view(id: name) != nil else {
                    let hint = tree.item(id: name) != nil ? " (\"\(name)\" is a layout guide; sizes relate views)" : ""
                    throw fail("unknown metric or view \"\(name)\"; a size is a number, a metric of this format or a view of the case\(hint)", at: p.object.offset)
                }
                out.append(ConstraintSpec(subject, p.relation, AnchorReference(ItemReference(name), dimension), priority: priority))
            } else {
                let size = try constant(p.object, what: "a size is a number, a metric of this format or a view of the case")
                out.append(ConstraintSpec(subject, p.relation, nil, constant: size, priority: priority))
            }
        }
        return out
    }

    /// The constraints of one connection from the earlier item's facing edge `from` to the later
    /// item's `to`: the later item first (`to REL from + gap`), or the earlier first when the
    /// format runs against the coordinate axis.
    func gap(
        _ connection: VisualFormat.Connection, from: AnchorReference, to: AnchorReference, frame: VisualFormatFrame,
        betweenSiblings: Bool
    ) throws(VisualFormatError) -> [ConstraintSpec] {
        let (first, second) = frame.reversed ? (from, to) : (to, from)
        switch connection {
        case .flush: return [ConstraintSpec(first, .equal, second)]
        case .standard:
            return [ConstraintSpec(first, .equal, second, constant: betweenSiblings ? Self.standardSpacing : 0)]
        case .predicates(let predicates):
            var out: [ConstraintSpec] = []
            for p in predicates {
                if case .name(let name) = p.object.value, metric(name) == nil, tree.view(id: name) != nil {
                    throw fail("\"\(name)\" is a view, but a spacing is a number or a metric; only a view's size predicate may name a view", at: p.object.offset)
                }
                let spacing = try constant(p.object, what: "a spacing is a number or the name of a metric of this format")
                out.append(ConstraintSpec(first, p.relation, second, constant: spacing, priority: try priority(p.priority)))
            }
            return out
        }
    }
}
