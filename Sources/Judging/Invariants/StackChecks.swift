import AutoLayout
import LinearConstraints

/// `stack-semantics`: what a stack view promises about its arranged views, read off the snapped
/// frames (arranged views are the stack's subviews, so their frames are in its coordinates).
/// Edges are snapped one by one, so gaps and sizes are compared within one pixel, plus 1e-12 of
/// the largest window coordinate of the stack and its arranged views (an ambiguous layout may
/// place a stack near 1e17, where doubles cannot hold a frame relative to its superview to the point).
extension UnitPass {
    /// Nil (not applicable) for a case without stack views or a layout that broke a conflict
    /// (a broken constraint may be a stack's own). O(arranged views).
    ///
    /// A hidden arranged view may take length along the axis only as far as the error the
    /// solver reports at `UISV-hiding`'s priority (999.999) accounts for: that constraint is not
    /// required, so a required one on the view's length (a fixed width, compression resistance
    /// 1000, a nested stack's required edges around its content) wins over it in UIKit too,
    /// without a conflict. Whether the solver gave up no more than it had to is `optimal`'s to judge.
    func stackSemantics(_ result: LayoutResult, _ grid: PixelGrid) -> [Finding]? {
        let tree = unit.loaded.tree
        let stacks = tree.views.indices.filter { tree.views[$0].stack != nil }
        guard !stacks.isEmpty, result.conflicts.isEmpty else { return nil }
        let hidingError = result.objective.first { $0.priority == StackPriority.hiding }?.error ?? 0
        var out: [Finding] = []
        for s in stacks {
            guard let stack = tree.views[s].stack else { continue }
            let tolerance = 1 / grid.scale + 1e-6 + 1e-12 * largestWindowCoordinate(result, [ViewIndex(s)] + stack.arranged)
            let horizontal = stack.axis == .horizontal
            let reversed = horizontal && tree.effectiveLayoutDirection(of: ViewIndex(s), base: result.layoutDirection) == .rightToLeft
            // A stack arranges alignment rectangles (a switch's frame is 2 points wider than its).
            func span(_ v: ViewIndex) -> (min: Double, max: Double) {
                let f = arrangedFrame(v, in: ViewIndex(s), result), a = tree.views[v.rawValue].alignmentRectInsets
                let (o, l) = horizontal ? (f.x + a.left, f.width - a.left - a.right) : (f.y + a.top, f.height - a.top - a.bottom)
                return reversed ? (-(o + l), -o) : (o, o + l)
            }
            let name = tree.views[s].id
            for v in stack.arranged where tree.views[v.rawValue].isHidden {
                let size = span(v).max - span(v).min
                if abs(size) > tolerance + hidingError {
                    out.append(Finding(detail: "\(name): hidden arranged view \(tree.views[v.rawValue].id) takes \(size) points along the axis", got: [size], expected: [0],
                                       views: [name, tree.views[v.rawValue].id]))
                }
            }
            let visible = stack.arranged.filter { !tree.views[$0.rawValue].isHidden }
            out += gapFindings(name, stack, visible, span, tolerance)
            if stack.distribution == .fillEqually, let first = visible.first {
                let want = span(first).max - span(first).min
                for v in visible.dropFirst() where abs(span(v).max - span(v).min - want) > tolerance {
                    out.append(Finding(detail: "\(name) (fillEqually): \(tree.views[v.rawValue].id) is \(span(v).max - span(v).min) long, \(tree.views[first.rawValue].id) \(want)",
                                       got: [span(v).max - span(v).min], expected: [want], views: [name, tree.views[v.rawValue].id, tree.views[first.rawValue].id]))
                }
            }
        }
        return out
    }

