import LinearConstraints

/// One invariant that did not hold on one solve: where (case, source, device, strategy,
/// direction), which invariant, what differs (a sentence and the numbers on each side), and the
/// command that replays the solve.
///
/// Failures are data, not errors: the run goes on and every failure is written to the results
/// file (`json`, keys in a fixed order) and printed before the tables.
public struct InvariantFailure: Hashable, Sendable, CustomStringConvertible {
    public var invariant: Invariant
    public var caseName: String
    /// The case file's path or the generator command.
    public var source: String
    /// Configuration id (`iphone-8:landscape`).
    public var device: String
    public var strategy: String
    /// `ltr`, `rtl`, or `case` for the case's own direction.
    public var direction: String
    /// What differs, in one sentence (names the view, constraint or level).
    public var detail: String
    /// The number the solve produced and the number the invariant wanted, when there are such.
    public var got: [Double]
    public var expected: [Double]
    /// The command that runs this check again on this case, device sequence and strategy.
    public var replay: String
    /// The work unit of the run it came from (its place in work-item order); -1 outside a run.
    public var unit: Int
    /// The layout the failure was found on (nil in results files written before snapshots, and
    /// for a failure without one layout to show).
    public var layout: LayoutSnapshot?

    public init(
        invariant: Invariant, caseName: String, source: String, device: String, strategy: String, direction: String,
        detail: String, got: [Double] = [], expected: [Double] = [], replay: String, unit: Int = -1, layout: LayoutSnapshot? = nil
    ) {
        self.invariant = invariant
        self.caseName = caseName
        self.source = source
        self.device = device
        self.strategy = strategy
        self.direction = direction
        self.detail = detail
        self.got = got
        self.expected = expected
        self.replay = replay
        self.unit = unit
        self.layout = layout
    }

    public var description: String {
        "\(invariant.rawValue) FAILED: \(caseName) on \(device) with \(strategy) (\(direction)): \(detail)\n  replay: \(replay)"
    }
}

/// A failure in a results file: invariant, case, source, device, strategy, direction, detail,
/// got, expected, replay, unit (always all keys, in this order), then layout
/// (`LayoutSnapshot`) when there is one; `layout` may be absent or null when read.
extension InvariantFailure: Codable {
    enum CodingKeys: String, CodingKey {
        case invariant, caseName = "case", source, device, strategy, direction, detail, got, expected, replay, unit, layout
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(invariant, forKey: .invariant)
        try c.encode(caseName, forKey: .caseName)
        try c.encode(source, forKey: .source)
        try c.encode(device, forKey: .device)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(direction, forKey: .direction)
        try c.encode(detail, forKey: .detail)
        try c.encode(got.map(JudgedNumber.init), forKey: .got)
        try c.encode(expected.map(JudgedNumber.init), forKey: .expected)
        try c.encode(replay, forKey: .replay)
        try c.encode(unit, forKey: .unit)
        try c.encodeIfPresent(layout, forKey: .layout)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            invariant: try c.decode(Invariant.self, forKey: .invariant), caseName: try c.decode(String.self, forKey: .caseName),
            source: try c.decode(String.self, forKey: .source), device: try c.decode(String.self, forKey: .device),
            strategy: try c.decode(String.self, forKey: .strategy), direction: try c.decode(String.self, forKey: .direction),
            detail: try c.decode(String.self, forKey: .detail), got: try c.decode([JudgedNumber].self, forKey: .got).map(\.value),
            expected: try c.decode([JudgedNumber].self, forKey: .expected).map(\.value), replay: try c.decode(String.self, forKey: .replay),
            unit: try c.decode(Int.self, forKey: .unit), layout: try c.decodeIfPresent(LayoutSnapshot.self, forKey: .layout))
    }
}

/// A number an invariant judged, which may be NaN or infinite (a solver's wrong answer): JSON
/// has neither, so those are written as strings (`"nan"`, `"inf"`, `"-inf"`).
package struct JudgedNumber: Codable {
    package var value: Double

    package init(_ value: Double) { self.value = value }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if value.isFinite { try c.encode(value) } else { try c.encode(value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf")) }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let name = try? c.decode(String.self) {
            switch name {
            case "nan": value = .nan
            case "inf": value = .infinity
            case "-inf": value = -.infinity
            default: throw decoder.error("expected a number (or \"nan\", \"inf\", \"-inf\"), found \"\(name)\"")
            }
        } else {
            value = try c.decode(Double.self)
        }
    }
}
