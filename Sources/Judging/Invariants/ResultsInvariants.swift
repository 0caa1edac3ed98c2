import LinearConstraints

/// The invariant part of a results file (`"invariants"`): what was selected, per invariant the
/// solves judged, failed and skipped, and every failure in work-item order.
extension InvariantOutcome: Codable {
    enum CodingKeys: String, CodingKey { case tallies, failures }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tallies, forKey: .tallies)
        try c.encode(failures, forKey: .failures)
    }

    /// Reads what `encode(to:)` writes; tallies of the same invariant add up, and an invariant a
    /// file does not list counts nothing.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        for t in try c.decode([InvariantTally].self, forKey: .tallies) {
            let k = Invariant.allCases.firstIndex(of: t.invariant)!
            tallies[k].checked += t.checked
            tallies[k].failed += t.failed
            tallies[k].skipped += t.skipped
        }
        failures = try c.decode([InvariantFailure].self, forKey: .failures)
    }
}

extension InvariantOutcome {
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
