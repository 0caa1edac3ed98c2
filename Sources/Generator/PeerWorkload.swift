import LinearConstraints

/// One of the four peer workloads of `docs/peers.md` ("The peer workloads"), reproduced
/// exactly so that our solver's numbers stand beside Kiwi's like for like.
///
/// Every view has the variables left, top, width and height; the root has left and top (required
/// `== 0`) and width and height as edit variables. The workload yields the variables (dense
/// indices: the root's four first, then four per view), the edit variables, the constraints in
/// build order with their ids, the portrait and landscape root sizes, a 1 px drag and the id of the
/// constraint in the middle that the remove/re-add measurement takes out and puts back.
///
/// Priorities. docs/peers.md names two non-required levels, "lowest" and "middle" (Kiwi's weak and
/// medium), and puts the edit variables at the strongest non-required level (Kiwi's strong). The
/// hug row gives UIKit's values 250 (hugging) and 750 (compression resistance); we use that mapping
/// for all four workloads: lowest = 250, middle = 750, edit = 999. The lexicographic `cassowary`
/// strategy only sees the order; under `cassowary-weighted` (weight 10^(6p/1000)) 750 weighs 1000x
/// 250, the same ratio as Kiwi's medium to weak.
///
/// Building is O(views); the value is deterministic (a function of `kind` and `views` only).
public struct PeerWorkload: Hashable, Sendable {
    /// The four shapes of docs/peers.md.
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Independent full-width rows stacked vertically; rotation flips every `w <= 600`.
        case flat
        /// A grid of hugging, compression-resistant views whose last edges prefer the root's.
        case hug
        /// A grid whose last edges are pinned to the root's and whose cells prefer equal sizes.
        case grid
        /// One row of views each tied to its predecessor: the worst case for a simplex.
        case chain

