import Cassowary
import LinearConstraints

/// Lays out one case on devices, keeping one solver: the first layout installs the lowered
/// system; every later `layout(on:)` switches device incrementally (docs/architecture.md, "Strategies"):
/// the root's frame and the guides' insets are suggested values of edit variables, constraints
/// whose `when` now matches or no longer matches (or whose constants depend on the screen, the
/// autoresizing constraints under a frameless root) are added or removed, and nothing is rebuilt.
///
/// Conflicts: a required constraint the solver rejects (`SolverError.unsatisfiable`) is
/// reported with the minimal set the solver names, and one member is broken and re-added at
/// `LayoutPriorities.broken` (`victim(of:_:)`): the case's own constraint with the highest id
/// (latest in file order, visual formats after), or when the set has none, the member with the
/// highest id (lowering order: guides, autoresizing, intrinsic size, then stack views'
/// generated constraints). So a constraint a stack generated gives way only to UIKit's own, as
/// in Apple's engine (docs/uikit-rules.md, "Conflicts"). A device switch retries broken
/// constraints as required whenever the required set changes. The root's size and the guides'
/// insets are held like required constraints (`holdDevice`).
///
/// Generic over the solver strategy; ambiguity is reported when the solver conforms to
/// `AmbiguityReporting`.
public struct LayoutEngine<Solver: ConstraintSolver> {
    public let tree: ViewTree
    public internal(set) var solver: Solver
    /// The lowering for the current device, nil before the first layout.
    public internal(set) var system: LoweredSystem?
    /// Direction override (nil: the case's own).
    public let direction: LayoutDirection?
    /// Most solves one layout pass may take to settle guide insets.
    public var maxPasses = 4
    /// Constraints the last device switch removed and re-added (0 when the switch was only
    /// suggested values); every installed constraint for a first layout.
    public private(set) var reinstalledCount = 0
    /// Whether `layout(on:)` also runs the diagnostics: the ambiguity question
    /// (`LayoutResult.ambiguous`) and the minimisation of each conflicting set. True by default,
    /// as a full report wants. False makes `layout(on:)` a layout pass (solve and frames, what
    /// UIKit's layout pass does): `ambiguous` is nil, and a conflict names the set the solver's
    /// certificate gives (conflicting, not necessarily minimal) where the solver can defer the
    /// minimisation (`DeferredConflictExplanation`); `diagnose()` then answers both, as UIKit's
    /// `hasAmbiguousLayout` is asked apart. `strut bench` times the two as separate phases.
    /// The constraint broken is the same either way: in a fresh layout it is always the one
    /// being added, and where another member could be the one to break (a device switch), the
    /// set is minimised in the pass.
    public var diagnosesInLayoutPass = true
    /// Asked before every constraint the engine adds; true abandons the layout with
    /// `LoweringError.cutOff` (a benchmark's per-run time limit). The engine is then in an
    /// unspecified state and should be discarded. Nil: never stop.
    public var shouldStop: (() -> Bool)?

    /// Per constraint id: whether and how it is in the solver.
    var state: [InstallState] = []
    /// Per constraint id: the conflicting set reported when it was broken, and whether it is
    /// minimal (it is unless the solver deferred the minimisation to `diagnose()`).
    var conflictSets: [[ConstraintID]?] = []
    var conflictMinimal: [Bool] = []
    /// Per constraint id: the error of a rejection that was not a conflict.
    var rejections: [SolverError?] = []
    /// The device pins in the solver (`pinDevice`), empty unless the last layout needed them.
    var devicePins: [ConstraintID] = []
    /// Suggested values of the root's four edit variables and of every inset variable.
    var suggestedRoot: [Double] = [0, 0, 0, 0]
    var suggestedInsets: [Double] = []

    enum InstallState: Hashable { case absent, required, broken, rejected }

    public init(tree: ViewTree, solver: Solver, direction: LayoutDirection? = nil) {
        self.tree = tree
        self.solver = solver
        self.direction = direction
    }

    /// Lays the case out on `configuration` (incrementally after the first call), with the root
    /// at `rootOrigin` in window coordinates (0 in a real window; other values test translation).
    /// - Throws: `LoweringError` when the case uses something the lowering cannot lower (a
    ///   visual format that does not parse), or the solver refuses an operation for another
    ///   reason than a conflict (the exact strategy's size guard, a non-finite value); after
    ///   such an error the engine is in an unspecified state and should be discarded.
    @_specialize(exported: true, where Solver == CassowarySolver)
    @_specialize(exported: true, where Solver == RevisedSolver)
    @_specialize(exported: true, where Solver == AdaptiveSolver)
    public mutating func layout(on configuration: DeviceConfiguration, rootOrigin: (x: Double, y: Double) = (0, 0)) throws(LoweringError) -> LayoutResult {
        let next = try LoweredSystem(tree: tree, configuration: configuration, direction: direction)
        configureConflictExplanation()
        if let current = system {
            try unpinDevice(current)
            try switchSystem(from: current, to: next)
        } else {
            try installFresh(next)
        }
        system = next
        let size = configuration.screenSize
        try suggestRoot([rootOrigin.x, rootOrigin.y, size.width, size.height], next)
        let (passes, settled) = try holdDevice(next)
        return result(next, passes: passes, settled: settled)
    }

