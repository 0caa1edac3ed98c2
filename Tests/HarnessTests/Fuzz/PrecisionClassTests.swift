import Cassowary
@testable import Judging
import LinearConstraints
@testable import Subjects
import Testing

/// The double-precision class: a case or system file whose answer doubles cannot hold
/// (`PrecisionEstimate`) gives one finding per strategy, `precision-limit|STRATEGY|extreme`,
/// whatever value check fired first; other causes keep their own signatures.
@Suite struct PrecisionClassTests {
    static let cassowary = BenchStrategy(name: "cassowary") { CassowarySolver() }
    static let weighted = BenchStrategy(name: "cassowary-weighted") { CassowarySolver(weighted: true) }

    /// known-findings/double-precision-limit.json: v1's width of 1 is reached through
    /// 1e6 x 1.95e9 when the constraints are reversed.
    static let farOff = """
        {"strut": 1, "name": "double-precision-limit", "defaults": {"translatesAutoresizingMask": false}, "root": "main",
         "views": [{"id": "main"}, {"id": "v0", "superview": "main"}, {"id": "v1", "superview": "main"},
                   {"id": "v2", "superview": "main"}, {"id": "v3", "superview": "main"}],
         "constraints": ["v0.width == 0", "v1.leading == main.leading", "v1.top == main.top", "v1.width == v0.width + 1",
                         "v1.height == 0", "v2.width == 1e-06 * v1.width", "v3.width == v2.width - 1953125000"]}
        """

    @Test func aLayoutBeyondDoublePrecisionIsOneFindingPerStrategyWhateverCheckFired() throws {
        let findings = FuzzCheck(strategies: [Self.cassowary, Self.weighted]).check(try FuzzSubject(fileText: Self.farOff))
        #expect(findings.map(\.signature.description) == ["precision-limit|cassowary-weighted|extreme", "precision-limit|cassowary|extreme"])
        let detail = try #require(findings.first?.detail)
        // The detail carries the typed result and the check that saw it first.
        #expect(detail.hasPrefix("beyond double precision: values good to "), "\(detail)")
        #expect(detail.contains("permute-constraints"), "\(detail)")
    }

    static let beyond = PrecisionEstimate(magnitude: 2e15, stated: 1e9, spread: 1, residual: 0.5)

    static func cause(_ precision: PrecisionEstimate?) -> SystemRootCause {
        let steps: [SystemStep] = [.check(label: "end")]
        return SystemRootCause(steps: steps, records: [], precision: precision) { _ in false }
    }

    @Test func aSystemFileBeyondDoublePrecisionGetsTheSameClassAsALayout() {
        let found = [StepFinding(step: 0, kind: "optimal", detail: "objective off by 0.5"),
                     StepFinding(step: 0, kind: "required-satisfied", detail: "violated by 0.5")]
        let roots = Self.cause(Self.beyond).roots(found)
        #expect(roots.map(\.kind) == ["precision-limit"])
        #expect(roots.map(\.place) == ["extreme"])
        #expect(roots.first?.detail.contains("First check: required-satisfied") == true, "\(roots)")
        // Within double precision the same failures keep their own kind and step.
        #expect(Self.cause(PrecisionEstimate(magnitude: 100, stated: 100, spread: 1, residual: 0.5)).roots(found).map(\.kind) == ["required-satisfied"])
    }

    @Test func causesRoundingDoesNotExplainStayTheirOwnFindings() {
        for kind in ["rejected-changes-state", "error-outcome", "solver-invariants", "copy-independent"] {
            #expect(Self.cause(Self.beyond).roots([StepFinding(step: 0, kind: kind, detail: "x")]).map(\.kind) == [kind])
        }
        // A required constraint missed by more than the resolution: not rounding.
        let missed = PrecisionEstimate(magnitude: 2e15, stated: 1e9, spread: 1, residual: 1e6)
        #expect(Self.cause(missed).roots([StepFinding(step: 0, kind: "required-satisfied", detail: "x")]).map(\.kind) == ["required-satisfied"])
        // Nondeterminism is a cause of its own beside the class.
        let kinds = Self.cause(Self.beyond).roots([StepFinding(step: 0, kind: "optimal", detail: "x"),
                                                    StepFinding(step: 0, kind: Nondeterminism.kind, detail: "y")]).map(\.kind)
        #expect(kinds == ["precision-limit", Nondeterminism.kind])
    }
}

/// `FuzzCheck.firstAnswer`: a nondeterministic peer's repeat layouts are asked once per device.
@Suite struct FirstAnswerTests {
    @Test func eachItemIsAskedOnceSoAnAnswerThatChangesOnTheSecondAskDoesNotTrap() {
        // A peer whose repeat layout differs the first time it is asked and agrees the second
        // (BeeWare's hash order): `lazy.compactMap(...).first` asked it twice and force-unwrapped nil.
        var asked: [Int: Int] = [:]
        let found = FuzzCheck.firstAnswer([1, 2, 3]) { (k: Int) -> String? in
            asked[k, default: 0] += 1
            return k == 2 && asked[k] == 1 ? "device \(k) differs" : nil
        }
        #expect(found == "device 2 differs")
        #expect(asked == [1: 1, 2: 1])
    }
}

/// A failure whose own numbers differ by no more than rounding can move a value is the class,
/// even where the answer as a whole is within the accuracy asked.
@Suite struct PrecisionDiscrepancyTests {
    // 1.56e10 stated, spread 1: rounding moves values by 1.4e-5; 0.0156 is asked of the whole.
    static let farOff = PrecisionEstimate(magnitude: 1.5625e10, stated: 1.5625e10, spread: 1, residual: 0)

    @Test func aMirroredFrameOffByTwoMillionthsBeside1e10IsRounding() {
        #expect(Self.farOff.verdict == .reliable)
        let d = PrecisionClass.discrepancy(got: [375.00000190734863, 0, -1.9073486328125e-06, 0], expected: [375, 0, 0, 0])
        #expect(PrecisionClass.absorbs("mirror-rtl", Self.farOff, discrepancy: d))
        // A point off is not rounding there, and neither is anything on a screen's numbers.
        #expect(!PrecisionClass.absorbs("mirror-rtl", Self.farOff, discrepancy: 1))
        let screen = PrecisionEstimate(magnitude: 812, stated: 812, spread: 2, residual: 0)
        #expect(!PrecisionClass.absorbs("mirror-rtl", screen, discrepancy: 1.9e-6))
        // Kinds rounding does not explain stay out whatever the numbers.
        #expect(!PrecisionClass.absorbs("deterministic", Self.farOff, discrepancy: d))
    }
}
