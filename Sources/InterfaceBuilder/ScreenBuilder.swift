import AutoLayout
import LinearConstraints

/// Turns one screen of an Interface Builder document (a scene's root view, a xib's top-level
/// view, a cell) into a layout case: the view tree first (`visit`), then the constraints, which
/// may name any view or guide of the screen (`ScreenBuilder+Constraints.swift`).
struct ScreenBuilder {
    let document: DocumentContext
    /// The screen's name (the case's `name`).
    let name: String
    /// Size classes the screen is resolved for (`<variation>` masks).
    let classes: SizeClasses

    var views: [ViewSpec] = []
    /// Interface Builder id to case id, for every view kept.
    var caseID: [String: String] = [:]
    /// Interface Builder id of a guide (safe area, scroll guides, pre-iOS 11 top and bottom
    /// guides) to the anchor item it stands for; `topLayoutGuide`'s anchors map per attribute.
    var guides: [String: GuideTarget] = [:]
    /// Constraint elements with the Interface Builder id of the view that holds them.
    var constraintNodes: [(node: XMLNode, owner: String)] = []
    var frames: [DeviceExpectation.ExpectedFrame] = []
    var misplaced: [DeviceExpectation.ExpectedFrame] = []
    var ambiguousMarks: [String] = []
    var constraints: [ConstraintSpec] = []
    var report: ScreenReport
    private var nameCounts: [String: Int] = [:]
    private var anonymous = 0

    enum GuideTarget {
        case item(ItemReference)
        /// `topLayoutGuide` (true) or `bottomLayoutGuide` of the root, before iOS 11.
        case layoutGuide(top: Bool)
    }

    init(document: DocumentContext, name: String, classes: SizeClasses) {
        self.document = document
        self.name = name
        self.classes = classes
        self.report = ScreenReport(name: name)
    }

    /// Adds `node` (a view element) and its subtree under `superview` (nil for the root).
    mutating func visit(_ node: XMLNode, superview: String?) {
        let ibID = node["id"] ?? { anonymous += 1; return "anonymous-\(anonymous)" }()
        let id = superview == nil ? "root" : uniqueName(for: node)
        caseID[ibID] = id
        var v = ViewSpec(id: id, superview: superview)
        let frame = Self.rect(node.keyed("frame"))
        v.frame = frame
        let insets = ViewKinds.alignmentInsets(node, frame: frame, toolsVersion: document.toolsVersion)
        if node["translatesAutoresizingMaskIntoConstraints"] == "NO" {
            v.translatesAutoresizingMask = false
            if node["fixedFrame"] == "YES", let frame, let superview {
                prototypingConstraints(id, superview: superview, alignmentRect: insets.map { frame.inset(by: $0) } ?? frame)
            }
        }
        v.autoresizing = Self.mask(node.child("autoresizingMask", key: "autoresizingMask"))
        if let (size, fromFrame) = ViewKinds.intrinsicSize(node, frame: frame) {
            v.intrinsicSize = size
            if fromFrame { report.intrinsicFromFrames += 1 }
        }
        if ViewKinds.drawnAtOwnSize(node), v.intrinsicSize != nil { v.fixedSize = true }
        if let insets {
            v.alignmentRectInsets = insets
            if let s = v.intrinsicSize {
                v.intrinsicSize = IntrinsicSize(width: s.width.map { $0 - insets.left - insets.right }, height: s.height.map { $0 - insets.top - insets.bottom })
            }
        }
        // A system symbol image aligns by the symbol's own rectangle, which depends on its glyph
        // and its configuration: Strut cannot know it and lays the view out as if its alignment
        // rectangle were its frame (tinode's avatars are drawn 1.3 to 4.3 points off the
        // 128-point rectangle their constraints give).
        if node.name == "imageView", node["catalog"] == "system" || node.keyed("image")?["catalog"] == "system" {
            report.drop("alignment rectangle of a system symbol image (laid out as its frame)")
        }
        v.hugging = Self.priorities(node["horizontalHuggingPriority"], node["verticalHuggingPriority"], default: 250)
        v.compressionResistance = Self.priorities(
            node["horizontalCompressionResistancePriority"], node["verticalCompressionResistancePriority"], default: 750)
        v.baseline = ViewKinds.baseline(node, frame: frame)
        if node["hidden"] == "YES" { v.hidden = true }
        v.layoutMargins = Self.margins(node)
        if let p = node["preservesSuperviewLayoutMargins"] { v.preservesSuperviewLayoutMargins = p == "YES" }
        if node["insetsLayoutMarginsFromSafeArea"] == "NO" { v.insetsLayoutMarginsFromSafeArea = false }
        if node["layoutMarginsFollowReadableWidth"] == "YES" { report.drop("layoutMarginsFollowReadableWidth (margins kept as set)") }
        if let s = node["semanticContentAttribute"], let a = SemanticContentAttribute(rawValue: s) { v.semanticContentAttribute = a }
        if node.name == "stackView" { v.stack = stack(node) }
        // UIKit's scroll views: constraints from their edges to what they contain attach to the
        // content area (the engine's scroll-view rule).
        if ["scrollView", "tableView", "collectionView", "textView"].contains(node.name) { v.scroll = true }
        for g in node.children where g.name == "viewLayoutGuide" {
            guard let gid = g["id"] else { continue }
            switch g["key"] {
            case "safeArea": guides[gid] = .item(ItemReference(id, guide: .safeArea))
            case "contentLayoutGuide": guides[gid] = .item(ItemReference(id, guide: .content)); v.scroll = true
            case "frameLayoutGuide": guides[gid] = .item(ItemReference(id, guide: .frameGuide)); v.scroll = true
            default: report.drop("layout guide \"\(g["key"] ?? "?")\"")
            }
        }
        views.append(v)
        if let frame, superview != nil {
            if node["misplaced"] == "YES" { misplaced.append(.init(id, frame)) } else { frames.append(.init(id, frame)) }
        }
        if node["ambiguous"] == "YES" { ambiguousMarks.append(id) }
        for c in node.child("constraints")?.children ?? [] where c.name == "constraint" { constraintNodes.append((c, ibID)) }
        for child in Self.subviews(of: node) where isInstalled(child, in: node) {
            visit(child, superview: id)
        }
        if let stackIndex = views.firstIndex(where: { $0.id == id }), views[stackIndex].stack != nil {
            let arranged = views.filter { $0.superview == id }.map(\.id)
            views[stackIndex].stack?.arranged = arranged
        }
    }

