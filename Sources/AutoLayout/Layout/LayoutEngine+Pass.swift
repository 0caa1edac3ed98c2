import LinearConstraints

extension LayoutEngine {
    /// Suggests the root's frame (origin and the device's screen size) where it changed.
    mutating func suggestRoot(_ values: [Double], _ s: LoweredSystem) throws(LoweringError) {
        for (k, v) in s.rootEditVariables.enumerated() where suggestedRoot[k] != values[k] {
            try suggest(values[k], v, s)
            suggestedRoot[k] = values[k]
        }
    }

    mutating func suggest(_ value: Double, _ v: Variable, _ s: LoweredSystem) throws(LoweringError) {
        do throws(SolverError) { try solver.suggestValue(value, for: v) } catch {
            throw .solverRefused("suggesting \(value) for \(s.name(of: v))", error)
        }
    }

    /// The multi-pass settling of guide insets, as UIKit's layout passes do it. A pass is one
    /// solve and read: compute the insets from the frames, and when they differ from the
    /// suggested ones (by more than 1e-9 points) suggest them and pass again, at most
    /// `maxPasses` passes. Returns the passes used and whether the insets settled (the last
    /// pass's frames give back the insets that produced them). Without inset guides: one pass.
    mutating func settleGuides(_ s: LoweredSystem) throws(LoweringError) -> (passes: Int, settled: Bool) {
        guard !s.insetGuides.isEmpty else { return (1, true) }
        let variables = s.insetEditVariables
        var passes = 1
        let readers = insetReaders(s)
        var values = insetValues(s, frames: windowFrames(s, only: readers))
        while true {
            if zip(values, suggestedInsets).allSatisfy({ abs($0 - $1) <= 1e-9 }) { return (passes, true) }
            if passes >= maxPasses { return (passes, false) }
            for (k, v) in variables.enumerated() where suggestedInsets[k] != values[k] {
                try suggest(values[k], v, s)
                suggestedInsets[k] = values[k]
            }
            passes += 1
            values = insetValues(s, frames: windowFrames(s, only: readers))
        }
    }

    /// The insets of every inset guide for the given frames, slot by slot: top, left, bottom, right.
    func insetValues(_ s: LoweredSystem, frames: [LayoutRect]) -> [Double] {
        let insets = GuideInsets(tree: s.tree, configuration: s.configuration, direction: s.direction, frames: frames)
        var out: [Double] = []
        out.reserveCapacity(4 * s.insetGuides.count)
        for g in s.insetGuides {
            let item = s.tree.items[g.rawValue]
            guard case .builtInGuide(let kind) = item.kind,
                let e = insets.insets(kind, view: item.owner.rawValue, frames: frames)
            else { preconditionFailure("inset slot for \(item.name), which is not an inset guide") }
            out += [e.top, e.left, e.bottom, e.right]
        }
        return out
    }

    /// Every view's frame in window coordinates at the solver's current values. O(views).
    func windowFrames(_ s: LoweredSystem) -> [LayoutRect] {
        tree.views.indices.map { windowFrame(of: $0, s) }
    }

    /// The window frames of `views` only, the others left zero: what a settling pass reads
    /// (`insetReaders`). A pass re-reads frames after every suggestion, and each read evaluates
    /// the view's definitions afresh, so reading all of them cost a table of 960 cells four full
    /// reads per first layout where its guides read a few hundred views.
    func windowFrames(_ s: LoweredSystem, only views: [Int]) -> [LayoutRect] {
        var frames = [LayoutRect](repeating: LayoutRect(x: 0, y: 0, width: 0, height: 0), count: tree.views.count)
        for i in views { frames[i] = windowFrame(of: i, s) }
        return frames
    }

    /// View `i`'s frame in window coordinates: its solved frame, or for a view drawn at a fixed
    /// size (`ViewNode.fixedSize`, a UISwitch) its solved origin with its intrinsic size plus its
    /// alignment insets on each axis that has one. The layout itself keeps the solved size: other
    /// views' constraints see what the engine solved, as in UIKit, where the switch only draws
    /// itself at its own size (corpora/real: rocket.chat's CheckTableViewCell and corona-warn-app's
    /// TraceLocationCheckin constrain switches 47 and 50 wide; Interface Builder stored them at
    /// their own 49 and 52, from the solved origin).
    func windowFrame(of i: Int, _ s: LoweredSystem) -> LayoutRect {
        var frame = solvedFrame(of: i, s)
        let view = tree.views[i]
        if view.fixedSize {
            let insets = view.alignmentRectInsets
            if let w = view.intrinsicSize.width { frame.width = w + insets.left + insets.right }
            if let h = view.intrinsicSize.height { frame.height = h + insets.top + insets.bottom }
        }
        return frame
    }

    /// View `i`'s rectangle as the solver holds it, in window coordinates: what its constraints
    /// and a stack arrange, before a view drawn at a fixed size is drawn at its own size.
    public func solvedFrame(of i: Int, _ s: LoweredSystem) -> LayoutRect {
        let v = s.variables, item = ItemIndex(i)
        return LayoutRect(x: solver.value(of: v.minX(item)), y: solver.value(of: v.minY(item)),
                          width: solver.value(of: v.width(item)), height: solver.value(of: v.height(item)))
    }

    /// The views whose frames the inset guides' insets depend on, in index order: each guide's
    /// owner and its ancestors (`GuideInsets` derives a view's safe area and margins from its own
    /// frame, its superview's frame and its superview's insets). O(guides × depth).
    func insetReaders(_ s: LoweredSystem) -> [Int] {
        var read = [Bool](repeating: false, count: tree.views.count)
        for g in s.insetGuides {
            var next: Int? = s.tree.items[g.rawValue].owner.rawValue
            while let i = next, !read[i] {
                read[i] = true
                next = s.tree.views[i].superview?.rawValue
            }
        }
        return read.indices.filter { read[$0] }
    }

    /// Snapped frames in superview coordinates: each view's window edges snapped to the device's
    /// pixel grid (`PixelGrid.snapFrame`), relative to its superview's snapped origin.
    func snappedFrames(_ window: [LayoutRect], grid: PixelGrid) -> [LayoutRect] {
        tree.views.indices.map { i in
            let f = window[i]
            let origin = tree.views[i].superview.map { (window[$0.rawValue].x, window[$0.rawValue].y) } ?? (0, 0)
            let relative = PixelRect(x: f.x - origin.0, y: f.y - origin.1, width: f.width, height: f.height)
            let s = grid.snapFrame(relative, superviewOrigin: origin)
            return LayoutRect(x: s.x, y: s.y, width: s.width, height: s.height)
        }
    }
}
