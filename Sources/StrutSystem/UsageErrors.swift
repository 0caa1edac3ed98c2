/// A command-line mistake in a bench or merge request, with the text to show.
public struct BenchUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A command-line or input mistake in a fuzz, replay or shrink request, with the text to show
/// (exit status 2).
public struct FuzzUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
