import Foundation
import LinearConstraints
import StrutSystem

/// A property every solve of `strut bench` can be checked against (issue 8, "Invariants"). The
/// raw value is the stable name written into results files, JUnit test cases and `--invariants`
/// lists; never rename one.
public enum Invariant: String, Hashable, Sendable, CaseIterable, Comparable, JSONNamedValue {
    /// Every constraint installed as required holds at the solver's values (within 1e-6, scaled).
    case requiredSatisfied = "required-satisfied"
    /// Every frame component is a finite number.
    case finiteFrames = "finite-frames"
    /// Every frame component lies on the device's pixel grid.
    case pixelAligned = "pixel-aligned"
    /// The case's `expect` block holds on the device, but for frames another engine computed
    /// (expectations with a `tolerance`: imported screens), which `reference-frames` checks.
    case expectations
    /// The frames another engine computed (Interface Builder's, in imported screens) hold within
    /// their tolerance. Not in `cheap`: a disagreement with Apple's engine is a semantic finding
    /// for `strut replay` (which checks it with the expectations), not a failure of a timing run.
    case referenceFrames = "reference-frames"
    /// A repeat of the same layout on a fresh solver gives bit-identical frames.
    case deterministic
    /// After a device switch, the frames equal a fresh layout's on that device (ambiguous views
    /// aside).
    case incrementalEqualsFresh = "incremental-equals-fresh"
    /// Every conflict the solver claims is infeasible when taken as required (exact phase 1).
    case conflictReal = "conflict-real"
    /// Every conflict the solver claims loses its infeasibility without any one member.
    case conflictMinimal = "conflict-minimal"
    /// The objective is the exact oracle's at every level, and the values lie on the optimal
    /// face (`OracleCheck` on the system the solver held).
    case optimal
    /// What the engine calls ambiguous is exactly what the oracle's determinacy ranges say.
    case ambiguityCorrect = "ambiguity-correct"
    /// Stack views arrange as promised: visible arranged views in order along the axis, gaps
    /// equal to the spacing (fill distributions) or to each other (equalSpacing), equal sizes
    /// under fillEqually, hidden arranged views of no size along the axis.
    case stackSemantics = "stack-semantics"
    /// The run's reference strategy (its first) reaches the same objective, and the same frames
    /// for every view neither calls ambiguous (where both broke the same conflicts).
    case strategiesAgree = "strategies-agree"
    /// Laying the root out at another origin moves nothing but the root (metamorphic).
    case translateRoot = "translate-root"
    /// The case's constraints in reverse order lay out the same (metamorphic; cases without
    /// conflicts, whose broken constraint depends on the order).
    case permuteConstraints = "permute-constraints"
    /// A copy of a required constraint added to the case changes nothing (metamorphic; cases
    /// without conflicts).
    case duplicateRequired = "duplicate-required"
    /// Every length doubled (constants, intrinsic sizes, frames, the screen and its safe area)
    /// doubles every unsnapped frame (metamorphic; cases without formats, stacks, margins,
    /// baselines, scroll views or custom insets, whose lengths come from elsewhere).
    case scaleByTwo = "scale-by-two"
    /// Laid out right-to-left, a case that uses only leading/trailing is the left-to-right
    /// layout mirrored in each superview (metamorphic).
    case mirrorRightToLeft = "mirror-rtl"

    /// Whether a check costs about as much as reading the result (run on every solve by default)
    /// or a further layout or exact solve (run by default only on small cases, see
    /// `InvariantSelection`).
    public var isCheap: Bool {
        switch self {
        case .requiredSatisfied, .finiteFrames, .pixelAligned, .expectations, .referenceFrames, .deterministic, .stackSemantics: true
        case .incrementalEqualsFresh, .strategiesAgree, .conflictReal, .conflictMinimal, .optimal, .ambiguityCorrect, .translateRoot,
             .permuteConstraints, .duplicateRequired, .mirrorRightToLeft, .scaleByTwo: false
        }
    }

    /// Whether the check needs the exact oracle (and so the oracle's size guard applies).
    public var usesOracle: Bool {
        switch self {
        case .conflictReal, .conflictMinimal, .optimal, .ambiguityCorrect: true
        default: false
        }
    }

    public static func < (a: Invariant, b: Invariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Every name, comma separated, for help texts and messages.
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Which invariants a run checks (`strut bench --invariants`):
/// - `cheap` (the default): the cheap invariants on every solve, and the costly ones on cases
///   whose lowered system has at most `smallCaseLimit` constraints;
/// - `all`: every invariant on every case (oracle checks still stop at `oracleLimit`, which is
///   recorded as skipped, not failed);
/// - `none`: nothing;
/// - a comma list of names: exactly those, on every case.
public struct InvariantSelection: Hashable, Sendable, CustomStringConvertible {
    public enum Mode: Hashable, Sendable { case cheap, all, listed }
    public var mode: Mode
    /// The invariants named by a list (empty for the other modes).
    public var listed: [Invariant]
    /// Lowered constraints (all devices' largest) up to which `cheap` also runs costly checks.
    public var smallCaseLimit = 60
    /// Constraints plus edit variables up to which the oracle checks run in any mode; larger
    /// systems are skipped (recorded as such). Exact rational solves grow fast: at 400 one solve
    /// takes about a second, and `ambiguity-correct` takes two LPs per view and component.
    public var oracleLimit = 200
    /// Whether `cheap` also checks `reference-frames` (`strut replay` asks for it).
    public var withReferenceFrames = false

    public static let cheap = InvariantSelection(mode: .cheap, listed: [])
    public static let all = InvariantSelection(mode: .all, listed: [])
    public static let none = InvariantSelection(mode: .listed, listed: [])

    public init(mode: Mode, listed: [Invariant]) {
        self.mode = mode
        self.listed = listed
    }

    /// Parses `cheap`, `all`, `none` or a comma list of invariant names.
    /// - Throws: `BenchUsageError` naming the unknown name and listing the known ones.
    public init(parsing text: String) throws(BenchUsageError) {
        switch text {
        case "cheap": self = .cheap
        case "all": self = .all
        case "none": self = .none
        default:
            var names: [Invariant] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let i = Invariant(rawValue: name) else {
                    throw BenchUsageError("--invariants: unknown invariant \"\(name)\"; use cheap, all, none or a comma list of: \(Invariant.nameList)")
                }
                if !names.contains(i) { names.append(i) }
            }
            self.init(mode: .listed, listed: names.sorted())
        }
    }

    /// The invariants to check on a case whose largest lowered system has `constraintCount`
    /// constraints, in `Invariant.allCases` order.
    public func invariants(constraintCount: Int) -> [Invariant] {
        switch mode {
        case .all: Invariant.allCases
        case .listed: listed
        case .cheap: Invariant.allCases.filter { ($0.isCheap || constraintCount <= smallCaseLimit) && $0 != .referenceFrames } + (withReferenceFrames ? [.referenceFrames] : [])
        }
    }

    /// True when nothing at all is checked.
    public var isEmpty: Bool { mode == .listed && listed.isEmpty }

    public var description: String {
        switch mode {
        case .cheap: "cheap"
        case .all: "all"
        case .listed: listed.isEmpty ? "none" : listed.map(\.rawValue).joined(separator: ",")
        }
    }
}
