import Testing
@testable import History

/// The t distribution against published table values.
struct StudentTTests {
    @Test func twoSidedProbabilitiesMatchTables() {
        // t 2.228 at 10 degrees of freedom is the two-sided 5% point; 3.169 the 1% point.
        #expect(abs(StudentT.twoSidedP(2.228, df: 10) - 0.05) < 2e-4)
        #expect(abs(StudentT.twoSidedP(3.169, df: 10) - 0.01) < 1e-4)
        // One degree of freedom is the Cauchy distribution: P(|T| >= 1) = 1/2.
        #expect(abs(StudentT.twoSidedP(1, df: 1) - 0.5) < 1e-12)
        #expect(StudentT.twoSidedP(0, df: 5) == 1)
    }

    @Test func quantileInvertsTheProbability() {
        #expect(abs(StudentT.quantile(0.975, df: 10) - 2.228) < 1e-3)
        #expect(abs(StudentT.quantile(0.025, df: 10) + 2.228) < 1e-3)
        #expect(abs(StudentT.quantile(0.975, df: 1000) - 1.962) < 1e-3)
    }
}
