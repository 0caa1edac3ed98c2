import Foundation

/// Live progress of a campaign on standard error: one redrawn line on a terminal (cases, cases
/// per second, findings, new ones), plain lines otherwise (every 10% of `--runs`, or every 10 s
/// with a time limit), so logs stay short.
public final class FuzzProgress {
    let runs: Int?
    let isTerminal: Bool
    var lastPlain = -1
    var lastSeconds = 0.0

    public init(runs: Int?, isTerminal: Bool? = nil) {
        self.runs = runs
        self.isTerminal = isTerminal ?? (isatty(STDERR_FILENO) == 1)
    }

    public func update(_ s: FuzzCampaign.Status) {
        if isTerminal { return write("\r" + line(s) + "\u{1B}[K") }
        if let runs, runs > 0 {
            let decile = s.cases * 10 / runs
            guard decile > lastPlain else { return }
            lastPlain = decile
        } else {
            guard s.seconds - lastSeconds >= 10 else { return }
            lastSeconds = s.seconds
        }
        write(line(s) + "\n")
    }

    public func finish(_ s: FuzzCampaign.Status) {
        if isTerminal { write("\r" + line(s) + "\u{1B}[K\n") }
        if s.interrupted { write("fuzz: interrupted; the findings so far are saved\n") }
    }

    func line(_ s: FuzzCampaign.Status) -> String {
        let total = runs.map { "/\($0)" } ?? ""
        return "fuzz: \(s.cases)\(total) cases, \(String(format: "%.1f", s.casesPerSecond)) cases/s, "
            + "\(s.tallies.count) findings (\(s.newCount) new), \(String(format: "%.1f", s.seconds)) s"
    }

    func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// The summary a campaign prints at its end (and after Ctrl-C).
public enum FuzzSummary {
    /// `started`: worker processes started (nil in process); `timed`: the campaign ran to a time
    /// limit; `notJudged`: the checks peers' profiles leave out (`FuzzCheck.notJudged`).
    public static func text(_ s: FuzzCampaign.Status, seed: UInt64, jobs: Int, started: Int?, findings: String, timed: Bool,
                            notJudged: [String] = []) -> String {
        var out = "fuzz: \(s.cases) cases in \(String(format: "%.1f", s.seconds)) s (\(String(format: "%.1f", s.casesPerSecond)) cases/s), seed \(seed), "
        out += started.map { "\(jobs) workers (\($0) processes started)" } ?? "in process"
        out += s.interrupted ? ", interrupted\n" : "\n"
        if timed { out += "fuzz: with --time the cases run depend on the machine's speed; --runs N makes a campaign reproducible\n" }
        out += "findings: \(s.tallies.count) signatures, \(s.newCount) new (index: \(findings)/index.json)\n"
        for t in s.tallies {
            out += "  \(t.isNew ? "NEW  " : "known") \(t.signature)  x\(t.count)  first case \(t.firstCase) at \(String(format: "%.1f", t.seconds)) s"
            if t.isNew { out += "  size \(t.sizeBefore) -> \(t.sizeAfter)" }
            if !t.reproduced.isEmpty { out += "  reproduced \(t.reproduced)" + (FindingStore.isFlaky(t.reproduced) ? " FLAKY" : "") }
            out += t.file.isEmpty ? "\n" : "  \(findings)/\(t.file)\n"
            out += "        \(t.detail.prefix(200))\n"
        }
        for line in notJudged { out += "profile: \(line)\n" }
        if !s.infrastructure.isEmpty {
            out += "infrastructure: \(s.infrastructure.count) worker death\(s.infrastructure.count == 1 ? "" : "s") that did not reproduce in a fresh worker (killed from outside?), not findings:\n"
            for e in s.infrastructure { out += "  case \(e.caseIndex): \(e.what): \(e.detail.prefix(200))\n" }
        }
        return out
    }
}
