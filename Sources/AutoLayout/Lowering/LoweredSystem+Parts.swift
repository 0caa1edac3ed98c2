import LinearConstraints

extension LoweredSystem {
    /// Inset guides: `g.minX − o.minX − left == 0`, `g.minY − o.minY − top == 0`,
    /// `g.width − o.width + left + right == 0`, `g.height − o.height + top + bottom == 0`, the
    /// insets being edit variables. A scroll view's frame guide equals its frame; its content
    /// guide starts at its origin (content offset zero) and takes its size from constraints.
    mutating func lowerGuides() {
        for (slot, g) in insetGuides.enumerated() {
            let o = tree.item(of: tree.items[g.rawValue].owner)
            let v = variables
            let inset = { (side: InsetSide) in v.inset(slot: slot, side) }
            append(Constraint(LinearExpression(v.minX(g)) - v.minX(o).expression - inset(.left).expression, .equal), .guide(item: g, component: .minX))
            append(Constraint(LinearExpression(v.minY(g)) - v.minY(o).expression - inset(.top).expression, .equal), .guide(item: g, component: .minY))
            append(Constraint(LinearExpression(v.width(g)) - v.width(o).expression + inset(.left).expression + inset(.right).expression, .equal),
                   .guide(item: g, component: .width))
            append(Constraint(LinearExpression(v.height(g)) - v.height(o).expression + inset(.top).expression + inset(.bottom).expression, .equal),
                   .guide(item: g, component: .height))
        }
        for (i, node) in tree.views.enumerated() where node.isScrollView {
            let o = tree.item(of: ViewIndex(i))
            if let f = node.guides.frameGuide {
                for c in LayoutVariables.FrameComponent.allCases {
                    append(Constraint(LinearExpression(variables.variable(f, c)) - variables.variable(o, c).expression, .equal), .guide(item: f, component: c))
                }
            }
            if let content = node.guides.content {
                for c in [LayoutVariables.FrameComponent.minX, .minY] {
                    append(Constraint(LinearExpression(variables.variable(content, c)) - variables.variable(o, c).expression, .equal),
                           .guide(item: content, component: c))
                }
            }
        }
    }

    /// Two required constraints per axis for every non-root view that translates its mask.
    mutating func lowerAutoresizing() {
        for (i, node) in tree.views.enumerated() where i > 0 && node.translatesAutoresizingMask {
            guard let s = node.superview else { continue }
            for axis in [LayoutAxis.horizontal, .vertical] {
                let pair = autoresizingPair(view: ViewIndex(i), superview: s, axis: axis)
                append(pair.0, .autoresizing(view: ViewIndex(i), axis: axis, second: false))
                append(pair.1, .autoresizing(view: ViewIndex(i), axis: axis, second: true))
            }
        }
    }

    /// The superview's size for autoresizing: its `frame` size in the file; zero without one,
    /// except the root, which then has the device's screen size (`docs/case-format.md`).
    func autoresizingSuperviewSize(_ s: ViewIndex, _ axis: LayoutAxis) -> Double {
        if let f = tree.views[s.rawValue].frame { return axis == .horizontal ? f.width : f.height }
        guard s == tree.root else { return 0 }
        return axis == .horizontal ? configuration.screenSize.width : configuration.screenSize.height
    }

