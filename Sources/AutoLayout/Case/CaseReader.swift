import LinearConstraints

extension LayoutCase {
    /// The top-level fields, in the order the writer emits them.
    static let fields = [
        "strut", "name", "description", "defaults", "root", "views", "constraints", "formats", "devices",
        "layoutDirection", "expect",
    ]

    /// Reads a case file strictly and validates it (`validate()`): unknown fields, wrong types,
    /// duplicate keys, malformed constraints, unknown or duplicate ids, hierarchy errors, axis
    /// mismatches and out-of-range numbers all throw a `CaseError` naming the JSON path.
    /// - Complexity: linear in the file size, plus the validation's cost.
    public init(jsonText: String) throws(CaseError) {
        let json: JSONValue
        do { json = try parseJSON(jsonText) } catch {
            throw CaseError(.root, "not valid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        try self.init(json: json)
        _ = try validate()
    }

    /// Reads the shape of a case from parsed JSON, without validating its meaning.
    public init(json: JSONValue) throws(CaseError) {
        let top = try JSONAt(json, .root).object(allowed: Self.fields, what: "a case")
        let version = try top.required("strut", "the format version, 1").number()
        guard version == 1 else {
            throw CaseError(JSONPath.root.key("strut"), "unsupported format version \(formatJSONNumber(version)); this reader knows 1")
        }
        self.init(
            name: try top.required("name", "the case's name").string(),
            root: try top.required("root", "the id of the view controller's main view").string(),
            views: try top.required("views", "the view hierarchy").array().map { v throws(CaseError) in try ViewSpec(v) })
        description = try top["description"]?.string()
        if let d = try top["defaults"]?.object(allowed: ["translatesAutoresizingMask"], what: "defaults") {
            defaults.translatesAutoresizingMask = try d["translatesAutoresizingMask"]?.bool()
        }
        constraints = try top["constraints"]?.array().map { c throws(CaseError) in try ConstraintSpec(c) } ?? []
        formats = try top["formats"]?.array().map { f throws(CaseError) in try FormatSpec(f) } ?? []
        devices = try top["devices"]?.array().map { d throws(CaseError) in try CaseDevice(d) }
        layoutDirection = try top["layoutDirection"]?.named(LayoutDirection.self, "layout direction")
        expect = try Self.expectations(top["expect"])
    }

    static func expectations(_ value: JSONAt?) throws(CaseError) -> [DeviceExpectation] {
        guard let value else { return [] }
        guard case .object(let members) = value.value else { throw value.mismatch("an object of expectations by device id") }
        var out: [DeviceExpectation] = []
        for m in members { out.append(try DeviceExpectation(device: m.key, JSONAt(m.value, value.path.key(m.key)))) }
        return out
    }
}

extension ViewSpec {
    /// The view fields, in the order the writer emits them.
    static let fields = [
        "id", "superview", "frame", "translatesAutoresizingMask", "autoresizing", "intrinsicSize", "hugging",
        "compressionResistance", "baseline", "hidden", "layoutMargins", "preservesSuperviewLayoutMargins",
        "insetsLayoutMarginsFromSafeArea", "alignmentRectInsets", "fixedSize", "semanticContentAttribute", "guides", "stack",
        "scroll", "additionalSafeAreaInsets", "respectsSystemMinimumLayoutMargins",
    ]

    init(_ at: JSONAt) throws(CaseError) {
        let o = try at.object(allowed: Self.fields, what: "a view")
        self.init(id: try o.required("id", "the view's id").string(), superview: try o["superview"]?.string())
        if let f = try o["frame"]?.numbers(4, "[x, y, width, height]") {
            frame = LayoutRect(x: f[0], y: f[1], width: f[2], height: f[3])
        }
        translatesAutoresizingMask = try o["translatesAutoresizingMask"]?.bool()
        autoresizing = try o["autoresizing"].map { a throws(CaseError) in try Self.mask(a) }
        intrinsicSize = try o["intrinsicSize"].map { a throws(CaseError) in try Self.intrinsic(a) }
        hugging = try o["hugging"].map { a throws(CaseError) in try Self.axisPriorities(a) }
        compressionResistance = try o["compressionResistance"].map { a throws(CaseError) in try Self.axisPriorities(a) }
        if let b = try o["baseline"]?.object(allowed: ["first", "last"], what: "baseline") {
            baseline = Baseline(first: try b["first"]?.number(), last: try b["last"]?.number())
        }
        hidden = try o["hidden"]?.bool()
        layoutMargins = try o["layoutMargins"].map { m throws(CaseError) in try Self.directionalInsets(m) }
        preservesSuperviewLayoutMargins = try o["preservesSuperviewLayoutMargins"]?.bool()
        insetsLayoutMarginsFromSafeArea = try o["insetsLayoutMarginsFromSafeArea"]?.bool()
        alignmentRectInsets = try o["alignmentRectInsets"].map { m throws(CaseError) in try Self.edgeInsets(m) }
        fixedSize = try o["fixedSize"]?.bool()
        semanticContentAttribute = try o["semanticContentAttribute"]?.named(SemanticContentAttribute.self, "semantic content attribute")
        guides = try o["guides"]?.array().map { g throws(CaseError) in try g.string() }
        stack = try o["stack"].map { s throws(CaseError) in try StackSpec(s) }
        scroll = try o["scroll"]?.bool()
        additionalSafeAreaInsets = try o["additionalSafeAreaInsets"].map { m throws(CaseError) in try Self.edgeInsets(m) }
        respectsSystemMinimumLayoutMargins = try o["respectsSystemMinimumLayoutMargins"]?.bool()
    }

    static func mask(_ at: JSONAt) throws(CaseError) -> AutoresizingMask {
        var mask = AutoresizingMask()
        for item in try at.array() {
            let name = try item.string()
            guard let flag = AutoresizingMask(name: name) else {
                throw item.error("unknown autoresizing flag \"\(name)\"; expected one of \(AutoresizingMask.names.map(\.name).joined(separator: ", "))")
            }
            guard !mask.contains(flag) else { throw item.error("autoresizing flag \"\(name)\" is listed twice") }
            mask.insert(flag)
        }
        return mask
    }

    static func intrinsic(_ at: JSONAt) throws(CaseError) -> IntrinsicSize {
        let items = try at.array()
        guard items.count == 2 else { throw at.error("expected [width, height] (each a number or null), found \(items.count) values") }
        func metric(_ a: JSONAt) throws(CaseError) -> Double? { a.value == .null ? nil : try a.number() }
        return IntrinsicSize(width: try metric(items[0]), height: try metric(items[1]))
    }

    static func axisPriorities(_ at: JSONAt) throws(CaseError) -> AxisPriorities {
        let items = try at.array()
        guard items.count == 2 else { throw at.error("expected [horizontal, vertical] priorities, found \(items.count) values") }
        return AxisPriorities(horizontal: try items[0].priority(), vertical: try items[1].priority())
    }

    static func edgeInsets(_ at: JSONAt) throws(CaseError) -> EdgeInsets {
        let keys = ["top", "left", "bottom", "right"]
        let o = try at.object(allowed: keys, what: "insets {top, left, bottom, right}")
        var v: [Double] = []
        for k in keys { v.append(try o.required(k, "all four insets are required").number()) }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    static func directionalInsets(_ at: JSONAt) throws(CaseError) -> DirectionalEdgeInsets {
        let keys = ["top", "leading", "bottom", "trailing"]
        let o = try at.object(allowed: keys, what: "margins {top, leading, bottom, trailing}")
        var v: [Double] = []
        for k in keys { v.append(try o.required(k, "all four margins are required").number()) }
        return DirectionalEdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }
}

extension StackSpec {
    /// The stack fields, in the order the writer emits them.
    static let fields = [
        "axis", "distribution", "alignment", "spacing", "customSpacing", "arranged",
        "layoutMarginsRelativeArrangement", "baselineRelativeArrangement",
    ]

    init(_ at: JSONAt) throws(CaseError) {
        let o = try at.object(allowed: Self.fields, what: "a stack")
        self.init()
        axis = try o["axis"]?.named(LayoutAxis.self, "axis")
        distribution = try o["distribution"]?.named(StackDistribution.self, "distribution")
        alignment = try o["alignment"]?.named(StackAlignment.self, "alignment")
        if let s = o["spacing"] {
            if case .string(let text) = s.value {
                guard text == "system" else { throw s.error("spacing must be a number or \"system\", not \"\(text)\"") }
                spacing = .system
            } else {
                spacing = .points(try s.number())
            }
        }
        customSpacing = try o["customSpacing"].map { c throws(CaseError) in try Self.customSpacing(c) }
        arranged = try o["arranged"]?.array().map { a throws(CaseError) in try a.string() }
        layoutMarginsRelativeArrangement = try o["layoutMarginsRelativeArrangement"]?.bool()
        baselineRelativeArrangement = try o["baselineRelativeArrangement"]?.bool()
    }

    static func customSpacing(_ at: JSONAt) throws(CaseError) -> [CustomSpacing] {
        guard case .object(let members) = at.value else { throw at.mismatch("an object of spacing after each arranged view id") }
        var out: [CustomSpacing] = []
        for m in members { out.append(CustomSpacing(after: m.key, spacing: try JSONAt(m.value, at.path.key(m.key)).number())) }
        return out
    }
}
