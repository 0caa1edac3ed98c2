import LinearConstraints

extension PeerWorkload {
    /// The optimal objective at a root size, derived by hand, for the shapes where it has a closed
    /// form; nil otherwise (a hug or grid whose last row is short). Levels highest first: the edit
    /// level (always 0: nothing fights the root size), middle, lowest. Used to check that a
    /// strategy found the optimum, not just a feasible point.
    ///
    /// Derivations (W, H the root size; N views; C columns; R rows; gaps of 8 before, between and
    /// after the views of a row or column, so a row's widths sum to at most `W − 8(C + 1)`):
    /// - flat: every width is `W − 32`; middle error `N·max(0, W − 32 − 600)`; heights sit at 44.
    /// - chain: equal widths (middle 0) summing to `A = W − 8(N + 1)`; lowest `|A − 80N|` plus
    ///   `N·max(0, 44 − (H − 16))` for the heights.
    /// - grid (full): per row equal widths summing to `Aw = W − 8(C + 1)`, per column equal heights
    ///   summing to `Ah = H − 8(R + 1)`; lowest `R·|Aw − 80C| + C·|Ah − 44R|`.
    /// - hug (full, compression satisfiable): a row pays `max(0, Aw − 80C)` at 250 (hugging and the
    ///   preferred right edge trade one for one), a column `max(0, Ah − 44R)`.
    public func expectedObjective(at size: Size) -> [LevelError]? {
        let n = Double(views), c = Double(columns), r = Double(rows)
        let aw = size.width - 8 * (c + 1), ah = size.height - 8 * (r + 1)
        switch kind {
        case .flat:
            return levels(middle: n * max(0, size.width - 32 - 600), lowest: 0)
        case .chain:
            let widths = size.width - 8 * (n + 1)
            return levels(middle: 0, lowest: abs(widths - 80 * n) + n * max(0, 44 - (size.height - 16)))
        case .grid:
            guard views % columns == 0 else { return nil }
            return levels(middle: 0, lowest: r * abs(aw - 80 * c) + c * abs(ah - 44 * r))
        case .hug:
            guard views % columns == 0, aw >= 40 * c, ah >= 30 * r else { return nil }
            return levels(middle: 0, lowest: r * max(0, aw - 80 * c) + c * max(0, ah - 44 * r))
        }
    }

    func levels(middle: Double, lowest: Double) -> [LevelError] {
        [
            LevelError(priority: Self.edit, error: 0), LevelError(priority: Self.middle, error: middle),
            LevelError(priority: Self.lowest, error: lowest),
        ]
    }
}

/// How far a solver's answer is from a workload's requirements and expected optimum.
public struct WorkloadCheck: Hashable, Sendable {
    /// A level whose error differs from the expected one.
    public struct LevelMismatch: Hashable, Sendable {
        public var priority: Priority
        public var expected: Double
        public var actual: Double
        public init(priority: Priority, expected: Double, actual: Double) {
            self.priority = priority
            self.expected = expected
            self.actual = actual
        }
    }

    /// The largest violation of a required constraint, relative to the constraint's magnitude
    /// (`violation / max(1, Σ|coefficient·value| + |constant|)`).
    public var worstRequiredViolation: Double
    /// The required constraint with that violation when it exceeds the tolerance.
    public var violatedRequired: ConstraintID?
    /// Levels whose error differs from the expected objective beyond the tolerance; empty when
    /// the objective matches or the workload has no closed-form objective at that size.
    public var objectiveMismatches: [LevelMismatch]
    /// False when the workload has no closed-form objective here, so only feasibility was checked.
    public var objectiveChecked: Bool

    /// Every required constraint holds and the objective is as expected.
    public var passed: Bool { violatedRequired == nil && objectiveMismatches.isEmpty }
}

extension PeerWorkload {
    /// Checks values and an objective read from a solver at `size`: every required constraint
    /// must hold within `tolerance` relative to its magnitude, and each level of the expected
    /// objective (when there is one) must match within `tolerance · max(1, expected)`; a level the
    /// solver does not report counts as error 0. O(constraints).
    public func check(
        at size: Size, value: (Variable) -> Double, objective: [LevelError], tolerance: Double = 1e-9
    ) -> WorkloadCheck {
        var worst = 0.0
        var worstID: ConstraintID?
        for c in constraints where c.constraint.isRequired {
            let e = c.constraint.expression
            var magnitude = abs(e.constant)
            for t in e.terms { magnitude += abs(t.coefficient * value(t.variable)) }
            let relative = c.constraint.violation(value) / max(1, magnitude)
            if relative > worst { (worst, worstID) = (relative, c.id) }
        }
        let expected = expectedObjective(at: size)
        var mismatches: [WorkloadCheck.LevelMismatch] = []
        for level in expected ?? [] {
            let actual = objective.first { $0.priority == level.priority }?.error ?? 0
            if abs(actual - level.error) > tolerance * max(1, abs(level.error)) {
                mismatches.append(.init(priority: level.priority, expected: level.error, actual: actual))
            }
        }
        return WorkloadCheck(
            worstRequiredViolation: worst, violatedRequired: worst > tolerance ? worstID : nil,
            objectiveMismatches: mismatches, objectiveChecked: expected != nil)
    }
}
