import AutoLayout
import Cassowary
import LinearConstraints
import Subjects

/// What a layout check may hold an outside solver to, beyond its profile's priorities and
/// determinism (`FuzzCheck.applies`):
/// - a peer without conflict sets (`PeerProfile.conflictSets` false) is not judged on
///   `conflict-real`, `conflict-minimal`, nor an `expect` block's conflicts;
/// - an outside solver cannot say which views are ambiguous, so checks that compare raw frames
///   (`frameComparisons`) skip, per view and axis, what Strut's own analysis (the ambiguity
///   report of `cassowary`, or of `cassowary-weighted` for a weighted peer: O(one layout per
///   device)) marks ambiguous on that device: there two right answers may differ. A view free
///   only horizontally is still judged on its y and height;
/// - the metamorphic checks apply to conflict-free layouts only, since which constraint breaks
///   depends on the order, and they learn of a conflict from the layout's own conflict reports;
///   a peer that names no conflict set has none (Strut's engine records its refusal as a
///   rejected constraint), even when judged as if it promised them, so frame comparisons and
///   `stack-semantics` skip every view on a device where Strut's analysis finds a required
///   conflict. A peer that mishandles the conflict (Kiwi's rollback) is found by the system
///   checks, as `rejected-changes-state`, and a missing set as `conflict-set-missing`.
extension FuzzCheck {
    /// Invariants that compare two layouts' frames view by view.
    static let frameComparisons: Set<Invariant> = [
        .deterministic, .incrementalEqualsFresh, .permuteConstraints, .duplicateRequired, .translateRoot, .mirrorRightToLeft, .scaleByTwo,
        .strategiesAgree,
    ]

    /// Whether `failure` of strategy `name` counts, given `ambiguous` (what Strut's analysis
    /// leaves undetermined per device id, for outside solvers).
    func judgesPeer(_ failure: InvariantFailure, _ name: String, ambiguous: [String: PeerAmbiguity]) -> Bool {
        guard let profile = profile(name) else { return true }
        if !profile.conflictSets {
            if failure.invariant == .conflictReal || failure.invariant == .conflictMinimal { return false }
            if failure.invariant == .expectations && failure.detail.contains(".conflicts") { return false }
        }
        guard let device = ambiguous[failure.device] else { return true }
        // Checks meant for conflict-free layouts only (the metamorphic ones, stacks) cannot see
        // that a peer which names no conflict set broke one: Strut's analysis tells them.
        if device.everyView, Self.frameComparisons.contains(failure.invariant) || failure.invariant == .stackSemantics {
            return false
        }
        if Self.frameComparisons.contains(failure.invariant) {
            if let view = Self.blamedView(failure.detail) {
                let free = device.axes[view] ?? []
                guard !free.isEmpty else { return true }
                // Judged when a component outside the free axes differs; a failure without the
                // four frame components to tell is skipped with the view.
                guard failure.got.count == 4, failure.expected.count == 4 else { return false }
                return !free.isSuperset(of: PeerAmbiguity.Axes.differing(failure.got, failure.expected))
            }
            // The pass's "and N more like these" names no view: the named failures before it
            // speak for the invariant on this device.
            if failure.isSummaryOfMore { return false }
        }
        return true
    }

    /// The view a frame comparison's detail starts with (`item0_2: window frame ...`).
    static func blamedView(_ detail: String) -> String? {
        guard let colon = detail.firstIndex(of: ":"), !detail[..<colon].contains(" ") else { return nil }
        return String(detail[..<colon])
    }

    /// What Strut's engine (weighted or not) leaves undetermined on each device (by device id):
    /// the axes of each view with an ambiguous frame component, or every view where it finds a
    /// conflict.
    static func peerAmbiguity(_ tree: ViewTree, _ devices: [DeviceConfiguration], weighted: Bool) -> [String: PeerAmbiguity] {
        var out: [String: PeerAmbiguity] = [:]
        for device in devices {
            var engine = LayoutEngine(tree: tree, solver: CassowarySolver(weighted: weighted))
            guard let result = try? engine.layout(on: device) else { continue }
            out[device.id] = result.conflicts.isEmpty ? PeerAmbiguity((result.ambiguous ?? []).map { ($0.view, $0.attributes) }) : PeerAmbiguity(everyView: true)
        }
        return out
    }
}

/// What two right layouts of one case on one device may differ in, by Strut's own analysis: per
/// view, the axes with an ambiguous frame component, or every view (`everyView`) when the layout
/// breaks a required constraint. The axis is the unit because frames are snapped to the pixel
/// grid from both edges: a free minX moves the snapped width too, never the y or the height.
struct PeerAmbiguity: Equatable {
    struct Axes: OptionSet, Equatable {
        let rawValue: UInt8
        static let horizontal = Axes(rawValue: 1)
        static let vertical = Axes(rawValue: 2)
    }

    var everyView = false
    var axes: [String: Axes] = [:]

    init(everyView: Bool) { self.everyView = everyView }

    /// From an ambiguity report: per view, its ambiguous frame components (`minX`, ...).
    init(_ reports: [(view: String, attributes: [String])]) {
        for r in reports { axes[r.view] = Axes(attributes: r.attributes) }
    }
}

extension PeerAmbiguity.Axes {
    /// The axes of frame components (`minX`, `minY`, `width`, `height`).
    init(attributes: [String]) {
        self = []
        for a in attributes { insert(a == "minX" || a == "width" ? .horizontal : .vertical) }
    }

    /// The axis of a frame's `k`-th component (x, y, width, height).
    static func of(component k: Int) -> Self { k % 2 == 0 ? .horizontal : .vertical }

    /// The axes on which two frames' components (x, y, width, height) differ by more than the
    /// last digits (1e-9 relative).
    static func differing(_ a: [Double], _ b: [Double]) -> Self {
        var axes: Self = []
        for k in 0..<min(a.count, b.count, 4) where abs(a[k] - b[k]) > 1e-9 * max(1, abs(a[k]), abs(b[k])) || a[k].isNaN != b[k].isNaN {
            axes.insert(of(component: k))
        }
        return axes
    }
}

/// Determinism of an outside solver's layouts: the invariant pass compares digests of two runs'
/// frames bit for bit; a peer is held to its profile instead (`PeerProfile.tolerance`, the axes
/// of views Strut marks ambiguous left out, as in the other frame comparisons: ties there are judged on
/// system files, where the answers are shown).
extension FuzzCheck {
    /// The first view whose frames in two fresh layouts on `device` differ beyond `tolerance`
    /// (relative), described with both frames; nil when they agree or a layout fails.
    static func repeatDifference(_ tree: ViewTree, _ device: DeviceConfiguration, _ strategy: BenchStrategy, ambiguous: PeerAmbiguity,
                                 tolerance: Double) -> String? {
        guard !ambiguous.everyView, let a = layout(tree, device, strategy.make()), let b = layout(tree, device, strategy.make()) else { return nil }
        for (fa, fb) in zip(a.frames, b.frames) {
            let free = ambiguous.axes[fa.view] ?? []
            for (k, (x, y)) in zip(fa.frame.components, fb.frame.components).enumerated()
            where !free.contains(.of(component: k)) && !Nondeterminism.close(x, y, tolerance) {
                return "\(fa.view): \(fa.frame), then \(fb.frame) on a fresh solver (device \(device.id))"
            }
        }
        return nil
    }

    static func layout<T: ConstraintSolver>(_ tree: ViewTree, _ device: DeviceConfiguration, _ solver: T) -> LayoutResult? {
        var engine = LayoutEngine(tree: tree, solver: solver)
        return try? engine.layout(on: device)
    }
}
