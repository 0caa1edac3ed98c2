import LinearConstraints

/// A solver strategy as the runner sees it: a name for results and a factory of fresh solvers.
/// Each repetition of a work item gets its own solver from `make`, on the worker's thread.
public struct BenchStrategy: Sendable {
    public var name: String
    public var make: @Sendable () -> any ConstraintSolver
    public init(name: String, make: @escaping @Sendable () -> any ConstraintSolver) {
        self.name = name
        self.make = make
    }
}
