import LinearConstraints
import Testing

/// `PrecisionEstimate`: the typed answer to "can doubles hold this answer?", from the original
/// constraints at the solved values.
private let (w0, w1, w2, w3) = (Variable(0), Variable(1), Variable(2), Variable(3))

@Suite struct PrecisionTests {

    /// known-findings/double-precision-limit.json as constraints: `w2 == 1e-6 * w1`, `w3 == w2 - 1.95e9`.
    static let farOff: [Constraint] = [
        Constraint(LinearExpression(w0), .equal, LinearExpression(constant: 0)),
        Constraint(LinearExpression(w1), .equal, LinearExpression(w0) + 1),
        Constraint(LinearExpression(w2), .equal, 1e-6 * w1),
        Constraint(LinearExpression(w3), .equal, LinearExpression(w2) - 1_953_125_000),
    ]

    @Test func aLengthOfOneReachedThroughAMillionfoldMultiplierBeside2e9IsBeyondDoublePrecision() {
        let values = [0, 1, 1e-6, 1e-6 - 1_953_125_000]
        let p = PrecisionEstimate(constraints: Self.farOff, value: { values[Int($0.index)] })
        #expect(p.magnitude == 1_953_125_000)
        #expect(p.spread == 1e6)
        // 1.95e9 x 1e6 = 1.95e15, where a double has two bits below 1: rounding moves values by
        // more than the 0.00195 asked of numbers of 1.95e9.
        guard case .beyondDoublePrecision(let resolution, let accuracy) = p.verdict else {
            Issue.record("expected beyond double precision: \(p)")
            return
        }
        #expect(resolution > 1 && resolution < 2, "\(p)")
        #expect(accuracy == 1e-12 * 1_953_125_000)
        #expect(p.residualExplained)
    }

    @Test func ordinaryScreensAreReliableEvenWithATinyMultiplier() {
        // v3.bottom == -1e-6 * v1.bottom + 1 on a screen of 667 points (the known conflict-real
        // finding): numbers a screen has, so a wrong answer there is not rounding.
        let screen: [Constraint] = [
            Constraint(LinearExpression(w0), .equal, LinearExpression(constant: 667)),
            Constraint(LinearExpression(w1), .equal, -1e-6 * w0 + 1),
        ]
        let values = [667, 1 - 667e-6]
        let p = PrecisionEstimate(constraints: screen, value: { values[Int($0.index)] }, extraMagnitudes: [375, 667])
        #expect(p.verdict == .reliable, "\(p)")
        #expect(p.residual < 1e-12)
    }

    @Test func aResidualBeyondTheResolutionIsNotExplainedByRounding() {
        // The same far-off system with w1 read as 40 (a required constraint missed by 39).
        let values = [0, 40, 1e-6, 1e-6 - 1_953_125_000]
        let p = PrecisionEstimate(constraints: Self.farOff, value: { values[Int($0.index)] })
        #expect(p.isBeyondDoublePrecision)
        #expect(p.residual == 39)
        #expect(!p.residualExplained, "\(p)")
    }

    /// A residual gathers rounding from every elimination that reached it: up to the resolution
    /// once per constraint is rounding (a 48-step system with a 1e15 constant and coefficients
    /// from 1e-3 to 1e6 missed a required constraint by 9e9, two resolutions:
    /// known-findings/required-residual-accumulated-rounding.system.json).
    @Test func aResidualOfSeveralResolutionsIsRoundingWhenThatManyConstraintsReachedIt() {
        let values = [0, 1, 1e-6, 1e-6 - 1_953_125_000]
        let base = PrecisionEstimate(constraints: Self.farOff, value: { values[Int($0.index)] })
        #expect(base.constraintCount == 4)
        #expect(base.accumulatedResolution == 4 * base.resolution)
        #expect(base.explains(residual: 3.5 * base.resolution))
        #expect(!base.explains(residual: 4.5 * base.resolution))
        // The same numbers over one constraint explain one resolution only.
        let one = PrecisionEstimate(magnitude: base.magnitude, stated: base.stated, spread: base.spread, residual: 0)
        #expect(!one.explains(residual: 3.5 * base.resolution))
    }

    @Test func nonRequiredConstraintsCountForMagnitudesButNotForTheResidual() {
        let soft = Constraint(LinearExpression(w0), .equal, LinearExpression(constant: 1e13), priority: Priority(250))
        let p = PrecisionEstimate(constraints: [soft], value: { _ in 0 })
        #expect(p.residual == 0)
        #expect(p.stated == 1e13)
        #expect(p.verdict == .reliable)
    }
}
