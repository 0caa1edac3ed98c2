/// A case the lowering cannot turn into a linear system. Each names where in the case (a JSON
/// path) and what, like `CaseError`.
public struct LoweringError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
