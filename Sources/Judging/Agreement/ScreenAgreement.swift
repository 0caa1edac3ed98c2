import AutoLayout
import LinearConstraints

/// How one screen's layout agrees with reference frames another engine computed (Interface
/// Builder's, stored in an imported case's `expect` block with a `tolerance`): per view, the
/// largest difference of a frame component, and for each view that disagrees the class of
/// disagreement it most likely belongs to.
public struct ScreenAgreement: Sendable {
    public var path: String
    public var caseName: String
    public var device: String
    public var tolerance: Double
    public var views: [ViewVerdict]
    /// Views the reference marks misplaced: compared, never counted as agreement or not.
    public var misplaced: [ViewVerdict]
    /// The reference's ambiguity marks and Strut's report (nil: the strategy cannot tell).
    public var referenceAmbiguous: [String]
    public var strutAmbiguous: [String]?
    /// Constraints Strut broke (by name) and device edits required constraints overrode.
    public var broken: [String]
    public var unmetEdits: [String]
    /// Every view's frame in window coordinates, Strut's and the reference's (for wireframes).
    public var strutWindowFrames: [String: LayoutRect]
    public var referenceWindowFrames: [String: LayoutRect]
    public var rootSize: LayoutRect
    /// What Strut's model says of the reference frames (`ReferenceCheck`); nil when not checked
    /// (the screen agrees, or Strut's own layout broke a constraint or gave way on the device).
    public var referenceCheck: ReferenceCheck?

    public struct ViewVerdict: Sendable {
        public var view: String
        public var expected: LayoutRect
        public var got: LayoutRect
        /// Largest |difference| of x, y, width and height.
        public var difference: Double
        public var agrees: Bool
        /// Why it most likely disagrees; nil when it agrees.
        public var disagreement: DisagreementClass?
    }

    public var disagreeing: [ViewVerdict] { views.filter { !$0.agrees } }
    /// True when the reference frames are another optimum of the same constraints.
    public var isAnotherOptimum: Bool { referenceCheck == .anotherOptimum }

    /// Whether the screen's reference frames are worth checking against Strut's model: it
    /// disagrees, and the device did not give way in Strut's own layout.
    public var needsReferenceCheck: Bool { !agrees && unmetEdits.isEmpty }

    /// Records `check` and puts every disagreeing view in the class it implies. Where Strut broke
    /// a constraint and the reference contradicts others, the class stays `conflict` (the check
    /// names what Apple's engine broke instead).
    public mutating func apply(_ check: ReferenceCheck) {
        referenceCheck = check
        if !broken.isEmpty, case .contradicts = check { return }
        for k in views.indices where !views[k].agrees { views[k].disagreement = check.disagreementClass }
    }
    public var agrees: Bool { views.allSatisfy(\.agrees) }
    /// The screen's class: its first disagreeing view's, in view order.
    public var disagreement: DisagreementClass? { disagreeing.first?.disagreement }
}

/// The classes of disagreement with a reference engine. A screen whose reference frames were
/// checked against Strut's model (`ReferenceCheck`) takes its class from that check; otherwise
/// the heuristic classes from `conflict` on are tried in order for each view.
public enum DisagreementClass: String, CaseIterable, Sendable {
    /// The reference is another optimum of the same constraints: the engines broke a tie
    /// differently.
    case anotherOptimum = "another optimum of the same constraints"
    /// The reference holds every required constraint and is as good down to priority 26: only
    /// what a stack's ambiguity suppression (25) or weaker decides differs.
    case belowSuppression = "decided only at priority 25 or below"
    /// The reference holds every required constraint but gives up a preference Strut keeps.
    case preference = "the reference gives up a preference"
    /// Strut's own layout is not optimal: the reference does better.
    case strutNotOptimal = "Strut's layout is not optimal"
    /// Strut broke a required constraint to recover from a conflict.
    case conflict = "conflict resolved differently"
    /// A device edit (the root's size, a guide's inset) gave way to required constraints.
    case unmetEdit = "the root's size or a guide gave way"
    /// Strut reports the view's frame ambiguous.
    case ambiguous = "ambiguous in Strut"
    /// The reference frames break required constraints of the file's own (the reference
    /// engine stored frames it did not lay out, without marking them misplaced).
    case referenceBreaksConstraint = "the reference breaks the file's own required constraints"
    /// The superview itself disagrees in size, and the view follows it.
    case followsSuperview = "follows a superview that disagrees"
    /// The view is a stack view or arranged in one.
    case stack = "stack view"
    /// A constraint on the view uses layout margins (its own or its superview's).
    case margins = "layout margins"
    /// A constraint on the view uses a safe area (or a pre-iOS 11 layout guide).
    case safeArea = "safe area"
    /// The view's size is its intrinsic size (from the stored frame) and only its size differs.
    case intrinsic = "intrinsic size"
    case other = "other"
}

