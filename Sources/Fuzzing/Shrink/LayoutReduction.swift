import AutoLayout

/// Removals from a layout case that keep it consistent: whatever referred to a removed part
/// (constraints, visual formats, stack arrangements and custom spacings, expected frames and
/// ambiguity) goes with it. Pure functions, each linear in the case's size; the shrinker checks
/// validity afterwards, so a removal the rules still refuse is simply not tried.
enum LayoutReduction {
    /// The case without the non-root views `ids`. `subtree`: their descendants go too; else
    /// their subviews move up to the nearest surviving ancestor (the root always survives).
    static func removingViews(_ c: LayoutCase, _ ids: Set<String>, subtree: Bool) -> LayoutCase {
        var removed = ids
        removed.remove(c.root)
        if subtree {
            for v in c.views where v.superview.map(removed.contains) ?? false { removed.insert(v.id) }
        }
        var superOf: [String: String] = [:]
        for v in c.views { if let s = v.superview { superOf[v.id] = s } }
        var out = c
        out.views = c.views.filter { !removed.contains($0.id) }
        for i in out.views.indices {
            var s = out.views[i].superview
            while let name = s, removed.contains(name) { s = superOf[name] }
            out.views[i].superview = s
        }
        var gone = removed
        for v in c.views where removed.contains(v.id) { gone.formUnion(v.guides ?? []) }
        return droppingReferences(out, to: gone)
    }

    /// The case without the custom guides `names`.
    static func removingGuides(_ c: LayoutCase, _ names: Set<String>) -> LayoutCase {
        var out = c
        for i in out.views.indices {
            guard let g = out.views[i].guides else { continue }
            let kept = g.filter { !names.contains($0) }
            out.views[i].guides = kept.isEmpty ? nil : kept
        }
        return droppingReferences(out, to: names)
    }

    /// Drops constraints and formats naming any of `gone`, arrangements and custom spacings of
    /// gone views, and expectations about them.
    static func droppingReferences(_ c: LayoutCase, to gone: Set<String>) -> LayoutCase {
        var out = c
        out.constraints = c.constraints.filter { k in
            !gone.contains(k.first.item.id) && !(k.second.map { gone.contains($0.item.id) } ?? false)
        }
        out.formats = c.formats.filter { f in !formatNames(f.format).contains(where: gone.contains) }
        for i in out.views.indices {
            if let stack = out.views[i].stack { out.views[i].stack = removingArranged(stack, gone) }
        }
        for e in out.expect.indices {
            out.expect[e].frames = out.expect[e].frames?.filter { !gone.contains($0.view) }
            out.expect[e].ambiguous = out.expect[e].ambiguous?.filter { !gone.contains($0) }
        }
        return out
    }

    /// The stack without the arranged views `gone` (and their custom spacings).
    static func removingArranged(_ stack: StackSpec, _ gone: Set<String>) -> StackSpec {
        var s = stack
        if let a = s.arranged {
            let kept = a.filter { !gone.contains($0) }
            s.arranged = kept.isEmpty ? nil : kept
        }
        if let cs = s.customSpacing {
            let kept = cs.filter { !gone.contains($0.after) }
            s.customSpacing = kept.isEmpty ? nil : kept
        }
        return s
    }

    /// The identifiers a visual format mentions (view names, metric names, `H`/`V`), in order.
    /// Conservative on purpose: a format naming anything removed is dropped.
    static func formatNames(_ format: String) -> [String] {
        var names: [String] = []
        var current: [UInt8] = []
        func flush() {
            if let f = current.first, !(f >= 48 && f <= 57) { names.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll()
        }
        for b in format.utf8 {
            let isWordByte = (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || (b >= 48 && b <= 57)
            if isWordByte { current.append(b) } else { flush() }
        }
        flush()
        return names
    }

    /// The case with only the devices at `kept` (indices into `devices`), and without the
    /// expectations keyed by a device no longer listed. `*` expectations stay.
    static func keepingDevices(_ c: LayoutCase, _ kept: [Int]) -> LayoutCase {
        guard let devices = c.devices else { return c }
        var out = c
        let list = kept.map { devices[$0] }
        out.devices = list
        let custom = list.compactMap { d -> Device? in if case .custom(let x) = d { x } else { nil } }
        let ids = list.compactMap { d -> String? in
            switch d {
            case .custom(let x): x.id
            case .id(let text): try? DeviceSpec.configuration(text, customDevices: custom).id
            }
        }
        out.expect = c.expect.filter { e in
            e.device == "*" || (try? DeviceSpec.configuration(e.device, customDevices: custom)).map { ids.contains($0.id) } ?? false
        }
        return out
    }
}
