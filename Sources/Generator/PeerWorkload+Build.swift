import LinearConstraints

/// One constraint of a peer workload: its id (its position in build order), the constraint, and
/// which view and role it belongs to, so that it can be named (`v12.left`) without storing text.
public struct WorkloadConstraint: Hashable, Sendable {
    /// What a constraint does for its view.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        case left, top, right, bottom
        case minWidth, minHeight, maxWidth
        case rightLimit, bottomLimit, rightPreferred, bottomPreferred
        case hugWidth, hugHeight, compressWidth, compressHeight
        case equalWidth, equalHeight, preferredWidth, preferredHeight
    }

    public var id: ConstraintID
    public var constraint: Constraint
    /// The view index, or -1 for the root.
    public var view: Int
    public var role: Role

    /// The constraint's name in system files: `root.left`, `v12.minWidth`.
    public var name: String { (view < 0 ? "root" : "v\(view)") + "." + role.rawValue }
}

/// Accumulates constraints in build order, numbering their ids 0, 1, 2, ...
struct ConstraintList {
    var items: [WorkloadConstraint] = []

    init(capacity: Int) { items.reserveCapacity(capacity) }

    mutating func add(
        _ view: Int, _ role: WorkloadConstraint.Role, _ lhs: LinearExpression, _ relation: Relation,
        _ rhs: LinearExpression, _ priority: Priority = .required
    ) {
        let c = Constraint(lhs, relation, rhs, priority: priority)
        items.append(WorkloadConstraint(id: ConstraintID(items.count), constraint: c, view: view, role: role))
    }
}

extension PeerWorkload {
    /// An upper bound of the constraint count, to size the array once.
    static func estimatedCount(_ kind: Kind, _ views: Int) -> Int {
        switch kind {
        case .flat: 2 + 6 * views
        case .hug: 2 + 12 * views
        case .grid, .chain: 2 + 10 * views
        }
    }

    /// Appends the root's two required constraints and then every view's, in view order.
    static func build(_ kind: Kind, views: Int, columns: Int, into list: inout ConstraintList) {
        let root = frame(-1)
        list.add(-1, .left, root.left.expression, .equal, LinearExpression(constant: 0))
        list.add(-1, .top, root.top.expression, .equal, LinearExpression(constant: 0))
        for i in 0..<views {
            switch kind {
            case .flat: addFlatView(i, root: root, into: &list)
            case .hug: addHugView(i, views: views, columns: columns, root: root, into: &list)
            case .grid: addGridView(i, views: views, columns: columns, root: root, into: &list)
            case .chain: addChainView(i, views: views, root: root, into: &list)
            }
        }
    }

    /// Flat: `l == root.l + 16`, `l + w == root.l + root.w − 16`, `t == root.t + 8 + 52·i`,
    /// `h >= 20`; lowest `h == 44`, middle `w <= 600`. Six constraints.
    static func addFlatView(_ i: Int, root: Frame, into list: inout ConstraintList) {
        let v = frame(i)
        list.add(i, .left, v.left.expression, .equal, root.left.expression + 16)
        list.add(i, .right, v.right, .equal, root.right - 16)
        list.add(i, .top, v.top.expression, .equal, root.top.expression + (8 + 52 * Double(i)))
        list.add(i, .minHeight, v.height.expression, .greaterThanOrEqual, LinearExpression(constant: 20))
        list.add(i, .preferredHeight, v.height.expression, .equal, LinearExpression(constant: 44), lowest)
        list.add(i, .maxWidth, v.width.expression, .lessThanOrEqual, LinearExpression(constant: 600), middle)
    }

    /// The left and top edges of grid cell `i` (shared by hug and grid): 8 after the left
    /// neighbour's right edge (first column: the root's left) and 8 below the bottom of the view
    /// above (first row: the root's top); then the required minimum sizes `w >= 10`, `h >= 20`.
    static func addCellEdges(_ i: Int, columns: Int, root: Frame, into list: inout ConstraintList) {
        let v = frame(i)
        let leftEdge = i % columns == 0 ? root.left.expression : frame(i - 1).right
        let topEdge = i < columns ? root.top.expression : frame(i - columns).bottom
        list.add(i, .left, v.left.expression, .equal, leftEdge + 8)
        list.add(i, .top, v.top.expression, .equal, topEdge + 8)
        list.add(i, .minWidth, v.width.expression, .greaterThanOrEqual, LinearExpression(constant: 10))
        list.add(i, .minHeight, v.height.expression, .greaterThanOrEqual, LinearExpression(constant: 20))
    }

