import Foundation

/// `strut history report`: the history as Markdown (sized for a pull-request comment: the
/// verdict, each strategy's trend per phase and figure, the change points newest first) or as one
/// self-contained HTML page (no network: inline SVG charts of the trends and of every series
/// with a change point, each change point marked and its commit named).
public enum HistoryReport {
    /// A suite-level trend: for one machine, strategy, phase and figure, the chain-linked
    /// geometric mean over groups of the ratio to the previous commit (groups present at both),
    /// so groups that come and go do not move it. 1 at the first commit.
    public struct Trend: Hashable, Sendable {
        public var machine: String
        public var strategy: String
        public var phase: String
        public var metric: HistoryMetric
        /// Per commit index of the machine: the index (nil before the class has values).
        public var index: [Double?]
        /// Change points of the class's series per commit index.
        public var changes: [Int: Int]
    }

    public static func trends(_ a: HistoryAnalysis, _ snapshot: HistorySnapshot) -> [Trend] {
        struct Class: Hashable { var machine: String; var strategy: String; var phase: String; var metric: HistoryMetric }
        var members: [Class: [HistorySeries]] = [:]
        var order: [Class] = []
        for s in a.series {
            guard let kind = snapshot.groupKinds[s.group] else { continue }
            let c = Class(machine: s.machine, strategy: kind.strategy, phase: kind.phase, metric: s.metric)
            if members[c] == nil { order.append(c) }
            members[c, default: []].append(s)
        }
        var changeCounts: [Class: [Int: Int]] = [:]
        for ch in a.changes {
            guard let kind = snapshot.groupKinds[ch.group], let commits = a.commits[ch.machine],
                  let position = commits.firstIndex(of: ch.commit) else { continue }
            changeCounts[Class(machine: ch.machine, strategy: kind.strategy, phase: kind.phase, metric: ch.metric), default: [:]][position, default: 0] += 1
        }
        return order.sorted { ($0.machine, $0.strategy, phaseRank($0.phase), $0.metric) < ($1.machine, $1.strategy, phaseRank($1.phase), $1.metric) }.map { c in
            let n = a.commits[c.machine]!.count
            var logSums = [Double](repeating: 0, count: n), counts = [Int](repeating: 0, count: n)
            var present = [Bool](repeating: false, count: n)
            for s in members[c]! {
                for k in s.commitIndices.indices {
                    present[s.commitIndices[k]] = true
                    guard k > 0, s.commitIndices[k] == s.commitIndices[k - 1] + 1, s.values[k] > 0, s.values[k - 1] > 0 else { continue }
                    logSums[s.commitIndices[k]] += log(s.values[k] / s.values[k - 1])
                    counts[s.commitIndices[k]] += 1
                }
            }
            var index: [Double?] = []
            var level: Double?
            for i in 0..<n {
                if present[i] { level = (level ?? 1) * (counts[i] > 0 ? exp(logSums[i] / Double(counts[i])) : 1) }
                index.append(present[i] ? level : nil)
            }
            return Trend(machine: c.machine, strategy: c.strategy, phase: c.phase, metric: c.metric, index: index, changes: changeCounts[c] ?? [:])
        }
    }

    /// How many of the newest commits the Markdown trends span.
    static let trendCommits = 40

    static func phaseRank(_ phase: String) -> Int { ["first": 0, "switch": 1, "diagnostics": 2][phase] ?? 3 }

