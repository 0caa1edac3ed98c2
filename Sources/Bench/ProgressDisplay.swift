import Foundation
import StrutSystem

/// Progress on standard error: a redrawn bar on a terminal, plain lines (every 10% of the units
/// and at the end) when standard error is a log file or a pipe. Both give the elapsed time and,
/// while units remain, an estimate of the time left (`ETA`): the units still to run at the rate
/// units finished so far (finished / elapsed). The last line is written once: `finish` adds only
/// what the last update did not already show.
public final class ProgressDisplay: @unchecked Sendable {
    private let isTerminal: Bool
    private let now: () -> UInt64
    private let output: (String) -> Void
    private let start: UInt64
    private var lastDecile = -1
    private var lastDrawn = -1
    /// The finished count of the last plain line written (-1: none yet).
    private var lastLine = -1

    /// `isTerminal` nil: decide from standard error (isatty).
    public convenience init(isTerminal: Bool? = nil) {
        self.init(isTerminal: isTerminal ?? (isatty(STDERR_FILENO) == 1), now: Clocks.monotonicNanoseconds,
                  output: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// A display writing to `output` with the clock `now` (nanoseconds; tests pass their own).
    init(isTerminal: Bool, now: @escaping () -> UInt64, output: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.now = now
        self.output = output
        start = now()
    }

    func update(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) {
        if isTerminal {
            guard p.finished != lastDrawn else { return }
            lastDrawn = p.finished
            output("\r" + bar(p) + "\u{1B}[K")
        } else {
            let decile = p.total == 0 ? 10 : p.finished * 10 / p.total
            guard decile > lastDecile else { return }
            lastDecile = decile
            lastLine = p.finished
            output(line(p) + "\n")
        }
    }

    func finish(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) {
        if isTerminal {
            // The bar already on screen shows this count: end its line instead of drawing it again.
            output((lastDrawn == p.finished ? "" : "\r" + bar(p) + "\u{1B}[K") + "\n")
            lastDrawn = p.finished
        } else if lastLine != p.finished {
            lastLine = p.finished
            output(line(p) + "\n")
        }
        if let s = p.stopped { output("bench: stopped early (\(s.rawValue)); \(p.total - p.finished) units not run\n") }
    }

    private var elapsedSeconds: Double { Double(now() &- start) / 1e9 }

    /// `3.1 s`, and `, ETA 7.2 s` while units remain and at least one has finished.
    private func times(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) -> String {
        let elapsed = elapsedSeconds
        var out = Self.seconds(elapsed)
        if let eta = Self.remaining(finished: p.finished, total: p.total, elapsed: elapsed) { out += ", ETA " + Self.seconds(eta) }
        return out
    }

    /// Seconds left at the rate so far (finished / elapsed); nil before the first unit finishes
    /// and once none remain.
    static func remaining(finished: Int, total: Int, elapsed: Double) -> Double? {
        guard finished > 0, total > finished, elapsed > 0 else { return nil }
        return Double(total - finished) * elapsed / Double(finished)
    }

    /// `42.0 s`, `3 min 05 s` from a minute, `1 h 02 min` from an hour.
    static func seconds(_ s: Double) -> String {
        if s < 60 { return String(format: "%.1f s", s) }
        let whole = Int(s.rounded())
        if whole < 3600 { return String(format: "%d min %02d s", whole / 60, whole % 60) }
        return String(format: "%d h %02d min", whole / 3600, whole % 3600 / 60)
    }

    private func bar(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) -> String {
        let width = 30
        let filled = p.total == 0 ? width : p.finished * width / p.total
        return "bench [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(p.finished)/\(p.total) units, \(times(p))"
    }

    private func line(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) -> String {
        let percent = p.total == 0 ? 100 : p.finished * 100 / p.total
        return "bench: \(p.finished)/\(p.total) units (\(percent)%), \(times(p))"
    }
}
