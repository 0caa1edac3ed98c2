import AutoLayout
import LinearConstraints
import StrutSystem

/// The structural mutation that invents a constraint between existing items: views (optionally
/// through a built-in guide) and custom guides, with an attribute pair that is usually legal.
extension Mutator {
    /// Items a new constraint may name: every view, its safe area and margins guides, a scroll
    /// view's content and frame guides, and every custom guide. In file order.
    static func items(_ c: LayoutCase) -> [(item: ItemReference, isGuide: Bool)] {
        var out: [(item: ItemReference, isGuide: Bool)] = []
        for v in c.views {
            out.append((ItemReference(v.id), false))
            out.append((ItemReference(v.id, guide: .safeArea), true))
            out.append((ItemReference(v.id, guide: .margins), true))
            if v.scroll == true {
                out.append((ItemReference(v.id, guide: .content), true))
                out.append((ItemReference(v.id, guide: .frameGuide), true))
            }
            for g in v.guides ?? [] { out.append((ItemReference(g), true)) }
        }
        return out
    }

    static let horizontalFamilies: [[LayoutAttribute]] = [
        [.leading, .trailing, .centerX, .leadingMargin, .trailingMargin, .centerXWithinMargins],
        [.left, .right, .centerX, .leftMargin, .rightMargin, .centerXWithinMargins],
    ]
    static let verticalLocations: [LayoutAttribute] = [
        .top, .bottom, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin, .centerYWithinMargins,
    ]

    /// A location attribute of a family drawn for one axis, restricted to what `isGuide` allows.
    mutating func location(_ family: [LayoutAttribute], isGuide: Bool) -> LayoutAttribute {
        random.pick(family.filter { !isGuide || $0.existsOnGuides })
    }

    /// A new constraint: a dimension to a constant or to another dimension (30%), or a location
    /// to a location on the same axis and family (70%); required most of the time.
    mutating func addConstraint(_ c: LayoutCase) -> (LayoutCase, String)? {
        let items = Self.items(c)
        guard !items.isEmpty else { return nil }
        let a = random.pick(items), b = random.pick(items)
        var spec: ConstraintSpec
        if random.chance(0.3) {
            let first = AnchorReference(a.item, random.pick([.width, .height]))
            if random.chance(0.5) {
                spec = ConstraintSpec(first, random.pick(Relation.allCases), constant: tweak(40, nonNegative: true))
            } else {
                let m = random.chance(0.5) ? 1 : tweakMultiplier(1)
                spec = ConstraintSpec(first, random.pick(Relation.allCases), multiplier: m,
                                      AnchorReference(b.item, random.pick([.width, .height])), constant: tweak(0))
            }
        } else {
            let family = random.chance(0.5) ? random.pick(Self.horizontalFamilies) : Self.verticalLocations
            let first = AnchorReference(a.item, location(family, isGuide: a.isGuide))
            let second = AnchorReference(b.item, location(family, isGuide: b.isGuide))
            spec = ConstraintSpec(first, random.pick(Relation.allCases), second, constant: tweak(0))
        }
        if random.chance(0.3) { spec.priority = tweakPriority(.required) }
        spec.identifier = "fz\(nextSerial())"
        var m = c
        m.constraints.insert(spec, at: random.int(in: 0...c.constraints.count))
        return (m, "add constraint \(Self.text(spec))")
    }
}
