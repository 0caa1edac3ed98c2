import LinearConstraints

/// The validated model of a layout case: a view hierarchy stored as arenas (arrays indexed by
/// `ViewIndex` and `ItemIndex`, no object graph), its layout guides, and its explicit constraints
/// with every item resolved.
///
/// Built from a `LayoutCase` by `init(_:)`, which checks everything the case format forbids and
/// applies UIKit's defaults. It knows nothing about devices: the lowering takes a tree and a
/// device configuration and produces the linear system.
///
/// Layout of the arenas: `views[i]` and `items[i]` are the same view for `i < views.count`; then,
/// view by view in order, each view's built-in guides (safe area, margins, readable, and content
/// and frame guides for scroll views) followed by its custom guides.
public struct ViewTree: Hashable, Sendable {
    public internal(set) var name: String
    public internal(set) var views: [ViewNode]
    public internal(set) var items: [LayoutItem]
    public internal(set) var constraints: [LayoutConstraint]
    /// Visual formats, as written; the lowering expands them.
    public internal(set) var formats: [FormatSpec]
    /// The case's layout direction (left-to-right unless it says otherwise).
    public internal(set) var layoutDirection: LayoutDirection
    /// The root view controller's `additionalSafeAreaInsets`.
    public internal(set) var additionalSafeAreaInsets: EdgeInsets
    /// The root view controller's `viewRespectsSystemMinimumLayoutMargins`.
    public internal(set) var respectsSystemMinimumLayoutMargins: Bool
    /// Lookup of view and custom-guide ids (never iterated, so its order does not matter).
    var itemByID: [String: ItemIndex]

    init(name: String, formats: [FormatSpec], layoutDirection: LayoutDirection) {
        self.name = name
        self.views = []
        self.items = []
        self.constraints = []
        self.formats = formats
        self.layoutDirection = layoutDirection
        self.additionalSafeAreaInsets = .zero
        self.respectsSystemMinimumLayoutMargins = true
        self.itemByID = [:]
    }

    /// The view controller's main view.
    public var root: ViewIndex { ViewIndex(0) }

    public subscript(view: ViewIndex) -> ViewNode { views[view.rawValue] }
    public subscript(item: ItemIndex) -> LayoutItem { items[item.rawValue] }

    /// The item a view is, as an item index.
    public func item(of view: ViewIndex) -> ItemIndex { ItemIndex(view.rawValue) }

    /// The view or custom guide with this id. O(1).
    public func item(id: String) -> ItemIndex? { itemByID[id] }

    /// The view with this id. O(1).
    public func view(id: String) -> ViewIndex? {
        guard let i = itemByID[id], i.rawValue < views.count else { return nil }
        return ViewIndex(i.rawValue)
    }

    /// The item a constraint reference names, or nil when it does not exist.
    public func item(_ reference: ItemReference) -> ItemIndex? {
        guard let base = item(id: reference.id) else { return nil }
        guard let guide = reference.guide else { return base }
        guard base.rawValue < views.count else { return nil }
        return views[base.rawValue].guides[guide]
    }

    /// Whether `ancestor` is `view` or one of its superviews. O(depth).
    public func isAncestor(_ ancestor: ViewIndex, of view: ViewIndex) -> Bool {
        var v: ViewIndex? = view
        while let current = v {
            if current == ancestor { return true }
            v = views[current.rawValue].superview
        }
        return false
    }

    /// The nearest common ancestor of two views (a view is its own ancestor): a constraint's
    /// container. O(depth).
    public func nearestCommonAncestor(_ first: ViewIndex, _ second: ViewIndex) -> ViewIndex {
        var a = first, b = second
        while views[a.rawValue].depth > views[b.rawValue].depth, let s = views[a.rawValue].superview { a = s }
        while views[b.rawValue].depth > views[a.rawValue].depth, let s = views[b.rawValue].superview { b = s }
        while a != b, let sa = views[a.rawValue].superview, let sb = views[b.rawValue].superview {
            a = sa
            b = sb
        }
        return a
    }

    /// The reading direction `view` lays out in when the case runs in `base`: its
    /// `semanticContentAttribute` applied to `base` (`SemanticContentAttribute.effectiveDirection`,
    /// the devices layer's rule, so the whole module agrees on it). O(1).
    public func effectiveLayoutDirection(of view: ViewIndex, base: LayoutDirection) -> LayoutDirection {
        views[view.rawValue].semanticContentAttribute.effectiveDirection(in: base)
    }

    /// Views in depth-first pre-order from the root (a superview before its subviews, siblings
    /// back to front). O(n).
    public var preorder: [ViewIndex] {
        var out: [ViewIndex] = []
        out.reserveCapacity(views.count)
        var stack = [root]
        while let v = stack.popLast() {
            out.append(v)
            stack.append(contentsOf: views[v.rawValue].subviews.reversed())
        }
        return out
    }
}

extension LayoutCase {
    /// Checks the case's meaning and returns its model: the view tree (ids, hierarchy, guides,
    /// stacks, constraints, numbers) plus the devices and expectations, which the tree does not
    /// hold. Throws the first problem found, with its JSON path.
    public func validate() throws(CaseError) -> ViewTree {
        let tree = try ViewTree(self)
        let configurations = try validateDevices()
        try validateExpectations(tree, configurations: configurations)
        return tree
    }
}
