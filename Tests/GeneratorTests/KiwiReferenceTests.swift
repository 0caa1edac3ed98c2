import Generator
import Testing

@Test func kiwiFiguresCountTheSameConstraintsAsOurWorkloads() throws {
    for figure in KiwiReference.table {
        let w = try PeerWorkload(kind: figure.kind, views: figure.views)
        #expect(w.countedConstraints == figure.constraints, "\(figure.kind) \(figure.views)")
    }
}

@Test func kiwiPerConstraintFiguresAgreeWithTheirTotals() {
    // docs/peers.md quotes some entries as approximate (~), so allow 15%.
    for f in KiwiReference.table {
        let derived = f.buildSeconds * 1e6 / Double(f.constraints)
        #expect(abs(derived - f.buildMicrosecondsPerConstraint) <= 0.15 * f.buildMicrosecondsPerConstraint, "\(f.kind) \(f.views)")
    }
}

@Test func kiwiSizesArePeersSizesPerWorkload() {
    #expect(KiwiReference.sizes(.flat) == [100, 1_000, 10_000])
    #expect(KiwiReference.sizes(.grid) == [100, 316, 1_000])
    #expect(KiwiReference.sizes(.chain) == [100, 200, 316])
    #expect(KiwiReference.figure(.hug, views: 316) == nil)
}
