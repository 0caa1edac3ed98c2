import LinearConstraints

extension ViewTree {
    /// View `i` with defaults applied and its numbers checked (finite; sizes and intrinsic
    /// metrics not negative); superview resolution was checked before.
    static func node(
        _ spec: ViewSpec, at i: Int, defaults: LayoutCase.Defaults, index: [String: (view: Int, guide: Int?)], path: JSONPath
    ) throws(CaseError) -> ViewNode {
        try checkNumbers(spec, path)
        try checkKind(spec, isRoot: i == 0, path)
        let superview = i == 0 ? nil : spec.superview.flatMap { index[$0] }.map { ViewIndex($0.view) }
        return ViewNode(
            id: spec.id, superview: superview, subviews: [], depth: 0, frame: spec.frame,
            translatesAutoresizingMask: spec.translatesAutoresizingMask ?? defaults.translatesAutoresizingMask ?? true,
            autoresizing: spec.autoresizing ?? [], intrinsicSize: spec.intrinsicSize ?? IntrinsicSize(width: nil, height: nil),
            hugging: spec.hugging ?? ViewNode.defaultHugging,
            compressionResistance: spec.compressionResistance ?? ViewNode.defaultCompressionResistance,
            baseline: spec.baseline, isHidden: spec.hidden ?? false, layoutMargins: spec.layoutMargins ?? (i == 0 ? .rootMargins : spec.stack != nil ? .stackMargins : .defaultMargins),
            preservesSuperviewLayoutMargins: spec.preservesSuperviewLayoutMargins ?? false,
            insetsLayoutMarginsFromSafeArea: spec.insetsLayoutMarginsFromSafeArea ?? true,
            alignmentRectInsets: spec.alignmentRectInsets ?? .zero, fixedSize: spec.fixedSize ?? false,
            semanticContentAttribute: spec.semanticContentAttribute ?? .unspecified, isScrollView: spec.scroll ?? false,
            stack: nil, guides: BuiltInGuideItems(safeArea: ItemIndex(-1), margins: ItemIndex(-1), readable: ItemIndex(-1)),
            customGuides: [])
    }

    /// A view's numbers are finite; frame sizes and intrinsic metrics are not negative.
    static func checkNumbers(_ spec: ViewSpec, _ path: JSONPath) throws(CaseError) {
        if let f = spec.frame {
            try finite(f.components, path.key("frame"))
            guard f.width >= 0, f.height >= 0 else { throw CaseError(path.key("frame"), "a frame's width and height must not be negative") }
        }
        if let s = spec.intrinsicSize {
            let metrics = [s.width, s.height].compactMap { $0 }
            try finite(metrics, path.key("intrinsicSize"))
            guard metrics.allSatisfy({ $0 >= 0 }) else {
                throw CaseError(path.key("intrinsicSize"), "intrinsic metrics must not be negative (use null for none)")
            }
        }
        if let b = spec.baseline { try finite([b.first, b.last].compactMap { $0 }, path.key("baseline")) }
        if let m = spec.layoutMargins { try finite(m.named.map(\.value), path.key("layoutMargins")) }
        if let a = spec.alignmentRectInsets { try finite(a.named.map(\.value), path.key("alignmentRectInsets")) }
    }

    /// Root-only fields stay on the root; a view is a stack or a scroll view, not both.
    static func checkKind(_ spec: ViewSpec, isRoot: Bool, _ path: JSONPath) throws(CaseError) {
        if spec.fixedSize == true, spec.intrinsicSize.map({ $0.width == nil && $0.height == nil }) ?? true {
            throw CaseError(path.key("fixedSize"), "a view drawn at a fixed size needs an intrinsicSize (the size it is drawn at)")
        }
        if !isRoot {
            if spec.additionalSafeAreaInsets != nil {
                throw CaseError(path.key("additionalSafeAreaInsets"), "only the root view has additionalSafeAreaInsets (a view controller's property)")
            }
            if spec.respectsSystemMinimumLayoutMargins != nil {
                throw CaseError(path.key("respectsSystemMinimumLayoutMargins"), "only the root view has respectsSystemMinimumLayoutMargins (a view controller's property)")
            }
        }
        if spec.scroll == true, spec.stack != nil { throw CaseError(path.key("scroll"), "a stack view cannot also be a scroll view") }
    }

