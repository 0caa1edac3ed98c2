import AutoLayout
import Cassowary
import LinearConstraints

/// What a layout check may hold an outside solver to, beyond its profile's priorities and
/// determinism (`FuzzCheck.applies`):
/// - a peer without conflict sets (`PeerProfile.conflictSets` false) is not judged on
///   `conflict-real`, `conflict-minimal`, nor an `expect` block's conflicts;
/// - an outside solver cannot say which views are ambiguous, so checks that compare raw frames
///   (`frameComparisons`) skip the views Strut's own analysis (the ambiguity report of
///   `cassowary`, or of `cassowary-weighted` for a weighted peer: O(one layout per device)) marks
///   ambiguous on that device: on those, two right answers may differ;
/// - a peer without conflict sets cannot tell the metamorphic checks that its layout broke a
///   conflict (they apply to conflict-free layouts only, since which constraint breaks depends
///   on the order), so frame comparisons and `stack-semantics` skip every view on a device
///   where Strut's analysis finds a required conflict. A peer that mishandles the conflict (Kiwi's rollback) is found
///   by the system checks, as `rejected-changes-state`.
extension FuzzCheck {
    /// Invariants that compare two layouts' frames view by view.
    static let frameComparisons: Set<Invariant> = [
        .deterministic, .incrementalEqualsFresh, .permuteConstraints, .duplicateRequired, .translateRoot, .mirrorRightToLeft, .scaleByTwo,
        .strategiesAgree,
    ]

    /// Whether `failure` of strategy `name` counts, given `ambiguous` (views marked ambiguous per
    /// device id, for outside solvers).
    func judgesPeer(_ failure: InvariantFailure, _ name: String, ambiguous: [String: Set<String>]) -> Bool {
        guard let profile = profile(name) else { return true }
        if !profile.conflictSets {
            if failure.invariant == .conflictReal || failure.invariant == .conflictMinimal { return false }
            if failure.invariant == .expectations && failure.detail.contains(".conflicts") { return false }
        }
        // Checks meant for conflict-free layouts only (the metamorphic ones, stacks) cannot see
        // that a peer without conflict sets broke one: Strut's analysis tells them.
        if let views = ambiguous[failure.device], views.contains(Self.allViews), !profile.conflictSets,
           Self.frameComparisons.contains(failure.invariant) || failure.invariant == .stackSemantics {
            return false
        }
        if Self.frameComparisons.contains(failure.invariant), let views = ambiguous[failure.device] {
            if let view = Self.blamedView(failure.detail) { return !views.contains(view) }
            // The pass's "and N more like these" names no view: the named failures before it
            // speak for the invariant on this device.
            if failure.detail.hasPrefix("and ") && failure.detail.hasSuffix(" more like these") { return false }
        }
        return true
    }

    /// The view a frame comparison's detail starts with (`item0_2: window frame ...`).
    static func blamedView(_ detail: String) -> String? {
        guard let colon = detail.firstIndex(of: ":"), !detail[..<colon].contains(" ") else { return nil }
        return String(detail[..<colon])
    }

    /// The views Strut's engine (weighted or not) marks ambiguous on each device (by device id);
    /// every view (`allViews`) where it finds a conflict.
    static func ambiguousViews(_ tree: ViewTree, _ devices: [DeviceConfiguration], weighted: Bool) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for device in devices {
            var engine = LayoutEngine(tree: tree, solver: CassowarySolver(weighted: weighted))
            guard let result = try? engine.layout(on: device) else { continue }
            out[device.id] = result.conflicts.isEmpty ? Set((result.ambiguous ?? []).map(\.view)) : [allViews]
        }
        return out
    }

    /// The mark for "every view" in `ambiguousViews`.
    static let allViews = "*"
}

/// Determinism of an outside solver's layouts: the invariant pass compares digests of two runs'
/// frames bit for bit; a peer is held to its profile instead (`PeerProfile.tolerance`, views
/// Strut marks ambiguous left out, as in the other frame comparisons: ties there are judged on
/// system files, where the answers are shown).
extension FuzzCheck {
    /// The first view whose frames in two fresh layouts on `device` differ beyond `tolerance`
    /// (relative), described with both frames; nil when they agree or a layout fails.
    static func repeatDifference(_ tree: ViewTree, _ device: DeviceConfiguration, _ strategy: BenchStrategy, ambiguous: Set<String>,
                                 tolerance: Double) -> String? {
        guard !ambiguous.contains(allViews), let a = layout(tree, device, strategy.make()), let b = layout(tree, device, strategy.make()) else { return nil }
        for (fa, fb) in zip(a.frames, b.frames) where !ambiguous.contains(fa.view) {
            if !zip(fa.frame.components, fb.frame.components).allSatisfy({ Nondeterminism.close($0, $1, tolerance) }) {
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
