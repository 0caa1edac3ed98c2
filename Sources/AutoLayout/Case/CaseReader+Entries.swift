import LinearConstraints

extension ConstraintSpec {
    /// The object form's fields, in the order the writer emits them.
    static let fields = ["first", "relation", "second", "multiplier", "constant", "priority", "identifier", "when", "active"]

    /// A constraint in string form (`"v.top == w.bottom + 8 @750 #gap"`) or object form.
    init(_ at: JSONAt) throws(CaseError) {
        if case .string(let text) = at.value {
            do { self = try ConstraintSpec.parse(text) } catch { throw at.error("\(error) in \"\(text)\"") }
            return
        }
        let o = try at.object(allowed: Self.fields, what: "a constraint (a string or an object)")
        let first = try Self.anchor(try o.required("first", "the first anchor, e.g. \"v.top\""))
        let relationAt = try o.required("relation", "\"==\", \"<=\" or \">=\"")
        let text = try relationAt.string()
        guard let relation = Relation(rawValue: text) else { throw relationAt.error("unknown relation \"\(text)\"; expected \"==\", \"<=\" or \">=\"") }
        var second: AnchorReference?
        if let s = o["second"], s.value != .null { second = try Self.anchor(s) }
        let multiplier = try o["multiplier"]?.number()
        if multiplier != nil, second == nil, let m = o["multiplier"] {
            throw m.error("a multiplier needs a second anchor; a constraint to a constant has none")
        }
        self.init(first, relation, multiplier: multiplier ?? 1, second, constant: try o["constant"]?.number() ?? 0)
        priority = try o["priority"]?.priority() ?? .required
        identifier = try o["identifier"]?.string()
        if let w = o["when"] {
            let text = try w.string()
            do { when = try SizeClassCondition(parsing: text, path: w.path.text) } catch {
                throw w.error("bad size-class condition \"\(text)\": \(error.reason)")
            }
        }
        isActive = try o["active"]?.bool() ?? true
    }

    static func anchor(_ at: JSONAt) throws(CaseError) -> AnchorReference {
        let text = try at.string()
        do { return try ConstraintSpec.parseAnchor(text) } catch { throw at.error("\(error) in \"\(text)\"") }
    }
}

extension FormatSpec {
    static let fields = ["format", "metrics", "options"]

    init(_ at: JSONAt) throws(CaseError) {
        let o = try at.object(allowed: Self.fields, what: "a visual format")
        self.init(format: try o.required("format", "the visual format string").string())
        if let m = o["metrics"] {
            guard case .object(let members) = m.value else { throw m.mismatch("an object of metric name: number") }
            for member in members {
                let value = JSONAt(member.value, m.path.key(member.key))
                guard isIdentifier(member.key) else { throw value.error("metric name \"\(member.key)\" is not an identifier ([A-Za-z_][A-Za-z0-9_]*)") }
                metrics.append(Metric(member.key, try value.number()))
            }
        }
        for option in try o["options"]?.array() ?? [] {
            let value = try option.named(FormatOption.self, "format option")
            guard !options.contains(value) else { throw option.error("format option \"\(value.rawValue)\" is listed twice") }
            options.append(value)
        }
    }
}

extension CaseDevice {
    /// A configuration id string, or a custom device object (read by `Device(customJSON:path:)`,
    /// the devices layer's reader, so its rules live in one place).
    init(_ at: JSONAt) throws(CaseError) {
        if case .string(let id) = at.value {
            self = .id(id)
            return
        }
        guard case .object = at.value else { throw at.mismatch("a device id or a custom device object") }
        do { self = .custom(try Device(customJSON: at.value, path: at.path.text)) } catch { throw CaseError(error) }
    }
}

extension CaseError {
    /// A device error as a case error, keeping the JSON path the device reader names.
    init(_ error: DeviceError) {
        switch error {
        case let .badCustomDevice(path, reason): self.init(rawPath: path, reason)
        case let .badSizeClass(path, text, reason): self.init(rawPath: path, "bad size class \"\(text)\": \(reason)")
        default: self.init(rawPath: "$.devices", error.description)
        }
    }
}

extension DeviceExpectation {
    static let fields = ["tolerance", "frames", "misplaced", "ambiguous", "conflicts"]

    init(device: String, _ at: JSONAt) throws(CaseError) {
        let o = try at.object(allowed: Self.fields, what: "an expectation")
        self.init(device: device)
        tolerance = try o["tolerance"]?.number()
        frames = try o["frames"].map { f throws(CaseError) in try Self.frames(f) }
        misplaced = try o["misplaced"].map { f throws(CaseError) in try Self.frames(f) }
        ambiguous = try o["ambiguous"]?.array().map { a throws(CaseError) in try a.string() }
        conflicts = try o["conflicts"]?.array().map { set throws(CaseError) in
            try set.array().map { a throws(CaseError) in try a.string() }
        }
    }

    static func frames(_ f: JSONAt) throws(CaseError) -> [ExpectedFrame] {
        guard case .object(let members) = f.value else { throw f.mismatch("an object of view id: [x, y, width, height]") }
        var list: [ExpectedFrame] = []
        for m in members {
            let r = try JSONAt(m.value, f.path.key(m.key)).numbers(4, "[x, y, width, height]")
            list.append(ExpectedFrame(m.key, LayoutRect(x: r[0], y: r[1], width: r[2], height: r[3])))
        }
        return list
    }
}
