import LinearConstraints
import Peers

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

extension BenchStrategy {
    /// The same strategy, each outside solver it makes reporting its death to `watch`: for code
    /// that makes solvers it cannot ask afterwards (the checks' second runs, fresh layouts).
    public func watched(by watch: ExternalFailureWatch) -> BenchStrategy {
        let make = make
        return BenchStrategy(name: name) {
            let solver = make()
            (solver as? ExternalSolver)?.watch(with: watch)
            return solver
        }
    }
}