    /// Eight-level bars for a trend, "·" where the class has no value.
    static func sparkline(_ values: [Double?]) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        let known = values.compactMap { $0 }
        guard let lo = known.min(), let hi = known.max() else { return "" }
        return String(values.map { v in
            guard let v else { return "·" }
            return hi - lo < 1e-9 * hi ? bars[3] : bars[min(7, Int((v - lo) / (hi - lo) * 8))]
        })
    }

    // MARK: Markdown

    public static func markdown(_ a: HistoryAnalysis, _ snapshot: HistorySnapshot, maxChanges: Int = 60) -> String {
        var out: [String] = ["## Strut history", ""]
        out.append(verdict(a))
        out.append("")
        for machine in a.machines {
            let commits = a.commits[machine]!
            let changes = a.changes.filter { $0.machine == machine }
            out.append("Machine `\(machine)`: \(commits.count) commits, \(commits.first!.short) (\(date(commits.first!.time))) to \(commits.last!.short) (\(date(commits.last!.time))); \(a.series.filter { $0.machine == machine }.count) series; \(changes.count) change points (\(changes.filter { $0.point.change > 0 }.count) rises, \(changes.filter { $0.accepted != nil }.count) accepted).")
            out.append("")
        }
        let all = trends(a, snapshot)
        // A pull-request comment shows the newest commits, and only trends that moved.
        let shown = all.filter { moved(Array($0.index.suffix(trendCommits))) }
        if !all.isEmpty {
            out.append("### Trends")
            out.append("")
            out.append("Geometric mean over each strategy's groups, chained commit to commit, over the newest \(trendCommits) commits (oldest left); \(all.count - shown.count) of \(all.count) trends moved by less than 0.5% and are left out.")
            out.append("")
            if !shown.isEmpty {
                out.append("| machine | strategy | phase | figure | trend | first to last |")
                out.append("|---|---|---|---|---|---|")
            }
            for t in shown {
                let window = Array(t.index.suffix(trendCommits))
                let known = window.compactMap { $0 }
                let total = (known.last ?? 1) / (known.first ?? 1) - 1
                out.append("| \(t.machine) | \(t.strategy) | \(t.phase) | \(t.metric.rawValue) | `\(sparkline(window))` | \(HistoryText.percent(total)) |")
            }
            out.append("")
        }
        let changes = a.changes.sorted { ($0.age, $0.machine, $0.group, $0.metric) < ($1.age, $1.machine, $1.group, $1.metric) }
        if !changes.isEmpty {
            out.append("### Change points, newest first\(changes.count > maxChanges ? " (\(maxChanges) of \(changes.count))" : "")")
            out.append("")
            out.append("| commit | group | figure | change | 95% interval | p | note |")
            out.append("|---|---|---|---|---|---|---|")
            for c in changes.prefix(maxChanges) {
                var note = c.isRegression && c.age < a.options.recent ? "**regression**" : ""
                if let accepted = c.accepted { note = "accepted: " + escape(accepted.reason) }
                if c.toolchainChanged { note += (note.isEmpty ? "" : "; ") + "toolchain changed" }
                out.append("| \(c.commit.short) \(escape(c.commit.title)) | \(escape(c.group)) | \(c.metric.rawValue) | \(HistoryText.percent(c.point.change)) | \(HistoryText.percent(c.point.interval.lowerBound)) to \(HistoryText.percent(c.point.interval.upperBound)) | \(HistoryText.pValue(c.point.pValue)) | \(note) |")
            }
            if changes.count > maxChanges { out.append(""); out.append("\(changes.count - maxChanges) older change points: `strut history report --format html` charts them all.") }
            out.append("")
        }
        let answers = a.answerChanges
        if !answers.isEmpty {
            let byCommit = Dictionary(grouping: answers, by: { $0.commit })
            out.append("### Answers changed")
            out.append("")
            for commit in byCommit.keys.sorted(by: { $0.time > $1.time }).prefix(10) {
                let list = byCommit[commit]!
                out.append("- \(commit.short) \(escape(commit.title)): \(list.count) groups\(list.allSatisfy { $0.accepted != nil } ? " (accepted)" : "")")
            }
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    static func verdict(_ a: HistoryAnalysis) -> String {
        a.fails
            ? "**Check: FAILED**: \(a.regressions.count) regressions, \(a.failingAnswerChanges.count) answer changes, \(a.failingInvariantRises.count) invariant rises among the newest \(a.options.recent) commits."
            : "**Check: ok**: no unaccepted regression among the newest \(a.options.recent) commits."
    }

    static func date(_ time: Int64) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }

    static func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
