import LinearConstraints

/// The constraints of one `formats` entry of a case, as the lowering consumes them.
public struct VisualFormatExpansion: Hashable, Sendable {
    /// Index of the entry in the case's `formats`.
    public var formatIndex: Int
    public var format: VisualFormat
    /// The entry's constraints, resolved like explicit ones; their `source` is described at
    /// `ViewTree.visualFormatConstraints()`.
    public var constraints: [LayoutConstraint]
}

extension FormatSpec {
    /// Parses this entry and applies its metrics and options to the views of `tree`
    /// (`VisualFormat.constraints(metrics:options:in:)`).
    public func constraints(in tree: ViewTree) throws(VisualFormatError) -> [ConstraintSpec] {
        try VisualFormat.parse(format).constraints(metrics: metrics, options: options, in: tree)
    }
}

extension ViewTree {
    /// Every constraint of the case's visual formats, in `formats` order, as `LayoutConstraint`s
    /// resolved and checked exactly like the explicit `constraints` (the lowering should treat
    /// them alike: they are required unless a predicate gives a priority, have no identifier,
    /// `when` or `active` of their own, as in UIKit).
    ///
    /// The case reader only stores formats (`ViewTree.formats`); this is where they are parsed,
    /// so a lowering calls it once per tree, after the explicit constraints. `source` numbers
    /// continue after the explicit constraints: the k-th constraint returned has
    /// `source == constraints.count + k`, an index into `constraints + visualFormatConstraints()`.
    /// Errors carry the JSON path of the entry (`$.formats[2].format`, or `.options[1]`) and a
    /// caret under the offending character. O(total length of the formats).
    public func visualFormatConstraints() throws(CaseError) -> [LayoutConstraint] {
        try visualFormatExpansions().flatMap(\.constraints)
    }

    /// `visualFormatConstraints()` grouped by format entry, with each parsed format.
    public func visualFormatExpansions() throws(CaseError) -> [VisualFormatExpansion] {
        var out: [VisualFormatExpansion] = []
        var next = constraints.count
        for (i, entry) in formats.enumerated() {
            let path = JSONPath.root.key("formats").index(i)
            let format: VisualFormat
            let specs: [ConstraintSpec]
            do {
                format = try VisualFormat.parse(entry.format)
                specs = try format.constraints(metrics: entry.metrics, options: entry.options, in: self)
            } catch {
                throw Self.caseError(error, path)
            }
            var resolved: [LayoutConstraint] = []
            for spec in specs {
                resolved.append(try resolveFormatConstraint(spec, source: next, path: path.key("format"), text: entry.format))
                next += 1
            }
            out.append(VisualFormatExpansion(formatIndex: i, format: format, constraints: resolved))
        }
        return out
    }

    /// A generated constraint through the same checks as an explicit one (`anchor`, `checkPair`).
    func resolveFormatConstraint(_ spec: ConstraintSpec, source: Int, path: JSONPath, text: String) throws(CaseError) -> LayoutConstraint {
        func fail(_ message: String) -> CaseError {
            CaseError(path, "\(message) in \"\(spec.stringForm ?? "")\", a constraint of the visual format \"\(text)\"")
        }
        let first = try anchor(spec.first, fail)
        let second = try spec.second.map { s throws(CaseError) in try anchor(s, fail) }
        try Self.checkPair(spec, fail)
        return LayoutConstraint(
            source: source, first: first, relation: spec.relation, multiplier: spec.multiplier, second: second,
            constant: spec.constant, priority: spec.priority, identifier: nil, when: nil, isActive: true)
    }

    /// A format error as a case error: the entry's path, the message, and the format with a caret.
    static func caseError(_ error: VisualFormatError, _ path: JSONPath) -> CaseError {
        switch error.location {
        case .character(let at):
            return CaseError(path.key("format"), "\(error.message), at character \(at + 1):\n\(error.format)\n\(String(repeating: " ", count: at))^")
        case .option(let k):
            return CaseError(path.key("options").index(k), "\(error.message), in the visual format \"\(error.format)\"")
        }
    }
}
