import AutoLayout
import LinearConstraints

/// Mutation operators for layout cases. Each returns the changed case and a sentence, or nil
/// when it does not apply (no constraints to change, no view to hide); the caller then draws
/// again. Proposals may be invalid (a multiplier of 0 on a location, a baseline on a guide): the
/// caller's validity check rejects those, which keeps the operators short.
extension Mutator {
    enum LayoutOperator: CaseIterable {
        case constant, extremeConstant, multiplier, priority, relation
        case addConstraint, removeConstraint, duplicateConstraint, toggleActive
        case hidden, intrinsicSize, hugging, compressionResistance, stackSpacing, formatMetric
        case devices, direction
    }

    /// Numeric tweaks most of the time, structural edits sometimes, extremes occasionally.
    static let layoutOperators: [(weight: Double, value: LayoutOperator)] = [
        (20, .constant), (4, .extremeConstant), (7, .multiplier), (10, .priority), (6, .relation),
        (7, .addConstraint), (5, .removeConstraint), (5, .duplicateConstraint), (1, .toggleActive),
        (5, .hidden), (6, .intrinsicSize), (3, .hugging), (3, .compressionResistance), (2, .stackSpacing),
        (2, .formatMetric), (3, .devices), (3, .direction),
    ]

    mutating func layoutProposal(_ c: LayoutCase) -> (LayoutCase, String)? {
        switch weighted(Self.layoutOperators) {
        case .constant: return changeConstraint(c, "constant") { m, k in k.constant = m.tweak(k.constant) }
        case .extremeConstant: return changeConstraint(c, "constant") { m, k in k.constant = m.random.pick(Self.extremeLengths) }
        case .multiplier:
            return changeConstraint(c, "multiplier", where: { $0.second != nil }) { m, k in k.multiplier = m.tweakMultiplier(k.multiplier) }
        case .priority: return changeConstraint(c, "priority") { m, k in k.priority = m.tweakPriority(k.priority) }
        case .relation: return changeConstraint(c, "relation") { m, k in k.relation = m.otherRelation(k.relation) }
        case .toggleActive: return changeConstraint(c, "active") { _, k in k.isActive.toggle() }
        case .addConstraint: return addConstraint(c)
        case .removeConstraint: return removeConstraint(c)
        case .duplicateConstraint: return duplicateConstraint(c)
        case .hidden: return toggleHidden(c)
        case .intrinsicSize: return changeIntrinsicSize(c)
        case .hugging: return changeAxisPriority(c, \.hugging, "hugging", default: .defaultLow)
        case .compressionResistance: return changeAxisPriority(c, \.compressionResistance, "compression resistance", default: .defaultHigh)
        case .stackSpacing: return changeStackSpacing(c)
        case .formatMetric: return changeFormatMetric(c)
        case .devices: return switchDevices(c)
        case .direction:
            var m = c
            m.layoutDirection = c.layoutDirection == .rightToLeft ? .leftToRight : .rightToLeft
            return (m, "layout direction -> \(m.layoutDirection?.rawValue ?? "")")
        }
    }

    /// Applies `change` to one constraint drawn among those `where` admits.
    mutating func changeConstraint(
        _ c: LayoutCase, _ what: String, where admits: (ConstraintSpec) -> Bool = { _ in true },
        _ change: (inout Mutator, inout ConstraintSpec) -> Void
    ) -> (LayoutCase, String)? {
        let candidates = c.constraints.indices.filter { admits(c.constraints[$0]) }
        guard let k = index(candidates.count) else { return nil }
        var m = c
        let i = candidates[k]
        change(&self, &m.constraints[i])
        return (m, "\(what) of constraint \(i): \(Self.text(c.constraints[i])) -> \(Self.text(m.constraints[i]))")
    }

    static func text(_ k: ConstraintSpec) -> String {
        k.stringForm ?? "\(k.first) \(k.relation.rawValue) \(k.second.map { "\($0)" } ?? "") (object form)"
    }

    mutating func removeConstraint(_ c: LayoutCase) -> (LayoutCase, String)? {
        guard let i = index(c.constraints.count) else { return nil }
        var m = c
        m.constraints.remove(at: i)
        return (m, "remove constraint \(i): \(Self.text(c.constraints[i]))")
    }

