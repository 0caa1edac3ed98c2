import AutoLayout
import LinearConstraints

extension RandomTreeBuilder {
    /// The optional priorities a soft determiner takes, and those of implied extra constraints.
    static let softPriorities: [Priority] = [Priority(999), .defaultHigh, Priority(500), .defaultLow]
    static let extraPriorities: [Priority] = [.required, Priority(999), .defaultHigh, .defaultLow, .fittingSizeLevel]

    /// The item a subview of `p` is placed against: `p` itself, its margins, the root's safe
    /// area (subviews of the root) or `p`'s custom guide.
    mutating func container(of p: Int) -> ItemReference {
        let pid = Self.name(p)
        if let guide = guideOf[p], rng.chance(0.5) { return ItemReference(guide) }
        if p == 0, rng.chance(shape.safeArea) { return ItemReference(pid, guide: .safeArea) }
        if rng.chance(shape.margins) { return ItemReference(pid, guide: .margins) }
        return ItemReference(pid)
    }

    /// Determines both axes of view `i` and adds the implied extra constraints.
    mutating func addConstraints(_ i: Int, parent p: Int, sibling: Int?) {
        let id = Self.name(i)
        let label = rng.chance(shape.baselines)
        let intrinsic = rng.chance(shape.intrinsic)
        var determiners: [Determiner] = []
        for axis in LayoutAxis.allCases {
            let x = container(of: p)
            determiners += axisDeterminers(id, axis, container: x, sibling: sibling.map(Self.name), intrinsic: intrinsic,
                                           baselineSibling: label && sibling.map { isLabel[$0] } == true)
        }
        if intrinsic || label {
            let w = rng.stepped(20...160, step: 1), h = rng.stepped(17...44, step: 1)
            b.views[b.views.count - 1].intrinsicSize = intrinsic ? IntrinsicSize(width: w, height: h) : nil
            if label { b.views[b.views.count - 1].baseline = Baseline(first: (h * 0.75).rounded(), last: (h * 0.25).rounded()) }
            isLabel[i] = label
        }
        for d in determiners {
            let priority = rng.chance(shape.soft) ? rng.pick(Self.softPriorities) : .required
            b.add(d.first, .equal, d.second, times: d.multiplier, d.constant, priority: priority)
            if rng.chance(shape.duplicates) { b.add(d.first, .equal, d.second, times: d.multiplier, d.constant) }
        }
        addImplied(determiners)
    }

    /// Two determiners for one axis (one when the size is intrinsic).
    mutating func axisDeterminers(
        _ id: String, _ axis: LayoutAxis, container x: ItemReference, sibling: String?, intrinsic: Bool, baselineSibling: Bool
    ) -> [Determiner] {
        let h = axis == .horizontal
        let absolute = h && rng.chance(shape.absoluteEdges)
        let lead: LayoutAttribute = h ? (absolute ? .left : .leading) : .top
        let trail: LayoutAttribute = h ? (absolute ? .right : .trailing) : .bottom
        let center: LayoutAttribute = h ? .centerX : .centerY
        let dim: LayoutAttribute = h ? .width : .height
        let inset = rng.stepped(0...24, step: 0.5)
        if !intrinsic, rng.chance(0.25) {  // stretch between the container's edges
            return [Determiner(first: a(id, lead), second: AnchorReference(x, lead), constant: inset),
                    Determiner(first: a(id, trail), second: AnchorReference(x, trail), constant: -rng.stepped(0...24, step: 0.5))]
        }
        var out: [Determiner] = []
        if !h, baselineSibling, let s = sibling {
            out.append(Determiner(first: a(id, .firstBaseline), second: a(s, .firstBaseline), constant: 0))
        } else if let s = sibling, rng.chance(0.4) {
            out.append(Determiner(first: a(id, lead), second: a(s, trail), constant: rng.stepped(0...16, step: 1)))
        } else {
            switch rng.int(in: 0...2) {
            case 0: out.append(Determiner(first: a(id, lead), second: AnchorReference(x, lead), constant: inset))
            case 1: out.append(Determiner(first: a(id, trail), second: AnchorReference(x, trail), constant: -inset))
            default: out.append(Determiner(first: a(id, center), second: AnchorReference(x, center), constant: rng.stepped(-20...20, step: 1)))
            }
        }
        if !intrinsic { out.append(sizeDeterminer(id, dim, container: x, sibling: sibling)) }
        return out
    }

    /// The size: a constant, a multiple of the container's, or the previous sibling's.
    mutating func sizeDeterminer(_ id: String, _ dim: LayoutAttribute, container x: ItemReference, sibling: String?) -> Determiner {
        if rng.chance(shape.multipliers) {
            let m = rng.pick([0.25, 0.5, 0.75])
            return Determiner(first: a(id, dim), second: AnchorReference(x, dim), multiplier: m, constant: -rng.stepped(0...16, step: 1))
        }
        if let s = sibling, rng.chance(0.3) {
            return Determiner(first: a(id, dim), second: a(s, dim), constant: rng.stepped(-8...8, step: 1))
        }
        return Determiner(first: a(id, dim), second: nil, constant: rng.stepped(8...240, step: 1))
    }

    /// Extra inequalities implied by the determiners: `first >= m·second + c − slack` or
    /// `first <= m·second + c + slack`, slack 0 half the time (tight, a degenerate row).
    mutating func addImplied(_ determiners: [Determiner]) {
        guard !determiners.isEmpty else { return }
        var count = Int(shape.density)
        if rng.chance(shape.density - Double(count)) { count += 1 }
        for _ in 0..<count {
            let d = rng.pick(determiners)
            let slack = rng.chance(0.5) ? 0 : rng.stepped(0.5...40, step: 0.5)
            let below = rng.chance(0.5)
            b.add(d.first, below ? .greaterThanOrEqual : .lessThanOrEqual, d.second, times: d.multiplier,
                  d.constant + (below ? -slack : slack), priority: rng.pick(Self.extraPriorities))
        }
    }

    /// A view made in code: translates its autoresizing mask, with a frame and a random mask.
    mutating func addAutoresizingView(_ id: String, parent p: Int) {
        let frame = LayoutRect(
            x: rng.stepped(0...200, step: 1), y: rng.stepped(0...400, step: 1),
            width: rng.stepped(10...200, step: 1), height: rng.stepped(10...120, step: 1))
        let mask = AutoresizingMask(rawValue: UInt8(rng.int(in: 0...63)))
        b.view(id, in: Self.name(p)) {
            $0.translatesAutoresizingMask = true
            $0.frame = frame
            $0.autoresizing = mask.rawValue == 0 ? nil : mask
        }
    }

    /// A custom guide owned by view `i`, determined against `i` like a view.
    mutating func addGuide(to i: Int) {
        let gid = "g\(nextGuide)"
        nextGuide += 1
        let owner = Self.name(i)
        b.views[b.views.count - 1].guides = [gid]  // called right after view i was added
        guideOf[i] = gid
        let x = ItemReference(owner)
        for axis in LayoutAxis.allCases {
            let lead: LayoutAttribute = axis == .horizontal ? .leading : .top
            let dim: LayoutAttribute = axis == .horizontal ? .width : .height
            b.add(a(gid, lead), .equal, AnchorReference(x, lead), rng.stepped(0...20, step: 1))
            b.add(a(gid, dim), .equal, AnchorReference(x, dim), times: rng.pick([0.5, 1]), -rng.stepped(0...20, step: 1))
        }
    }
}