extension ScreenAgreement {
    /// The agreement of `result` with the expectations of `layoutCase` that carry a tolerance, on
    /// `result`'s device; nil when none applies.
    public static func compare(_ layoutCase: LayoutCase, result: LayoutResult, configuration: DeviceConfiguration, path: String) -> ScreenAgreement? {
        guard let e = layoutCase.expectations(for: configuration).first(where: { $0.tolerance != nil && $0.frames != nil }) else { return nil }
        let tolerance = e.frameTolerance
        let got = Dictionary(result.frames.map { ($0.view, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let specs = Dictionary(layoutCase.views.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let expected = Dictionary((e.frames ?? []).map { ($0.view, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let ambiguous = Set(result.ambiguous?.map(\.view) ?? [])
        func verdict(_ f: DeviceExpectation.ExpectedFrame) -> ScreenAgreement.ViewVerdict? {
            guard let g = got[f.view] else { return nil }
            let d = zip(g.components, f.frame.components).map { abs($0 - $1) }.max() ?? 0
            return ViewVerdict(view: f.view, expected: f.frame, got: g, difference: d, agrees: d <= tolerance, disagreement: nil)
        }
        var views = (e.frames ?? []).compactMap(verdict)
        let disagreeingSize = Set(views.filter { abs($0.got.width - $0.expected.width) > tolerance || abs($0.got.height - $0.expected.height) > tolerance }.map(\.view))
        for k in views.indices where !views[k].agrees {
            views[k].disagreement = classify(
                views[k], spec: specs[views[k].view], specs: specs, constraints: layoutCase.constraints, result: result,
                ambiguous: ambiguous, superviewDisagrees: specs[views[k].view]?.superview.map(disagreeingSize.contains) ?? false)
        }
        var strutWindow: [String: LayoutRect] = [:]
        for (k, f) in result.frames.enumerated() where k < result.windowFrames.count { strutWindow[f.view] = result.windowFrames[k] }
        let root = result.frames.first?.frame ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
        return ScreenAgreement(
            path: path, caseName: layoutCase.name, device: configuration.id, tolerance: tolerance, views: views,
            misplaced: (e.misplaced ?? []).compactMap(verdict), referenceAmbiguous: e.ambiguous ?? [],
            strutAmbiguous: result.ambiguous.map { $0.map(\.view) }, broken: result.conflicts.map(\.broken),
            unmetEdits: result.unmetEdits, strutWindowFrames: strutWindow,
            referenceWindowFrames: windowFrames(layoutCase, local: expected.merging((e.misplaced ?? []).map { ($0.view, $0.frame) }) { a, _ in a }, root: root),
            rootSize: root)
    }

    /// Reference frames in window coordinates: each view's frame offset by its superviews'.
    static func windowFrames(_ c: LayoutCase, local: [String: LayoutRect], root: LayoutRect) -> [String: LayoutRect] {
        var out: [String: LayoutRect] = [c.root: root]
        for v in c.views {
            guard let f = local[v.id] ?? (v.id == c.root ? nil : v.frame), let s = v.superview, let o = out[s] else { continue }
            out[v.id] = LayoutRect(x: o.x + f.x, y: o.y + f.y, width: f.width, height: f.height)
        }
        return out
    }

    static func classify(
        _ v: ViewVerdict, spec: ViewSpec?, specs: [String: ViewSpec], constraints: [ConstraintSpec], result: LayoutResult,
        ambiguous: Set<String>, superviewDisagrees: Bool
    ) -> DisagreementClass {
        if !result.conflicts.isEmpty { return .conflict }
        if !result.unmetEdits.isEmpty { return .unmetEdit }
        if ambiguous.contains(v.view) { return .ambiguous }
        let fixedSizes = constraints.filter { $0.second == nil && $0.priority.isRequired && $0.relation == .equal && $0.first.item == ItemReference(v.view) && $0.isActive && $0.when == nil }
        if fixedSizes.contains(where: { c in
            let stored = c.first.attribute == .width ? v.expected.width : c.first.attribute == .height ? v.expected.height : c.constant
            return abs(stored - c.constant) > 0.5
        }) { return .referenceBreaksConstraint }
        if superviewDisagrees { return .followsSuperview }
        let superview = spec?.superview
        if spec?.stack != nil || superview.flatMap({ specs[$0]?.stack }) != nil { return .stack }
        let touching = constraints.filter { $0.first.item.id == v.view || $0.second?.item.id == v.view }
        if touching.contains(where: { c in
            [c.first, c.second].compactMap { $0 }.contains { $0.attribute.isMargin || $0.item.guide == .margins || $0.item.guide == .readable }
        }) { return .margins }
        if touching.contains(where: { c in [c.first, c.second].compactMap { $0 }.contains { $0.item.guide == .safeArea } }) { return .safeArea }
        if spec?.intrinsicSize != nil, abs(v.got.x - v.expected.x) <= 0.5 || abs(v.got.y - v.expected.y) <= 0.5 { return .intrinsic }
        return .other
    }
}