        public var description: String { rawValue }
    }

    /// Root portrait or landscape.
    public enum Orientation: String, Hashable, Sendable, CaseIterable {
        case portrait, landscape
    }

    /// The four variables of one rectangle.
    public struct Frame: Hashable, Sendable {
        public var left, top, width, height: Variable

        /// `left + width`.
        public var right: LinearExpression { left.expression + width.expression }
        /// `top + height`.
        public var bottom: LinearExpression { top.expression + height.expression }
    }

    /// A root size in points.
    public struct Size: Hashable, Sendable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// An edit variable and its priority.
    public struct EditVariable: Hashable, Sendable {
        public var variable: Variable
        public var priority: Priority
    }

    /// The lower non-required level ("lowest", Kiwi's weak).
    public static let lowest = Priority.defaultLow
    /// The higher non-required level ("middle", Kiwi's medium).
    public static let middle = Priority.defaultHigh
    /// The edit variables' level: the strongest non-required one (Kiwi's strong).
    public static let edit = Priority(999)
    /// The largest accepted view count (variable indices must fit in 32 bits with room to spare).
    public static let maximumViews = 1_000_000

    public let kind: Kind
    public let views: Int
    /// Columns of the hug and grid layouts (`⌈√views⌉`), `views` for the chain, 1 for flat.
    public let columns: Int
    /// Rows of the hug and grid layouts (`⌈views / columns⌉`), 1 for the chain, `views` for flat.
    public let rows: Int
    /// The constraints in build order (edit variables are separate); `constraints[k].id == ConstraintID(k)`.
    public let constraints: [WorkloadConstraint]
    /// The id of the constraint that remove/re-add takes out: the middle view's (`views / 2`) left edge.
    public let middleConstraint: ConstraintID

    /// Builds the workload. Throws when `views` is outside `1...maximumViews`.
    public init(kind: Kind, views: Int) throws(PeerWorkloadError) {
        guard views >= 1, views <= Self.maximumViews else {
            throw PeerWorkloadError.viewCount(views, maximum: Self.maximumViews)
        }
        self.kind = kind
        self.views = views
        switch kind {
        case .flat: (columns, rows) = (1, views)
        case .chain: (columns, rows) = (views, 1)
        case .hug, .grid:
            let c = Self.ceilingSquareRoot(views)
            (columns, rows) = (c, (views + c - 1) / c)
        }
        var list = ConstraintList(capacity: Self.estimatedCount(kind, views))
        Self.build(kind, views: views, columns: columns, into: &list)
        constraints = list.items
        let middle = list.items.firstIndex { $0.view == views / 2 && $0.role == .left }
        guard let middle else { preconditionFailure("every view has a left constraint") }
        middleConstraint = ConstraintID(middle)
    }

    /// Variables in use: 4 for the root, 4 per view, indices `0..<variableCount`.
    public var variableCount: Int { 4 + 4 * views }

    /// The root's variables (indices 0-3).
    public var root: Frame { Self.frame(-1) }

    /// The variables of view `index` (0-based, in build order).
    public func frame(ofView index: Int) -> Frame {
        precondition(index >= 0 && index < views, "view \(index) is outside 0..<\(views)")
        return Self.frame(index)
    }

    static func frame(_ index: Int) -> Frame {
        let base = 4 + 4 * index
        return Frame(left: Variable(base), top: Variable(base + 1), width: Variable(base + 2), height: Variable(base + 3))
    }

    /// The root's width and height, edited at `PeerWorkload.edit`, added before any constraint.
    public var editVariables: [EditVariable] {
        [EditVariable(variable: root.width, priority: Self.edit), EditVariable(variable: root.height, priority: Self.edit)]
    }

    /// The size docs/peers.md counts: constraints plus edit variables (flat 100 -> 604, ...).
    public var countedConstraints: Int { constraints.count + 2 }

    /// The root size in an orientation (docs/peers.md, "root portrait -> landscape").
    public func rootSize(_ orientation: Orientation) -> Size {
        let n = Double(views), c = Double(columns), r = Double(rows)
        switch (kind, orientation) {
        case (.flat, .portrait): return Size(width: 400, height: 60 * n)
        case (.flat, .landscape): return Size(width: 800, height: 60 * n)
        case (.hug, .portrait), (.grid, .portrait): return Size(width: 60 * c, height: 90 * r)
        case (.hug, .landscape), (.grid, .landscape): return Size(width: 90 * c, height: 60 * r)
        case (.chain, .portrait): return Size(width: 30 * n, height: 900)
        case (.chain, .landscape): return Size(width: 45 * n, height: 400)
        }
    }

    /// The 1 px drag: the landscape size one point wider. Alternating between this and the
    /// landscape size moves every right-hand edge by 1 without flipping any preference.
    public var dragSize: Size {
        let l = rootSize(.landscape)
        return Size(width: l.width + 1, height: l.height)
    }

    /// `⌈√n⌉` in integers, exact for every `n >= 1`.
    static func ceilingSquareRoot(_ n: Int) -> Int {
        var c = Int(Double(n).squareRoot())
        while c * c < n { c += 1 }
        while c > 1, (c - 1) * (c - 1) >= n { c -= 1 }
        return c
    }
}

/// A workload that cannot be built.
public enum PeerWorkloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The view count is outside `1...maximum`.
    case viewCount(Int, maximum: Int)
    /// The workload name is not flat, hug, grid or chain.
    case unknownKind(String)

    public var description: String {
        switch self {
        case .viewCount(let n, let maximum): "view count \(n) is outside 1...\(maximum)"
        case .unknownKind(let name): "unknown workload \"\(name)\" (expected flat, hug, grid or chain)"
        }
    }
}

extension PeerWorkload.Kind {
    /// The kind named `name`, or a typed error naming it.
    public static func named(_ name: String) throws(PeerWorkloadError) -> PeerWorkload.Kind {
        guard let kind = PeerWorkload.Kind(rawValue: name) else { throw .unknownKind(name) }
        return kind
    }
}
