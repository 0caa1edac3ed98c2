import LinearConstraints

extension LayoutEngine {
    /// Whether double precision can hold the current layout (`PrecisionEstimate`, its `verdict`):
    /// the estimate over the constraints in the solver (broken ones at their broken priority,
    /// so they count for magnitudes but not for the required residual) at the solver's values,
    /// with the root's frame and the guides' insets as stated numbers. Nil before the first
    /// layout. O(terms).
    ///
    /// `layout(on:)` puts it in `LayoutResult.precision` when it diagnoses in the layout pass;
    /// a layout pass alone (`diagnosesInLayoutPass` false, what `strut bench` times) leaves it
    /// to be asked here, like the other diagnostics.
    public func precision() -> PrecisionEstimate? {
        guard let s = system else { return nil }
        let installed = s.constraints.lazy.compactMap { c -> Constraint? in
            switch self.state[c.id.rawValue] {
            case .required: return c.constraint
            case .broken:
                var broken = c.constraint
                broken.priority = LayoutPriorities.broken
                return broken
            case .absent, .rejected: return nil
            }
        }
        return PrecisionEstimate(constraints: installed, value: { self.solver.value(of: $0) }, extraMagnitudes: suggestedRoot + suggestedInsets)
    }
}
