import LinearConstraints

extension LayoutEngine {
    /// Reads the solved layout into a `LayoutResult`: snapped frames, conflicts, ambiguity (when
    /// `diagnosesInLayoutPass`), objective, counters, the edits the solver could not honour, and
    /// (when diagnosing) the precision estimate. O(views + constraints) plus the ambiguity query.
    func result(_ s: LoweredSystem, passes: Int, settled: Bool) -> LayoutResult {
        let window = windowFrames(s)
        let snapped = snappedFrames(window, grid: s.configuration.pixelGrid)
        return LayoutResult(
            caseName: tree.name, device: s.configuration.id, strategy: solver.strategy, layoutDirection: s.direction,
            frames: tree.views.indices.map { LayoutResult.ViewFrame(view: tree.views[$0].id, frame: snapped[$0]) },
            windowFrames: window, conflicts: conflictReports(s), ambiguous: diagnosesInLayoutPass ? ambiguity(s) : nil,
            objective: solver.objective(), counters: solver.counters, passes: passes, settled: settled,
            unmetEdits: unmetEdits(s), rejected: rejectedTexts(s), suggestedInsets: suggestedInsets,
            precision: diagnosesInLayoutPass ? precision() : nil)
    }

    /// The conflicts behind the currently broken constraints, in id order (with `sets`, other
    /// sets than the recorded ones: `diagnose()`'s minimised ones).
    func conflictReports(_ s: LoweredSystem, sets: [[ConstraintID]?]? = nil) -> [ConflictReport] {
        let sets = sets ?? conflictSets
        return state.indices.compactMap { i -> ConflictReport? in
            guard state[i] == .broken, let set = sets[i] else { return nil }
            let members = set.sorted()
            return ConflictReport(
                constraints: members.map { s.tree.name(of: s.constraints[$0.rawValue].origin) },
                broken: s.tree.name(of: s.constraints[i].origin),
                descriptions: members.map { s.logDescription($0) }, brokenDescription: s.logDescription(ConstraintID(i)))
        }
    }

    /// Edit variables whose value differs from the suggestion by more than 1e-6 points (scaled
    /// for large values): required constraints overrode the device.
    func unmetEdits(_ s: LoweredSystem) -> [String] {
        let rootNames = ["UIView-Encapsulated-Layout-Left", "UIView-Encapsulated-Layout-Top",
                         "UIView-Encapsulated-Layout-Width", "UIView-Encapsulated-Layout-Height"]
        var out: [String] = []
        // The name is built only for an edit that is not met (776 inset edits on a table of 960
        // cells: naming each of them cost more than reading its value).
        func check(_ v: Variable, _ wanted: Double, _ name: @autoclosure () -> String) {
            let got = solver.value(of: v)
            if abs(got - wanted) > 1e-6 * max(1, abs(wanted)) {
                out.append("\(name()): wanted \(formatJSONNumber(wanted)), got \(formatJSONNumber(got))")
            }
        }
        for (k, v) in s.rootEditVariables.enumerated() { check(v, suggestedRoot[k], "\(tree.views[0].id) \(rootNames[k])") }
        for (k, v) in s.insetEditVariables.enumerated() { check(v, suggestedInsets[k], s.name(of: v)) }
        return out
    }

    func rejectedTexts(_ s: LoweredSystem) -> [String] {
        state.indices.compactMap { i in
            guard state[i] == .rejected, let e = rejections[i] else { return nil }
            return "\(s.tree.name(of: s.constraints[i].origin)): \(e)"
        }
    }
}
