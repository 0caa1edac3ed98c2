import LinearConstraints

extension ViewTree {
    /// Resolves and checks every explicit constraint: its items exist (a built-in guide only on
    /// a view, `content`/`frameGuide` only on a scroll view), guides use only guide anchors, and
    /// the pair of attributes is one UIKit accepts. Errors name `$.constraints[i]`.
    mutating func resolveConstraints(_ specs: [ConstraintSpec]) throws(CaseError) {
        constraints.reserveCapacity(specs.count)
        for (i, spec) in specs.enumerated() {
            func fail(_ message: String) -> CaseError {
                let path = JSONPath.root.key("constraints").index(i)
                let text = spec.stringForm ?? "\(spec.first) \(spec.relation.rawValue) \(spec.equationRight)"
                return CaseError(path, "\(message) in \"\(text)\"")
            }
            let first = try anchor(spec.first, fail)
            let second = try spec.second.map { s throws(CaseError) in try anchor(s, fail) }
            try Self.checkPair(spec, fail)
            constraints.append(LayoutConstraint(
                source: i, first: first, relation: spec.relation, multiplier: spec.multiplier, second: second,
                constant: spec.constant, priority: spec.priority, identifier: spec.identifier, when: spec.when,
                isActive: spec.isActive))
        }
    }

    func anchor(_ ref: AnchorReference, _ fail: (String) -> CaseError) throws(CaseError) -> Anchor {
        guard let base = item(id: ref.item.id) else { throw fail("unknown view or guide \"\(ref.item.id)\"") }
        var target = base
        if let guide = ref.item.guide {
            guard base.rawValue < views.count else {
                throw fail("\"\(ref.item.id)\" is a layout guide; only views have a built-in \(guide.rawValue) guide")
            }
            guard let g = views[base.rawValue].guides[guide] else {
                throw fail("\"\(ref.item.id)\" is not a scroll view, so it has no \(guide.rawValue) guide (set \"scroll\": true)")
            }
            target = g
        }
        if target.rawValue >= views.count, !ref.attribute.existsOnGuides {
            throw fail("layout guide \(ref.item) has no \(ref.attribute.rawValue) anchor (guides have no margins or baselines)")
        }
        return Anchor(target, ref.attribute)
    }

    /// UIKit's rules for the two attributes and the numbers of one constraint.
    static func checkPair(_ spec: ConstraintSpec, _ fail: (String) -> CaseError) throws(CaseError) {
        let a = spec.first.attribute
        guard spec.constant.isFinite, spec.multiplier.isFinite else { throw fail("the constant and the multiplier must be finite") }
        if let identifier = spec.identifier, identifier.isEmpty { throw fail("an identifier must not be empty") }
        if let when = spec.when, when.horizontal == nil, when.vertical == nil {
            throw fail("a when condition must name a width or a height class")
        }
        guard let b = spec.second?.attribute else {
            guard spec.multiplier == 1 else { throw fail("a constraint to a constant has no multiplier") }
            guard a.isDimension else {
                throw fail("\(a.rawValue) is a location and cannot equal a constant; relate it to another item's location")
            }
            return
        }
        guard a.isDimension == b.isDimension else {
            throw fail("\(a.rawValue) and \(b.rawValue) mix a location with a dimension")
        }
        // Dimensions may cross axes (width == height is UIKit's aspect ratio); locations may not.
        guard a.isDimension || a.axis == b.axis else {
            throw fail("\(a.rawValue) and \(b.rawValue) are on different axes (\(a.axis.rawValue) and \(b.axis.rawValue))")
        }
        guard !(a.isDirectional && b.isAbsoluteHorizontalEdge || a.isAbsoluteHorizontalEdge && b.isDirectional) else {
            throw fail("\(a.rawValue) and \(b.rawValue) mix leading/trailing with left/right; use one pair or the other")
        }
        guard a.isDimension || spec.multiplier != 0 else {
            throw fail("a multiplier of 0 makes the location \(a.rawValue) equal a constant, which UIKit rejects")
        }
    }

    /// Visual formats are expanded later; here their fields must be usable: a format text, finite
    /// metrics with distinct names, distinct options.
    static func checkFormats(_ formats: [FormatSpec]) throws(CaseError) {
        for (i, f) in formats.enumerated() {
            let path = JSONPath.root.key("formats").index(i)
            guard !f.format.trimmingSpaces.isEmpty else { throw CaseError(path.key("format"), "the visual format is empty") }
            var names: [String] = []
            for m in f.metrics {
                let at = path.key("metrics").key(m.name)
                guard isIdentifier(m.name) else { throw CaseError(at, "metric name \"\(m.name)\" is not an identifier") }
                guard !names.contains(m.name) else { throw CaseError(at, "metric \"\(m.name)\" is given twice") }
                try finite([m.value], at)
                names.append(m.name)
            }
            guard Set(f.options).count == f.options.count else { throw CaseError(path.key("options"), "an option is listed twice") }
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
