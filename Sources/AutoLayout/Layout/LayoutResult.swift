import LinearConstraints

/// The outcome of laying out one case on one device (docs/case-format.md, "Result of solving
/// one case on one device"): frames, conflicts, ambiguity, objective and counters, plus what the
/// layout pass itself observed (passes, unmet device edits).
public struct LayoutResult: Hashable, Sendable {
    public var caseName: String
    /// The configuration id (`iphone-x:landscape`).
    public var device: String
    public var strategy: String
    public var layoutDirection: LayoutDirection
    /// Pixel-snapped frames in superview coordinates, one per view in case order.
    public var frames: [ViewFrame]
    /// The solver's frames before snapping, in window coordinates, one per view in case order.
    public var windowFrames: [LayoutRect]
    /// Conflicts resolved by breaking a constraint, in the order of the broken constraints' ids.
    public var conflicts: [ConflictReport]
    /// Views with ambiguous frame components, in case order; nil when the strategy cannot tell.
    public var ambiguous: [AmbiguityReport]?
    /// The solver's summed error per non-required priority level, highest first.
    public var objective: [LevelError]
    public var counters: SolverCounters
    /// Solves the layout pass ran (1 when no guide insets depend on frames).
    public var passes: Int
    /// False when the guide insets still changed after the last allowed pass.
    public var settled: Bool
    /// Device edits (the root's frame, guide insets) the solver could not honour because required
    /// constraints contradict them, by name.
    public var unmetEdits: [String]
    /// Constraints the solver refused for another reason than a conflict (non-finite numbers),
    /// with the error text.
    public var rejected: [String]
    /// The guide insets suggested in the last pass, in the lowering's order. They are read off
    /// the layout's own frames, so two optima of an ambiguous layout can be solved against
    /// different insets (and their objectives are then not comparable).
    public var suggestedInsets: [Double] = []
    /// Whether double precision holds these frames (`LayoutEngine.precision()`): set when the
    /// layout pass diagnoses (`diagnosesInLayoutPass`), nil otherwise. A verdict of
    /// `beyondDoublePrecision` says the frames are only good to its resolution: the case's
    /// numbers exceed what doubles hold, and the frames are not to be trusted to the accuracy asked.
    public var precision: PrecisionEstimate?

    /// One view's frame.
    public struct ViewFrame: Hashable, Sendable {
        public var view: String
        public var frame: LayoutRect
        public init(view: String, frame: LayoutRect) {
            self.view = view
            self.frame = frame
        }
    }

    /// The snapped frame of the view with this id.
    public func frame(of view: String) -> LayoutRect? { frames.first { $0.view == view }?.frame }

    /// The result document of the spec (`strut solve --json`), keys in the spec's order, then
    /// the extra fields `passes`, `settled`, `unmetEdits`, `rejected`, and `precision` when the
    /// frames are beyond double precision (`PrecisionVerdict.beyondDoublePrecision`).
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("case", .string(caseName)), ("device", .string(device)), ("strategy", .string(strategy)),
            ("layoutDirection", .string(layoutDirection.rawValue)),
            ("frames", .object(frames.map { ($0.view, .array($0.frame.components.map(JSONValue.number))) })),
            ("conflicts", .array(conflicts.map(\.json))),
        ]
        members.append(("ambiguous", ambiguous.map { .array($0.map(\.json)) } ?? .null))
        members.append(("objective", .array(objective.map {
            .object([("priority", .number(Double($0.priority.description) ?? Double($0.priority.value))), ("error", .number($0.error))])
        })))
        members.append(("counters", .object([
            ("pivots", .number(Double(counters.pivots))), ("rows", .number(Double(counters.rows))),
            ("cells", .number(Double(counters.cells))), ("constraints", .number(Double(counters.constraints))),
        ])))
        members.append(("passes", .number(Double(passes))))
        members.append(("settled", .bool(settled)))
        members.append(("unmetEdits", .array(unmetEdits.map(JSONValue.string))))
        members.append(("rejected", .array(rejected.map(JSONValue.string))))
        if let p = precision, case .beyondDoublePrecision(let resolution, let accuracy) = p.verdict {
            members.append(("precision", .object([
                ("verdict", .string("beyondDoublePrecision")), ("resolution", .number(resolution)), ("accuracy", .number(accuracy)),
                ("magnitude", .number(p.magnitude)), ("coefficientSpread", .number(p.spread)), ("requiredResidual", .number(p.residual)),
            ])))
        }
        return .object(members)
    }
}

/// A minimal conflicting set of required constraints and the member broken to lay out the rest.
public struct ConflictReport: Hashable, Sendable {
    /// Names of the members (identifiers where the case gives them), in id order.
    public var constraints: [String]
    /// Name of the broken member.
    public var broken: String
    /// UIKit-style descriptions of the members, in the same order.
    public var descriptions: [String]
    /// Description of the broken member.
    public var brokenDescription: String

    public var json: JSONValue {
        .object([("constraints", .array(constraints.map(JSONValue.string))), ("broken", .string(broken))])
    }
}

/// A view whose frame is not unique over the optimal solutions, and which components move.
public struct AmbiguityReport: Hashable, Sendable {
    public var view: String
    /// `minX`, `minY`, `width`, `height`, in that order.
    public var attributes: [String]

    public var json: JSONValue {
        .object([("view", .string(view)), ("attributes", .array(attributes.map(JSONValue.string)))])
    }
}
