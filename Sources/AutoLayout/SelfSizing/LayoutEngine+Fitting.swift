import LinearConstraints

extension ViewTree {
    /// UIKit's `systemLayoutSizeFitting`: the size `view` takes when its subtree is laid out on
    /// its own, its width and height pulled toward `fitting.target` at the fitting priorities.
    ///
    /// As UIKit does (docs/peers.md: an engine is built and discarded per call), the subtree is lowered
    /// as a free-standing tree (`subtree(rootedAt:)`) into a fresh solver: the view at the origin
    /// (its minX and minY edit variables at `LayoutPriorities.deviceEdit`), no safe area (a view
    /// outside a window has none), its own layout margins, and instead of the screen's size two
    /// constraints added after all others, `width == target.width @horizontalPriority` and
    /// `height == target.height @verticalPriority`. With `fittingSizeLevel` (50) every hugging
    /// and compression-resistance priority outranks the target, so the compressed target gives
    /// the smallest size the content allows and the expanded one the largest. Nothing of any
    /// other layout (an engine laying out the whole tree) is touched.
    ///
    /// `configuration` supplies what the subtree still depends on: size classes (`when`), the
    /// pixel grid (stack spacings, snapped frames) and, for a frameless fitted view whose subviews
    /// translate autoresizing masks, the superview size those masks are taken against (the
    /// screen's, as for a frameless root).
    ///
    /// - Parameter solver: a fresh solver of the strategy to use.
    /// - Throws: `LoweringError` as `LayoutEngine.layout(on:)` does.
    /// - Complexity: one lowering and one first layout of the subtree.
    public func systemLayoutSizeFitting<S: ConstraintSolver>(
        _ view: ViewIndex, _ fitting: LayoutFitting = .compressed, on configuration: DeviceConfiguration,
        direction: LayoutDirection? = nil, solver: S
    ) throws(LoweringError) -> FittingResult {
        var engine = LayoutEngine(tree: try subtree(rootedAt: view), solver: solver, direction: direction)
        var result = try engine.fit(fitting, on: Self.fittingConfiguration(configuration))
        result.layout.device = configuration.id
        return result
    }

    /// `configuration` without a safe area: a custom device of the same size, scale and size
    /// classes whose insets are zero.
    static func fittingConfiguration(_ configuration: DeviceConfiguration) -> DeviceConfiguration {
        let device = Device(
            id: configuration.id, models: "", portraitSize: configuration.screenSize, scale: configuration.scale,
            portraitSafeArea: .zero, landscapeSafeArea: .zero, kind: .custom(configuration.sizeClasses))
        return DeviceConfiguration(uncheckedDevice: device, orientation: .portrait, split: nil)
    }
}

extension LayoutEngine {
    /// `systemLayoutSizeFitting` of one of this engine's views on the device of its last layout,
    /// in a separate engine with a fresh `solver`: this engine, its solver and its frames are
    /// left exactly as they were.
    /// - Throws: `LoweringError` before the first layout (there is no device yet), or as
    ///   `ViewTree.systemLayoutSizeFitting` does.
    public func systemLayoutSizeFitting<Fresh: ConstraintSolver>(
        _ view: ViewIndex, _ fitting: LayoutFitting = .compressed, solver: Fresh
    ) throws(LoweringError) -> FittingResult {
        guard let system else {
            throw LoweringError(path: "$", "systemLayoutSizeFitting needs a device: lay the case out first")
        }
        return try tree.systemLayoutSizeFitting(view, fitting, on: system.configuration, direction: direction, solver: solver)
    }

    /// A first layout of this engine's tree (a free-standing subtree) as a fitting: the root's
    /// origin edited to 0, its size pulled toward the target; guide insets settled as in
    /// `layout(on:)`. Conflicts among the subtree's own constraints are broken as usual.
    mutating func fit(_ fitting: LayoutFitting, on configuration: DeviceConfiguration) throws(LoweringError) -> FittingResult {
        let s = try LoweredSystem(tree: tree, configuration: configuration, direction: direction)
        let n = s.constraints.count
        state = Array(repeating: .absent, count: n)
        conflictSets = Array(repeating: nil, count: n)
        rejections = Array(repeating: nil, count: n)
        let root = s.rootEditVariables
        for v in root.prefix(2) + s.insetEditVariables {
            do throws(SolverError) { try solver.addEditVariable(v, priority: LayoutPriorities.deviceEdit) } catch {
                throw .solverRefused("adding edit variable \(s.name(of: v))", error)
            }
        }
        suggestedInsets = Array(repeating: 0, count: s.insetEditVariables.count)
        for c in s.constraints where c.isInstalled { try install(c.id, s) }
        let rootName = tree.views[0].id
        let targets = [
            ("\(rootName).width == \(formatJSONNumber(fitting.target.width))", root[2], fitting.target.width, fitting.horizontalPriority),
            ("\(rootName).height == \(formatJSONNumber(fitting.target.height))", root[3], fitting.target.height, fitting.verticalPriority),
        ]
        var broken: [String] = []
        for (k, t) in targets.enumerated() {
            if try !addTarget(t.1, t.2, t.3, id: ConstraintID(n + k), named: t.0) { broken.append(t.0) }
        }
        system = s
        let (passes, settled) = try settleGuides(s)
        let size = PointSize(width: solver.value(of: root[2]), height: solver.value(of: root[3]))
        suggestedRoot = [0, 0, size.width, size.height]
        return FittingResult(view: rootName, fitting: fitting, size: size,
                             layout: result(s, passes: passes, settled: settled), targetBroken: broken)
    }

    /// Adds `variable == value @priority`; when a required target conflicts with the subtree's
    /// required constraints, adds it at `LayoutPriorities.broken` instead and returns false.
    mutating func addTarget(_ variable: Variable, _ value: Double, _ priority: Priority, id: ConstraintID, named name: String) throws(LoweringError) -> Bool {
        let expression = LinearExpression(variable) - value
        do throws(SolverError) {
            try solver.add(Constraint(expression, .equal, priority: priority), id: id)
            return true
        } catch {
            guard case .unsatisfiable = error else { throw .solverRefused("adding the fitting target \(name)", error) }
        }
        do throws(SolverError) {
            try solver.add(Constraint(expression, .equal, priority: LayoutPriorities.broken), id: id)
        } catch {
            throw .solverRefused("adding the broken fitting target \(name)", error)
        }
        return false
    }
}
