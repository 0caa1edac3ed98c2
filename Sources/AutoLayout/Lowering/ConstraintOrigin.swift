import LinearConstraints

/// Where a lowered constraint comes from: the case's own constraints, or one of the implicit
/// constraints UIKit adds. Conflict logs and `constraintsAffectingLayout` name constraints by it.
public enum ConstraintOrigin: Hashable, Sendable {
    /// The constraint at this index of the lowered tree's `constraints`: the case's own, then
    /// those of its visual formats, then those its stack views generate (`UISV-...`).
    case explicit(index: Int)
    /// An autoresizing-mask constraint of a view that translates its mask (UIKit's
    /// `NSAutoresizingMaskLayoutConstraint`): the axis and which of its two constraints.
    case autoresizing(view: ViewIndex, axis: LayoutAxis, second: Bool)
    /// An intrinsic content size inequality (UIKit's `NSContentSizeLayoutConstraint`):
    /// hugging (`size <= intrinsic`) or compression resistance (`size >= intrinsic`).
    case contentSize(view: ViewIndex, axis: LayoutAxis, hugging: Bool)
    /// A built-in guide's rectangle tied to its owner (safe area, margins and readable guides
    /// through their inset variables; a scroll view's frame and content guides directly).
    case guide(item: ItemIndex, component: LayoutVariables.FrameComponent)
}

/// One constraint of the lowered system: its stable id, the linear constraint for the current
/// device, whether it is installed on that device, and where it came from.
public struct LoweredConstraint: Hashable, Sendable {
    public var id: ConstraintID
    public var constraint: Constraint
    /// False for an inactive constraint or a `when` that does not match the device.
    public var isInstalled: Bool
    public var origin: ConstraintOrigin

    public init(id: ConstraintID, constraint: Constraint, isInstalled: Bool, origin: ConstraintOrigin) {
        self.id = id
        self.constraint = constraint
        self.isInstalled = isInstalled
        self.origin = origin
    }
}

extension ViewTree {
    /// The name a constraint goes by in results and expectations: an explicit constraint's
    /// identifier, else its text in the case notation; implicit constraints get UIKit-like names
    /// (`lab1 h=&-- maxX` and `lab1 h=&-- width`: what each of an axis's two constraints pins, `lab1 NSContentSizeLayoutConstraint width hug:250`,
    /// `main.safeArea UIViewSafeAreaLayoutGuide-top`).
    public func name(of origin: ConstraintOrigin) -> String {
        switch origin {
        case .explicit(let i):
            return constraints[i].identifier ?? text(of: constraints[i])
        case .autoresizing(let v, let axis, let second):
            let node = views[v.rawValue]
            return "\(node.id) \(axis == .horizontal ? "h" : "v")=\(node.autoresizing.pattern(axis)) \(autoresizingPart(node.autoresizing, axis, second: second))"
        case .contentSize(let v, let axis, let hugging):
            let node = views[v.rawValue]
            let what = hugging ? "hug:\(node.hugging[axis])" : "compressionResistance:\(node.compressionResistance[axis])"
            return "\(node.id) NSContentSizeLayoutConstraint \(axis == .horizontal ? "width" : "height") \(what)"
        case .guide(let item, let component):
            return "\(items[item.rawValue].name) \(guideConstraintIdentifier(item, component))"
        }
    }

    /// What an autoresizing constraint pins (`docs/uikit-rules.md` table): the first of a row is `minX`
    /// (`minY`) unless it is `S.width == maxX + R` (rows `&--`, `&&-`), then `maxX` (`maxY`);
    /// the second is `width` (`height`) except in row `-&-`, where it is `maxX` (`maxY`).
    func autoresizingPart(_ mask: AutoresizingMask, _ axis: LayoutAxis, second: Bool) -> String {
        let p = Array(mask.pattern(axis))
        let (flexStart, flexSize, flexEnd) = (p[0] == "&", p[1] == "&", p[2] == "&")
        let h = axis == .horizontal
        if second { return !flexStart && flexSize && !flexEnd ? (h ? "maxX" : "maxY") : (h ? "width" : "height") }
        return flexStart && !flexEnd ? (h ? "maxX" : "maxY") : (h ? "minX" : "minY")
    }

    /// UIKit's identifiers for the constraints that place built-in guides.
    func guideConstraintIdentifier(_ item: ItemIndex, _ component: LayoutVariables.FrameComponent) -> String {
        guard case .builtInGuide(let guide) = items[item.rawValue].kind else { return component.name }
        let side = ["left", "top", "width", "height"][component.rawValue]
        switch guide {
        case .safeArea: return "UIViewSafeAreaLayoutGuide-\(side)"
        case .margins: return "UIView-\(side)Margin-guide-constraint"
        case .readable: return "UIView-readableContentGuide-\(side)"
        case .content: return "UIScrollView-contentLayoutGuide-\(side)"
        case .frameGuide: return "UIScrollView-frameLayoutGuide-\(side)"
        }
    }
}
