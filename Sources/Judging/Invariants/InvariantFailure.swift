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

    /// The failure as a results-file object: invariant, case, source, device, strategy,
    /// direction, detail, got, expected, replay, unit (always all keys, in this order), then
    /// layout (`LayoutSnapshot.json`) when there is one.
    public var json: JSONValue {
        let snapshot: [(key: String, value: JSONValue)] = layout.map { [("layout", $0.json)] } ?? []
        return .object([
            ("invariant", .string(invariant.rawValue)), ("case", .string(caseName)), ("source", .string(source)),
            ("device", .string(device)), ("strategy", .string(strategy)), ("direction", .string(direction)),
            ("detail", .string(detail)),
            ("got", .array(got.map(Self.number))), ("expected", .array(expected.map(Self.number))),
            ("replay", .string(replay)), ("unit", .number(Double(unit))),
        ] + snapshot)
    }

    /// JSON has no infinities or NaN: those are written as strings (`"nan"`, `"inf"`, `"-inf"`).
    package static func number(_ x: Double) -> JSONValue {
        if x.isFinite { return .number(x) }
        return .string(x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf"))
    }

    /// The numbers `number` writes, nil when one is neither a number nor such a string.
    static func numbers(_ items: [JSONValue]) -> [Double]? {
        var out: [Double] = []
        for item in items {
            switch item {
            case .number(let x): out.append(x)
            case .string("nan"): out.append(.nan)
            case .string("inf"): out.append(.infinity)
            case .string("-inf"): out.append(-.infinity)
            default: return nil
            }
        }
        return out
    }

    /// Reads a failure back from `json` (for `strut merge` and reports); `layout` may be absent
    /// or null.
    /// - Throws: `InvariantFailureDecodingError` naming the missing or malformed key.
    public init(json: JSONValue) throws(InvariantFailureDecodingError) {
        func string(_ key: String) throws(InvariantFailureDecodingError) -> String {
            guard case .string(let s)? = json[key] else { throw InvariantFailureDecodingError(key: key) }
            return s
        }
        func numbers(_ key: String) throws(InvariantFailureDecodingError) -> [Double] {
            guard case .array(let items)? = json[key], let out = Self.numbers(items) else { throw InvariantFailureDecodingError(key: key) }
            return out
        }
        func snapshot() throws(InvariantFailureDecodingError) -> LayoutSnapshot? {
            guard let v = json["layout"], v != .null else { return nil }
            return try LayoutSnapshot(json: v)
        }
        func unitIndex() throws(InvariantFailureDecodingError) -> Int {
            guard case .number(let x)? = json["unit"], let k = Int(exactly: x) else { throw InvariantFailureDecodingError(key: "unit") }
            return k
        }
        guard let invariant = Invariant(rawValue: try string("invariant")) else { throw InvariantFailureDecodingError(key: "invariant") }
        self.init(
            invariant: invariant, caseName: try string("case"), source: try string("source"), device: try string("device"),
            strategy: try string("strategy"), direction: try string("direction"), detail: try string("detail"),
            got: try numbers("got"), expected: try numbers("expected"), replay: try string("replay"), unit: try unitIndex(),
            layout: try snapshot())
    }
}

/// A results file's invariant failure that lacks a key or has it in the wrong shape.
public struct InvariantFailureDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var description: String { "invariant failure: missing or malformed \"\(key)\"" }
}
