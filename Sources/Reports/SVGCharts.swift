import Foundation

/// The charts of the HTML report, each a function from figures to one inline `<svg>`: box plots
/// of latency samples on a log axis, a log-log scaling chart with fitted exponents, and
/// horizontal bars. Sizes are in CSS pixels; text is escaped; colours come from `SVG.palette`.
enum SVGCharts {
    /// One box per (group, series): whiskers from min to max, a box from the first to the third
    /// quartile, a median bar, and every sample as a dot when a box has at most 60. Groups are
    /// laid side by side (sizes of a family), series within a group (strategies).
    struct BoxGroup {
        var label: String
        /// Per series: its index (colour) and its samples in nanoseconds.
        var boxes: [(series: Int, samples: [Double])]
    }

    static func boxPlot(_ groups: [BoxGroup], series: [String], label: String) -> String {
        let boxWidth = 16.0, gap = 22.0, left = 64.0, plotHeight = 200.0
        let slots = groups.map { Double($0.boxes.count) * (boxWidth + 4) + gap }
        var width = max(360, left + slots.reduce(0, +) + 12)
        let key = Legend(series, x: left, right: width - 8)
        width = max(width, key.right + 8)
        let top = key.bottom + 12
        let height = top + plotHeight + 40
        let axis = LogAxis(covering: groups.flatMap { $0.boxes.flatMap(\.samples) }, from: top + plotHeight, to: top)
        var out = SVG.open(width, height, label: label)
        out += axis.verticalGrid(left: left, right: width - 8) { Figures.duration($0) }
        out += key.svg
        var x = left + gap / 2
        for (g, slot) in zip(groups, slots) {
            for b in g.boxes {
                out += box(b.samples, x: x, width: boxWidth, axis: axis, color: SVG.color(b.series), name: "\(g.label) \(series[b.series])")
                x += boxWidth + 4
            }
            x += gap
            out += SVG.text(x - gap - (slot - gap) / 2, top + plotHeight + 16, g.label, anchor: "middle", size: 11)
        }
        out += SVG.line(left, top + plotHeight, width - 8, top + plotHeight, stroke: "#888")
        return out + "</svg>"
    }

    static func box(_ samples: [Double], x: Double, width: Double, axis: LogAxis, color: String, name: String) -> String {
        guard let q = Quartiles(samples) else { return "" }
        let mid = x + width / 2
        var out = "<g>" + SVG.title("\(name): \(samples.count) samples, min \(Figures.duration(q.min)), median \(Figures.duration(q.median)), max \(Figures.duration(q.max))")
        out += SVG.line(mid, axis.position(q.min), mid, axis.position(q.max), stroke: color)
        out += SVG.rect(x, axis.position(q.q3), width, axis.position(q.q1) - axis.position(q.q3), fill: color, stroke: color, extra: " fill-opacity=\"0.25\"")
        out += SVG.line(x, axis.position(q.median), x + width, axis.position(q.median), stroke: color, width: 2.5)
        if samples.count <= 60 {
            for (k, s) in samples.enumerated() { out += SVG.circle(x + 3 + Double(k % 5) * (width - 6) / 4, axis.position(s), 1.6, fill: color) }
        }
        return out + "</g>"
    }

    /// A colour key with every name in full: entries left to right from `x`, wrapped onto a
    /// new row when the next would pass `right` (an entry wider than the whole row gets a row
    /// of its own and widens the chart: `right` reports the widest row's end).
    struct Legend {
        static let rowHeight = 16.0
        /// Width of a character at the key's font size, on the generous side (system fonts run
        /// 5.5 to 6.5 pixels at 11 px), so that no name is cut.
        static let characterWidth = 6.8
        var svg = ""
        /// The key's lowest text baseline plus its descent, and its rightmost pixel.
        var bottom: Double
        var right: Double

        init(_ names: [String], colors: [Int]? = nil, x: Double, right limit: Double, top: Double = 4) {
            var cx = x, row = 0.0
            right = x
            bottom = top
            for (k, n) in names.enumerated() {
                let w = 14 + Double(n.count) * Self.characterWidth
                if cx > x && cx + w > limit {
                    cx = x
                    row += 1
                }
                let y = top + 12 + row * Self.rowHeight
                svg += SVG.rect(cx, y - 9, 10, 10, fill: SVG.color(colors?[k] ?? k)) + SVG.text(cx + 14, y, n, size: 11)
                right = max(right, cx + w)
                bottom = y + 4
                cx += w + 12
            }
        }
    }