    /// True when cell `i` has no right neighbour (last column, or the last view of a short row).
    static func isLastInRow(_ i: Int, views: Int, columns: Int) -> Bool {
        i % columns == columns - 1 || i == views - 1
    }

    /// True when cell `i` has no view below it.
    static func isLastInColumn(_ i: Int, views: Int, columns: Int) -> Bool { i + columns >= views }

    /// Hug: cell edges; last in its row `r <= root.w − 8` plus lowest `r == root.w − 8`; last in its
    /// column the same for the bottom; hugging `w <= 80`, `h <= 44` at 250; compression resistance
    /// `w >= 40`, `h >= 30` at 750. Eight to twelve constraints.
    static func addHugView(_ i: Int, views: Int, columns: Int, root: Frame, into list: inout ConstraintList) {
        let v = frame(i)
        addCellEdges(i, columns: columns, root: root, into: &list)
        if isLastInRow(i, views: views, columns: columns) {
            list.add(i, .rightLimit, v.right, .lessThanOrEqual, root.width.expression - 8)
            list.add(i, .rightPreferred, v.right, .equal, root.width.expression - 8, lowest)
        }
        if isLastInColumn(i, views: views, columns: columns) {
            list.add(i, .bottomLimit, v.bottom, .lessThanOrEqual, root.height.expression - 8)
            list.add(i, .bottomPreferred, v.bottom, .equal, root.height.expression - 8, lowest)
        }
        list.add(i, .hugWidth, v.width.expression, .lessThanOrEqual, LinearExpression(constant: 80), lowest)
        list.add(i, .hugHeight, v.height.expression, .lessThanOrEqual, LinearExpression(constant: 44), lowest)
        list.add(i, .compressWidth, v.width.expression, .greaterThanOrEqual, LinearExpression(constant: 40), middle)
        list.add(i, .compressHeight, v.height.expression, .greaterThanOrEqual, LinearExpression(constant: 30), middle)
    }

    /// Grid: cell edges; last in its row `r == root.w − 8` and last in its column
    /// `b == root.h − 8`, required; middle `w == left.w`, `h == above.h`; lowest `w == 80`, `h == 44`.
    static func addGridView(_ i: Int, views: Int, columns: Int, root: Frame, into list: inout ConstraintList) {
        let v = frame(i)
        addCellEdges(i, columns: columns, root: root, into: &list)
        if isLastInRow(i, views: views, columns: columns) {
            list.add(i, .right, v.right, .equal, root.width.expression - 8)
        }
        if isLastInColumn(i, views: views, columns: columns) {
            list.add(i, .bottom, v.bottom, .equal, root.height.expression - 8)
        }
        if i % columns != 0 {
            list.add(i, .equalWidth, v.width.expression, .equal, frame(i - 1).width.expression, middle)
        }
        if i >= columns {
            list.add(i, .equalHeight, v.height.expression, .equal, frame(i - columns).height.expression, middle)
        }
        list.add(i, .preferredWidth, v.width.expression, .equal, LinearExpression(constant: 80), lowest)
        list.add(i, .preferredHeight, v.height.expression, .equal, LinearExpression(constant: 44), lowest)
    }

    /// Chain: `l == prev.r + 8` (first: `root.l + 8`), `t == root.t + 8`, `w >= 10`, `h >= 20`,
    /// `b <= root.h − 8`; the last view `r == root.w − 8`; middle `w == prev.w`; lowest `w == 80`,
    /// `h == 44`.
    static func addChainView(_ i: Int, views: Int, root: Frame, into list: inout ConstraintList) {
        let v = frame(i)
        let leftEdge = i == 0 ? root.left.expression : frame(i - 1).right
        list.add(i, .left, v.left.expression, .equal, leftEdge + 8)
        list.add(i, .top, v.top.expression, .equal, root.top.expression + 8)
        list.add(i, .minWidth, v.width.expression, .greaterThanOrEqual, LinearExpression(constant: 10))
        list.add(i, .minHeight, v.height.expression, .greaterThanOrEqual, LinearExpression(constant: 20))
        list.add(i, .bottomLimit, v.bottom, .lessThanOrEqual, root.height.expression - 8)
        if i == views - 1 {
            list.add(i, .right, v.right, .equal, root.width.expression - 8)
        }
        if i > 0 {
            list.add(i, .equalWidth, v.width.expression, .equal, frame(i - 1).width.expression, middle)
        }
        list.add(i, .preferredWidth, v.width.expression, .equal, LinearExpression(constant: 80), lowest)
        list.add(i, .preferredHeight, v.height.expression, .equal, LinearExpression(constant: 44), lowest)
    }
}