    /// The constraints Xcode adds at build time to a view that uses constraints but has none in
    /// Interface Builder (`fixedFrame`): its stored frame, pinned to the superview's top left
    /// (constraints place the alignment rectangle, so they are written for the frame's).
    mutating func prototypingConstraints(_ id: String, superview: String, alignmentRect frame: LayoutRect) {
        let tag = "IB-auto-generated-at-build-time-for-view-with-fixed-frame"
        let v = ItemReference(id), s = ItemReference(superview)
        constraints += [
            ConstraintSpec(AnchorReference(v, .left), .equal, AnchorReference(s, .left), constant: frame.x, identifier: tag),
            ConstraintSpec(AnchorReference(v, .top), .equal, AnchorReference(s, .top), constant: frame.y, identifier: tag),
            ConstraintSpec(AnchorReference(v, .width), .equal, constant: frame.width, identifier: tag),
            ConstraintSpec(AnchorReference(v, .height), .equal, constant: frame.height, identifier: tag),
        ]
        report.prototyped += 1
    }

    /// The view elements placed in `node`: its keyed content view (cells, visual effect views),
    /// table headers and footers, then `<subviews>`. Cells inside tables and collections are
    /// screens of their own and are not walked.
    static func subviews(of node: XMLNode) -> [XMLNode] {
        var out = node.children.filter { ViewKinds.views.contains($0.name) && ViewKinds.keyedSubviews.contains($0["key"] ?? "") }
        out += node.child("subviews")?.children.filter { ViewKinds.views.contains($0.name) } ?? []
        return out
    }

    /// Whether the `<variation>` masks of `parent` leave `child` installed for the screen's classes.
    func isInstalled(_ child: XMLNode, in parent: XMLNode) -> Bool {
        guard let id = child["id"] else { return true }
        return Variations(parent, classes: classes).installs(id, mask: "subviews")
    }

    /// A readable, unique case id: the view's user label, else its kind, numbered from 1.
    mutating func uniqueName(for node: XMLNode) -> String {
        let label = node["userLabel"].map(Self.identifier) ?? ""
        let base = label.isEmpty ? node.name : label
        let n = (nameCounts[base] ?? 0) + 1
        nameCounts[base] = n
        return "\(base)\(n)"
    }

    /// `text` as an id: letters, digits and `_`, starting with a letter or `_`, at most 32 characters.
    static func identifier(_ text: String) -> String {
        var out = ""
        var upper = false
        for ch in text.unicodeScalars {
            if ch.isASCII, (ch.properties.isAlphabetic || ("0"..."9").contains(ch) || ch == "_") {
                out.unicodeScalars.append(upper ? Unicode.Scalar(String(ch).uppercased())! : ch)
                upper = false
            } else {
                upper = !out.isEmpty
            }
        }
        if let f = out.unicodeScalars.first, ("0"..."9").contains(f) { out = "_" + out }
        if !out.isEmpty { out = out.prefix(1).lowercased() + out.dropFirst() }
        return String(out.prefix(32))
    }

