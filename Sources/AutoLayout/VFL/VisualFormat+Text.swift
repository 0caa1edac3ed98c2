import LinearConstraints

/// Printing formats back: the canonical text of a parsed format, and a listing of a format entry
/// with the constraints it makes in the case's constraint notation.
extension VisualFormat {
    /// The format in canonical form: always with its orientation, no spaces, `==` left out
    /// before numbers, a single unprioritised non-negative spacing without parentheses
    /// (`-20-`, `-pad-`). Parsing it gives the same format but for offsets, so the same
    /// constraints. O(length).
    public var canonicalText: String {
        var out = orientation == .horizontal ? "H:" : "V:"
        if let bar = leadingBar { out += "|" + Self.text(bar.connection) }
        for (i, view) in views.enumerated() {
            out += "[" + view.name
            if !view.predicates.isEmpty { out += "(" + view.predicates.map(Self.text).joined(separator: ",") + ")" }
            out += "]"
            if i < connections.count { out += Self.text(connections[i]) }
        }
        if let bar = trailingBar { out += Self.text(bar.connection) + "|" }
        return out
    }

    static func text(_ connection: Connection) -> String {
        switch connection {
        case .flush: return ""
        case .standard: return "-"
        case .predicates(let predicates):
            if predicates.count == 1, let p = predicates.first, p.relation == .equal, p.priority == nil {
                switch p.object.value {
                case .name(let name): return "-" + name + "-"
                case .number(let n) where n >= 0 && !(n == 0 && n.sign == .minus): return "-" + formatJSONNumber(n) + "-"
                case .number: break
                }
            }
            return "-(" + predicates.map(text).joined(separator: ",") + ")-"
        }
    }

    static func text(_ predicate: Predicate) -> String {
        var out = ""
        switch predicate.object.value {
        case .number(let n): out = (predicate.relation == .equal ? "" : predicate.relation.rawValue) + formatJSONNumber(n)
        case .name(let name): out = predicate.relation.rawValue + name
        }
        if let p = predicate.priority { out += "@" + text(p) }
        return out
    }

    static func text(_ term: Term) -> String {
        switch term.value {
        case .number(let n): formatJSONNumber(n)
        case .name(let name): name
        }
    }
}

extension FormatSpec {
    /// The entry and its constraints, for people: the format as written, its metrics and
    /// options, then one constraint per line in the case's string notation (which
    /// `ConstraintSpec.parse` reads back to the same constraint):
    ///
    /// ```
    /// H:|-[find]-[findNext] metrics: pad = 20; options: alignAllCenterY
    ///   find.leading == main.margins.leading
    ///   findNext.leading == find.trailing + 8
    ///   findNext.centerY == find.centerY
    /// ```
    public func listing(in tree: ViewTree) throws(VisualFormatError) -> String {
        var head = format
        if !metrics.isEmpty {
            head += " metrics: " + metrics.map { "\($0.name) = \(formatJSONNumber($0.value))" }.joined(separator: ", ")
            if !options.isEmpty { head += ";" }
        }
        if !options.isEmpty { head += " options: " + options.map(\.rawValue).joined(separator: ", ") }
        let lines = try constraints(in: tree).map { "  " + ($0.stringForm ?? "") }
        return ([head] + lines).joined(separator: "\n")
    }
}
