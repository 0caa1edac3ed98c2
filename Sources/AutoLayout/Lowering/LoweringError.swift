import LinearConstraints

/// A case the lowering cannot turn into a linear system, or a solver refusal the layout cannot
/// recover from. Each names where in the case (a JSON path, `$` for the whole case) and what,
/// like `CaseError`.
public struct LoweringError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// True when the layout was abandoned because its time ran out (`LayoutEngine.shouldStop`),
    /// not because anything was wrong with the case.
    public var isCutOff = false

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// The layout was abandoned between two solver operations because `shouldStop` said so.
    public static let cutOff: LoweringError = {
        var e = LoweringError(path: "$", "cut off: the time limit passed during the layout")
        e.isCutOff = true
        return e
    }()

    public var description: String { "\(path): \(message)" }

    /// The solver refused `what` for another reason than a conflict (conflicts are resolved by
    /// breaking a constraint, never thrown).
    static func solverRefused(_ what: String, _ error: SolverError) -> LoweringError {
        LoweringError(path: "$", "the solver refused \(what): \(error)")
    }
}