    /// A copy of a constraint next to it: exact half the time, else with another constant.
    mutating func duplicateConstraint(_ c: LayoutCase) -> (LayoutCase, String)? {
        guard let i = index(c.constraints.count) else { return nil }
        var m = c
        var copy = c.constraints[i]
        let exact = random.chance(0.5)
        if !exact { copy.constant = tweak(copy.constant) }
        m.constraints.insert(copy, at: i + 1)
        return (m, "duplicate constraint \(i)\(exact ? "" : " with constant \(formatJSONNumber(copy.constant))")")
    }

    mutating func toggleHidden(_ c: LayoutCase) -> (LayoutCase, String)? {
        guard let k = index(c.views.count - 1) else { return nil }
        var m = c
        let i = k + 1
        let now = !(c.views[i].hidden ?? false)
        m.views[i].hidden = now
        return (m, "\(now ? "hide" : "unhide") view \(c.views[i].id)")
    }

    /// Sets, changes or clears one axis of a view's intrinsic size.
    mutating func changeIntrinsicSize(_ c: LayoutCase) -> (LayoutCase, String)? {
        guard let i = index(c.views.count) else { return nil }
        var m = c
        var size = c.views[i].intrinsicSize ?? IntrinsicSize(width: nil, height: nil)
        let horizontal = random.chance(0.5)
        let old = horizontal ? size.width : size.height
        let new: Double? = old != nil && random.chance(0.15) ? nil : tweak(old ?? 20, nonNegative: true)
        if horizontal { size.width = new } else { size.height = new }
        m.views[i].intrinsicSize = size.width == nil && size.height == nil ? nil : size
        let shown = new.map(formatJSONNumber) ?? "none"
        return (m, "intrinsic \(horizontal ? "width" : "height") of \(c.views[i].id) -> \(shown)")
    }

    mutating func changeAxisPriority(
        _ c: LayoutCase, _ field: WritableKeyPath<ViewSpec, AxisPriorities?>, _ what: String, default d: Priority
    ) -> (LayoutCase, String)? {
        guard let i = index(c.views.count) else { return nil }
        var m = c
        var p = c.views[i][keyPath: field] ?? AxisPriorities(horizontal: d, vertical: d)
        let horizontal = random.chance(0.5)
        if horizontal { p.horizontal = tweakPriority(p.horizontal) } else { p.vertical = tweakPriority(p.vertical) }
        m.views[i][keyPath: field] = p
        return (m, "\(what) of \(c.views[i].id) -> [\(p.horizontal), \(p.vertical)]")
    }

    mutating func changeStackSpacing(_ c: LayoutCase) -> (LayoutCase, String)? {
        let stacks = c.views.indices.filter { c.views[$0].stack != nil }
        guard let k = index(stacks.count) else { return nil }
        var m = c
        let i = stacks[k]
        var old = 0.0
        if case .points(let d)? = c.views[i].stack?.spacing { old = d }
        let new = random.chance(0.1) ? StackSpacing.system : .points(tweak(old))
        m.views[i].stack?.spacing = new
        return (m, "spacing of stack \(c.views[i].id) changed")
    }

    mutating func changeFormatMetric(_ c: LayoutCase) -> (LayoutCase, String)? {
        let places = c.formats.indices.flatMap { f in c.formats[f].metrics.indices.map { (f, $0) } }
        guard let k = index(places.count) else { return nil }
        var m = c
        let (f, i) = places[k]
        m.formats[f].metrics[i].value = tweak(c.formats[f].metrics[i].value)
        return (m, "metric \(c.formats[f].metrics[i].name) of format \(f) -> \(formatJSONNumber(m.formats[f].metrics[i].value))")
    }

    /// Every catalog configuration id (portrait, landscape and iPad splits), in catalog order.
    static let configurationIDs: [String] = DeviceCatalog.all.flatMap(\.configurations).map(\.id)

    /// Replaces the case's devices with one or two catalog configurations, or adds one.
    mutating func switchDevices(_ c: LayoutCase) -> (LayoutCase, String)? {
        var m = c
        let pick = random.pick(Self.configurationIDs)
        if let devices = c.devices, random.chance(0.3), !devices.contains(.id(pick)) {
            m.devices = devices + [.id(pick)]
        } else {
            var list = [pick]
            let second = random.pick(Self.configurationIDs)
            if random.chance(0.3), second != pick { list.append(second) }
            m.devices = list.map { .id($0) }
        }
        let names = (m.devices ?? []).map { d in
            switch d {
            case .id(let id): id
            case .custom(let device): device.id
            }
        }
        return (m, "devices -> \(names.joined(separator: ", "))")
    }
}