    /// First layout: edit variables, then the installed required constraints in id order, then
    /// the others in id order. Which required constraint breaks does not depend on the others (a
    /// non-required constraint never conflicts), and neither does the optimum of a layout that is
    /// not ambiguous; but a required constraint added after the intrinsic-size constraints of its
    /// views often finds every variable already basic and needs a phase one, whose pivots ran
    /// through the container's shared symbols: a form of 240 views took 4 635 pivots and 256 ms
    /// in lowering order, 188 pivots and 9.7 ms this way (scroll-content of 960 views: 30 s and
    /// more, now 54 ms). A screen whose optimum is not unique may get another of its optima.
    mutating func installFresh(_ s: LoweredSystem) throws(LoweringError) {
        let n = s.constraints.count
        state = Array(repeating: .absent, count: n)
        conflictSets = Array(repeating: nil, count: n)
        conflictMinimal = Array(repeating: true, count: n)
        rejections = Array(repeating: nil, count: n)
        for v in s.rootEditVariables + s.insetEditVariables {
            do throws(SolverError) { try solver.addEditVariable(v, priority: LayoutPriorities.deviceEdit) } catch {
                throw .solverRefused("adding edit variable \(s.name(of: v))", error)
            }
        }
        suggestedInsets = Array(repeating: 0, count: s.insetEditVariables.count)
        let installed = s.constraints.count { $0.isInstalled }
        solver.reserveCapacity(constraints: installed, ids: n)
        for required in [true, false] {
            for c in s.constraints where c.isInstalled && c.constraint.priority.isRequired == required {
                if let shouldStop, shouldStop() { throw .cutOff }
                try install(c.id, s)
            }
        }
        reinstalledCount = installed
    }

    /// Device switch: the constraints whose installation or linear form changed are removed and
    /// re-added; when any did, broken constraints are retried as required too, and those broken
    /// against the device (`pinDevice`) are retried at every switch, as the new
    /// device's size may hold them. O(constraints) to diff, plus the solver's work for what
    /// changed.
    mutating func switchSystem(from old: LoweredSystem, to new: LoweredSystem) throws(LoweringError) {
        var pending: [Int] = []
        for i in new.constraints.indices {
            let a = old.constraints[i], b = new.constraints[i]
            if a.isInstalled != b.isInstalled || a.constraint != b.constraint { pending.append(i) }
        }
        reinstalledCount = 0
        guard !pending.isEmpty || state.indices.contains(where: { brokenAgainstDevice($0, old) }) else { return }
        var isPending = [Bool](repeating: false, count: new.constraints.count)
        for i in pending { isPending[i] = true }
        for i in state.indices where pending.isEmpty ? brokenAgainstDevice(i, old) : state[i] == .broken { isPending[i] = true }
        for i in isPending.indices where isPending[i] {
            if state[i] == .required || state[i] == .broken {
                do throws(SolverError) { try solver.remove(ConstraintID(i)) } catch {
                    throw .solverRefused("removing \(old.tree.name(of: old.constraints[i].origin))", error)
                }
            }
            state[i] = .absent
            conflictSets[i] = nil
            conflictMinimal[i] = true
            rejections[i] = nil
        }
        for i in isPending.indices where isPending[i] && new.constraints[i].isInstalled {
            if let shouldStop, shouldStop() { throw .cutOff }
            try install(ConstraintID(i), new)
            reinstalledCount += 1
        }
    }

    /// The member of a conflicting set to break: the case's own constraint (not generated by a
    /// stack view, not implicit) with the highest id, else the lowered constraint with the
    /// highest id; never a device pin. Nil when the set holds only pins.
    func victim(of set: [ConstraintID], _ s: LoweredSystem) -> ConstraintID? {
        func own(_ id: ConstraintID) -> Bool {
            if case .explicit(let i) = s.constraints[id.rawValue].origin { return i < s.firstGeneratedConstraint }
            return false
        }
        return set.filter { pinIndex($0, s) == nil }.max { (own($0) ? 1 : 0, $0.rawValue) < (own($1) ? 1 : 0, $1.rawValue) }
    }

    /// Adds constraint `id` as required; on a conflict breaks a member of the minimal set
    /// (`victim(of:_:)`, re-added at `LayoutPriorities.broken`) and, if that was another
    /// constraint, tries again. Terminates: each round breaks a distinct installed constraint.
    mutating func install(_ id: ConstraintID, _ s: LoweredSystem) throws(LoweringError) {
        let c = s.constraints[id.rawValue].constraint
        while true {
            do throws(SolverError) {
                try solver.add(c, id: id)
                state[id.rawValue] = .required
                return
            } catch {
                guard case .unsatisfiable(var set) = error, var victim = victim(of: set, s) else {
                    state[id.rawValue] = .rejected
                    rejections[id.rawValue] = error
                    return
                }
                var minimal = solverMinimizesConflicts
                if !minimal && victim != id {
                    // Another member may be the one to break: which one needs the minimal set now.
                    set = minimalConflict(set, adding: id, s, pinned: [])
                    victim = self.victim(of: set, s) ?? id
                    minimal = true
                }
                if victim != id, state[victim.rawValue] == .required {
                    do throws(SolverError) { try solver.remove(victim) } catch {
                        throw .solverRefused("removing conflict member \(s.tree.name(of: s.constraints[victim.rawValue].origin))", error)
                    }
                }
                addBroken(victim, s)
                conflictSets[victim.rawValue] = set
                conflictMinimal[victim.rawValue] = minimal
                if victim == id { return }
            }
        }
    }

    /// Re-adds `id` at the broken level (a non-required constraint cannot conflict).
    mutating func addBroken(_ id: ConstraintID, _ s: LoweredSystem) {
        var soft = s.constraints[id.rawValue].constraint
        soft.priority = LayoutPriorities.broken
        do throws(SolverError) { try solver.add(soft, id: id) } catch {
            state[id.rawValue] = .rejected
            rejections[id.rawValue] = error
            return
        }
        state[id.rawValue] = .broken
    }
}
