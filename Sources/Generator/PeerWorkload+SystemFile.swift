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

    /// The workload as a system file that `strut solve-system` runs: the two edit variables, every
    /// constraint in build order (ids as `WorkloadConstraint.name`), then the portrait size and a
    /// check, the landscape size and a check. O(constraints); the same workload gives the same bytes.
    public func systemFile() -> SystemFile {
        var steps: [SystemStep] = []
        steps.reserveCapacity(constraints.count + 6)
        for e in editVariables {
            steps.append(.edit(variable: variableName(e.variable), priority: e.priority))
        }
        for c in constraints {
            steps.append(.add(symbolic(c.constraint), id: c.name))
        }
        for orientation in Orientation.allCases {
            let size = rootSize(orientation)
            steps.append(.suggest([
                .init(variableName(root.width), size.width), .init(variableName(root.height), size.height),
            ]))
            steps.append(.check(label: orientation.rawValue))
        }
        return SystemFile(name: "peer-\(name)", steps: steps)
    }
}
