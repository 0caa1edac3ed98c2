import LinearConstraints

@testable import AutoLayout

/// A seeded SplitMix64 source and builders of random case parts, for the property tests: the
/// same seed gives the same case, so a failure's seed replays it.
struct CaseRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    /// A number as files hold them: integers, halves, or awkward decimals.
    mutating func number(_ range: ClosedRange<Int> = -500...500) -> Double {
        switch int(0...3) {
        case 0: Double(int(range))
        case 1: Double(int(range)) / 2
        case 2: Double(int(range)) / 3
        default: Double(int(range)) * 0.1
        }
    }

    mutating func priority() -> Priority {
        pick([Priority.required, .defaultHigh, .defaultLow, .fittingSizeLevel, Priority(999.5), Priority(999.999), Priority(Float(int(1...1000)))])
    }

    mutating func maybe<T>(_ percent: Int = 50, _ make: (inout CaseRandom) -> T) -> T? {
        chance(percent) ? make(&self) : nil
    }

    /// A constraint between valid attribute pairs of items named by `ids` (no built-in guides
    /// other than safeArea/margins/readable, so every view can carry them).
    mutating func constraint(ids: [String], guideIDs: [String] = [], stringForm: Bool) -> ConstraintSpec {
        let guides: [BuiltInGuide?] = [nil, nil, .safeArea, .margins, .readable]
        func item(_ r: inout CaseRandom) -> ItemReference {
            if !guideIDs.isEmpty, r.chance(20) { return ItemReference(r.pick(guideIDs)) }
            return ItemReference(r.pick(ids), guide: r.pick(guides))
        }
        let dimension = chance(40)
        let attributes: [LayoutAttribute] = dimension
            ? [.width, .height]
            : pick([[.left, .right, .centerX], [.leading, .trailing, .centerX], [.top, .bottom, .centerY]])
        var c = ConstraintSpec(AnchorReference(item(&self), pick(attributes)), pick(Relation.allCases))
        if !dimension || chance(70) {
            c.second = AnchorReference(item(&self), pick(attributes))
            if chance(40) { c.multiplier = pick([0.5, 2, -1, 0.1, 1.5, 1.0 / 3]) }
        }
        c.constant = chance(60) ? number() : 0
        c.priority = priority()
        if chance(50) { c.identifier = pick(["c1", "v3-width", "UISV-spacing", "é#x"]) }
        if !stringForm {
            if chance(30) { c.identifier = pick(["with space", "", "x"]) == "" ? nil : "with space" }
            if chance(30) { c.when = pick([SizeClassCondition(horizontal: .regular), SizeClassCondition(vertical: .compact), SizeClassCondition(horizontal: .compact, vertical: .regular)]) }
            if chance(20) { c.isActive = false }
        }
        return c
    }
}

extension CaseRandom {
    /// A random valid case: a tree of up to 8 views with random optional fields, guides, stacks,
    /// scroll views, constraints, formats, devices and expectations.
    mutating func layoutCase() -> LayoutCase {
        let count = int(1...8)
        var views: [ViewSpec] = []
        var guideIDs: [String] = []
        for i in 0..<count {
            var v = ViewSpec(id: i == 0 ? "main" : "v\(i)", superview: i == 0 ? nil : views[int(0...i - 1)].id)
            fillFields(&v)
            if chance(25) {
                v.guides = (0..<int(0...2)).map { "g\(i)_\($0)" }
                guideIDs += v.guides!
            }
            views.append(v)
        }
        if chance(50) {
            views[0].additionalSafeAreaInsets = EdgeInsets(top: number(0...50), left: 0, bottom: number(0...50), right: 0)
        }
        views[0].respectsSystemMinimumLayoutMargins = maybe { $0.chance(50) }
        for i in 0..<count where chance(25) { views[i].stack = stack(for: views[i].id, in: views) }
        for i in 0..<count where views[i].stack == nil && chance(20) { views[i].scroll = true }
        let ids = views.map(\.id)
        var c = LayoutCase(name: pick(["random", "case-1", "é name"]), root: "main", views: views)
        c.description = maybe { $0.pick(["by hand", "line\nbreak \"quoted\""]) }
        c.defaults.translatesAutoresizingMask = maybe { $0.chance(50) }
        c.constraints = (0..<int(0...10)).map { _ in constraint(ids: ids, guideIDs: guideIDs, stringForm: chance(50)) }
        if chance(30) {
            c.formats = [FormatSpec(format: "H:|-[\(pick(ids))]-|", metrics: chance(50) ? [.init("pad", number())] : [],
                                    options: chance(50) ? [.alignAllTop, .directionLeftToRight] : [])]
        }
        if chance(40) {
            let tv = Device(id: "tv", models: "", portraitSize: PointSize(width: 1920, height: 1080), scale: 1,
                            portraitSafeArea: .zero, landscapeSafeArea: .zero,
                            kind: .custom(SizeClasses(horizontal: .regular, vertical: .compact)))
            c.devices = [.id("iphone-8"), .id("iphone-x:landscape"), .id("ipad-pro-12.9:landscape:half"), .custom(tv)]
        }
        c.layoutDirection = maybe { $0.pick(LayoutDirection.allCases) }
        if chance(50) { c.expect = expectations(ids: ids, devices: c.devices == nil ? ["iphone-se"] : ["tv", "iphone-8"]) }
        return c
    }

