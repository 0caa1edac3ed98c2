import LinearConstraints

extension PeerWorkload {
    /// The workload's name in files and reports: `flat-100`.
    public var name: String { "\(kind)-\(views)" }

    /// The system-file name of a variable of this workload: `root.w`, `v12.l` (left, top, width,
    /// height as l, t, w, h). Variables outside the workload read as `x<index>`.
    public func variableName(_ variable: Variable) -> String {
        let index = Int(variable.index)
        guard index < variableCount else { return "x\(index)" }
        let owner = index < 4 ? "root" : "v\(index / 4 - 1)"
        let attribute = ["l", "t", "w", "h"][index % 4]
        return owner + "." + attribute
    }

    /// A constraint over this workload's variable names, terms in written order.
    public func symbolic(_ constraint: Constraint) -> SymbolicConstraint {
        SymbolicConstraint(
            terms: constraint.expression.terms.map { (name: variableName($0.variable), coefficient: $0.coefficient) },
            constant: constraint.expression.constant, relation: constraint.relation, priority: constraint.priority)
    }

    /// The workload as a system file that `strut solve-system` runs, in the order `build(into:size:)`
    /// makes its calls: the two edit variables and the portrait size (a layout engine knows the
    /// root's size before it adds constraints), every constraint in build order (ids as
    /// `WorkloadConstraint.name`), a check; then the landscape size and a check. Suggesting the
    /// size last instead made every engine optimise the whole build at a root of 0 × 0 and then
    /// move it all (the peer chain of 3 160 views: 5.1 s in `cassowary-revised`'s dual simplex).
    /// O(constraints); the same workload gives the same bytes.
    public func systemFile() -> SystemFile {
        var steps: [SystemStep] = []
        steps.reserveCapacity(constraints.count + 6)
        for e in editVariables {
            steps.append(.edit(variable: variableName(e.variable), priority: e.priority))
        }
        func suggest(_ orientation: Orientation) {
            let size = rootSize(orientation)
            steps.append(.suggest([
                .init(variableName(root.width), size.width), .init(variableName(root.height), size.height),
            ]))
        }
        suggest(.portrait)
        for c in constraints {
            steps.append(.add(symbolic(c.constraint), id: c.name))
        }
        steps.append(.check(label: Orientation.portrait.rawValue))
        suggest(.landscape)
        steps.append(.check(label: Orientation.landscape.rawValue))
        return SystemFile(name: "peer-\(name)", steps: steps)
    }
}
