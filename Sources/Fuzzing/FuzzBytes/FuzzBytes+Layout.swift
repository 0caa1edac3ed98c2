import AutoLayout
import LinearConstraints

/// Decoding a layout case: a 5-byte header, one 7-byte record per view after the root, then
/// 8-byte constraint records (`FuzzBytes+Constraints.swift`).
///
/// Header: byte 0 the view count (1 ... `maxViews`, root included); byte 1 the first device
/// (catalog order); byte 2 flags (bit 0 landscape, bits 1-3 an iPad split, bit 4 a second
/// device from byte 3, bit 5 right-to-left, bit 6 the root ignores the system minimum margins,
/// bit 7 additional safe area insets from byte 4).
///
/// View record: byte 0 the superview (any earlier view); byte 1 bits 0-1 the intrinsic size
/// (none, both, width, height), bit 2 a label baseline, bits 3-4 plain/plain/stack/scroll, bit 5
/// a custom guide; bytes 2-3 the intrinsic width and height (a stack: its settings); byte 4
/// hugging (bits 0-3) and compression resistance (bits 4-7); byte 5 rare flags (bits 0-2 all
/// set: hidden; bits 3-5 all set: translates its autoresizing mask with a frame; bits 6-7:
/// 2 forced right-to-left, 3 own layout margins from byte 6); byte 6 margins and margin flags.
/// Every subview of a stack is arranged, in order.
extension FuzzBytes {
    static let viewSize = 7
    static let headerSize = 5

    static func decodeLayout(_ reader: inout ByteReader, name: String, description: String) -> LayoutCase {
        let h = reader.record(headerSize)
        let count = 1 + h.index(0, maxViews)
        var views = [rootView(h)]
        for i in 1..<count { views.append(view(i, reader.record(viewSize))) }
        arrangeStacks(&views)
        let items = ItemTable(views)
        var constraints: [ConstraintSpec] = []
        for k in 0..<reader.records(of: constraintSize, limit: maxConstraints) {
            constraints.append(constraint(k, reader.record(constraintSize), items))
        }
        return LayoutCase(
            name: name, description: description, defaults: LayoutCase.Defaults(translatesAutoresizingMask: false),
            root: views[0].id, views: views, constraints: constraints, devices: devices(h),
            layoutDirection: h.flag(2, bit: 5) ? .rightToLeft : nil)
    }

    static func viewID(_ i: Int) -> String { i == 0 ? "main" : "v\(i)" }

    /// The root: the view controller's settings from the header.
    static func rootView(_ h: ByteRecord) -> ViewSpec {
        var root = ViewSpec(id: viewID(0))
        if h.flag(2, bit: 6) { root.respectsSystemMinimumLayoutMargins = false }
        if h.flag(2, bit: 7) {
            root.additionalSafeAreaInsets = EdgeInsets(top: Double(h.bits(4, 0, 4)) * 4, left: 0, bottom: Double(h.bits(4, 4, 4)) * 4, right: 0)
        }
        return root
    }

    /// One or two catalog configurations: an orientation, a split for iPads, and a second
    /// device so that the device switch (an incremental edit) is exercised.
    static func devices(_ h: ByteRecord) -> [CaseDevice] {
        let all = DeviceCatalog.all
        let first = all[h.index(1, all.count)]
        var split: SplitPane?
        if first.isPad, h.bits(2, 1, 3) < SplitPane.allCases.count { split = SplitPane.allCases[h.bits(2, 1, 3)] }
        var ids = [configurationID(first, landscape: h.flag(2, bit: 0), split: split)]
        if h.flag(2, bit: 4) {
            let second = configurationID(all[h.index(3, all.count)], landscape: (Int(h[3]) / all.count) & 1 == 1, split: nil)
            if second != ids[0] { ids.append(second) }
        }
        return ids.map { .id($0) }
    }

    /// `id[:orientation[:split]]`, checked against the catalog; a combination the catalog
    /// refuses falls back to the orientation alone.
    static func configurationID(_ device: Device, landscape: Bool, split: SplitPane?) -> String {
        let base = device.id + (landscape ? ":landscape" : "")
        guard let split else { return base }
        let text = device.id + (landscape ? ":landscape:" : ":portrait:") + split.rawValue
        return (try? DeviceSpec.configuration(text)) != nil ? text : base
    }

