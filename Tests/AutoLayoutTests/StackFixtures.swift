import LinearConstraints

@testable import AutoLayout

/// Stack cases built in code for the stack tests: a root `main` holding a stack `sv` (pinned to
/// the root's edges unless `pinned` is false) whose arranged views are `a`, `b`, `c`, ...
/// with the given intrinsic lengths along the axis and 30 across it.
struct StackFixture {
    var axis: LayoutAxis = .horizontal
    var distribution: StackDistribution = .fill
    var alignment: StackAlignment = .fill
    var spacing: StackSpacing = .points(8)
    var lengths: [Double?] = [10, 20, 30]
    var hidden: Set<Int> = []
    var customSpacing: [(index: Int, spacing: Double)] = []
    var marginsRelative = false
    var baselineRelative = false
    var pinned = true
    /// Item i hugs at 250 − i and resists compression at 750 − i along the axis, so exactly
    /// one item stretches or shrinks first (no ties, hence no ambiguity, in fill stacks).
    var distinctPriorities = false

    static let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]

    var arrangedIDs: [String] { Array(Self.names.prefix(lengths.count)) }

    func layoutCase() -> LayoutCase {
        var root = ViewSpec(id: "main")
        root.frame = LayoutRect(x: 0, y: 0, width: 375, height: 667)
        var sv = ViewSpec(id: "sv", superview: "main")
        sv.translatesAutoresizingMask = false
        var stack = StackSpec()
        stack.axis = axis
        stack.distribution = distribution
        stack.alignment = alignment
        stack.spacing = spacing
        stack.arranged = arrangedIDs
        stack.customSpacing = customSpacing.map { .init(after: Self.names[$0.index], spacing: $0.spacing) }
        stack.layoutMarginsRelativeArrangement = marginsRelative
        stack.baselineRelativeArrangement = baselineRelative
        sv.stack = stack
        var views = [root, sv]
        for (i, length) in lengths.enumerated() {
            var v = ViewSpec(id: Self.names[i], superview: "sv")
            v.intrinsicSize = axis == .horizontal ? IntrinsicSize(width: length, height: 30) : IntrinsicSize(width: 30, height: length)
            v.hidden = hidden.contains(i) ? true : nil
            if distinctPriorities {
                let hug = Priority(Float(250 - i)), resist = Priority(Float(750 - i))
                v.hugging = axis == .horizontal ? AxisPriorities(horizontal: hug, vertical: .defaultLow) : AxisPriorities(horizontal: .defaultLow, vertical: hug)
                v.compressionResistance = axis == .horizontal
                    ? AxisPriorities(horizontal: resist, vertical: .defaultHigh) : AxisPriorities(horizontal: .defaultHigh, vertical: resist)
            }
            views.append(v)
        }
        var c = LayoutCase(name: "stack-fixture", root: "main", views: views)
        if pinned {
            c.constraints = ["sv.leading == main.leading", "sv.trailing == main.trailing", "sv.top == main.top", "sv.bottom == main.bottom"]
                .compactMap { try? ConstraintSpec.parse($0) }
        }
        return c
    }

    func tree() throws -> ViewTree { try layoutCase().validate() }
}

/// (identifier, relation, priority) of a generated constraint: what docs/uikit-rules.md's table fixes.
struct GeneratedKind: Hashable, Comparable, CustomStringConvertible {
    var identifier: String
    var relation: Relation
    var priority: Float

    init(_ identifier: String, _ relation: Relation, _ priority: Float) {
        self.identifier = identifier
        self.relation = relation
        self.priority = priority
    }

    init(_ c: LayoutConstraint) {
        self.init(c.identifier ?? "", c.relation, c.priority.value)
    }

    static func < (a: Self, b: Self) -> Bool {
        (a.identifier, a.relation.rawValue, a.priority) < (b.identifier, b.relation.rawValue, b.priority)
    }

    var description: String { "\(identifier) \(relation.rawValue) @\(Priority(priority))" }
}

extension Array where Element == GeneratedKind {
    /// `count` copies of one kind, for typing expectations.
    static func times(_ count: Int, _ identifier: String, _ relation: Relation, _ priority: Float) -> [GeneratedKind] {
        Array(repeating: GeneratedKind(identifier, relation, priority), count: count)
    }
}

/// The grid of a @2x device, which leaves whole and half points alone.
let retinaGrid = PixelGrid(uncheckedScale: 2)
