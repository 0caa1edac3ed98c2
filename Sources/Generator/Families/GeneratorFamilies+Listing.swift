import LinearConstraints

extension GeneratorFamilies {
    /// `strut generate --list`: every family with its kind, summary, target, size and knobs.
    public static func listingText() -> String {
        var out = ""
        for kind in FamilyKind.allCases {
            let families = all.filter { $0.kind == kind }
            guard !families.isEmpty else { continue }
            out += "== \(kind.rawValue) ==\n\n"
            for f in families { out += f.listingText + "\n" }
        }
        return out
    }

    /// `strut generate --list --json`: an array of families in listing order.
    public static func listingJSON() -> JSONValue { .array(all.map(\.listingJSON)) }
}

extension Family {
    var listingText: String {
        var out = "\(name)  [\(kind.rawValue)]  size = \(sizeMeaning), default \(defaultSize), \(sizeRange.lowerBound)...\(sizeRange.upperBound)\n"
        out += wrap(summary, indent: "    ")
        if let targets { out += wrap("Targets: " + targets, indent: "    ") }
        for k in knobs {
            let range = "\(formatJSONNumber(k.range.lowerBound))...\(formatJSONNumber(k.range.upperBound))"
            out += "    --param \(k.name)=\(formatJSONNumber(k.defaultValue))  (\(range)\(k.isInteger ? ", whole" : "")) \(k.summary)\n"
        }
        return out
    }

    var listingJSON: JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("name", .string(name)), ("kind", .string(kind.rawValue)), ("summary", .string(summary)),
        ]
        if let targets { m.append(("targets", .string(targets))) }
        m.append(("size", .object([
            ("meaning", .string(sizeMeaning)), ("default", .number(Double(defaultSize))),
            ("minimum", .number(Double(sizeRange.lowerBound))), ("maximum", .number(Double(sizeRange.upperBound))),
        ])))
        m.append(("knobs", .array(knobs.map { k in
            .object([
                ("name", .string(k.name)), ("default", .number(k.defaultValue)), ("minimum", .number(k.range.lowerBound)),
                ("maximum", .number(k.range.upperBound)), ("integer", .bool(k.isInteger)), ("summary", .string(k.summary)),
            ])
        })))
        return .object(m)
    }

    /// Words wrapped at 100 columns, each line indented.
    func wrap(_ text: String, indent: String) -> String {
        var out = "", line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 100, line != indent {
                out += line + "\n"
                line = indent
            }
            line += (line == indent ? "" : " ") + word
        }
        return out + line + "\n"
    }
}
