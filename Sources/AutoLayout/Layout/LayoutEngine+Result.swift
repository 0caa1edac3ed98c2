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
                constraints: members.map { memberName($0, s) },
                broken: s.tree.name(of: s.constraints[i].origin),
                descriptions: members.map { memberDescription($0, s) }, brokenDescription: s.logDescription(ConstraintID(i)))
        }
    }

    /// Edit variables whose value differs from the suggestion by more than 1e-6 points (scaled
    /// for large values): required constraints overrode the device where the pins could not
    /// hold it (a conflict among the device's own edits, `pinDevice`).
    func unmetEdits(_ s: LoweredSystem) -> [String] {
        // The name is built only for an edit that is not met (776 inset edits on a table of 960
        // cells: naming each of them cost more than reading its value).
        (0..<s.deviceEditCount).filter { isUnmet($0, s) }.map { k in
            "\(deviceEditName(k, s)): wanted \(formatJSONNumber(deviceValue(k))), got \(formatJSONNumber(solver.value(of: s.deviceEdit(k))))"
        }
    }

    func rejectedTexts(_ s: LoweredSystem) -> [String] {
        state.indices.compactMap { i in
            guard state[i] == .rejected, let e = rejections[i] else { return nil }
            return "\(s.tree.name(of: s.constraints[i].origin)): \(e)"
        }
    }
}
