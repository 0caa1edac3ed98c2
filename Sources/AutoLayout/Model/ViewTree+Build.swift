import LinearConstraints

extension ViewTree {
    /// Validates `layoutCase` and builds its tree. Checks, in order: view and guide ids (C
    /// identifiers, unique across views and guides), the root (known, first, without superview),
    /// the hierarchy (every superview known and listed before its subviews, no cycles), each
    /// view's fields (finite numbers, non-negative sizes, root-only fields on the root, stacks),
    /// then the constraints and visual formats. The first problem throws with its JSON path.
    /// - Complexity: O(views + guides + constraints), plus O(depth) per misordered superview.
    public init(_ layoutCase: LayoutCase) throws(CaseError) {
        self.init(name: layoutCase.name, formats: layoutCase.formats, layoutDirection: layoutCase.layoutDirection ?? .leftToRight)
        let viewsPath = JSONPath.root.key("views")
        let index = try Self.indexViews(layoutCase, viewsPath)
        try Self.checkRoot(layoutCase, index, viewsPath)
        for (i, spec) in layoutCase.views.enumerated() where i > 0 {
            try Self.checkSuperview(spec, at: i, layoutCase, index, viewsPath.index(i))
        }
        for (i, spec) in layoutCase.views.enumerated() {
            let node = try Self.node(spec, at: i, defaults: layoutCase.defaults, index: index, path: viewsPath.index(i))
            if let s = node.superview { views[s.rawValue].subviews.append(ViewIndex(i)) }
            views.append(node)
            items.append(LayoutItem(kind: .view, owner: ViewIndex(i), name: spec.id))
            itemByID[spec.id] = ItemIndex(i)
        }
        for (i, spec) in layoutCase.views.enumerated() { addGuides(spec, of: ViewIndex(i)) }
        for (i, spec) in layoutCase.views.enumerated() {
            try resolveStack(spec.stack, of: ViewIndex(i), layoutCase, path: viewsPath.index(i).key("stack"))
        }
        try applyRootFields(layoutCase.views[0], path: viewsPath.index(0))
        try resolveConstraints(layoutCase.constraints)
        try Self.checkFormats(layoutCase.formats)
    }

    /// Maps every view and guide id to where it is declared, rejecting bad and duplicate ids.
    static func indexViews(_ c: LayoutCase, _ viewsPath: JSONPath) throws(CaseError) -> [String: (view: Int, guide: Int?)] {
        guard !c.views.isEmpty else { throw CaseError(viewsPath, "a case needs at least its root view") }
        var index: [String: (view: Int, guide: Int?)] = [:]
        func declare(_ id: String, _ at: (view: Int, guide: Int?), _ path: JSONPath) throws(CaseError) {
            guard isIdentifier(id) else {
                throw CaseError(path, "\"\(id)\" is not a valid id; ids are [A-Za-z_][A-Za-z0-9_]* so that constraints and visual formats can name them")
            }
            if let other = index[id] {
                let owner = "$.views[\(other.view)]"
                let where_ = other.guide == nil ? owner : "a guide of \(owner)"
                throw CaseError(path, "duplicate id \"\(id)\", already used by \(where_)")
            }
            index[id] = at
        }
        for (i, v) in c.views.enumerated() { try declare(v.id, (i, nil), viewsPath.index(i).key("id")) }
        for (i, v) in c.views.enumerated() {
            for (k, g) in (v.guides ?? []).enumerated() { try declare(g, (i, k), viewsPath.index(i).key("guides").index(k)) }
        }
        return index
    }

    static func checkRoot(_ c: LayoutCase, _ index: [String: (view: Int, guide: Int?)], _ viewsPath: JSONPath) throws(CaseError) {
        guard let r = index[c.root], r.guide == nil else { throw CaseError(JSONPath.root.key("root"), "unknown view \"\(c.root)\"") }
        guard r.view == 0 else {
            throw CaseError(viewsPath.index(r.view), "the root view \"\(c.root)\" must be the first view (superviews come before their subviews)")
        }
        if let s = c.views[0].superview {
            throw CaseError(viewsPath.index(0).key("superview"), "the root view has no superview, but this names \"\(s)\"")
        }
    }

    /// The superview of view `i` exists, is a view, and is listed earlier; a later one is either
    /// a cycle (reported with its members) or a misordering.
    static func checkSuperview(
        _ spec: ViewSpec, at i: Int, _ c: LayoutCase, _ index: [String: (view: Int, guide: Int?)], _ path: JSONPath
    ) throws(CaseError) {
        guard let name = spec.superview else {
            throw CaseError(path, "missing \"superview\"; every view but the root (\"\(c.root)\") has one")
        }
        let at = path.key("superview")
        guard let s = index[name] else { throw CaseError(at, "unknown view \"\(name)\"") }
        guard s.guide == nil else { throw CaseError(at, "\"\(name)\" is a layout guide, not a view") }
        guard s.view != i else { throw CaseError(at, "a view cannot be its own superview") }
        guard s.view > i else { return }
        var chain = [spec.id, name]
        var current = s.view
        for _ in 0..<c.views.count {
            guard let next = c.views[current].superview, let n = index[next], n.guide == nil else { break }
            chain.append(next)
            if n.view == i {
                throw CaseError(at, "cycle in the view hierarchy: \(chain.joined(separator: " → ")) (superview chain)")
            }
            current = n.view
        }
        throw CaseError(at, "superview \"\(name)\" is listed after its subview (at $.views[\(s.view)]); list superviews first")
    }
}
