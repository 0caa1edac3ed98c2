import LinearConstraints

/// The timed operations of docs/peers.md ("Timed: building, one rotation, a 1 px drag, and
/// removing/re-adding one constraint in the middle"), generic over any strategy, so that the
/// `strut workloads` command and the benchmark suites measure exactly the same calls.
///
/// None of these allocate on their own: they loop over stored arrays and call the solver, so the
/// allocations a benchmark counts are the solver's. Each ends with a read, because a strategy may
/// defer its solve to the next read (as UIKit defers it to the layout pass); a timing that stopped
/// before the read would leave the solve out.
extension PeerWorkload {
    /// Builds the workload into `solver`: the root's width and height become edit variables and
    /// get `size` (a layout engine knows the root size before it adds constraints), then every
    /// constraint is added in build order, then one variable is read (`settle`). O(constraints) calls.
    /// Returns the value read.
    @discardableResult
    public func build<S: ConstraintSolver>(into solver: inout S, size: Size) throws(SolverError) -> Double {
        try build(into: &solver, size: size, stop: nil)!
    }

    /// `build(into:size:)` that asks `stop` before every constraint (a benchmark's time limit)
    /// and returns nil, leaving the solver half built, when it says so.
    public func build<S: ConstraintSolver>(into solver: inout S, size: Size, stop: (() -> Bool)?) throws(SolverError) -> Double? {
        for e in editVariables {
            try solver.addEditVariable(e.variable, priority: e.priority)
        }
        try suggest(size, to: &solver)
        for c in constraints {
            if let stop, stop() { return nil }
            try solver.add(c.constraint, id: c.id)
        }
        return settle(solver)
    }

    /// Reads one variable (the middle view's left edge), which completes any solve the strategy
    /// deferred; O(1) for a solver that is up to date. Returns the value.
    public func settle<S: ConstraintSolver>(_ solver: S) -> Double {
        solver.value(of: Self.frame(views / 2).left)
    }

    /// Suggests a root size: the root's width, then its height.
    public func suggest<S: ConstraintSolver>(_ size: Size, to solver: inout S) throws(SolverError) {
        try solver.suggestValue(size.width, for: root.width)
        try solver.suggestValue(size.height, for: root.height)
    }

    /// Reads every variable (as a layout pass reads every frame) and returns their sum, which the
    /// caller keeps alive so the reads cannot be optimised away. O(variables) reads.
    public func readAll<S: ConstraintSolver>(_ solver: S) -> Double {
        var sum = 0.0
        for index in 0..<variableCount {
            sum += solver.value(of: Variable(index))
        }
        return sum
    }

    /// One rotation: suggests the size of `orientation` and reads every variable.
    public func rotate<S: ConstraintSolver>(_ solver: inout S, to orientation: Orientation) throws(SolverError) -> Double {
        try suggest(rootSize(orientation), to: &solver)
        return readAll(solver)
    }

    /// Removes the middle constraint (`middleConstraint`), adds it back under the same id, and
    /// settles the solver. Returns the value read.
    @discardableResult
    public func removeAndReAddMiddle<S: ConstraintSolver>(_ solver: inout S) throws(SolverError) -> Double {
        let item = constraints[middleConstraint.rawValue]
        try solver.remove(item.id)
        try solver.add(item.constraint, id: item.id)
        return settle(solver)
    }
}
