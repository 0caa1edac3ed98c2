import LinearConstraints

/// The invariant part of a results file (`"invariants"`): what was selected, per invariant the
/// solves judged, failed and skipped, and every failure in work-item order.
extension InvariantOutcome {
    public var json: JSONValue {
        .object([
            ("tallies", .array(tallies.map { t in
                .object([("invariant", .string(t.invariant.rawValue)), ("checked", .number(Double(t.checked))),
                         ("failed", .number(Double(t.failed))), ("skipped", .number(Double(t.skipped)))])
            })),
            ("failures", .array(failures.map(\.json))),
        ])
    }

    /// Reads the object `json` writes; a missing object (a results file from before invariants)
    /// reads as nothing checked.
    /// - Throws: `InvariantFailureDecodingError` for a malformed tally or failure.
    public init(json: JSONValue?) throws(InvariantFailureDecodingError) {
        self.init()
        guard let json else { return }
        guard case .array(let tallyList)? = json["tallies"], case .array(let failureList)? = json["failures"] else {
            throw InvariantFailureDecodingError(key: "invariants")
        }
        for t in tallyList {
            guard case .string(let name)? = t["invariant"], let i = Invariant(rawValue: name), let k = Invariant.allCases.firstIndex(of: i),
                  case .number(let checked)? = t["checked"], case .number(let failed)? = t["failed"], case .number(let skipped)? = t["skipped"]
            else { throw InvariantFailureDecodingError(key: "tallies") }
            tallies[k].checked += Int(checked)
            tallies[k].failed += Int(failed)
            tallies[k].skipped += Int(skipped)
        }
        for f in failureList { failures.append(try InvariantFailure(json: f)) }
    }

    /// True when some invariant failed.
    public var hasFailures: Bool { !failures.isEmpty }

    /// The outcomes of shards merged: tallies summed, failures in work-item order (stable for
    /// failures of one unit).
    public static func merged(_ parts: [InvariantOutcome]) -> InvariantOutcome {
        var out = InvariantOutcome()
        for p in parts { out.merge(p) }
        let indexed = out.failures.enumerated().sorted { ($0.element.unit, $0.offset) < ($1.element.unit, $1.offset) }
        out.failures = indexed.map(\.element)
        return out
    }

    /// Failures first, one paragraph each, then `tallyText`.
    public var text: String { failures.map { $0.description + "\n" }.joined() + tallyText }

    /// One line over the invariants that judged anything, `name P/N passed (S skipped)` each;
    /// empty when nothing was checked.
    public var tallyText: String {
        let used = tallies.filter { $0.checked + $0.skipped > 0 }
        guard !used.isEmpty else { return "" }
        return "invariants: " + used.map { t in
            "\(t.invariant.rawValue) \(t.checked - t.failed)/\(t.checked) passed" + (t.skipped > 0 ? " (\(t.skipped) skipped)" : "")
        }.joined(separator: ", ") + "\n"
    }
}
