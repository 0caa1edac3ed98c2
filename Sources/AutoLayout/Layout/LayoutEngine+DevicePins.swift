import LinearConstraints

/// The device held as UIKit holds it: a root's size (`UIView-Encapsulated-Layout-Width` and
/// `-Height`) and a guide's insets (`UIView-topMargin-guide-constraint`, ...) are required
/// constraints in UIKit, so a case's required constraint that contradicts them is the one broken
/// and logged. Strut keeps them as edit variables (a device switch is a suggested value), one
/// level above broken constraints; when required constraints override an edit (an unmet edit),
/// the layout pass pins the edits as required constraints (`devicePin`) and breaks the
/// constraints they conflict with as any conflict does (`LayoutEngine.victim(of:_:)`). The pins
/// stay until the next layout, which takes them out first (`holdDevice`): a case without such a
/// conflict never has them.
///
/// Evidence: Interface Builder's stored frames (Apple's engine) keep a table view cell's
/// encapsulated height and its content view's margins and break the app's own `height == 45`
/// (`corpora/real`, docs/uikit-rules.md, "Conflicts").
extension LayoutEngine {
    /// The names UIKit gives the constraints that hold a root's frame, minX, minY, width, height.
    static var rootConstraintNames: [String] {
        ["UIView-Encapsulated-Layout-Left", "UIView-Encapsulated-Layout-Top",
         "UIView-Encapsulated-Layout-Width", "UIView-Encapsulated-Layout-Height"]
    }

    /// What the layout pass suggested for device edit `k`.
    func deviceValue(_ k: Int) -> Double { k < 4 ? suggestedRoot[k] : suggestedInsets[k - 4] }

    /// The id pin `k` (device edit `k`) takes in conflict sets: past every lowered
    /// constraint, so the case's constraints keep their ids.
    func pinID(_ k: Int, _ s: LoweredSystem) -> ConstraintID { ConstraintID(s.constraints.count + k) }

    /// The device edit a pin id pins; nil for a lowered constraint.
    func pinIndex(_ id: ConstraintID, _ s: LoweredSystem) -> Int? {
        let k = id.rawValue - s.constraints.count
        return k >= 0 && k < s.deviceEditCount ? k : nil
    }

    /// Pin `k` as a required constraint: the edit variable equal to its suggested value.
    func devicePin(_ k: Int, _ s: LoweredSystem) -> Constraint {
        Constraint(LinearExpression(s.deviceEdit(k)) - deviceValue(k), .equal, priority: .required)
    }

    /// The name of an edit variable or its pin in results: `main UIView-Encapsulated-Layout-Width`,
    /// `stackView1.margins.inset.top`.
    func deviceEditName(_ k: Int, _ s: LoweredSystem) -> String {
        k < 4 ? "\(tree.views[0].id) \(Self.rootConstraintNames[k])" : s.name(of: s.deviceEdit(k))
    }

    /// The name of a conflict member: a lowered constraint's (`ViewTree.name(of:)`) or a pin's.
    public func constraintName(_ id: ConstraintID) -> String {
        guard let s = system else { return "constraint \(id.rawValue)" }
        return memberName(id, s)
    }

    func memberName(_ id: ConstraintID, _ s: LoweredSystem) -> String {
        if let k = pinIndex(id, s) { return deviceEditName(k, s) }
        guard id.rawValue >= 0, id.rawValue < s.constraints.count else { return "constraint \(id.rawValue)" }
        return s.tree.name(of: s.constraints[id.rawValue].origin)
    }

    /// A conflict member as the conflict log prints it (`LoweredSystem.logDescription`; a pin as
    /// `<main UIView-Encapsulated-Layout-Width main.width == 375   (active)>`).
    func memberDescription(_ id: ConstraintID, _ s: LoweredSystem) -> String {
        guard let k = pinIndex(id, s) else { return s.logDescription(id) }
        return "<\(deviceEditName(k, s)) \(s.equationText(devicePin(k, s)))   (active)>"
    }

