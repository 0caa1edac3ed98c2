import Foundation
import Reports

extension HistoryReport {
    /// One self-contained page: the verdict, per machine each strategy's trend charts (one line
    /// per phase, a mark where its series changed level), then a chart of every series with a
    /// change point, newest change first (at most `maxSeries`), its segments' levels drawn and
    /// each change point's commit named. Nothing is fetched: inline CSS and SVG only.
    public static func html(_ a: HistoryAnalysis, _ snapshot: HistorySnapshot, maxSeries: Int = 120) -> String {
        var body: [String] = []
        body.append("<h1>Strut history</h1>")
        body.append("<p class=\"\(a.fails ? "fail" : "ok")\">\(Markup.escape(verdict(a).replacingOccurrences(of: "**", with: "")))</p>")
        let allTrends = trends(a, snapshot)
        for machine in a.machines {
            let commits = a.commits[machine]!
            body.append("<h2>Machine \(Markup.escape(machine))</h2>")
            body.append("<p>\(commits.count) commits, \(commits.first!.short) (\(date(commits.first!.time))) to \(commits.last!.short) (\(date(commits.last!.time))).</p>")
            let trends = allTrends.filter { $0.machine == machine }
            let classes = Dictionary(grouping: trends, by: { "\($0.strategy)\u{1}\($0.metric.rawValue)" })
                .filter { _, list in list.contains { t in t.changes.count > 0 || moved(t.index) } }
            let flat = Set(trends.map { "\($0.strategy)\u{1}\($0.metric.rawValue)" }).count - classes.count
            body.append("<h3>Trends</h3><p>Geometric mean over the strategy's groups of each phase, chained commit to commit (1 at the first commit); a dot marks a commit where some of its series changed level (hover for the count). \(flat) flat trends (no move of 0.5% and no change point) are not drawn.</p><div class=\"grid\">")
            for key in classes.keys.sorted() {
                let list = classes[key]!.sorted { phaseRank($0.phase) < phaseRank($1.phase) }
                body.append(trendChart(list, commits))
            }
            body.append("</div>")
            let changed = a.changes.filter { $0.machine == machine }
            let keys = orderedSeries(changed)
            body.append("<h3>Series with a change point (\(min(keys.count, maxSeries)) of \(keys.count), newest change first)</h3><div class=\"grid\">")
            let seriesOf = Dictionary(a.series.filter { $0.machine == machine }.map { (SeriesKey(group: $0.group, metric: $0.metric), $0) },
                                      uniquingKeysWith: { first, _ in first })
            for key in keys.prefix(maxSeries) {
                guard let s = seriesOf[key] else { continue }
                body.append(seriesChart(s, changed.filter { $0.group == key.group && $0.metric == key.metric }, commits))
            }
            body.append("</div>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Strut history</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
            .ok { color: #1e7b34; font-weight: 600; } .fail { color: #b00020; font-weight: 600; }
            .grid { display: flex; flex-wrap: wrap; gap: 12px; }
            figure { margin: 0; border: 1px solid #ddd; padding: 6px; } figcaption { font-size: 12px; max-width: 420px; }
            </style></head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    struct SeriesKey: Hashable { var group: String; var metric: HistoryMetric }

    /// Whether a trend moved by 0.5% or more.
    static func moved(_ index: [Double?]) -> Bool {
        let known = index.compactMap { $0 }
        guard let lo = known.min(), let hi = known.max() else { return false }
        return hi / lo - 1 >= 0.005
    }

    static func orderedSeries(_ changes: [HistoryChange]) -> [SeriesKey] {
        var seen = Set<SeriesKey>()
        return changes.sorted { ($0.age, $0.group, $0.metric) < ($1.age, $1.group, $1.metric) }
            .map { SeriesKey(group: $0.group, metric: $0.metric) }.filter { seen.insert($0).inserted }
    }

    static let width = 420.0, height = 190.0, left = 52.0, right = 10.0, top = 12.0, bottom = 34.0

    static func x(_ i: Int, _ n: Int) -> Double { left + (width - left - right) * (n <= 1 ? 0.5 : Double(i) / Double(n - 1)) }

    /// A linear vertical axis over `values` with a little margin.
    static func yAxis(_ values: [Double]) -> (Double) -> Double {
        var lo = values.min() ?? 0, hi = values.max() ?? 1
        if hi - lo < 1e-9 * max(abs(hi), 1) { lo -= max(abs(lo), 1) * 0.01; hi += max(abs(hi), 1) * 0.01 }
        let pad = (hi - lo) * 0.08
        lo -= pad
        hi += pad
        return { v in top + (height - top - bottom) * (1 - (v - lo) / (hi - lo)) }
    }

    static func axes(_ commits: [CommitInfo], _ yLabels: [(Double, String)]) -> [String] {
        var out = [SVG.line(left, height - bottom, width - right, height - bottom), SVG.line(left, top, left, height - bottom)]
        for (y, label) in yLabels { out.append(SVG.text(left - 4, y + 4, label, anchor: "end", size: 10)) }
        let n = commits.count
        let every = max(1, n / 6)
        for i in stride(from: 0, to: n, by: every) {
            out.append(SVG.text(x(i, n), height - bottom + 14, String(commits[i].sha.prefix(7)), anchor: "middle", size: 9, fill: "#666"))
        }
        return out
    }

    static func trendChart(_ trends: [Trend], _ commits: [CommitInfo]) -> String {
        let n = commits.count
        let values = trends.flatMap { $0.index.compactMap { $0 } }
        let y = yAxis(values)
        let lo = values.min() ?? 1, hi = values.max() ?? 1
        var parts = [SVG.open(width, height, label: "\(trends[0].strategy) \(trends[0].metric.rawValue) trend")]
        parts += axes(commits, [(y(lo), HistoryText.percent(lo - 1)), (y(hi), HistoryText.percent(hi - 1))])
        for (k, t) in trends.enumerated() {
            let points = t.index.enumerated().compactMap { i, v in v.map { (x(i, n), y($0)) } }
            parts.append(SVG.polyline(points, stroke: SVG.color(k)))
            for (i, count) in t.changes.sorted(by: { $0.key < $1.key }) {
                guard let v = t.index[i] else { continue }
                parts.append(SVG.circle(x(i, n), y(v), 3, fill: SVG.color(k),
                                        title: "\(commits[i].short) \(commits[i].subject): \(count) \(t.phase) series changed level"))
            }
            parts.append(SVG.text(width - right - 4, top + 12 + 12 * Double(k), t.phase, anchor: "end", size: 10, fill: SVG.color(k)))
        }
        parts.append("</svg>")
        return "<figure>\(parts.joined())<figcaption>\(Markup.escape(trends[0].strategy)), \(trends[0].metric.rawValue)</figcaption></figure>"
    }

    static func seriesChart(_ s: HistorySeries, _ changes: [HistoryChange], _ commits: [CommitInfo]) -> String {
        let n = commits.count
        let y = yAxis(s.values)
        var parts = [SVG.open(width, height, label: "\(s.group) \(s.metric.rawValue)")]
        parts += axes(commits, [(y(s.values.min()!), compact(s.values.min()!)), (y(s.values.max()!), compact(s.values.max()!))])
        parts.append(SVG.polyline(zip(s.commitIndices, s.values).map { (x($0, n), y($1)) }, stroke: "#999", width: 1))
        for (i, v) in zip(s.commitIndices, s.values) {
            parts.append(SVG.circle(x(i, n), y(v), 2.2, fill: "#3366cc", title: "\(commits[i].short) \(commits[i].subject): \(compact(v))"))
        }
        // Each segment's level, and a line at each change point naming its commit.
        let cuts = changes.map { $0.point.index }.sorted()
        let bounds = [0] + cuts + [s.values.count]
        for (a, b) in zip(bounds, bounds.dropFirst()) where b > a {
            let level = ChangePointDetector.median(s.values[a..<b])
            parts.append(SVG.line(x(s.commitIndices[a], n), y(level), x(s.commitIndices[b - 1], n), y(level), stroke: "#2a9d4b", width: 1.5))
        }
        for (k, c) in changes.sorted(by: { $0.point.index < $1.point.index }).enumerated() {
            let cx = x(s.commitIndices[c.point.index], n)
            let color = c.accepted != nil ? "#6c757d" : c.point.change > 0 ? "#b00020" : "#1e7b34"
            parts.append(SVG.line(cx, top, cx, height - bottom, stroke: color, dash: "3 2"))
            let right = cx > width * 0.6
            parts.append(SVG.text(right ? cx - 3 : cx + 3, top + 10 + 12 * Double(k % 2), "\(c.commit.sha.prefix(7)) \(HistoryText.percent(c.point.change))",
                                  anchor: right ? "end" : "start", size: 10, fill: color))
        }
        parts.append("</svg>")
        let notes = changes.map { c in
            "\(c.commit.short) \(Markup.escape(c.commit.subject)): \(HistoryText.percent(c.point.change))\(c.accepted.map { " (accepted: \(Markup.escape($0.reason)))" } ?? "")"
        }.joined(separator: "<br>")
        return "<figure>\(parts.joined())<figcaption><b>\(Markup.escape(s.group))</b>, \(s.metric.rawValue)<br>\(notes)</figcaption></figure>"
    }

    /// 1.23M, 456K, 789.
    static func compact(_ v: Double) -> String {
        let a = abs(v)
        if a >= 1e9 { return String(format: "%.3gG", v / 1e9) }
        if a >= 1e6 { return String(format: "%.3gM", v / 1e6) }
        if a >= 1e3 { return String(format: "%.3gK", v / 1e3) }
        return String(format: "%.3g", v)
    }
}
