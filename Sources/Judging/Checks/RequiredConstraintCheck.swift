import LinearConstraints

/// A system file run step by step with `SystemProbe`'s required-constraint check at every check
/// step (the answer: the values a check reads, the implied final check included): the records
/// `SystemRun.run` gives and every required constraint present that the answer violated, each
/// once, at the first check that saw it violated.
/// `strut solve-system` runs every strategy's answer through it, so an outside solver that
/// reports `x = 5` for a required `x >= 10` fails the command instead of printing a quiet table.
///
/// Cost per check step: O(required constraints present × their terms).
public enum RequiredConstraintCheck {
    /// A required constraint the answer violates.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        /// The check step that first saw it violated.
        public var step: Int
        /// The constraint's id in the file.
        public var id: String
        /// The constraint as written (`x >= 10`).
        public var constraint: String
        /// How far the values miss it.
        public var violation: Double
        public var description: String {
            "at step \(step) (check): required constraint \(id) (\(constraint)) is violated by \(formatJSONNumber(violation))"
        }
    }

    /// Runs `file` on `solver`; returns the records, the violations and the solver after the run.
    public static func run<S: ConstraintSolver>(_ file: SystemFile, on solver: S, strategy: String) -> (records: [StepRecord], violations: [Violation], solver: S) {
        var run = SystemRun(solver: solver)
        run.reserve(for: file)
        var probe = SystemProbe(run: run, strategy: strategy)
        // The step that last added each constraint id, by the run's number for it: its text is
        // written only for a violation (building it for every add was 5% of a whole process on a
        // peer file of 80 000 adds).
        var addedAt: [Int] = []
        var records: [StepRecord] = []
        var violations: [Violation] = []
        var seen = Set<String>()
        var steps = file.steps
        if case .check? = steps.last {} else { steps.append(.check(label: "end")) }
        for (k, step) in steps.enumerated() {
            let outcome = probe.run.perform(step)
            if outcome == .ok, case .add = step, let n = probe.run.lastAdd?.id.rawValue {
                if n >= addedAt.count { addedAt += repeatElement(-1, count: n + 1 - addedAt.count) }
                addedAt[n] = k
            }
            records.append(StepRecord(index: k, kind: step.kind, outcome: outcome))
            probe.track(step, outcome)
            // Judged where the answer is read (a check step, the implied final one included):
            // reading values between other steps would add requests to an outside solver's
            // conversation that the file does not ask for.
            guard case .check = step else { continue }
            for (id, violation) in probe.violated() where seen.insert(id).inserted {
                var text = id
                if let n = probe.run.existingConstraintID(id)?.rawValue, n < addedAt.count, addedAt[n] >= 0, case .add(let c, _) = steps[addedAt[n]] { text = c.description }
                violations.append(Violation(step: k, id: id, constraint: text, violation: violation))
            }
        }
        return (records, violations, probe.run.solver)
    }
}
