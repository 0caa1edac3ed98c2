import AutoLayout
import LinearConstraints

/// Decoding one explicit constraint from an 8-byte record, valid by construction: the pair of
/// attributes is one UIKit accepts (`ViewTree.checkPair`) and every item has the anchors used.
///
/// Record: byte 0 bits 0-1 the shape (0-1 location to location on one axis, 2 dimension to
/// dimension, possibly across axes, 3 dimension to a constant), bits 2-3 the relation, bits
/// 4-7 rare flags (15 inactive; 11-14 installed only under one size class); bytes 1 and 3 the
/// first and second view; bytes 2 and 4 the attribute (bits 0-4) and which of the view's items
/// (bits 5-7: the view, its safe area, margins, custom or readable guide, scroll guides); byte
/// 5 the multiplier; byte 6 the constant; byte 7 the priority. Every constraint is named `cK`
/// after its index, so conflicts read by name.
extension FuzzBytes {
    static let constraintSize = 8

    static let horizontalLocations: [LayoutAttribute] = [
        .leading, .trailing, .left, .right, .centerX, .leadingMargin, .trailingMargin, .leftMargin, .rightMargin,
        .centerXWithinMargins,
    ]
    static let verticalLocations: [LayoutAttribute] = [
        .top, .bottom, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin, .centerYWithinMargins,
    ]

    static func constraint(_ k: Int, _ r: ByteRecord, _ items: ItemTable) -> ConstraintSpec {
        let first = items.item(view: r[1], selector: r[2])
        var second: ItemTable.Resolved? = items.item(view: r[3], selector: r[4])
        var (a, b) = attributes(r)
        var multiplier = multipliers[Int(r[5]) % multipliers.count]
        if b == nil {
            second = nil
            multiplier = 1
        } else if !a.isDimension, multiplier == 0 {
            multiplier = 1  // a location times zero is a constant, which UIKit refuses
        }
        a = items.usable(a, on: first)
        let secondAnchor = second.flatMap { s in
            b.map { AnchorReference(items.reference(s), matchingEdges(items.usable($0, on: s), to: a)) }
        }
        var spec = ConstraintSpec(
            AnchorReference(items.reference(first), a), relation(r.bits(0, 2, 2)), multiplier: multiplier, secondAnchor,
            constant: constant(r[6]), priority: priorities[Int(r[7]) % priorities.count], identifier: "c\(k)")
        switch r.bits(0, 4, 4) {
        case 15: spec.isActive = false
        case 14: spec.when = SizeClassCondition(horizontal: .compact)
        case 13: spec.when = SizeClassCondition(horizontal: .regular)
        case 12: spec.when = SizeClassCondition(vertical: .compact)
        case 11: spec.when = SizeClassCondition(vertical: .regular)
        default: break
        }
        return spec
    }

    /// The two attributes for the record's shape (nil second: a dimension equals a constant).
    static func attributes(_ r: ByteRecord) -> (LayoutAttribute, LayoutAttribute?) {
        switch r.bits(0, 0, 2) {
        case 0, 1:
            let locations = horizontalLocations + verticalLocations
            let a = locations[r.bits(2, 0, 5) % locations.count]
            let sameAxis = a.axis == .horizontal ? horizontalLocations : verticalLocations
            return (a, sameAxis[r.bits(4, 0, 5) % sameAxis.count])
        case 2: return (r.flag(2, bit: 0) ? .height : .width, r.flag(4, bit: 0) ? .height : .width)
        default: return (r.flag(2, bit: 0) ? .height : .width, nil)
        }
    }

    /// UIKit refuses to relate left/right to leading/trailing: the second attribute takes the
    /// first's kind of horizontal edge (`leftMargin` becomes `leadingMargin`, and so on).
    static func matchingEdges(_ b: LayoutAttribute, to a: LayoutAttribute) -> LayoutAttribute {
        if a.isDirectional, b.isAbsoluteHorizontalEdge {
            switch b {
            case .left: return .leading
            case .right: return .trailing
            case .leftMargin: return .leadingMargin
            default: return .trailingMargin
            }
        }
        if a.isAbsoluteHorizontalEdge, b.isDirectional {
            switch b {
            case .leading: return .left
            case .trailing: return .right
            case .leadingMargin: return .leftMargin
            default: return .rightMargin
            }
        }
        return b
    }
}

/// The items a constraint may name, per view: the view, its built-in guides (scroll guides only
/// on scroll views) and its custom guide.
struct ItemTable {
    struct Entry {
        var id: String
        var isScroll: Bool
        var customGuide: String?
    }

    let entries: [Entry]

    init(_ views: [ViewSpec]) {
        entries = views.map { Entry(id: $0.id, isScroll: $0.scroll == true, customGuide: $0.guides?.first) }
    }

    /// The item picked by a view byte and the top three bits of an attribute byte: 0-3 the view
    /// itself, 4 its safe area, 5 its margins, 6 its custom guide (else its readable guide), 7 a
    /// scroll view's content or frame guide (else its safe area).
    func item(view: UInt8, selector: UInt8) -> Resolved {
        let e = entries[Int(view) % entries.count]
        switch selector >> 5 {
        case 4: return Resolved(id: e.id, guide: .safeArea)
        case 5: return Resolved(id: e.id, guide: .margins)
        case 6: return e.customGuide.map { Resolved(id: $0, guide: nil, isCustomGuide: true) } ?? Resolved(id: e.id, guide: .readable)
        case 7: return Resolved(id: e.id, guide: e.isScroll ? (selector & 0x10 != 0 ? .content : .frameGuide) : .safeArea)
        default: return Resolved(id: e.id, guide: nil)
        }
    }

    /// An item, and whether it is a guide (which has no margin or baseline anchors).
    struct Resolved {
        var id: String
        var guide: BuiltInGuide?
        var isCustomGuide = false
        var isGuide: Bool { guide != nil || isCustomGuide }
    }

    func reference(_ r: Resolved) -> ItemReference { ItemReference(r.id, guide: r.guide) }

    /// `attribute`, or its plain form when the item is a guide: margins become edges and
    /// baselines become top and bottom, keeping the axis and the kind of horizontal edge.
    func usable(_ attribute: LayoutAttribute, on item: Resolved) -> LayoutAttribute {
        guard item.isGuide, !attribute.existsOnGuides else { return attribute }
        switch attribute {
        case .leftMargin: return .left
        case .rightMargin: return .right
        case .leadingMargin: return .leading
        case .trailingMargin: return .trailing
        case .topMargin, .firstBaseline: return .top
        case .bottomMargin, .lastBaseline: return .bottom
        case .centerXWithinMargins: return .centerX
        default: return .centerY
        }
    }
}