    /// Arranged view `v`'s frame in its stack `stack`: the snapped frame, except for a view drawn
    /// at its own size (`ViewNode.fixedSize`, a switch), whose drawn frame is not what the stack
    /// arranged: its solved rectangle, relative to the stack's window frame. (A fuzz case put a
    /// switch of no intrinsic width in a stack 1 point too small: the engine gave it -1 point, as
    /// UIKit would, and its drawn frame of 0 points was judged as starting before the view
    /// before it.)
    func arrangedFrame(_ v: ViewIndex, in stack: ViewIndex, _ result: LayoutResult) -> LayoutRect {
        guard unit.loaded.tree.views[v.rawValue].fixedSize, let system = engine.system, stack.rawValue < result.windowFrames.count else {
            return result.frames[v.rawValue].frame
        }
        let f = engine.solvedFrame(of: v.rawValue, system), origin = result.windowFrames[stack.rawValue]
        return LayoutRect(x: f.x - origin.x, y: f.y - origin.y, width: f.width, height: f.height)
    }

    /// The largest magnitude among the window frames' components of `views` (0 when none).
    func largestWindowCoordinate(_ result: LayoutResult, _ views: [ViewIndex]) -> Double {
        views.reduce(0.0) { m, v in
            guard v.rawValue < result.windowFrames.count else { return m }
            return result.windowFrames[v.rawValue].components.reduce(m) { max($0, abs($1)) }
        }
    }

    /// Order and gaps between consecutive visible arranged views: each starts where the one
    /// before ends plus the spacing after it (custom, else the stack's) for the fill
    /// distributions; under equalSpacing, all gaps are equal and at least the spacing. Gaps are
    /// not judged for system spacing or baseline-relative stacks; equalCentering is judged for
    /// order only. Order is not judged after a view followed by a negative spacing: UISV-spacing
    /// keeps the constant as given, so the next view overlaps this one and starts before it
    /// when this one is shorter than the overlap (UIKit lays it out so too).
    func gapFindings(
        _ name: String, _ stack: StackNode, _ visible: [ViewIndex], _ span: (ViewIndex) -> (min: Double, max: Double), _ tolerance: Double
    ) -> [Finding] {
        guard visible.count >= 2 else { return [] }
        let tree = unit.loaded.tree
        var out: [Finding] = []
        var gaps: [Double] = []
        // A negative length (a stack too small for its spacing, arranged views without a
        // size: the engine's honest answer, UIKit's too) has its leading edge after its
        // trailing one, so "starts before" means nothing there; the gaps below still judge it.
        func positive(_ v: ViewIndex) -> Bool { span(v).max + tolerance >= span(v).min }
        func overlaps(after v: ViewIndex) -> Bool {
            if let custom = stack.customSpacing.last(where: { $0.view == v }) { return custom.spacing < 0 }
            guard case .points(let spacing) = stack.spacing else { return false }
            return spacing < 0
        }
        for (a, b) in zip(visible, visible.dropFirst()) {
            if positive(a), positive(b), !overlaps(after: a), span(b).min + tolerance < span(a).min {
                out.append(Finding(detail: "\(name): \(tree.views[b.rawValue].id) starts before \(tree.views[a.rawValue].id) along the axis",
                                   got: [span(b).min], expected: [span(a).max], views: [name, tree.views[a.rawValue].id, tree.views[b.rawValue].id]))
            }
            gaps.append(span(b).min - span(a).max)
        }
        guard case .points(let spacing) = stack.spacing, !stack.baselineRelativeArrangement else { return out }
        switch stack.distribution {
        case .fill, .fillEqually, .fillProportionally:
            for (k, a) in visible.dropLast().enumerated() {
                let want = stack.customSpacing.last { $0.view == a }?.spacing ?? spacing
                if abs(gaps[k] - want) > tolerance {
                    out.append(Finding(detail: "\(name): gap after \(tree.views[a.rawValue].id) is \(gaps[k]), spacing \(want)", got: [gaps[k]], expected: [want],
                                       views: [name, tree.views[a.rawValue].id, tree.views[visible[k + 1].rawValue].id]))
                }
            }
        case .equalSpacing:
            if let lo = gaps.min(), let hi = gaps.max(), hi - lo > 2 * tolerance || lo + tolerance < min(spacing, hi) {
                out.append(Finding(detail: "\(name) (equalSpacing): gaps \(gaps) are not equal or fall below the spacing \(spacing)", got: gaps, expected: [spacing],
                                   views: [name] + visible.map { tree.views[$0.rawValue].id }))
            }
        case .equalCentering: break
        }
        return out
    }
}
