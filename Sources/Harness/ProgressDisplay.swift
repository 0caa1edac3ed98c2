import Foundation

/// Progress on standard error: a redrawn bar on a terminal, plain lines (every 10% of the units
/// and at the end) when standard error is a log file or a pipe.
public final class ProgressDisplay: @unchecked Sendable {
    private let isTerminal: Bool
    private let start = Clocks.monotonicNanoseconds()
    private var lastDecile = -1
    private var lastDrawn = -1

    /// `isTerminal` nil: decide from standard error (isatty).
    public init(isTerminal: Bool? = nil) {
        self.isTerminal = isTerminal ?? (isatty(STDERR_FILENO) == 1)
    }

    func update(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) {
        if isTerminal {
            guard p.finished != lastDrawn else { return }
            lastDrawn = p.finished
            write("\r" + bar(p) + "\u{1B}[K")
        } else {
            let decile = p.total == 0 ? 10 : p.finished * 10 / p.total
            guard decile > lastDecile else { return }
            lastDecile = decile
            write(line(p) + "\n")
        }
    }

    func finish(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) {
        if isTerminal { write("\r" + bar(p) + "\u{1B}[K\n") }
        else if lastDecile < 10 || p.stopped != nil { write(line(p) + "\n") }
        if let s = p.stopped { write("bench: stopped early (\(s.rawValue)); \(p.total - p.finished) units not run\n") }
    }

    private var elapsed: String { String(format: "%.1f s", Double(Clocks.monotonicNanoseconds() &- start) / 1e9) }

    private func bar(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) -> String {
        let width = 30
        let filled = p.total == 0 ? width : p.finished * width / p.total
        return "bench [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(p.finished)/\(p.total) units, \(elapsed)"
    }

    private func line(_ p: (finished: Int, total: Int, stopped: BenchRunner.StopReason?)) -> String {
        let percent = p.total == 0 ? 100 : p.finished * 100 / p.total
        return "bench: \(p.finished)/\(p.total) units (\(percent)%), \(elapsed)"
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
