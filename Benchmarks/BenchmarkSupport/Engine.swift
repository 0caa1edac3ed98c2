import Cassowary

/// The engines both suites measure: the explicit tableau (strategy `cassowary`) and
/// `cassowary-factored` (`CassowarySolver(factored: true)`, as `Sources/Subjects/Strategy.swift`
/// selects it). A factored benchmark's name is the explicit one's with the prefix `factored-`.
public enum Engine: CaseIterable, Sendable {
    case explicit, factored

    public var prefix: String { self == .factored ? "factored-" : "" }

    public func make() -> CassowarySolver { self == .factored ? CassowarySolver(factored: true) : CassowarySolver() }
}
