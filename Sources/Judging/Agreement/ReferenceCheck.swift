import AutoLayout
import LinearConstraints

/// What Strut's own model of a screen says of the reference frames: the screen is laid out a
/// second time with every compared view held within the tolerance of its reference frame, and
/// that layout is set against the free one.
///
/// This turns "Strut and Apple disagree" into one of four checked statements:
/// - the held layout is as good at every priority: the reference is **another optimum** of the
///   same constraints (the two engines broke a tie differently; neither is wrong);
/// - it holds every required constraint but is **worse at a priority**: Apple's engine (or the
///   designer, for what Interface Builder does not lay out) preferred something Strut's model does
///   not; at priority 25 or below that is what only a stack's ambiguity suppression decides;
/// - it **contradicts required constraints**, named: the frames are not a layout of these
///   constraints, either because Interface Builder stored frames it did not lay out again, or
///   because Strut generates a constraint UIKit does not (a stack's, a margin's, a guide's);
/// - it is **better than Strut's own layout** at some priority: Strut's answer was not optimal
///   (an engine bug).
public enum ReferenceCheck: Sendable, Equatable {
    case anotherOptimum
    case worseAt(priority: Float)
    case contradicts([String])
    case betterThanStrut(priority: Float)

    /// Identifier prefix of the constraints that hold a view at its reference frame.
    public static let holdPrefix = "reference-frame "

    /// `c` with every view of `frames` but the root held, by required constraints, within
    /// `tolerance` of its reference frame in its superview's coordinates. Anchors name alignment
    /// rectangles, so each bound is moved by the view's (and its superview's) alignment insets to
    /// hold the frame itself. Expectations are dropped. O(views).
    public static func heldCase(_ c: LayoutCase, frames: [DeviceExpectation.ExpectedFrame], tolerance t: Double) -> LayoutCase {
        var held = c
        held.expect = []
        let specs = Dictionary(c.views.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for f in frames {
            guard f.view != c.root, let spec = specs[f.view], let sv = spec.superview, let superSpec = specs[sv] else { continue }
            let a = spec.alignmentRectInsets ?? EdgeInsets(), s = superSpec.alignmentRectInsets ?? EdgeInsets()
            let name = "\(holdPrefix)\(f.view)"
            func anchor(_ id: String, _ attribute: LayoutAttribute) -> AnchorReference { AnchorReference(ItemReference(id), attribute) }
            func bound(_ attribute: LayoutAttribute, _ second: AnchorReference?, _ value: Double) {
                held.constraints.append(ConstraintSpec(anchor(f.view, attribute), .greaterThanOrEqual, second, constant: value - t, identifier: name))
                held.constraints.append(ConstraintSpec(anchor(f.view, attribute), .lessThanOrEqual, second, constant: value + t, identifier: name))
            }
            // Anchor v.left = minX + a.left, and the superview's s.left = its minX + s.left.
            bound(.left, anchor(sv, .left), f.frame.x + a.left - s.left)
            bound(.top, anchor(sv, .top), f.frame.y + a.top - s.top)
            bound(.width, nil, f.frame.width - a.left - a.right)
            bound(.height, nil, f.frame.height - a.top - a.bottom)
        }
        return held
    }

    /// `heldCase` for the reference frames `c` expects on `configuration` (those with a
    /// tolerance; misplaced views are not held), nil when it expects none there.
    public static func heldCase(_ c: LayoutCase, on configuration: DeviceConfiguration) -> LayoutCase? {
        guard let e = c.expectations(for: configuration).first(where: { $0.tolerance != nil && $0.frames != nil }) else { return nil }
        return heldCase(c, frames: e.frames ?? [], tolerance: e.frameTolerance)
    }

    /// Sets the held layout against the free one (both on the same device). A conflict of the
    /// held layout that the free one does not have (a constraint broken that it kept) is one the
    /// reference frames make: its members but the holding constraints are what they contradict.
    /// Where Strut broke constraints, those are broken in both (the holds come last and break
    /// first), so what is named is what Apple's engine broke instead. Level errors count as equal
    /// within 1e-6 of their size.
    public static func judge(free: LayoutResult, held: LayoutResult) -> ReferenceCheck {
        let freeBroken = Set(free.conflicts.map(\.broken))
        let newConflicts = held.conflicts.filter { !freeBroken.contains($0.broken) }
        if !newConflicts.isEmpty || held.unmetEdits.count > free.unmetEdits.count {
            var names: [String] = []
            for conflict in newConflicts {
                for m in conflict.constraints where !m.hasPrefix(holdPrefix) && !names.contains(m) { names.append(m) }
            }
            for e in held.unmetEdits where !free.unmetEdits.contains(e) { names.append(e) }
            return .contradicts(names)
        }
        func levels(_ o: [LevelError]) -> [Float: Double] {
            Dictionary(o.filter { abs($0.error) > 1e-9 }.map { ($0.priority.value, $0.error) }, uniquingKeysWith: +)
        }
        let f = levels(free.objective), h = levels(held.objective)
        for p in Set(f.keys).union(h.keys).sorted(by: >) {
            let a = f[p] ?? 0, b = h[p] ?? 0
            if abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) { continue }
            return b > a ? .worseAt(priority: p) : .betterThanStrut(priority: p)
        }
        return .anotherOptimum
    }

    /// One line for reports.
    public var text: String {
        switch self {
        case .anotherOptimum: "the reference is another optimum of the same constraints"
        case .worseAt(let p): "the reference holds every required constraint but is worse at priority \(formatJSONNumber(Double(p)))"
        case .contradicts(let names):
            "the reference contradicts required constraints: " + (names.prefix(6).joined(separator: "; ") + (names.count > 6 ? "; and \(names.count - 6) more" : ""))
        case .betterThanStrut(let p): "Strut's layout is not optimal: the reference does better at priority \(formatJSONNumber(Double(p)))"
        }
    }

    /// The class of disagreement this check puts a screen's disagreeing views in: the kind of
    /// constraint the reference contradicts (a stack's, a margin's, a safe area's or the device's;
    /// else the file's own), or what the optimum says.
    var disagreementClass: DisagreementClass {
        switch self {
        case .anotherOptimum: return .anotherOptimum
        case .worseAt(let p): return p <= 25 ? .belowSuppression : .preference
        case .betterThanStrut: return .strutNotOptimal
        case .contradicts(let names):
            if names.contains(where: { $0.contains("UISV-") }) { return .stack }
            if names.contains(where: { $0.contains("Margin-guide") || $0.contains("margins.") || $0.contains("readableContent") }) { return .margins }
            if names.contains(where: { $0.contains("SafeAreaLayoutGuide") || $0.contains(".safeArea") || $0.contains("Encapsulated-Layout") || $0.contains(".inset.") }) {
                return .safeArea
            }
            return .referenceBreaksConstraint
        }
    }
}
