import AutoLayout
import LinearConstraints

/// The cheap invariants: judged from the result and the engine alone, O(views + constraints).
extension UnitPass {
    /// `finite-frames`: every component of every snapped and window frame is finite.
    func finiteFrames(_ result: LayoutResult) -> [Finding] {
        var out: [Finding] = []
        for (k, f) in result.frames.enumerated() {
            let window = k < result.windowFrames.count ? result.windowFrames[k].components : []
            let all = f.frame.components + window
            if !all.allSatisfy(\.isFinite) {
                out.append(Finding(detail: "\(f.view): frame \(f.frame) (window \(window)) is not finite", got: all, views: [f.view]))
            }
        }
        return out
    }

    /// `pixel-aligned`: every finite component times the grid's scale is a whole number of
    /// pixels, within 1e-7 of a pixel (scaled for large coordinates): frames are differences of
    /// pixel indices divided by the scale, exact up to one rounding.
    func pixelAligned(_ result: LayoutResult, _ grid: PixelGrid) -> [Finding] {
        var out: [Finding] = []
        let names = LayoutVariables.FrameComponent.allCases.map(\.name)
        for f in result.frames {
            for (name, c) in zip(names, f.frame.components) where c.isFinite {
                let p = c * grid.scale
                if abs(p - p.rounded()) > 1e-7 * max(1, abs(p)) {
                    out.append(Finding(detail: "\(f.view).\(name) = \(c) is off the @\(grid.scale)x pixel grid",
                                       got: [c], expected: [p.rounded() / grid.scale], views: [f.view]))
                }
            }
        }
        return out
    }

    /// `required-satisfied`: no constraint installed as required is violated beyond 1e-6 (scaled
    /// by its terms' magnitudes) at the solver's values.
    func requiredSatisfied() -> [Finding] {
        engine.violatedRequiredConstraints().map { c in
            Finding(detail: "required constraint \(c.name) does not hold: \(c.description)", constraints: [c.description])
        }
    }

    /// `expectations`: the case's `expect` entries for the device hold (frames within 1e-6
    /// points, with both frames as the numbers; ambiguity and conflicts as the case reader
    /// judges them). Skipped (nil) when there are none, or when the direction is overridden
    /// against the case's own (the expectations are for the case's direction); an `ambiguous`
    /// expectation is left out for a strategy that cannot report ambiguity.
    func expectations(_ result: LayoutResult, _ device: DeviceConfiguration) -> [Finding]? {
        var c = unit.loaded.layoutCase
        if let d = unit.direction, d != unit.loaded.tree.layoutDirection { return nil }
        let applying = c.expectations(for: device)
        guard !applying.isEmpty else { return nil }
        var out: [Finding] = []
        for e in applying where e.tolerance == nil {
            for f in e.frames ?? [] {
                guard let got = result.frame(of: f.view) else { continue }
                if !zip(got.components, f.frame.components).allSatisfy({ abs($0 - $1) <= 1e-6 }) {
                    out.append(Finding(detail: "expect[\"\(e.device)\"].frames.\(f.view): expected \(f.frame), got \(got)",
                                       got: got.components, expected: f.frame.components, views: [f.view]))
                }
            }
        }
        for k in c.expect.indices {
            c.expect[k].frames = c.expect[k].tolerance != nil ? nil : c.expect[k].frames?.filter { result.frame(of: $0.view) == nil }
            if result.ambiguous == nil { c.expect[k].ambiguous = nil }
        }
        return out + c.mismatches(result, on: device).map { Finding(detail: $0) }
    }

    /// `reference-frames`: every frame another engine computed (an expectation with a
    /// `tolerance`) is within that tolerance; nil when the case has none on this device.
    func referenceFrames(_ result: LayoutResult, _ device: DeviceConfiguration) -> [Finding]? {
        if let d = unit.direction, d != unit.loaded.tree.layoutDirection { return nil }
        let applying = unit.loaded.layoutCase.expectations(for: device).filter { $0.tolerance != nil && $0.frames != nil }
        guard !applying.isEmpty else { return nil }
        var out: [Finding] = []
        for e in applying {
            for f in e.frames ?? [] {
                guard let got = result.frame(of: f.view) else { continue }
                if !zip(got.components, f.frame.components).allSatisfy({ abs($0 - $1) <= e.frameTolerance }) {
                    out.append(Finding(detail: "expect[\"\(e.device)\"].frames.\(f.view): reference \(f.frame), got \(got) (tolerance \(formatJSONNumber(e.frameTolerance)) pt)",
                                       got: got.components, expected: f.frame.components, views: [f.view]))
                }
            }
        }
        return out
    }

    /// `deterministic`: the frames are bit-identical to another layout on a fresh solver (the
    /// measured run's digest, or a repeat of the pass), device by device.
    mutating func deterministic(_ result: LayoutResult, _ k: Int) -> [Finding] {
        let mine = result.framesDigest
        let other: String
        if let measured = unit.measuredDigests, k < measured.count {
            other = measured[k]
        } else {
            if repeatDigests == nil { repeatDigests = Self.digests(unit, unit.strategy.make()) }
            guard let d = repeatDigests, k < d.count else { return [Finding(detail: "a repeat of the layout failed where the first succeeded")] }
            other = d[k]
        }
        guard mine != other else { return [] }
        return [Finding(detail: "a repeat on a fresh solver gave different frames (digest \(mine) vs \(other))")]
    }

    /// Digests of one unrecorded run of the unit over its devices (fewer when a layout throws).
    static func digests<T: ConstraintSolver>(_ unit: InvariantUnit, _ solver: T) -> [String] {
        var e = LayoutEngine(tree: unit.loaded.tree, solver: solver, direction: unit.direction)
        var out: [String] = []
        for device in unit.devices {
            guard let r = try? e.layout(on: device) else { break }
            out.append(r.framesDigest)
        }
        return out
    }
}