    static let axisPriorities: [Priority?] = [
        nil, nil, nil, nil, nil, nil, nil, nil, Priority(251), .defaultLow, Priority(249), .defaultHigh,
        Priority(751), Priority(749), .required, Priority(1),
    ]

    /// View `i` from its record (see the type's comment for the byte layout).
    static func view(_ i: Int, _ r: ByteRecord) -> ViewSpec {
        var v = ViewSpec(id: viewID(i), superview: viewID(r.index(0, i)))
        let container = r.bits(1, 3, 2)
        if container == 2 {
            v.stack = stack(r)
        } else {
            if container == 3 { v.scroll = true }
            intrinsic(&v, r)
        }
        if r.flag(1, bit: 5) { v.guides = ["g\(i)"] }
        if r.bits(5, 0, 3) == 7 { v.hidden = true }
        if r.bits(5, 3, 3) == 7 {
            v.translatesAutoresizingMask = true
            v.frame = LayoutRect(x: Double(r[2] % 64), y: Double(r[3] % 64), width: length(r[2]), height: length(r[3]))
            let mask = AutoresizingMask(rawValue: r[4] & 63)
            if mask.rawValue != 0 { v.autoresizing = mask }
        }
        switch r.bits(5, 6, 2) {
        case 2: v.semanticContentAttribute = .forceRightToLeft
        case 3: margins(&v, r[6])
        default: break
        }
        return v
    }

    /// Intrinsic size, label baseline, hugging and compression resistance.
    static func intrinsic(_ v: inout ViewSpec, _ r: ByteRecord) {
        let mode = r.bits(1, 0, 2)
        if mode != 0 {
            v.intrinsicSize = IntrinsicSize(width: mode == 3 ? nil : length(r[2]), height: mode == 2 ? nil : length(r[3]))
        }
        if r.flag(1, bit: 2) {
            let h = v.intrinsicSize?.height ?? 21
            v.baseline = Baseline(first: (h * 0.75).rounded(), last: (h * 0.25).rounded())
        }
        if let p = axisPriorities[r.bits(4, 0, 4)] { v.hugging = AxisPriorities(horizontal: p, vertical: p) }
        if let p = axisPriorities[r.bits(4, 4, 4)] { v.compressionResistance = AxisPriorities(horizontal: p, vertical: p) }
    }

    /// A stack's settings from bytes 2 and 3; its arranged views are filled in afterwards.
    static func stack(_ r: ByteRecord) -> StackSpec {
        var s = StackSpec()
        s.axis = r.flag(2, bit: 0) ? .vertical : .horizontal
        s.distribution = StackDistribution.allCases[r.bits(2, 1, 3) % StackDistribution.allCases.count]
        s.alignment = StackAlignment.allCases[r.bits(2, 4, 3)]
        s.spacing = r[3] == 255 ? .system : .points(constant(r[3]))
        if r.flag(2, bit: 7) { s.layoutMarginsRelativeArrangement = true }
        if r.flag(4, bit: 0) { s.baselineRelativeArrangement = true }
        return s
    }

    /// Own layout margins (the same on every side) and the two margin flags.
    static func margins(_ v: inout ViewSpec, _ b: UInt8) {
        let m = Double(b & 31)
        v.layoutMargins = DirectionalEdgeInsets(top: m, leading: m, bottom: m, trailing: m)
        if b & 0x20 != 0 { v.preservesSuperviewLayoutMargins = true }
        if b & 0xC0 == 0xC0 { v.insetsLayoutMarginsFromSafeArea = false }
    }

    /// Every subview of a stack view becomes one of its arranged views, in subview order.
    static func arrangeStacks(_ views: inout [ViewSpec]) {
        for s in views.indices where views[s].stack != nil {
            let arranged = views.filter { $0.superview == views[s].id }.map(\.id)
            views[s].stack?.arranged = arranged.isEmpty ? nil : arranged
        }
    }
}
