import LinearConstraints

extension ViewTree {
    /// The subtree of `view` as a free-standing tree whose root is `view`: what UIKit's temporary
    /// engine for `systemLayoutSizeFitting` holds (docs/peers.md: it builds and discards an engine per
    /// call).
    ///
    /// - Views: `view` and its descendants, in case order (superviews still come first); the new
    ///   root has no superview, depths are relative to it.
    /// - Items: the views, then the kept views' guides (built-in and custom) in their original
    ///   order, so the arena layout of `ViewTree` holds.
    /// - Constraints: the case's constraints and the visual formats' (expanded here, so that a
    ///   format's `|` binds to the superview it meant in the whole tree) whose every item belongs
    ///   to the subtree, in order; constraints reaching outside (to the fitted view's superview
    ///   or siblings) are not part of a free-standing view's layout. `source` keeps the index in
    ///   the whole tree. Stack views inside the subtree keep their settings and are expanded by
    ///   the lowering as usual; a stack above `view` contributes nothing.
    /// - Root settings: no `additionalSafeAreaInsets` and no system minimum margins (those belong
    ///   to a view controller's main view, which a free-standing view is not).
    ///
    /// - Throws: `LoweringError` when `view` is not a view of this tree, or a visual format of
    ///   the tree does not parse.
    /// - Complexity: O(views + items + constraints + formats).
    public func subtree(rootedAt view: ViewIndex) throws(LoweringError) -> ViewTree {
        guard views.indices.contains(view.rawValue) else {
            throw LoweringError(path: "$.views", "no view \(view) to fit: the case has \(views.count) views")
        }
        var inSubtree = [Bool](repeating: false, count: views.count)
        var viewMap = [Int](repeating: -1, count: views.count)
        var kept: [Int] = []
        for i in views.indices {
            // Superviews come before their subviews, so one forward pass decides membership.
            inSubtree[i] = i == view.rawValue || (i > view.rawValue && views[i].superview.map { inSubtree[$0.rawValue] } == true)
            if inSubtree[i] {
                viewMap[i] = kept.count
                kept.append(i)
            }
        }
        var itemMap = [Int](repeating: -1, count: items.count)
        for (k, i) in kept.enumerated() { itemMap[i] = k }
        var guideItems: [Int] = []
        for i in views.count..<items.count where inSubtree[items[i].owner.rawValue] {
            itemMap[i] = kept.count + guideItems.count
            guideItems.append(i)
        }
        var out = ViewTree(name: name, formats: [], layoutDirection: layoutDirection)
        out.views = kept.map { subtreeNode($0, depthOffset: views[view.rawValue].depth, viewMap, itemMap) }
        out.items = (kept + guideItems).map { i in
            var item = items[i]
            item.owner = ViewIndex(viewMap[item.owner.rawValue])
            return item
        }
        for (k, i) in (kept + guideItems).enumerated() where itemByID[items[i].name] == ItemIndex(i) {
            out.itemByID[items[i].name] = ItemIndex(k)
        }
        out.respectsSystemMinimumLayoutMargins = false
        out.constraints = try allConstraints().compactMap { remapped($0, itemMap) }
        return out
    }

    /// The case's constraints followed by the visual formats' (the order the lowering uses).
    func allConstraints() throws(LoweringError) -> [LayoutConstraint] {
        guard !formats.isEmpty else { return constraints }
        do { return try constraints + visualFormatConstraints() } catch {
            throw LoweringError(path: error.path, error.message)
        }
    }

    /// View `i` renumbered into the subtree (the fitted view loses its superview).
    func subtreeNode(_ i: Int, depthOffset: Int, _ viewMap: [Int], _ itemMap: [Int]) -> ViewNode {
        var node = views[i]
        let v = { (x: ViewIndex) in ViewIndex(viewMap[x.rawValue]) }
        let it = { (x: ItemIndex) in ItemIndex(itemMap[x.rawValue]) }
        node.superview = node.superview.flatMap { viewMap[$0.rawValue] >= 0 ? v($0) : nil }
        node.subviews = node.subviews.map(v)
        node.depth -= depthOffset
        node.guides = BuiltInGuideItems(
            safeArea: it(node.guides.safeArea), margins: it(node.guides.margins), readable: it(node.guides.readable),
            content: node.guides.content.map(it), frameGuide: node.guides.frameGuide.map(it))
        node.customGuides = node.customGuides.map(it)
        if var stack = node.stack {
            stack.arranged = stack.arranged.map(v)
            stack.customSpacing = stack.customSpacing.map { (view: v($0.view), spacing: $0.spacing) }
            node.stack = stack
        }
        return node
    }

    /// `c` with its items renumbered, or nil when one of them is outside the subtree.
    func remapped(_ c: LayoutConstraint, _ itemMap: [Int]) -> LayoutConstraint? {
        var out = c
        let first = itemMap[c.first.item.rawValue]
        guard first >= 0 else { return nil }
        out.first.item = ItemIndex(first)
        if let second = c.second {
            let s = itemMap[second.item.rawValue]
            guard s >= 0 else { return nil }
            out.second?.item = ItemIndex(s)
        }
        return out
    }
}