    /// The table of `docs/uikit-rules.md` ("Autoresizing masks") for one axis, in window coordinates: the
    /// view's position relative to its superview is `r = v.min − S.min`, `maxX = r + size`.
    /// The view's own variable comes first in each expression, so logs read `v.minX == ...`.
    func autoresizingPair(view: ViewIndex, superview s: ViewIndex, axis: LayoutAxis) -> (Constraint, Constraint) {
        let node = tree.views[view.rawValue]
        let frame = node.frame ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
        let h = axis == .horizontal
        let (x, w) = h ? (frame.x, frame.width) : (frame.y, frame.height)
        let W = autoresizingSuperviewSize(s, axis)
        let (L, R) = (x, W - (x + w))
        let vi = tree.item(of: view), si = tree.item(of: s)
        let pos = LinearExpression(h ? variables.minX(vi) : variables.minY(vi)) - (h ? variables.minX(si) : variables.minY(si)).expression
        let size = LinearExpression(h ? variables.width(vi) : variables.height(vi))
        let S = LinearExpression(h ? variables.width(si) : variables.height(si))
        let flex: (AutoresizingMask, AutoresizingMask, AutoresizingMask) = h
            ? (.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
            : (.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
        let m = node.autoresizing
        let pinStart = Constraint(pos - L, .equal)  // r == L
        let fixedSize = Constraint(size - w, .equal)  // size == w
        let pinEnd = Constraint(pos + size + R - S, .equal)  // S == r + size + R
        func ratio(_ a: Double, _ b: Double, _ fallback: Double) -> Double { b == 0 ? fallback : a / b }
        switch (m.contains(flex.0), m.contains(flex.1), m.contains(flex.2)) {
        case (false, false, _): return (pinStart, fixedSize)
        case (true, false, false): return (pinEnd, fixedSize)
        case (false, true, false): return (pinStart, pinEnd)
        case (true, true, false):
            let k = ratio(w, W - R, 0.5)
            return (pinEnd, Constraint(size - S * k + k * R, .equal))
        case (true, false, true):
            let k = ratio(L, W - w, 0.5)
            return (Constraint(pos - S * k + k * w, .equal), fixedSize)
        case (false, true, true):
            let k = ratio(w, W - L, 1.0)
            return (pinStart, Constraint(size - S * k + k * L, .equal))
        case (true, true, true):
            let (kx, kw) = W == 0 ? (1.0 / 3, 1.0 / 3) : (L / W, w / W)
            return (Constraint(pos - S * kx, .equal), Constraint(size - S * kw, .equal))
        }
    }

    /// Per axis with an intrinsic metric: hugging `size <= metric` and compression resistance
    /// `size >= metric`, on the alignment rect's size, at the view's priorities.
    mutating func lowerContentSize(_ anchors: AnchorExpressions) {
        for (i, node) in tree.views.enumerated() {
            for axis in [LayoutAxis.horizontal, .vertical] {
                guard let metric = node.intrinsicSize[axis] else { continue }
                let size = anchors.expression(Anchor(tree.item(of: ViewIndex(i)), axis == .horizontal ? .width : .height))
                append(Constraint(size - metric, .lessThanOrEqual, priority: node.hugging[axis]),
                       .contentSize(view: ViewIndex(i), axis: axis, hugging: true))
                append(Constraint(size - metric, .greaterThanOrEqual, priority: node.compressionResistance[axis]),
                       .contentSize(view: ViewIndex(i), axis: axis, hugging: false))
            }
        }
    }

    /// The case's constraints: `first − multiplier·second − constant REL 0`, mirrored when it
    /// runs right-to-left (`AnchorExpressions.constantRunsRightToLeft`): UIKit measures
    /// leading/trailing against the reading direction, as if leading were `−maxX`, so the
    /// constant is negated and an inequality turns round (`b.leading >= a.trailing + 8` is
    /// `b.maxX <= a.minX − 8`),
    /// installed when active and their `when` matches the configuration's size classes.
    /// Locations are measured in the constraint's container, the nearest common ancestor of
    /// its items' views, as UIKit does (so `v.centerX == 0.5 * s.centerX` is a quarter of `s`
    /// wherever `s` is, and translating the root translates everything): with window
    /// variables that is `(first − container.min) − multiplier·(second − container.min)` when the
    /// multiplier is not 1.
    mutating func lowerExplicit(_ anchors: AnchorExpressions) {
        let traits = configuration.sizeClasses
        for (i, original) in tree.constraints.enumerated() {
            let c = attachingScrollEdgesToContent(original)
            let direction = anchors.directionView(of: c)
            let mirrored = anchors.constantRunsRightToLeft(c, directionView: direction)
            let constant = mirrored ? -c.constant : c.constant
            var expression = anchors.expression(c.first, directionView: direction) - constant
            if let second = c.second, !c.first.attribute.isDimension, c.multiplier != 1 {
                // Both locations are measured from the container's origin before the multiplier
                // scales one, so the origin's terms cancel exactly (1 − 1). Folded into one
                // coefficient, −m − (1 − m), they left a rounding residue (−0.9999999999999999
                // for m = −1e-6) that made an infeasible system feasible in exact arithmetic.
                let origin = containerOrigin(c)
                let first = (anchors.expression(c.first, directionView: direction) - origin).normalized()
                expression = first - constant - (anchors.expression(second, directionView: direction) - origin).normalized() * c.multiplier
            } else if let second = c.second {
                // A multiplier of 1 leaves the terms as they are (x·1 is x): no copy to make.
                let other = anchors.expression(second, directionView: direction)
                expression = expression - (c.multiplier == 1 ? other : other * c.multiplier)
            }
            let relation = mirrored ? c.relation.mirrored : c.relation
            append(Constraint(expression, relation, priority: c.priority, identifier: c.identifier),
                   .explicit(index: i), installed: c.isInstalled(in: traits))
        }
    }
}

extension LoweredSystem {
    /// UIKit's scroll-view rule: a constraint between a scroll view's edges or centre and
    /// something inside the scroll view attaches to the scrollable content area (its content
    /// layout guide), not to its frame; its width and height (and margins and baselines, which
    /// are the view's text, not its content's) still mean the frame.
    /// So `content.top == scroll.top` inside `scroll` pins the content to the top of the content
    /// area and lets the content size the scrollable area. O(depth) per constraint.
    func attachingScrollEdgesToContent(_ c: LayoutConstraint) -> LayoutConstraint {
        guard let second = c.second else { return c }
        var out = c
        out.first = contentAnchor(c.first, relatedTo: second)
        out.second = contentAnchor(second, relatedTo: c.first)
        return out
    }

    func contentAnchor(_ anchor: Anchor, relatedTo other: Anchor) -> Anchor {
        let scroll = ViewIndex(anchor.item.rawValue)
        guard anchor.item.rawValue < tree.views.count, tree.views[scroll.rawValue].isScrollView,
            let content = tree.views[scroll.rawValue].guides.content,
            !anchor.attribute.isDimension, !anchor.attribute.isMargin,
            !anchor.attribute.isBaseline
        else { return anchor }
        let otherView = tree.items[other.item.rawValue].owner
        guard otherView != scroll, tree.isAncestor(scroll, of: otherView) else { return anchor }
        return Anchor(content, anchor.attribute)
    }

    /// The window origin on the constraint's axis of its container: the nearest common ancestor
    /// of the views owning its two items. O(depth).
    func containerOrigin(_ c: LayoutConstraint) -> LinearExpression {
        let container = tree.nearestCommonAncestor(tree.items[c.first.item.rawValue].owner, tree.items[(c.second ?? c.first).item.rawValue].owner)
        let item = tree.item(of: container)
        return LinearExpression(c.first.attribute.axis == .horizontal ? variables.minX(item) : variables.minY(item))
    }
}

extension Relation {
    /// The relation with its sides swapped: `<=` and `>=` exchange, `==` stays.
    var mirrored: Relation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}
