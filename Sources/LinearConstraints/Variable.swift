/// A variable of a linear system, identified by a small dense index chosen by the client.
///
/// Solvers keep per-variable storage in arrays indexed by `index`, so clients should number their
/// variables densely from 0 (the system-file reader numbers them in order of first use, the layout
/// lowering per view attribute). A variable no constraint mentions reads as 0.
public struct Variable: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var index: Int32

    @inlinable public init(_ index: Int32) {
        precondition(index >= 0, "variable indices are non-negative")
        self.index = index
    }

    @inlinable public init(_ index: Int) { self.init(Int32(index)) }

    @inlinable public static func < (a: Variable, b: Variable) -> Bool { a.index < b.index }

    public var description: String { "v\(index)" }
}

/// The client's handle for a constraint in a solver. Chosen by the client, unique per solver.
public struct ConstraintID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }

    @inlinable public static func < (a: ConstraintID, b: ConstraintID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }
}
