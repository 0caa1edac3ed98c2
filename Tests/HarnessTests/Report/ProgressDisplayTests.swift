@testable import Bench
import Testing

/// `ProgressDisplay`: the last line once, and an ETA while units remain (plain and terminal).
@Suite struct ProgressDisplayTests {
    final class Capture {
        var text = ""
        var clock: UInt64 = 0
    }

    func display(terminal: Bool) -> (ProgressDisplay, Capture) {
        let c = Capture()
        let d = ProgressDisplay(isTerminal: terminal, now: { c.clock }, output: { c.text += $0 })
        return (d, c)
    }

    @Test func plainLinesEndOnceAndEstimateTheTimeLeft() {
        let (d, c) = display(terminal: false)
        c.clock = 2_000_000_000
        d.update((finished: 1, total: 4, stopped: nil))
        #expect(c.text.contains("bench: 1/4 units (25%), 2.0 s, ETA 6.0 s\n"), "\(c.text)")
        c.clock = 8_000_000_000
        d.update((finished: 4, total: 4, stopped: nil))
        d.finish((finished: 4, total: 4, stopped: nil))
        #expect(ReportFixtures.count("4/4 units", in: c.text) == 1, "\(c.text)")
        #expect(!c.text.components(separatedBy: "\n").contains { $0.contains("4/4") && $0.contains("ETA") })
    }

    @Test func aStoppedRunPrintsItsLastCountOnce() {
        let (d, c) = display(terminal: false)
        c.clock = 1_000_000_000
        d.update((finished: 3, total: 10, stopped: nil))
        d.finish((finished: 3, total: 10, stopped: .timeLimit))
        #expect(ReportFixtures.count("3/10 units", in: c.text) == 1, "\(c.text)")
        #expect(c.text.hasSuffix("bench: stopped early (time-limit); 7 units not run\n"))
    }

    @Test func theTerminalBarIsNotDrawnTwiceAtTheEnd() {
        let (d, c) = display(terminal: true)
        c.clock = 1_000_000_000
        d.update((finished: 1, total: 2, stopped: nil))
        #expect(c.text.contains("1/2 units, 1.0 s, ETA 1.0 s"), "\(c.text)")
        c.clock = 2_000_000_000
        d.update((finished: 2, total: 2, stopped: nil))
        d.finish((finished: 2, total: 2, stopped: nil))
        #expect(ReportFixtures.count("2/2 units", in: c.text) == 1, "\(c.text)")
        #expect(c.text.hasSuffix("\n"))
    }

    @Test func remainingTimeAndItsFormat() {
        #expect(ProgressDisplay.remaining(finished: 0, total: 5, elapsed: 3) == nil)
        #expect(ProgressDisplay.remaining(finished: 5, total: 5, elapsed: 3) == nil)
        #expect(ProgressDisplay.remaining(finished: 2, total: 5, elapsed: 4) == 6)
        #expect(ProgressDisplay.seconds(185) == "3 min 05 s")
        #expect(ProgressDisplay.seconds(3720) == "1 h 02 min")
    }
}
