import AutoLayout
import LinearConstraints

/// What a family's cases are for, as `strut generate --list` groups them.
public enum FamilyKind: String, Hashable, Sendable, CaseIterable {
    /// The four peer workloads of docs/peers.md as view trees.
    case peer
    /// Solver-level operation sequences (system files, docs/system-format.md).
    case system
    /// Random trees and constraint sets built to be fully determined and conflict-free.
    case validRandom = "valid-random"
    /// Shapes aimed at a solver's weak spots; each family says what it targets.
    case adversarial
    /// Shaped like real app screens; fully determined, no conflict.
    case realistic
}

/// One tunable parameter of a family: `--param name=value`.
public struct Knob: Hashable, Sendable {
    public var name: String
    public var defaultValue: Double
    public var range: ClosedRange<Double>
    /// True when only whole numbers are accepted.
    public var isInteger: Bool
    public var summary: String

    public init(_ name: String, _ defaultValue: Double, _ range: ClosedRange<Double>, integer: Bool = false, _ summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.isInteger = integer
        self.summary = summary
    }
}

/// What one generation produced: a layout case or a system file.
public enum GeneratedOutput: Hashable, Sendable {
    case layout(LayoutCase)
    case system(SystemFile)

    /// The file text, deterministic byte for byte (the case and system writers' own rules).
    public var text: String {
        switch self {
        case .layout(let c): c.jsonText()
        case .system(let s): s.jsonText()
        }
    }

    /// `.json` for cases, `.system.json` for system files (docs/system-format.md's extension).
    public var fileExtension: String {
        switch self {
        case .layout: ".json"
        case .system: ".system.json"
        }
    }
}

/// A family of generated cases: its name, kind, what it is and (adversarial ones) what it
/// targets, what `--size` counts, and its knobs with defaults and ranges.
///
/// `make` is a pure function of the request: the same request gives an equal output on every
/// machine (all randomness comes from `SeededRandom(seed: request.seed)`).
public struct Family: Sendable {
    public var name: String
    public var kind: FamilyKind
    /// One paragraph: what the cases look like and what they promise (recorded in `expect`).
    public var summary: String
    /// For adversarial families: the solver behaviour the shape is aimed at.
    public var targets: String?
    /// What `--size` counts (views, steps, ...).
    public var sizeMeaning: String
    public var defaultSize: Int
    public var sizeRange: ClosedRange<Int>
    public var knobs: [Knob]
    let make: @Sendable (GenerationRequest) -> GeneratedOutput

    init(
        _ name: String, _ kind: FamilyKind, summary: String, targets: String? = nil, size: String = "views",
        defaultSize: Int, sizeRange: ClosedRange<Int>, knobs: [Knob] = [],
        make: @escaping @Sendable (GenerationRequest) -> GeneratedOutput
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.targets = targets
        self.sizeMeaning = size
        self.defaultSize = defaultSize
        self.sizeRange = sizeRange
        self.knobs = knobs
        self.make = make
    }

    /// The knob named `name`, or nil.
    public func knob(_ name: String) -> Knob? { knobs.first { $0.name == name } }
}
