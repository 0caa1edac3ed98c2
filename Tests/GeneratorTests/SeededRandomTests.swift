import Generator
import Testing

@Suite struct SeededRandomTests {
    @Test func splitMixMatchesTheReferenceStream() {
        // SplitMix64 from state 0: the first outputs of the reference C implementation.
        var s = SplitMix64(state: 0)
        #expect(s.next() == 0xE220_A839_7B1D_CDAF)
        #expect(s.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func sameSeedGivesTheSameStreamAndOtherSeedsDiffer() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let sa = (0..<100).map { _ in a.next() }, sb = (0..<100).map { _ in b.next() }, sc = (0..<100).map { _ in c.next() }
        #expect(sa == sb)
        #expect(sa != sc)
    }

    @Test func integersStayInRangeAndCoverIt() {
        var r = SeededRandom(seed: 7)
        var seen = Array(repeating: 0, count: 7)
        for _ in 0..<7_000 {
            let v = r.int(in: -3...3)
            #expect((-3...3).contains(v))
            seen[v + 3] += 1
        }
        #expect(seen.allSatisfy { $0 > 800 && $0 < 1_200 })
        #expect(r.int(in: 5...5) == 5)
    }

    @Test func steppedValuesAreMultiplesOfTheStepInRange() {
        var r = SeededRandom(seed: 9)
        for _ in 0..<1_000 {
            let v = r.stepped(0.5...40, step: 0.5)
            #expect(v >= 0.5 && v <= 40)
            #expect((v * 2).rounded() == v * 2)
        }
    }

    @Test func caseZeroKeepsTheRunSeedAndLaterCasesAreDistinct() {
        #expect(caseSeed(runSeed: 123, index: 0) == 123)
        let seeds = (0..<1_000).map { caseSeed(runSeed: 123, index: $0) }
        #expect(Set(seeds).count == seeds.count)
        #expect(caseSeed(runSeed: 123, index: 5) == caseSeed(runSeed: 123, index: 5))
        #expect(caseSeed(runSeed: 124, index: 5) != caseSeed(runSeed: 123, index: 5))
    }
}
