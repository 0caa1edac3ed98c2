import LinearConstraints

/// The linear expression of a layout attribute over the frame variables (`LayoutVariables`).
///
/// A view's anchors refer to its ALIGNMENT RECT (UIKit: the frame inset by
/// `alignmentRectInsets`), guides' to their own rectangle:
/// - `left = minX + a.left`, `right = minX + width − a.right`, `centerX` their mean,
///   `width = width − a.left − a.right`; vertically the same with top/bottom;
/// - `leading`/`trailing` are left/right under the item's effective layout direction (a
///   guide follows its owning view), right/left under right-to-left;
/// - `firstBaseline = top + baseline.first`, `lastBaseline = bottom − baseline.last`; a view
///   without that baseline falls back to top (bottom), as UIKit's baseline anchors do;
/// - margin attributes are the attributes of the view's margins guide (`leftMargin` is
///   `margins.left`, `centerXWithinMargins` is `margins.centerX`), so they follow the margins
///   UIKit computes (`GuideInsets`).
/// O(1) per anchor.
struct AnchorExpressions {
    let tree: ViewTree
    let variables: LayoutVariables
    /// Effective direction per view (its semantic content attribute applied to the case's).
    let directions: [LayoutDirection]

    init(tree: ViewTree, direction: LayoutDirection) {
        self.tree = tree
        self.variables = LayoutVariables(itemCount: tree.items.count)
        self.directions = tree.views.indices.map {
            tree.effectiveLayoutDirection(of: ViewIndex($0), base: direction)
        }
    }

    /// The item a margin attribute really names (the view's margins guide), else the anchor's item.
    func resolved(_ anchor: Anchor) -> Anchor {
        guard anchor.attribute.isMargin else { return anchor }
        let view = tree.items[anchor.item.rawValue].owner
        let guide = tree.views[view.rawValue].guides.margins
        let plain: LayoutAttribute
        switch anchor.attribute {
        case .leftMargin: plain = .left
        case .rightMargin: plain = .right
        case .topMargin: plain = .top
        case .bottomMargin: plain = .bottom
        case .leadingMargin: plain = .leading
        case .trailingMargin: plain = .trailing
        case .centerXWithinMargins: plain = .centerX
        default: plain = .centerY
        }
        return Anchor(guide, plain)
    }

    /// Whether `c` runs right-to-left: UIKit measures a leading/trailing constraint in the
    /// reading direction, so `b.leading == a.trailing + 8` puts `b` 8 points to the LEFT of `a`
    /// under right-to-left, `b.leading >= a.trailing + 8` keeps `b` at least 8 points left of
    /// it, and a layout of leading/trailing constraints mirrors. The direction is the first anchor's item's when its attribute is
    /// directional, else the second's when its attribute is. O(1).
    /// A constraint that follows its container's direction (a stack's) runs in that view's
    /// direction: `directionView`, its `directionView(of:)`.
    func constantRunsRightToLeft(_ c: LayoutConstraint, directionView: ViewIndex?) -> Bool {
        // The first directional anchor decides (no array of the two: this runs per constraint).
        guard let anchor = c.first.attribute.isDirectional ? c.first : c.second.flatMap({ $0.attribute.isDirectional ? $0 : nil })
        else { return false }
        let view = directionView ?? tree.items[anchor.item.rawValue].owner
        return !directions[view.rawValue].leadingIsLeft
    }

    /// The view whose direction resolves `c`'s leading and trailing: its container (the nearest
    /// common ancestor of its items' views) when it follows the container's direction and names
    /// a leading or trailing, else nil (each item its own). O(depth).
    func directionView(of c: LayoutConstraint) -> ViewIndex? {
        guard c.followsContainerDirection, c.first.attribute.isDirectional || c.second?.attribute.isDirectional == true else { return nil }
        return tree.nearestCommonAncestor(tree.items[c.first.item.rawValue].owner, tree.items[(c.second ?? c.first).item.rawValue].owner)
    }

    /// The expression of `anchor`; its leading and trailing resolve by `directionView`'s
    /// direction when given (a stack's generated constraints), else by its item's.
    /// Two-term expressions are built in one array (the same terms, in the same order, and the
    /// same constant as summing the one-term ones: this runs for every anchor of every lowering).
    func expression(_ anchor: Anchor, directionView: ViewIndex? = nil) -> LinearExpression {
        let a = resolved(anchor)
        let item = a.item
        let insets = item.rawValue < tree.views.count ? tree.views[item.rawValue].alignmentRectInsets : .zero
        let x = variables.minX(item), y = variables.minY(item), w = variables.width(item), h = variables.height(item)
        switch a.attribute {
        case .left: return LinearExpression(x) + insets.left
        case .right: return LinearExpression(terms: [.init(x, 1), .init(w, 1)]) - insets.right
        case .centerX: return LinearExpression(terms: [.init(x, 1), .init(w, 0.5)]) + (insets.left - insets.right) / 2
        case .width: return LinearExpression(w) - (insets.left + insets.right)
        case .top: return LinearExpression(y) + insets.top
        case .bottom: return LinearExpression(terms: [.init(y, 1), .init(h, 1)]) - insets.bottom
        case .centerY: return LinearExpression(terms: [.init(y, 1), .init(h, 0.5)]) + (insets.top - insets.bottom) / 2
        case .height: return LinearExpression(h) - (insets.top + insets.bottom)
        case .leading, .trailing:
            let leadingIsLeft = directions[(directionView ?? tree.items[item.rawValue].owner).rawValue].leadingIsLeft
            let left = (a.attribute == .leading) == leadingIsLeft
            return expression(Anchor(item, left ? .left : .right))
        case .firstBaseline:
            let first = tree.views[item.rawValue].baseline?.first
            return expression(Anchor(item, .top)) + (first ?? 0)
        case .lastBaseline:
            let last = tree.views[item.rawValue].baseline?.last
            return expression(Anchor(item, .bottom)) - (last ?? 0)
        default:
            return expression(resolved(a), directionView: directionView)
        }
    }
}