    mutating func fillFields(_ v: inout ViewSpec) {
        v.frame = maybe { LayoutRect(x: $0.number(), y: $0.number(), width: $0.number(0...400), height: $0.number(0...400)) }
        v.translatesAutoresizingMask = maybe(30) { $0.chance(50) }
        v.autoresizing = maybe(30) { AutoresizingMask(rawValue: UInt8($0.int(0...63))) }
        v.intrinsicSize = maybe(30) { r in IntrinsicSize(width: r.maybe { $0.number(0...300) }, height: r.maybe { $0.number(0...300) }) }
        v.hugging = maybe(20) { AxisPriorities(horizontal: $0.priority(), vertical: $0.priority()) }
        v.compressionResistance = maybe(20) { AxisPriorities(horizontal: $0.priority(), vertical: $0.priority()) }
        v.baseline = maybe(20) { r in Baseline(first: r.maybe { $0.number() }, last: r.maybe { $0.number() }) }
        v.hidden = maybe(20) { $0.chance(50) }
        v.layoutMargins = maybe(20) { DirectionalEdgeInsets(top: $0.number(), leading: $0.number(), bottom: $0.number(), trailing: $0.number()) }
        v.preservesSuperviewLayoutMargins = maybe(20) { $0.chance(50) }
        v.insetsLayoutMarginsFromSafeArea = maybe(20) { $0.chance(50) }
        v.alignmentRectInsets = maybe(20) { EdgeInsets(top: $0.number(), left: $0.number(), bottom: $0.number(), right: $0.number()) }
        v.semanticContentAttribute = maybe(20) { $0.pick(SemanticContentAttribute.allCases) }
        if let s = v.intrinsicSize, s.width != nil || s.height != nil { v.fixedSize = maybe(20) { $0.chance(50) } }
    }

    mutating func stack(for id: String, in views: [ViewSpec]) -> StackSpec {
        var s = StackSpec()
        s.axis = maybe { $0.pick(LayoutAxis.allCases) }
        s.distribution = maybe { $0.pick(StackDistribution.allCases) }
        s.alignment = maybe { $0.pick(StackAlignment.allCases) }
        s.spacing = maybe { $0.chance(30) ? .system : .points($0.number()) }
        let children = views.filter { $0.superview == id }.map(\.id).filter { _ in chance(70) }
        s.arranged = maybe(80) { _ in children }
        if s.arranged != nil, let first = children.first, chance(40) { s.customSpacing = [.init(after: first, spacing: number())] }
        s.layoutMarginsRelativeArrangement = maybe { $0.chance(50) }
        s.baselineRelativeArrangement = maybe { $0.chance(50) }
        return s
    }

    mutating func expectations(ids: [String], devices: [String]) -> [DeviceExpectation] {
        var out = [DeviceExpectation(device: "*", conflicts: maybe { _ in [["a", "b"]] })]
        var e = DeviceExpectation(device: pick(devices))
        e.frames = ids.filter { _ in chance(50) }.map { .init($0, LayoutRect(x: number(), y: number(), width: number(0...300), height: number(0...300))) }
        e.ambiguous = maybe { r in ids.filter { _ in r.chance(30) } }
        out.append(e)
        return out
    }
}
