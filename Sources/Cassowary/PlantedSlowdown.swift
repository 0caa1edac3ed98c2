/// A switchable, planted slowdown of the row merge (`Tableau.addScaled`) to prove the regression
/// gate catches a small constant-factor slowdown (`scripts/gate-power`). Off (0) unless strut
/// sets `percent` at startup from `STRUT_PLANTED_SLOWDOWN` (an integer percentage): then every
/// merge makes extra passes over the merged coefficients, about `percent`% more instructions
/// for a layout pass (calibrated on the CI suite, see README "Regression gates"). The passes sum
/// into a public global, so the optimiser cannot drop them.
public enum PlantedSlowdown {
    /// Percent of extra work; 0 is off. Set once, before any solver runs.
    nonisolated(unsafe) public static var percent = 0
    /// Where the extra passes leave their sum (read by nobody: it only has to be observable).
    nonisolated(unsafe) public static var sink = 0.0
    /// Extra coefficient reads per merged cell and percent, hundredths (calibration).
    static let readsPerCellPercent = 50

    /// The extra work for one merge of `count` cells.
    @inline(never)
    static func work(_ coefs: UnsafeBufferPointer<Double>, _ count: Int) {
        guard count > 0 else { return }
        let reads = count * percent * readsPerCellPercent / 100
        var s = 0.0
        var k = 0
        for _ in 0..<reads {
            s += coefs[k]
            k = k + 1 == count ? 0 : k + 1
        }
        sink += s
    }
}
