import Generator
import LinearConstraints
import Testing

/// The flat layout's optimum written out by hand: every view at x 16, full width, heights 44.
func flatOptimum(_ w: PeerWorkload, _ size: PeerWorkload.Size) -> [Double] {
    var values = [0, 0, size.width, size.height]
    for i in 0..<w.views { values += [16, 8 + 52 * Double(i), size.width - 32, 44] }
    return values
}

@Test func flatExpectedObjectiveFlipsEveryMiddlePreferenceInLandscape() throws {
    let w = try PeerWorkload(kind: .flat, views: 10)
    let p = try #require(w.expectedObjective(at: w.rootSize(.portrait)))
    let l = try #require(w.expectedObjective(at: w.rootSize(.landscape)))
    #expect(p.map(\.priority) == [PeerWorkload.edit, PeerWorkload.middle, PeerWorkload.lowest])
    #expect(p.map(\.error) == [0, 0, 0])
    #expect(l.map(\.error) == [0, 10 * 168, 0])
}

@Test func chainAndFullGridObjectivesFollowTheirDerivations() throws {
    func errors(_ kind: PeerWorkload.Kind, _ views: Int, _ o: PeerWorkload.Orientation) throws -> [Double] {
        let w = try PeerWorkload(kind: kind, views: views)
        return try #require(w.expectedObjective(at: w.rootSize(o))).map(\.error)
    }
    // Chain of 10: widths sum to 300 - 88 = 212 (portrait), 450 - 88 = 362 (landscape), against 800.
    #expect(try errors(.chain, 10, .portrait) == [0, 0, 588])
    #expect(try errors(.chain, 10, .landscape) == [0, 0, 438])
    // Grid 10 x 10, portrait 600 x 900: rows 10·|512 − 800|, columns 10·|812 − 440|.
    #expect(try errors(.grid, 100, .portrait) == [0, 0, 6_600])
    // Landscape 900 x 600: rows 10·|812 − 800|, columns 10·|512 − 440|.
    #expect(try errors(.grid, 100, .landscape) == [0, 0, 840])
    // Hug: widths fit under 80 in portrait; only the heights pay, 10·(812 − 440).
    #expect(try errors(.hug, 100, .portrait) == [0, 0, 3_720])
    #expect(try errors(.hug, 100, .landscape) == [0, 0, 840])
}

@Test func shortLastRowHasNoClosedFormObjective() throws {
    let size = PeerWorkload.Size(width: 1_000, height: 1_000)
    #expect(try PeerWorkload(kind: .grid, views: 316).expectedObjective(at: size) == nil)
    #expect(try PeerWorkload(kind: .hug, views: 1_000).expectedObjective(at: size) == nil)
}

@Test func checkPassesTheHandWrittenFlatOptimum() throws {
    let w = try PeerWorkload(kind: .flat, views: 8)
    let size = w.rootSize(.landscape)
    let values = flatOptimum(w, size)
    let objective = try #require(w.expectedObjective(at: size))
    let result = w.check(at: size, value: { values[Int($0.index)] }, objective: objective)
    #expect(result.passed && result.objectiveChecked && result.worstRequiredViolation == 0)
}

@Test func checkNamesTheViolatedRequiredConstraintAndTheWrongLevel() throws {
    let w = try PeerWorkload(kind: .flat, views: 8)
    let size = w.rootSize(.portrait)
    var values = flatOptimum(w, size)
    values[Int(w.frame(ofView: 5).top.index)] += 3
    let wrong = [LevelError(priority: PeerWorkload.lowest, error: 5)]
    let result = w.check(at: size, value: { values[Int($0.index)] }, objective: wrong)
    #expect(!result.passed)
    #expect(result.violatedRequired.map { w.constraints[$0.rawValue].name } == "v5.top")
    #expect(result.objectiveMismatches == [.init(priority: PeerWorkload.lowest, expected: 0, actual: 5)])
}
