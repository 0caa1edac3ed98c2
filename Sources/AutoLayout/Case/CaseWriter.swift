import LinearConstraints

extension LayoutCase {
    /// The case as file text: fields in the spec's order, optional fields only when set, defaults
    /// of constraints left out, two-space indentation, short scalar lists on one line, and a final
    /// newline. The same case always gives the same bytes, and `init(jsonText:)` reads it back
    /// as an equal case.
    public func jsonText() -> String {
        var out = ""
        writePretty(json, to: &out, level: 0)
        return out + "\n"
    }

    /// The case as a JSON value with the writer's member order.
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("strut", .number(1)), ("name", .string(name))]
        if let description { m.append(("description", .string(description))) }
        if let t = defaults.translatesAutoresizingMask { m.append(("defaults", .object([("translatesAutoresizingMask", .bool(t))]))) }
        m.append(("root", .string(root)))
        m.append(("views", .array(views.map(\.json))))
        if !constraints.isEmpty { m.append(("constraints", .array(constraints.map(\.json)))) }
        if !formats.isEmpty { m.append(("formats", .array(formats.map(\.json)))) }
        if let devices { m.append(("devices", .array(devices.map(\.json)))) }
        if let layoutDirection { m.append(("layoutDirection", .string(layoutDirection.rawValue))) }
        if !expect.isEmpty { m.append(("expect", .object(expect.map { ($0.device, $0.json) }))) }
        return .object(m)
    }
}

/// A priority as the JSON number of its shortest text (`999.999`, not `999.9990234375`).
func priorityJSON(_ p: Priority) -> JSONValue { .number(Double(p.description) ?? Double(p.value)) }

func numbersJSON(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }

extension ViewSpec {
    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("id", .string(id))]
        func add(_ key: String, _ value: JSONValue?) { if let value { m.append((key, value)) } }
        add("superview", superview.map { .string($0) })
        add("frame", frame.map { numbersJSON($0.components) })
        add("translatesAutoresizingMask", translatesAutoresizingMask.map { .bool($0) })
        add("autoresizing", autoresizing.map { .array($0.flagNames.map { .string($0) }) })
        add("intrinsicSize", intrinsicSize.map { .array([$0.width.map { .number($0) } ?? .null, $0.height.map { .number($0) } ?? .null]) })
        add("hugging", hugging.map { .array([priorityJSON($0.horizontal), priorityJSON($0.vertical)]) })
        add("compressionResistance", compressionResistance.map { .array([priorityJSON($0.horizontal), priorityJSON($0.vertical)]) })
        add("baseline", baseline.map { b in
            .object([("first", b.first), ("last", b.last)].compactMap { k, v in v.map { (k, .number($0)) } })
        })
        add("hidden", hidden.map { .bool($0) })
        add("layoutMargins", layoutMargins.map { .object($0.named.map { ($0.name, .number($0.value)) }) })
        add("preservesSuperviewLayoutMargins", preservesSuperviewLayoutMargins.map { .bool($0) })
        add("insetsLayoutMarginsFromSafeArea", insetsLayoutMarginsFromSafeArea.map { .bool($0) })
        add("alignmentRectInsets", alignmentRectInsets.map { .object($0.named.map { ($0.name, .number($0.value)) }) })
        add("fixedSize", fixedSize.map { .bool($0) })
        add("semanticContentAttribute", semanticContentAttribute.map { .string($0.rawValue) })
        add("guides", guides.map { .array($0.map { .string($0) }) })
        add("stack", stack?.json)
        add("scroll", scroll.map { .bool($0) })
        add("additionalSafeAreaInsets", additionalSafeAreaInsets.map { .object($0.named.map { ($0.name, .number($0.value)) }) })
        add("respectsSystemMinimumLayoutMargins", respectsSystemMinimumLayoutMargins.map { .bool($0) })
        return .object(m)
    }
}

extension StackSpec {
    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ value: JSONValue?) { if let value { m.append((key, value)) } }
        add("axis", axis.map { .string($0.rawValue) })
        add("distribution", distribution.map { .string($0.rawValue) })
        add("alignment", alignment.map { .string($0.rawValue) })
        add("spacing", spacing.map { s in
            switch s {
            case .points(let d): .number(d)
            case .system: .string("system")
            }
        })
        add("customSpacing", customSpacing.map { .object($0.map { ($0.after, .number($0.spacing)) }) })
        add("arranged", arranged.map { .array($0.map { .string($0) }) })
        add("layoutMarginsRelativeArrangement", layoutMarginsRelativeArrangement.map { .bool($0) })
        add("baselineRelativeArrangement", baselineRelativeArrangement.map { .bool($0) })
        return .object(m)
    }
}

extension ConstraintSpec {
    /// The string form when it can say everything, else the object form without default fields.
    var json: JSONValue {
        if let text = stringForm { return .string(text) }
        var m: [(key: String, value: JSONValue)] = [("first", .string(first.description)), ("relation", .string(relation.rawValue))]
        if let second {
            m.append(("second", .string(second.description)))
            if multiplier != 1 { m.append(("multiplier", .number(multiplier))) }
        }
        if constant != 0 { m.append(("constant", .number(constant))) }
        if !priority.isRequired { m.append(("priority", priorityJSON(priority))) }
        if let identifier { m.append(("identifier", .string(identifier))) }
        if let when { m.append(("when", .string(when.description))) }
        if !isActive { m.append(("active", .bool(false))) }
        return .object(m)
    }
}

extension FormatSpec {
    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("format", .string(format))]
        if !metrics.isEmpty { m.append(("metrics", .object(metrics.map { ($0.name, .number($0.value)) }))) }
        if !options.isEmpty { m.append(("options", .array(options.map { .string($0.rawValue) }))) }
        return .object(m)
    }
}

extension CaseDevice {
    var json: JSONValue {
        switch self {
        case .id(let id): return .string(id)
        case .custom(let d): return d.customJSON
        }
    }
}

extension DeviceExpectation {
    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        if let tolerance { m.append(("tolerance", .number(tolerance))) }
        if let frames { m.append(("frames", .object(frames.map { ($0.view, numbersJSON($0.frame.components)) }))) }
        if let misplaced { m.append(("misplaced", .object(misplaced.map { ($0.view, numbersJSON($0.frame.components)) }))) }
        if let ambiguous { m.append(("ambiguous", .array(ambiguous.map { .string($0) }))) }
        if let conflicts { m.append(("conflicts", .array(conflicts.map { .array($0.map { .string($0) }) }))) }
        return .object(m)
    }
}
