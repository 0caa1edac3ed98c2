import LinearConstraints

/// Index of a view in a `ViewTree`'s `views` arena (the root is 0; order is the case's order).
public struct ViewIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: ViewIndex, b: ViewIndex) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "view#\(rawValue)" }
}

/// Index of a layout item (a view or a layout guide) in a `ViewTree`'s `items` arena. Item `i`
/// for `i < views.count` is view `i`, so a view's item index equals its view index.
public struct ItemIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: ItemIndex, b: ItemIndex) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "item#\(rawValue)" }
}

/// Something constraints position: a view, one of a view's built-in guides, or a custom guide a
/// view owns. Guides are not views: they have no subviews, margins, baselines or frames of their
/// own to keep, only the rectangle their constraints give them.
public struct LayoutItem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case view
        case builtInGuide(BuiltInGuide)
        case customGuide
    }

    public var kind: Kind
    /// The view itself for a view; the owning view for a guide.
    public var owner: ViewIndex
    /// How constraints name it: `v1`, `v1.safeArea`, `spacer1`.
    public var name: String

    public init(kind: Kind, owner: ViewIndex, name: String) {
        self.kind = kind
        self.owner = owner
        self.name = name
    }

    public var isView: Bool { kind == .view }
}

/// The built-in guides of one view, as item indices.
public struct BuiltInGuideItems: Hashable, Sendable {
    public var safeArea: ItemIndex
    public var margins: ItemIndex
    public var readable: ItemIndex
    /// Scroll views only.
    public var content: ItemIndex?
    /// Scroll views only.
    public var frameGuide: ItemIndex?

    public subscript(guide: BuiltInGuide) -> ItemIndex? {
        switch guide {
        case .safeArea: safeArea
        case .margins: margins
        case .readable: readable
        case .content: content
        case .frameGuide: frameGuide
        }
    }
}

/// An attribute of an item in the tree (UIKit's layout anchor, resolved).
public struct Anchor: Hashable, Sendable {
    public var item: ItemIndex
    public var attribute: LayoutAttribute

    public init(_ item: ItemIndex, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }
}

/// An explicit constraint of the case with its items resolved and checked:
/// `first RELATION multiplier × second + constant` (or `first RELATION constant`).
public struct LayoutConstraint: Hashable, Sendable {
    /// Index in the case's `constraints`, for messages and expectations.
    public var source: Int
    public var first: Anchor
    public var relation: Relation
    public var multiplier: Double
    public var second: Anchor?
    public var constant: Double
    public var priority: Priority
    public var identifier: String?
    public var when: SizeClassCondition?
    public var isActive: Bool
    /// Whether the constraint resolves leading and trailing (and the sense of its constant) by
    /// the direction of its container, the nearest common ancestor of its items' views, instead
    /// of each item's own: a stack view's generated constraints, whose container is the stack,
    /// follow it as UIKit's do (forcing a stack right-to-left reverses its arranged views
    /// whatever their own attribute says). False for the case's own constraints. A flag rather
    /// than a view, so the constraint stays as small as before (device switches copy them).
    public var followsContainerDirection = false

    public init(
        source: Int, first: Anchor, relation: Relation, multiplier: Double, second: Anchor?, constant: Double,
        priority: Priority, identifier: String?, when: SizeClassCondition?, isActive: Bool
    ) {
        self.source = source
        self.first = first
        self.relation = relation
        self.multiplier = multiplier
        self.second = second
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.when = when
        self.isActive = isActive
    }

    /// Whether the constraint takes part in a layout whose size classes are `traits`: active and
    /// its `when` (if any) matches.
    public func isInstalled(in traits: SizeClasses) -> Bool {
        isActive && (when?.matches(traits) ?? true)
    }
}

extension ViewTree {
    /// The constraint in the case's string notation, with items by name
    /// (`v3.height == 20 @750 #v3-height`), for logs and conflict reports. Parsing the text gives
    /// back the case's constraint, less its `when` and `active`, which are not part of the text;
    /// an identifier the string form cannot hold (empty, or with spaces) is shown quoted instead.
    public func text(of constraint: LayoutConstraint) -> String {
        var spec = ConstraintSpec(
            anchorReference(constraint.first), constraint.relation, multiplier: constraint.multiplier,
            constraint.second.map(anchorReference), constant: constraint.constant, priority: constraint.priority)
        spec.identifier = constraint.identifier.flatMap { ConstraintSpec.isStringFormIdentifier($0) ? $0 : nil }
        var text = spec.stringForm ?? ""
        if let identifier = constraint.identifier, spec.identifier == nil { text += " #\"\(identifier)\"" }
        return text
    }

    /// How a constraint names `anchor`'s item: a view or custom guide by id, a built-in guide as
    /// `owner.guide`.
    func anchorReference(_ anchor: Anchor) -> AnchorReference {
        let item = items[anchor.item.rawValue]
        let reference: ItemReference
        switch item.kind {
        case .builtInGuide(let guide): reference = ItemReference(views[item.owner.rawValue].id, guide: guide)
        case .view, .customGuide: reference = ItemReference(item.name)
        }
        return AnchorReference(reference, anchor.attribute)
    }
}
