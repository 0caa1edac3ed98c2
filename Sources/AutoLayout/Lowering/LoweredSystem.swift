import LinearConstraints

/// A view tree lowered to `LinearConstraints` for one device configuration.
///
/// Contents (ids are indices into `constraints` and are the same on every device, so a layout
/// engine can switch device by diffing two lowerings):
/// 1. built-in guides tied to their owners: safe area, margins and readable guides through four
///    inset variables each (`g.minX == o.minX + left`, `g.width == o.width − left − right`, ...),
///    a scroll view's frame guide equal to its frame and its content guide at its origin;
/// 2. autoresizing-mask constraints of views that translate their mask (`docs/uikit-rules.md` table);
/// 3. intrinsic content size: `size <= intrinsic @hugging`, `size >= intrinsic @compression`;
/// 4. the case's constraints, in file order (`isInstalled` false when inactive or when their
///    `when` does not match the device's size classes).
///
/// Not constraints: the root's frame (four edit variables, `rootEditVariables`, suggested by the
/// layout pass: origin 0 and the device's screen size) and the inset variables (edit variables
/// suggested per pass). Only guides some constraint refers to (directly or through a margin
/// attribute) get inset variables and constraints, as UIKit creates guides lazily.
///
/// Complexity: O(views + items + constraints) time and memory.
public struct LoweredSystem: Hashable, Sendable {
    public let tree: ViewTree
    public let configuration: DeviceConfiguration
    public let direction: LayoutDirection
    public let variables: LayoutVariables
    /// The built-in guides with inset variables, by slot.
    public let insetGuides: [ItemIndex]
    /// Every lowered constraint; `constraints[i].id == ConstraintID(i)`.
    public internal(set) var constraints: [LoweredConstraint]
    /// Index into `tree.constraints` of the first constraint a stack view generated (`UISV-...`,
    /// after the case's own and its visual formats'); the count when there is none.
    public let firstGeneratedConstraint: Int

    /// Lowers `tree` for `configuration`, leading/trailing resolved under `direction` (the case's
    /// own by default).
    /// Visual formats and stack views are expanded first (`expanded(_:grid:)`); `tree` keeps
    /// the expanded tree, whose constraints the ids of `.explicit` origins index.
    /// - Throws: `LoweringError` for a visual format that does not parse.
    public init(tree: ViewTree, configuration: DeviceConfiguration, direction: LayoutDirection? = nil) throws(LoweringError) {
        let (tree, firstGenerated) = try Self.expanded(tree, grid: configuration.pixelGrid)
        self.tree = tree
        self.firstGeneratedConstraint = firstGenerated
        self.configuration = configuration
        self.direction = direction ?? tree.layoutDirection
        self.variables = LayoutVariables(itemCount: tree.items.count)
        self.insetGuides = Self.usedInsetGuides(tree)
        self.constraints = []
        let anchors = AnchorExpressions(tree: tree, direction: self.direction)
        lowerGuides()
        lowerAutoresizing()
        lowerContentSize(anchors)
        lowerExplicit(anchors)
    }

    /// How many edit variables the device holds: the root's four, then four per inset guide.
    public var deviceEditCount: Int { 4 + 4 * insetGuides.count }

    /// Device edit `k`: the root's minX, minY, width, height (k < 4), then every inset slot's
    /// top, left, bottom, right. The one place this order is decided; allocation-free, as the
    /// layout pass reads the edits at every layout.
    public func deviceEdit(_ k: Int) -> Variable {
        if k < 4 { return variables.variable(tree.item(of: tree.root), LayoutVariables.FrameComponent.allCases[k]) }
        return variables.inset(slot: (k - 4) / 4, InsetSide.allCases[(k - 4) % 4])
    }

    /// The root's frame variables, which the layout pass edits: minX, minY, width, height.
    public var rootEditVariables: [Variable] { (0..<4).map(deviceEdit) }

    /// Every inset variable, slot by slot, top, left, bottom, right.
    public var insetEditVariables: [Variable] { (4..<deviceEditCount).map(deviceEdit) }

    /// The tree with its visual formats' constraints appended after the case's own (sources
    /// continue in order, `ViewTree.visualFormatConstraints`) and then its stack views'
    /// generated guides and constraints (`ViewTree.expandingStacks`, whose spacing constants
    /// are snapped to `grid`). The item and constraint counts do not depend on the device, so
    /// every device lowers the same ids. Returns the tree and the index of its first generated
    /// constraint. O(tree).
    /// - Throws: `LoweringError` with the path of a visual format that does not parse.
    static func expanded(_ tree: ViewTree, grid: PixelGrid) throws(LoweringError) -> (ViewTree, Int) {
        var out = tree
        if !tree.formats.isEmpty {
            do { out.constraints += try tree.visualFormatConstraints() } catch {
                throw LoweringError(path: error.path, error.message)
            }
        }
        return (out.stackViews.isEmpty ? out : out.expandingStacks(grid: grid), out.constraints.count)
    }

    /// Safe-area, margins and readable guides referred to by any constraint (active or not, on
    /// any device, so every device lowers the same ids), in item order. O(items + constraints).
    static func usedInsetGuides(_ tree: ViewTree) -> [ItemIndex] {
        var used = [Bool](repeating: false, count: tree.items.count)
        func use(_ anchor: Anchor) {
            if anchor.attribute.isMargin {
                used[tree.views[tree.items[anchor.item.rawValue].owner.rawValue].guides.margins.rawValue] = true
            } else if case .builtInGuide(let g) = tree.items[anchor.item.rawValue].kind, !g.needsScrollView {
                used[anchor.item.rawValue] = true
            }
        }
        // Each anchor in turn, without an array of the two (this runs at every lowering).
        for c in tree.constraints {
            use(c.first)
            if let second = c.second { use(second) }
        }
        return used.indices.filter { used[$0] }.map(ItemIndex.init)
    }

    /// Appends a lowered constraint in canonical form: its terms merged per variable (in
    /// `Double`, `LinearExpression.normalized()`), so every strategy and the exact oracle judge the
    /// same linear system. An anchor expression can name a variable twice (a multiplied location
    /// in its superview's coordinates: `-1/3·minY - 2/3·minY`); merged in rationals those two
    /// doubles sum to 1 + 2^-54, not 1, and the oracle then judged a system the engine never saw
    /// (a height it called free where the layout pins it to 0: strut fuzz --seed 1, case 4273,
    /// corpora/regressions/multiplied-baseline-in-superview-coordinates.json).
    /// Only an expression that names a variable twice is rewritten (no allocation otherwise: the
    /// lowering runs again at every device switch).
    mutating func append(_ constraint: Constraint, _ origin: ConstraintOrigin, installed: Bool = true) {
        var canonical = constraint
        if Self.repeatsAVariable(constraint.expression) { canonical.expression = constraint.expression.normalized() }
        constraints.append(LoweredConstraint(
            id: ConstraintID(constraints.count), constraint: canonical, isInstalled: installed, origin: origin))
    }

    /// True when some variable has two terms. O(terms²) on a handful of terms, allocation-free.
    static func repeatsAVariable(_ e: LinearExpression) -> Bool {
        let terms = e.terms
        for i in terms.indices {
            for j in terms.indices where j > i && terms[j].variable == terms[i].variable { return true }
        }
        return false
    }
}