    static func finite(_ values: [Double], _ path: JSONPath) throws(CaseError) {
        guard values.allSatisfy(\.isFinite) else { throw CaseError(path, "numbers must be finite (no NaN or infinity)") }
    }

    /// Appends the built-in and custom guides of `view` to the item arena and sets its depth
    /// (its superview's node is complete, since superviews come first).
    mutating func addGuides(_ spec: ViewSpec, of view: ViewIndex) {
        let v = view.rawValue
        if let s = views[v].superview { views[v].depth = views[s.rawValue].depth + 1 }
        func add(_ kind: LayoutItem.Kind, _ name: String) -> ItemIndex {
            items.append(LayoutItem(kind: kind, owner: view, name: name))
            return ItemIndex(items.count - 1)
        }
        let id = spec.id
        var guides = BuiltInGuideItems(
            safeArea: add(.builtInGuide(.safeArea), id + ".safeArea"), margins: add(.builtInGuide(.margins), id + ".margins"),
            readable: add(.builtInGuide(.readable), id + ".readable"))
        if views[v].isScrollView {
            guides.content = add(.builtInGuide(.content), id + ".content")
            guides.frameGuide = add(.builtInGuide(.frameGuide), id + ".frameGuide")
        }
        views[v].guides = guides
        for g in spec.guides ?? [] {
            let item = add(.customGuide, g)
            views[v].customGuides.append(item)
            itemByID[g] = item
        }
    }

    /// Resolves a stack's arranged views (each a subview of the stack, once) and custom spacings
    /// (each after an arranged view, finite), applying UIKit's defaults. O(arranged + custom²);
    /// custom spacings are few.
    mutating func resolveStack(_ spec: StackSpec?, of view: ViewIndex, _ c: LayoutCase, path: JSONPath) throws(CaseError) {
        guard let spec else { return }
        var arranged: [ViewIndex] = []
        var seen = Set<ViewIndex>()  // membership only, never iterated
        for (k, id) in (spec.arranged ?? []).enumerated() {
            let at = path.key("arranged").index(k)
            guard let v = self.view(id: id) else { throw CaseError(at, "unknown view \"\(id)\"") }
            guard views[v.rawValue].superview == view else {
                throw CaseError(at, "arranged view \"\(id)\" must be a subview of the stack \"\(views[view.rawValue].id)\" (set its superview to the stack)")
            }
            guard seen.insert(v).inserted else { throw CaseError(at, "\"\(id)\" is arranged twice") }
            arranged.append(v)
        }
        var custom: [(view: ViewIndex, spacing: Double)] = []
        for entry in spec.customSpacing ?? [] {
            let at = path.key("customSpacing").key(entry.after)
            guard let v = self.view(id: entry.after), seen.contains(v) else {
                throw CaseError(at, "custom spacing after \"\(entry.after)\", which is not an arranged view of this stack")
            }
            guard !custom.contains(where: { $0.view == v }) else { throw CaseError(at, "custom spacing after \"\(entry.after)\" is given twice") }
            try Self.finite([entry.spacing], at)
            custom.append((v, entry.spacing))
        }
        if case .points(let d) = spec.spacing { try Self.finite([d], path.key("spacing")) }
        views[view.rawValue].stack = StackNode(
            axis: spec.axis ?? .horizontal, distribution: spec.distribution ?? .fill, alignment: spec.alignment ?? .fill,
            spacing: spec.spacing ?? .points(0), customSpacing: custom, arranged: arranged,
            layoutMarginsRelativeArrangement: spec.layoutMarginsRelativeArrangement ?? false,
            baselineRelativeArrangement: spec.baselineRelativeArrangement ?? false)
    }

    /// The view controller's settings, which the case keeps on the root view.
    mutating func applyRootFields(_ root: ViewSpec, path: JSONPath) throws(CaseError) {
        if let a = root.additionalSafeAreaInsets {
            try Self.finite(a.named.map(\.value), path.key("additionalSafeAreaInsets"))
            additionalSafeAreaInsets = a
        }
        respectsSystemMinimumLayoutMargins = root.respectsSystemMinimumLayoutMargins ?? true
    }
}
