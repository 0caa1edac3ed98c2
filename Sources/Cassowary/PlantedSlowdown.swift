/// A switchable, planted slowdown to prove the regression gates catch a small constant-factor
/// slowdown (`scripts/gate-power`, `strut compare --binaries --plant-in-new`). Off (0) unless
/// strut sets `percent` at startup from `STRUT_PLANTED_SLOWDOWN` (an integer percentage). Two
/// parts, one per gate:
/// - in instructions: every row merge (`Tableau.addScaled`) makes extra passes over the merged
///   coefficients, about `percent`% more instructions for a layout pass (calibrated on the CI
///   suite under the meter). The passes sum into a public global, so the optimiser cannot drop
///   them. In time they cost far less (sequential reads): 1% on the CI suite at 25;
/// - in time, natively (not under the instruction meter): every measured region spins on its
///   thread's CPU clock until it has used `percent`% more than its work (`Worker.plantedSpin`), so a
///   plant of 25 is a 25% slower build as a time gate sees it.
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
