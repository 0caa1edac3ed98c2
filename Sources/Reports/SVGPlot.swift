import Foundation

/// Building blocks for the inline SVG charts of the HTML report: element strings with escaped
/// text, a colour per series, and a logarithmic axis. Inline SVG in HTML needs no namespace
/// declaration, so the page names no URL at all.
package enum SVG {
    /// Series colours (strategies in run order); red is kept for failures.
    package static let palette = ["#3366cc", "#e08a1e", "#2a9d4b", "#8e6bbf", "#17a2b8", "#8c564b", "#6c757d"]

    package static func color(_ series: Int) -> String { palette[series % palette.count] }

    /// An `<svg>` element of `width` × `height` pixels with an accessible label.
    package static func open(_ width: Double, _ height: Double, label: String, cssClass: String = "chart") -> String {
        "<svg class=\"\(cssClass)\" viewBox=\"0 0 \(c(width)) \(c(height))\" width=\"\(c(width))\" height=\"\(c(height))\" role=\"img\" aria-label=\"\(Markup.escape(label))\">"
    }

    package static func text(_ x: Double, _ y: Double, _ s: String, anchor: String = "start", size: Double = 11, fill: String = "#333", extra: String = "") -> String {
        "<text x=\"\(c(x))\" y=\"\(c(y))\" font-size=\"\(c(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\"\(extra)>\(Markup.escape(s))</text>"
    }

    package static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String = "#999", width: Double = 1, dash: String? = nil) -> String {
        "<line x1=\"\(c(x1))\" y1=\"\(c(y1))\" x2=\"\(c(x2))\" y2=\"\(c(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(c(width))\""
            + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
    }

    package static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, stroke: String = "none", width: Double = 1, extra: String = "") -> String {
        "<rect x=\"\(c(x))\" y=\"\(c(y))\" width=\"\(c(max(0, w)))\" height=\"\(c(max(0, h)))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(c(width))\"\(extra)/>"
    }

    package static func circle(_ x: Double, _ y: Double, _ r: Double, fill: String, title: String? = nil) -> String {
        let t = title.map { "<title>\(Markup.escape($0))</title>" } ?? ""
        return "<circle cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r))\" fill=\"\(fill)\">\(t)</circle>"
    }

    package static func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 1.5, dash: String? = nil) -> String {
        "<polyline fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(c(width))\"" + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")
            + " points=\"" + points.map { "\(c($0.0)),\(c($0.1))" }.joined(separator: " ") + "\"/>"
    }

    /// A tooltip child for the enclosing element.
    package static func title(_ s: String) -> String { "<title>\(Markup.escape(s))</title>" }

    package static func c(_ x: Double) -> String { Figures.coordinate(x) }
}

/// A base-10 logarithmic axis from `lo` to `hi` (both positive) onto pixels `p0` to `p1`
/// (`p1` < `p0` for a vertical axis drawn upwards).
struct LogAxis {
    var lo: Double
    var hi: Double
    var p0: Double
    var p1: Double

    /// An axis covering `values` (non-positive ones ignored) with a margin of a tenth of a
    /// decade each side; one decade around 1 when there is nothing to cover.
    init(covering values: [Double], from p0: Double, to p1: Double) {
        let v = values.filter { $0 > 0 && $0.isFinite }
        let a = v.min() ?? 1, b = v.max() ?? 10
        lo = a / 1.26
        hi = Swift.max(b * 1.26, lo * 10)
        self.p0 = p0
        self.p1 = p1
    }

    /// The pixel of `value` (clamped into the axis).
    func position(_ value: Double) -> Double {
        let v = Swift.min(Swift.max(value, lo), hi)
        return p0 + (p1 - p0) * (log10(v) - log10(lo)) / (log10(hi) - log10(lo))
    }

    /// Tick values: powers of ten inside the axis, with 2× and 5× steps when the axis spans
    /// fewer than three decades.
    var ticks: [Double] {
        let first = Int(floor(log10(lo))), last = Int(ceil(log10(hi)))
        let steps: [Double] = log10(hi / lo) < 3 ? [1, 2, 5] : [1]
        var out: [Double] = []
        for e in first...last {
            for s in steps {
                let t = s * pow(10, Double(e))
                if t >= lo && t <= hi { out.append(t) }
            }
        }
        return out
    }

    /// Grid lines and labels for a vertical axis at x = `left`, across to `right`.
    func verticalGrid(left: Double, right: Double, label: (Double) -> String) -> String {
        ticks.map { t in
            let y = position(t)
            return SVG.line(left, y, right, y, stroke: "#e3e3e3") + SVG.text(left - 4, y + 4, label(t), anchor: "end", size: 10, fill: "#555")
        }.joined()
    }

    /// Grid lines and labels for a horizontal axis at y = `bottom`, up to `top`.
    func horizontalGrid(top: Double, bottom: Double, label: (Double) -> String) -> String {
        ticks.map { t in
            let x = position(t)
            return SVG.line(x, top, x, bottom, stroke: "#e3e3e3") + SVG.text(x, bottom + 13, label(t), anchor: "middle", size: 10, fill: "#555")
        }.joined()
    }
}

/// Order statistics of a sample, by linear interpolation between closest ranks.
struct Quartiles {
    var min: Double, q1: Double, median: Double, q3: Double, max: Double

    init?(_ samples: [Double]) {
        let s = samples.filter(\.isFinite).sorted()
        guard !s.isEmpty else { return nil }
        func q(_ p: Double) -> Double {
            let r = p * Double(s.count - 1)
            let i = Int(r.rounded(.down)), f = r - Double(i)
            return i + 1 < s.count ? s[i] + f * (s[i + 1] - s[i]) : s[i]
        }
        min = s[0]
        q1 = q(0.25)
        median = q(0.5)
        q3 = q(0.75)
        max = s[s.count - 1]
    }
}