    static func rect(_ node: XMLNode?) -> LayoutRect? {
        guard let node, let x = node["x"].flatMap(Double.init), let y = node["y"].flatMap(Double.init),
            let w = node["width"].flatMap(Double.init), let h = node["height"].flatMap(Double.init),
            [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0
        else { return nil }
        return LayoutRect(x: x, y: y, width: w, height: h)
    }

    static func mask(_ node: XMLNode?) -> AutoresizingMask? {
        guard let node else { return nil }
        var m = AutoresizingMask()
        let flags: [(String, AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        for (name, flag) in flags where node[name] == "YES" { m.insert(flag) }
        return m.isEmpty ? nil : m
    }

    static func priorities(_ h: String?, _ v: String?, default d: Float) -> AxisPriorities? {
        guard h != nil || v != nil else { return nil }
        func p(_ s: String?) -> Priority { s.flatMap(Double.init).flatMap(Priority.validated) ?? Priority(d) }
        return AxisPriorities(horizontal: p(h), vertical: p(v))
    }

    /// `<edgeInsets key="layoutMargins">` (left and right, taken as leading and trailing) or
    /// `<directionalEdgeInsets key="directionalLayoutMargins">`.
    static func margins(_ node: XMLNode) -> DirectionalEdgeInsets? {
        func n(_ e: XMLNode, _ k: String) -> Double { e[k].flatMap(Double.init) ?? 0 }
        if let d = node.keyed("directionalLayoutMargins") {
            return DirectionalEdgeInsets(top: n(d, "top"), leading: n(d, "leading"), bottom: n(d, "bottom"), trailing: n(d, "trailing"))
        }
        if let e = node.keyed("layoutMargins") {
            return DirectionalEdgeInsets(top: n(e, "top"), leading: n(e, "left"), bottom: n(e, "bottom"), trailing: n(e, "right"))
        }
        return nil
    }

    func stack(_ node: XMLNode) -> StackSpec {
        var s = StackSpec()
        if node["axis"] == "vertical" { s.axis = .vertical }
        if let d = node["distribution"] { s.distribution = StackDistribution(rawValue: d) }
        if let a = node["alignment"] { s.alignment = a == "baseline" ? .lastBaseline : StackAlignment(rawValue: a) }
        if node["spacingType"] == "standard" {
            s.spacing = .system
        } else if let sp = node["spacing"].flatMap(Double.init), sp.isFinite {
            s.spacing = .points(sp)
        }
        if node["baselineRelativeArrangement"] == "YES" { s.baselineRelativeArrangement = true }
        // Interface Builder has no switch of its own for this: a stack view given layout margins
        // in IB arranges within them (corpora/real: 13 such stacks, their items inset by the margins).
        if node["layoutMarginsRelativeArrangement"] == "YES" || Self.margins(node) != nil { s.layoutMarginsRelativeArrangement = true }
        return s
    }
}

/// A `<variation>` set of one element: which of its constraints or subviews are installed for a
/// size class. `key="default"` lists what the base (any, any) configuration excludes; a class
/// key (`widthClass=compact`, `heightClass=regular-widthClass=compact`) includes or excludes for
/// the classes it names, the more specific key last.
struct Variations {
    var excludedByDefault: Set<String> = []
    var rules: [(condition: SizeClassCondition, include: Set<String>, exclude: Set<String>)] = []
    let classes: SizeClasses
    let mask: String

    init(_ element: XMLNode, classes: SizeClasses, mask: String = "subviews") {
        self.classes = classes
        self.mask = mask
        for v in element.children where v.name == "variation" {
            guard let key = v["key"], let m = v.children.first(where: { $0.name == "mask" && $0["key"] == mask }) else { continue }
            let inc = Set(m.children.filter { $0.name == "include" }.compactMap { $0["reference"] })
            let exc = Set(m.children.filter { $0.name == "exclude" }.compactMap { $0["reference"] })
            if key == "default" { excludedByDefault.formUnion(exc); continue }
            guard let c = Self.condition(key) else { continue }
            rules.append((c, inc, exc))
        }
        rules.sort { ($0.condition.horizontal == nil ? 0 : 1) + ($0.condition.vertical == nil ? 0 : 1) < ($1.condition.horizontal == nil ? 0 : 1) + ($1.condition.vertical == nil ? 0 : 1) }
    }

    /// `heightClass=compact-widthClass=regular` as a condition; nil for a key it cannot read.
    static func condition(_ key: String) -> SizeClassCondition? {
        var c = SizeClassCondition()
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=")
            guard kv.count == 2, let cls = SizeClass(rawValue: String(kv[1])) else { return nil }
            switch kv[0] {
            case "widthClass": c.horizontal = cls
            case "heightClass": c.vertical = cls
            default: return nil
            }
        }
        return c.horizontal == nil && c.vertical == nil ? nil : c
    }

    func installs(_ id: String, mask: String) -> Bool {
        var on = !excludedByDefault.contains(id)
        for r in rules where r.condition.matches(classes) {
            if r.include.contains(id) { on = true }
            if r.exclude.contains(id) { on = false }
        }
        return on
    }

    /// The condition under which a constraint the base configuration excludes is installed: the
    /// single variation that includes it, when there is exactly one.
    func onlyWhen(_ id: String) -> SizeClassCondition? {
        guard excludedByDefault.contains(id) else { return nil }
        let including = rules.filter { $0.include.contains(id) }
        return including.count == 1 ? including[0].condition : nil
    }
}