    /// A conflict member as a required constraint (the deletion filter's input).
    func memberAsRequired(_ id: ConstraintID, _ s: LoweredSystem) -> Constraint {
        if let k = pinIndex(id, s) { return devicePin(k, s) }
        var c = s.constraints[id.rawValue].constraint
        c.priority = .required
        return c
    }

    /// Whether device edit `k`'s value differs from the suggestion by more than 1e-6 points
    /// (scaled for large values): required constraints overrode the device.
    func isUnmet(_ k: Int, _ s: LoweredSystem) -> Bool {
        let wanted = deviceValue(k)
        return abs(solver.value(of: s.deviceEdit(k)) - wanted) > 1e-6 * max(1, abs(wanted))
    }

    /// Whether any device edit is unmet. Allocation-free: a warm layout pass must stay so.
    func hasUnmetDeviceEdit(_ s: LoweredSystem) -> Bool {
        for k in 0..<s.deviceEditCount where isUnmet(k, s) { return true }
        return false
    }

    /// The guide-settling passes (`settleGuides`) with the device held: when an edit is unmet,
    /// the edits are pinned (`pinDevice`, breaking what contradicts them), and while that broke
    /// something the pins come out, the guides settle again on the new frames, and the edits
    /// are pinned again: at most `maxPasses` rounds. The pins of the last round stay in the
    /// solver until the next layout (`unpinDevice`), so the device holds under every strategy:
    /// a weighted one (`cassowary-weighted`) weighs the device's edits and a broken constraint
    /// (999.99994 and 999.9999) almost alike and would trade one for the other. Returns every
    /// pass taken and whether the insets settled in the last.
    mutating func holdDevice(_ s: LoweredSystem) throws(LoweringError) -> (passes: Int, settled: Bool) {
        var passes = 0, settled = true
        for _ in 0...maxPasses {
            try unpinDevice(s)
            let pass = try settleGuides(s)
            passes += pass.passes
            settled = pass.settled
            guard hasUnmetDeviceEdit(s), try pinDevice(s) else { break }
        }
        return (passes, settled)
    }

    /// Pins every device edit as a required constraint, in pin order (all of them: an edit left
    /// soft would give way to a pin instead of the case's constraint); each pin that conflicts
    /// breaks an installed member of the minimal conflicting set (`victim(of:_:)`), until the
    /// pin holds or only pins are left in the set (then that edit stays unmet). The pins stay
    /// (`devicePins`). Returns whether a constraint was broken. Terminates: each round breaks a
    /// distinct installed constraint.
    mutating func pinDevice(_ s: LoweredSystem) throws(LoweringError) -> Bool {
        var broke = false
        for k in 0..<s.deviceEditCount {
            let id = pinID(k, s), pin = devicePin(k, s)
            while true {
                do throws(SolverError) {
                    try solver.add(pin, id: id)
                    devicePins.append(id)
                    break
                } catch {
                    guard case .unsatisfiable(var set) = error else { break }
                    if !solverMinimizesConflicts { set = minimalConflict(set, adding: id, s, pinned: devicePins) }
                    guard let victim = victim(of: set.filter { pinIndex($0, s) == nil && state[$0.rawValue] == .required }, s) else { break }
                    do throws(SolverError) { try solver.remove(victim) } catch {
                        throw .solverRefused("removing conflict member \(memberName(victim, s))", error)
                    }
                    addBroken(victim, s)
                    conflictSets[victim.rawValue] = set
                    conflictMinimal[victim.rawValue] = true
                    broke = true
                }
            }
        }
        return broke
    }

    /// Removes the device pins from the solver (before a device switch, or before the guides
    /// settle again); the edits hold the device alone until the next `pinDevice`.
    mutating func unpinDevice(_ s: LoweredSystem) throws(LoweringError) {
        while let id = devicePins.popLast() {
            do throws(SolverError) { try solver.remove(id) } catch {
                throw .solverRefused("removing the device pin \(memberName(id, s))", error)
            }
        }
    }

    /// Whether constraint `i` was broken against the device (its conflicting set holds a pin).
    func brokenAgainstDevice(_ i: Int, _ s: LoweredSystem) -> Bool {
        state[i] == .broken && (conflictSets[i]?.contains { pinIndex($0, s) != nil } ?? false)
    }
}
