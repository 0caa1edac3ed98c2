import LinearConstraints

/// An item as a constraint names it: a view or custom guide id, optionally followed by one of
/// the view's built-in guides (`main`, `spacer1`, `main.safeArea`).
public struct ItemReference: Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var guide: BuiltInGuide?

    public init(_ id: String, guide: BuiltInGuide? = nil) {
        self.id = id
        self.guide = guide
    }

    public var description: String { guide.map { "\(id).\($0.rawValue)" } ?? id }
}

/// An item and one of its attributes (`v.safeArea.top`), UIKit's layout anchor.
public struct AnchorReference: Hashable, Sendable, CustomStringConvertible {
    public var item: ItemReference
    public var attribute: LayoutAttribute

    public init(_ item: ItemReference, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    public var description: String { "\(item).\(attribute.rawValue)" }
}

/// One explicit constraint of a case file, as written:
/// `first RELATION multiplier * second + constant @priority #identifier`, or
/// `first RELATION constant` when `second` is nil.
///
/// The case-level fields `when` (a size-class condition) and `active` travel with it. Checks of
/// meaning (axes, item kinds, known ids) happen when the case is validated into a `ViewTree`,
/// so a case built in code is checked exactly like one read from a file.
public struct ConstraintSpec: Hashable, Sendable {
    public var first: AnchorReference
    public var relation: Relation
    /// Multiplier of `second`; 1 unless given. Meaningless (and must be 1) without `second`.
    public var multiplier: Double
    public var second: AnchorReference?
    public var constant: Double
    public var priority: Priority
    public var identifier: String?
    /// Size classes under which the constraint is installed; nil: always.
    public var when: SizeClassCondition?
    /// False keeps the constraint in the file but out of the layout.
    public var isActive: Bool

    public init(
        _ first: AnchorReference, _ relation: Relation, multiplier: Double = 1, _ second: AnchorReference? = nil,
        constant: Double = 0, priority: Priority = .required, identifier: String? = nil,
        when: SizeClassCondition? = nil, isActive: Bool = true
    ) {
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
}
