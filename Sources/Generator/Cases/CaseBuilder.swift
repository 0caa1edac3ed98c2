import AutoLayout
import LinearConstraints

/// An anchor of a view or custom guide: `a("v1", .leading)`.
func a(_ id: String, _ attribute: LayoutAttribute) -> AnchorReference {
    AnchorReference(ItemReference(id), attribute)
}

/// An anchor of a view's built-in guide: `g("main", .safeArea, .top)`.
func g(_ id: String, _ guide: BuiltInGuide, _ attribute: LayoutAttribute) -> AnchorReference {
    AnchorReference(ItemReference(id, guide: guide), attribute)
}

/// Accumulates the views and constraints of one generated case in order, so that families read
/// as a list of UIKit statements. Views default to `translatesAutoresizingMask: false` through
/// the case's `defaults` (views made for Auto Layout); a view that translates says so itself.
///
/// Appending is amortised O(1); `finish` is O(views + constraints).
struct CaseBuilder {
    let root: String
    var views: [ViewSpec]
    var constraints: [ConstraintSpec] = []
    var formats: [FormatSpec] = []
    var devices: [CaseDevice]?
    var layoutDirection: LayoutDirection?
    var expect: [DeviceExpectation] = []

    init(root: String = "main", capacity: Int = 16) {
        self.root = root
        views = [ViewSpec(id: root)]
        views.reserveCapacity(capacity)
        constraints.reserveCapacity(capacity * 4)
    }

    /// Adds a plain subview (back to front order) and returns its id.
    @discardableResult
    mutating func view(_ id: String, in superview: String, _ configure: (inout ViewSpec) -> Void = { _ in }) -> String {
        var v = ViewSpec(id: id, superview: superview)
        configure(&v)
        views.append(v)
        return id
    }

    /// A label-like view: an intrinsic size, a baseline, and Interface Builder's hugging 251.
    @discardableResult
    mutating func label(_ id: String, in superview: String, width: Double, height: Double = 21) -> String {
        view(id, in: superview) {
            $0.intrinsicSize = IntrinsicSize(width: width, height: height)
            $0.baseline = Baseline(first: (height * 0.8).rounded(), last: (height * 0.2).rounded())
            $0.hugging = AxisPriorities(horizontal: Priority(251), vertical: Priority(251))
        }
    }

    /// `first REL multiplier * second + constant @priority #identifier`.
    mutating func add(
        _ first: AnchorReference, _ relation: Relation = .equal, _ second: AnchorReference? = nil, times multiplier: Double = 1,
        _ constant: Double = 0, priority: Priority = .required, id identifier: String? = nil, when: SizeClassCondition? = nil
    ) {
        constraints.append(ConstraintSpec(
            first, relation, multiplier: multiplier, second, constant: constant, priority: priority,
            identifier: identifier, when: when))
    }

    /// `first REL constant` for a dimension.
    mutating func size(_ first: AnchorReference, _ relation: Relation = .equal, _ constant: Double, priority: Priority = .required, id: String? = nil) {
        add(first, relation, nil, constant, priority: priority, id: id)
    }

    /// Pins `id`'s four edges to `container`'s anchors (a view or a guide reference) with insets.
    mutating func pinEdges(_ id: String, to container: ItemReference, inset: Double = 0) {
        let c = { (attr: LayoutAttribute) in AnchorReference(container, attr) }
        add(a(id, .leading), .equal, c(.leading), inset)
        add(a(id, .trailing), .equal, c(.trailing), -inset)
        add(a(id, .top), .equal, c(.top), inset)
        add(a(id, .bottom), .equal, c(.bottom), -inset)
    }

    /// The case with a generated name and description; `defaults` make views Auto Layout views.
    func finish(_ request: GenerationRequest, _ what: String) -> LayoutCase {
        LayoutCase(
            name: request.caseName, description: request.caseDescription(what),
            defaults: LayoutCase.Defaults(translatesAutoresizingMask: false), root: root, views: views,
            constraints: constraints, formats: formats, devices: devices, layoutDirection: layoutDirection, expect: expect)
    }

    /// Records the promise of a family whose every case lays out with neither conflict nor
    /// ambiguity on every device: `"*": {"ambiguous": [], "conflicts": []}`.
    mutating func expectDetermined() {
        expect.append(DeviceExpectation(device: "*", ambiguous: [], conflicts: []))
    }
}
