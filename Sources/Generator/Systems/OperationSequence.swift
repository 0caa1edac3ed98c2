import LinearConstraints

/// Family `operations`: long random interleavings of solver operations (docs/system-format.md),
/// aimed at the states where incremental solvers break: rejected required adds (Kiwi keeps the
/// rejected row, nucleic/kiwi#52, and may then die in the dual simplex, #15), removals of
/// constraints that carry error terms, edits and suggested values across all of it, redundant
/// and degenerate rows.
///
/// Variables `x0 ... x{V-1}`, each with a box `lo_i <= x_i <= hi_i` (lo in [-100, 0], hi in
/// [200, 1000]) whose two sides come and go as required constraints. Required adds are only
/// box sides and difference bounds `x_i - x_j <= hi_i - lo_j`, all satisfied by the point
/// x = lo whatever subset is present, so they are always accepted; optional adds are anything
/// (`x_i == c`, `x_i == x_j + c`, `a·x_i + b·x_j >= c`) at random priorities. A deliberate
/// rejection adds `x_i <= lo_i - d` while the lower side of x_i is present (or `x_i >= hi_i + d`
/// against the upper side), so it is unsatisfiable and its minimal conflict is {that side, the
/// new constraint}. A few steps are deliberate misuses with a defined outcome: a duplicate id,
/// removing an id that is gone, editing a variable twice. A check every `checkEvery` steps.
/// O(steps) time; the ids present are tracked in an array plus a position map (never iterated).
struct OperationSequenceBuilder {
    var rng: SeededRandom
    let variables: Int
    let weights: [Double]
    let checkEvery: Int
    var steps: [SystemStep] = []
    var lo: [Double] = [], hi: [Double] = []
    /// Ids of the present box sides per variable (nil when absent).
    var lower: [String?], upper: [String?]
    var present: [String] = []
    var position: [String: Int] = [:]
    /// The variable and side of each present box-side id.
    var boxOf: [String: (Int, Bool)] = [:]
    var removed: [String] = []
    var editing: [Int] = []
    var serial = 0

    static let knobs: [Knob] = [
        Knob("variables", 40, 2...100_000, integer: true, "number of variables x0, x1, ..."),
        Knob("adds", 0.4, 0...1, "relative weight of adds (required box sides and difference bounds, optional relations)"),
        Knob("removes", 0.2, 0...1, "relative weight of removals of present constraints"),
        Knob("suggests", 0.2, 0...1, "relative weight of suggested values for edit variables"),
        Knob("edits", 0.1, 0...1, "relative weight of edit and removeEdit steps"),
        Knob("rejects", 0.1, 0...1, "relative weight of deliberately unsatisfiable required adds"),
        Knob("checkEvery", 100, 1...1_000_000, integer: true, "a check step after every this many steps"),
    ]

    init(_ r: GenerationRequest) {
        rng = SeededRandom(seed: r.seed)
        variables = r.int("variables")
        weights = ["adds", "removes", "suggests", "edits", "rejects"].map { r[$0] }
        checkEvery = r.int("checkEvery")
        lower = Array(repeating: nil, count: variables)
        upper = Array(repeating: nil, count: variables)
        for _ in 0..<variables {
            lo.append(rng.stepped(-100...0, step: 1))
            hi.append(rng.stepped(200...1000, step: 1))
        }
    }

    static func x(_ i: Int) -> String { "x\(i)" }

    /// `steps` steps: operations chosen by weight, a check after every `checkEvery`.
    mutating func build(steps count: Int) -> [SystemStep] {
        steps.reserveCapacity(count)
        let total = weights.reduce(0, +)
        while steps.count < count {
            if steps.count % (checkEvery + 1) == checkEvery {
                steps.append(.check(label: "after \(steps.count) steps"))
                continue
            }
            var roll = total > 0 ? rng.unit() * total : 0
            var kind = 0
            while kind < weights.count - 1, roll >= weights[kind] {
                roll -= weights[kind]
                kind += 1
            }
            switch kind {
            case 0: addStep()
            case 1: removeStep()
            case 2: suggestStep()
            case 3: editStep()
            default: rejectStep()
            }
        }
        return steps
    }

    mutating func nextID(_ prefix: String) -> String {
        serial += 1
        return "\(prefix)\(serial)"
    }

    mutating func add(_ terms: [(name: String, coefficient: Double)], _ constant: Double, _ relation: Relation, _ priority: Priority, id: String) {
        steps.append(.add(SymbolicConstraint(terms: terms, constant: constant, relation: relation, priority: priority), id: id))
        position[id] = present.count
        present.append(id)
    }
}

extension GeneratorFamilies {
    static let operations = Family(
        "operations", .system,
        summary: """
            Long random interleavings of solver operations as a system file: required box sides and \
            difference bounds (always satisfiable together), optional relations at six priorities, removals, \
            edit variables and suggested values, deliberately unsatisfiable required adds (each contradicts a \
            present box side, so its minimal conflict is that side and itself), and a few defined misuses \
            (duplicate id, removing a gone id, editing twice); a check every checkEvery steps.
            """,
        targets: """
            Incremental solver state after rejected adds (Kiwi keeps the rejected row, nucleic/kiwi#52, and can \
            then fail in the dual simplex, #15), removal of constraints carrying error terms, suggestions across \
            all of it, degenerate and redundant rows, spurious unboundedness from tolerance residue (docs/peers.md).
            """,
        size: "steps", defaultSize: 2000, sizeRange: 1...10_000_000, knobs: OperationSequenceBuilder.knobs
    ) { r in
        var builder = OperationSequenceBuilder(r)
        return .system(labelled(SystemFile(name: r.caseName, steps: builder.build(steps: r.size)), r))
    }
}
