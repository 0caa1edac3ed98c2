import LinearConstraints

/// What `systemLayoutSizeFitting` is asked for: a target size and the priorities at which the
/// fitted view's width and height are pulled toward it (UIKit's
/// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`;
/// the one-argument form uses `fittingSizeLevel`, 50, for both).
public struct LayoutFitting: Hashable, Sendable {
    public var target: PointSize
    public var horizontalPriority: Priority
    public var verticalPriority: Priority

    public init(target: PointSize, horizontalPriority: Priority = .fittingSizeLevel, verticalPriority: Priority = .fittingSizeLevel) {
        self.target = target
        self.horizontalPriority = horizontalPriority
        self.verticalPriority = verticalPriority
    }

    /// `UIView.layoutFittingCompressedSize`: (0, 0), the smallest size the constraints allow.
    public static let compressedSize = PointSize(width: 0, height: 0)
    /// `UIView.layoutFittingExpandedSize`: (10 000, 10 000), the largest size the constraints
    /// allow (UIKit's value as printed on the iOS simulator; `docs/uikit-rules.md` does not give it).
    public static let expandedSize = PointSize(width: 10_000, height: 10_000)

    /// The compressed target at the fitting priority.
    public static let compressed = LayoutFitting(target: compressedSize)
    /// The expanded target at the fitting priority.
    public static let expanded = LayoutFitting(target: expandedSize)

    /// A fitting by name, as `strut solve --fitting VIEW:NAME` takes it: `compressed` or
    /// `expanded`; nil for anything else.
    public static func named(_ name: String) -> LayoutFitting? {
        switch name {
        case "compressed": .compressed
        case "expanded": .expanded
        default: nil
        }
    }

    /// `compressed`, `expanded`, or the target and priorities spelled out.
    public var name: String {
        let atFittingLevel = horizontalPriority == .fittingSizeLevel && verticalPriority == .fittingSizeLevel
        if atFittingLevel, target == Self.compressedSize { return "compressed" }
        if atFittingLevel, target == Self.expandedSize { return "expanded" }
        return "\(target) @\(horizontalPriority)/\(verticalPriority)"
    }
}

/// The answer of one `systemLayoutSizeFitting` call.
public struct FittingResult: Hashable, Sendable {
    /// Id of the fitted view.
    public var view: String
    public var fitting: LayoutFitting
    /// The fitted size, as the solver gives it (UIKit returns the engine's values unrounded).
    public var size: PointSize
    /// The layout of the free-standing subtree at that size: the fitted view first at the origin,
    /// frames in superview coordinates, its conflicts and ambiguity. `unmetEdits` leaves out the
    /// fitted view's width and height, which are targets, not edits.
    public var layout: LayoutResult
    /// Set when the fitting priority was required and the target contradicts required
    /// constraints of the subtree: the target constraint was broken (kept at
    /// `LayoutPriorities.broken`), as UIKit breaks a conflicting constraint.
    public var targetBroken: [String]

    /// `cell (compressed): 116 × 37` (the size's numbers as JSON writes them).
    public var text: String {
        var out = "\(view) (\(fitting.name)): \(formatJSONNumber(size.width)) × \(formatJSONNumber(size.height))"
        if !targetBroken.isEmpty { out += " (target broken: \(targetBroken.joined(separator: ", ")))" }
        return out
    }

    /// `{"view": ..., "fitting": ..., "size": [w, h], "conflicts": [...], "targetBroken": [...]}`.
    public var json: JSONValue {
        .object([
            ("view", .string(view)), ("fitting", .string(fitting.name)),
            ("size", .array([.number(size.width), .number(size.height)])),
            ("conflicts", .array(layout.conflicts.map(\.json))),
            ("targetBroken", .array(targetBroken.map(JSONValue.string))),
        ])
    }
}
