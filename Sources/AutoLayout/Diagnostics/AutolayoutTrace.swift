extension LayoutResult {
    /// An `_autolayoutTrace`-style tree (`docs/uikit-rules.md`, "Ambiguity"): one line per view,
    /// `|   ` per depth, `*` before views that constraints position (every view here: Strut lays
    /// out only constraint items), the view's frame, and for an ambiguous view
    /// `- AMBIGUOUS LAYOUT for v3.minY{id: 13}, v3.Height{id: 15}` (ids are solver variables).
    /// O(views).
    public func autolayoutTrace(_ tree: ViewTree) -> String {
        let variables = LayoutVariables(itemCount: tree.items.count)
        var byView: [String: [String]] = [:]  // lookup only, never iterated
        for a in ambiguous ?? [] { byView[a.view] = a.attributes }
        var lines = ["•UIWindow \(device) (\(layoutDirection.rawValue))"]
        for v in tree.preorder {
            let node = tree.views[v.rawValue]
            var line = String(repeating: "|   ", count: node.depth + 1) + "*" + node.id
            if v.rawValue < frames.count { line += " \(frames[v.rawValue].frame)" }
            if let attributes = byView[node.id] {
                let parts = attributes.compactMap { name -> String? in
                    guard let c = LayoutVariables.FrameComponent.allCases.first(where: { $0.name == name }) else { return nil }
                    let label = c == .width ? "Width" : c == .height ? "Height" : c.name
                    return "\(node.id).\(label){id: \(variables.variable(tree.item(of: v), c).index)}"
                }
                line += " - AMBIGUOUS LAYOUT for " + parts.joined(separator: ", ")
            }
            lines.append(line)
        }
        if !(ambiguous ?? []).isEmpty {
            lines += ["", "Legend:", "\t* - is laid out with auto layout", "\t- AMBIGUOUS LAYOUT - the frame is not unique over the optimal solutions"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