    /// One scaling series: its name, colour, (size, nanoseconds) points and fitted exponent.
    struct ScalingSeries {
        var name: String
        var series: Int
        var points: [(size: Double, nanoseconds: Double)]
        var exponent: Double?
        /// False marks the exponent `?` in the key (`GrowthFit`: a poor fit).
        var reliable = true
    }

    /// Median latency against size, both axes logarithmic, one polyline per series and a
    /// dashed line of the fitted slope through the points' centroid; the legend gives each
    /// exponent (the least-squares slope `Aggregation.growth` computed).
    static func logLog(_ series: [ScalingSeries], label: String) -> String {
        let left = 64.0, plotWidth = 460.0, plotHeight = 252.0
        let names = series.map { s in s.name + (s.exponent.map { " k=" + Figures.fixed($0) + (s.reliable ? "" : "?") } ?? "") }
        // The key's colours follow the series (strategies), not the entries' positions.
        let key = Legend(names, colors: series.map(\.series), x: left, right: plotWidth - 16)
        let width = max(plotWidth, key.right + 16), right = width - 16
        let top = key.bottom + 10, height = top + plotHeight, bottom = height - 36
        let x = LogAxis(covering: series.flatMap { $0.points.map(\.size) }, from: left, to: right)
        let y = LogAxis(covering: series.flatMap { $0.points.map(\.nanoseconds) }, from: bottom, to: top)
        var out = SVG.open(width, height, label: label)
        out += y.verticalGrid(left: left, right: right) { Figures.duration($0) }
        out += x.horizontalGrid(top: top, bottom: bottom) { Figures.fixed($0, 0) }
        out += SVG.text((left + right) / 2, height - 4, "size (views or constraints, log)", anchor: "middle", size: 10, fill: "#555")
        out += key.svg
        for s in series {
            let color = SVG.color(s.series)
            let pts = s.points.map { (x.position($0.size), y.position($0.nanoseconds)) }
            out += SVG.polyline(pts, stroke: color)
            for (p, raw) in zip(pts, s.points) { out += SVG.circle(p.0, p.1, 3, fill: color, title: "\(s.name) size \(Int(raw.size)): \(Figures.duration(raw.nanoseconds))") }
            out += fit(s, x, y, color)
        }
        return out + "</svg>"
    }

    /// The fitted power law through the centroid of the points in log space.
    static func fit(_ s: ScalingSeries, _ x: LogAxis, _ y: LogAxis, _ color: String) -> String {
        let p = s.points.filter { $0.size > 0 && $0.nanoseconds > 0 }
        guard let k = s.exponent, p.count >= 2, let lo = p.map(\.size).min(), let hi = p.map(\.size).max() else { return "" }
        let mx = p.map { log10($0.size) }.reduce(0, +) / Double(p.count), my = p.map { log10($0.nanoseconds) }.reduce(0, +) / Double(p.count)
        func at(_ size: Double) -> (Double, Double) { (x.position(size), y.position(pow(10, my + k * (log10(size) - mx)))) }
        return SVG.polyline([at(lo), at(hi)], stroke: color, width: 1, dash: "4 3")
    }

    /// Horizontal bars, one per row, labelled on the left, value printed at the bar's end.
    static func bars(_ rows: [(label: String, value: Double, series: Int)], format: (Double) -> String, label: String) -> String {
        let labelWidth = min(320, 12 + 6.4 * Double(rows.map(\.label.count).max() ?? 10)), barMax = 360.0, row = 18.0
        let width = labelWidth + barMax + 90, height = Double(rows.count) * row + 12
        let top = rows.map(\.value).max() ?? 0
        var out = SVG.open(width, height, label: label)
        for (k, r) in rows.enumerated() {
            let y = 6 + Double(k) * row
            let w = top > 0 ? barMax * r.value / top : 0
            out += SVG.text(labelWidth - 6, y + 12, r.label, anchor: "end", size: 11)
            out += SVG.rect(labelWidth, y + 2, max(1, w), row - 5, fill: SVG.color(r.series))
            out += SVG.text(labelWidth + max(1, w) + 4, y + 12, format(r.value), size: 11, fill: "#444")
        }
        return out + "</svg>"
    }
}
