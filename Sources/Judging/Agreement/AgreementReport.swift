import AutoLayout
import Foundation
import LinearConstraints

/// Agreement with reference frames over many screens (`strut replay` on imported cases): counts
/// per view and per screen, the classes of disagreement, and the terminal, Markdown and HTML
/// forms of the same figures. The HTML draws each disagreeing screen's wireframe, the reference's
/// frames beside Strut's.
public struct AgreementReport: Sendable {
    public var screens: [ScreenAgreement]
    public var strategy: String

    public init(screens: [ScreenAgreement], strategy: String) {
        self.screens = screens
        self.strategy = strategy
    }

    public var viewCount: Int { screens.reduce(0) { $0 + $1.views.count } }
    public var agreeingViews: Int { screens.reduce(0) { $0 + $1.views.filter(\.agrees).count } }
    public var agreeingScreens: Int { screens.filter(\.agrees).count }
    /// Views that agree or whose screen's reference is another optimum of the same constraints.
    public var viewsUpToTies: Int { screens.reduce(0) { $0 + ($1.isAnotherOptimum ? $1.views.count : $1.views.filter(\.agrees).count) } }
    public var screensUpToTies: Int { screens.filter { $0.agrees || $0.isAnotherOptimum }.count }
    /// Disagreeing screens whose reference frames were checked against Strut's model.
    public var checkedScreens: Int { screens.filter { $0.referenceCheck != nil }.count }
    public var misplacedCount: Int { screens.reduce(0) { $0 + $1.misplaced.count } }
    public var misplacedAgreeing: Int { screens.reduce(0) { $0 + $1.misplaced.filter(\.agrees).count } }

    /// Per class: disagreeing views and screens (a screen counts under its first disagreeing view's class).
    public var classes: [(cls: DisagreementClass, views: Int, screens: Int)] {
        DisagreementClass.allCases.map { c in
            (c, screens.reduce(0) { $0 + $1.disagreeing.filter { $0.disagreement == c }.count },
             screens.filter { $0.disagreement == c }.count)
        }.filter { $0.views > 0 }
    }

    /// Screens where the reference's ambiguity marks equal Strut's report (strategies that report it).
    public var ambiguityAgreement: (same: Int, compared: Int) {
        let compared = screens.filter { $0.strutAmbiguous != nil }
        return (compared.filter { Set($0.strutAmbiguous!) == Set($0.referenceAmbiguous) }.count, compared.count)
    }

    static func percent(_ a: Int, _ b: Int) -> String {
        b == 0 ? "-" : String(format: "%.1f%%", 100 * Double(a) / Double(b))
    }

    /// The terminal summary.
    public var text: String {
        var out = "agreement with the reference frames (\(strategy), within each case's tolerance):\n"
        out += "  views:   \(agreeingViews) of \(viewCount) agree (\(Self.percent(agreeingViews, viewCount))); misplaced views, not counted: \(misplacedAgreeing) of \(misplacedCount) agree anyway\n"
        out += "  screens: \(agreeingScreens) of \(screens.count) with every view agreeing (\(Self.percent(agreeingScreens, screens.count)))\n"
        if checkedScreens > 0 {
            out += "  counting a reference that is another optimum of the same constraints as agreement: \(viewsUpToTies) views (\(Self.percent(viewsUpToTies, viewCount))), \(screensUpToTies) screens (\(Self.percent(screensUpToTies, screens.count)))\n"
        }
        let amb = ambiguityAgreement
        if amb.compared > 0 { out += "  ambiguity marks: the reference's and Strut's report agree on \(amb.same) of \(amb.compared) screens\n" }
        if !classes.isEmpty {
            out += "  disagreements by class (views, screens):\n"
            for c in classes { out += "    \(c.cls.rawValue): \(c.views) views, \(c.screens) screens\n" }
        }
        return out
    }

    /// Disagreeing views of one screen, one line each: `label1: expected (x, y, w, h), got (...) [class]`.
    public static func lines(_ s: ScreenAgreement, limit: Int = 6) -> [String] {
        let d = s.disagreeing
        var out = d.prefix(limit).map { v in
            "\(v.view): reference \(v.expected), Strut \(v.got), off by \(formatJSONNumber((v.difference * 100).rounded() / 100)) pt [\(v.disagreement?.rawValue ?? "")]"
        }
        if d.count > limit { out.append("... and \(d.count - limit) more views") }
        if let check = s.referenceCheck { out.append("reference check: " + check.text) }
        if !s.broken.isEmpty { out.append("Strut broke: " + s.broken.joined(separator: "; ")) }
        if !s.unmetEdits.isEmpty { out.append("unmet: " + s.unmetEdits.joined(separator: "; ")) }
        return out
    }

    /// The summary table's rows, shared by the Markdown and HTML forms: label, agreeing, of.
    var summaryRows: [(String, Int, Int)] {
        var rows = [("views (misplaced excluded)", agreeingViews, viewCount),
                    ("screens with every view agreeing", agreeingScreens, screens.count),
                    ("misplaced views agreeing anyway", misplacedAgreeing, misplacedCount)]
        if checkedScreens > 0 {
            rows.insert(("views, another optimum counted as agreeing", viewsUpToTies, viewCount), at: 2)
            rows.insert(("screens, another optimum counted as agreeing", screensUpToTies, screens.count), at: 3)
        }
        let amb = ambiguityAgreement
        if amb.compared > 0 { rows.append(("screens whose ambiguity marks match Strut's report", amb.same, amb.compared)) }
        return rows
    }

    /// Markdown: the summary table, the classes, and every disagreeing screen with its views.
    public var markdown: String {
        var out = "# Agreement with reference frames\n\nStrategy `\(strategy)`; a view agrees when every component of its frame is within the case's tolerance.\n\n"
        out += "| | agree | of | share |\n|---|---:|---:|---:|\n"
        for (label, a, b) in summaryRows { out += "| \(label) | \(a) | \(b) | \(Self.percent(a, b)) |\n" }
        if !classes.isEmpty {
            out += "\n## Disagreements by class\n\n| class | views | screens |\n|---|---:|---:|\n"
            for c in classes { out += "| \(c.cls.rawValue) | \(c.views) | \(c.screens) |\n" }
            out += "\n## Disagreeing screens\n\n"
            for s in screens where !s.agrees {
                out += "### `\(s.path)` (\(s.device))\n\n"
                for l in Self.lines(s, limit: 20) { out += "- \(l)\n" }
                out += "\n"
            }
        }
        return out
    }

    /// A self-contained HTML page: the Markdown's figures, and for each disagreeing screen an SVG
    /// wireframe with the reference's frames (grey) and Strut's (red where they disagree).
    public var html: String {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Agreement with reference frames</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}.screen{display:inline-block;vertical-align:top;margin:1em}svg{border:1px solid #999;background:#fafafa}</style></head><body>"
        out += "<h1>Agreement with reference frames</h1><p>Strategy <code>\(esc(strategy))</code>. Grey: the reference's frames; blue: Strut's where they agree; red: Strut's where they disagree.</p>"
        out += "<table><tr><th></th><th>agree</th><th>of</th><th>share</th></tr>"
        for (label, a, b) in summaryRows { out += "<tr><td>\(esc(label))</td><td>\(a)</td><td>\(b)</td><td>\(Self.percent(a, b))</td></tr>" }
        out += "</table>"
        if !classes.isEmpty {
            out += "<h2>Disagreements by class</h2><table><tr><th>class</th><th>views</th><th>screens</th></tr>"
            for c in classes { out += "<tr><td>\(esc(c.cls.rawValue))</td><td>\(c.views)</td><td>\(c.screens)</td></tr>" }
            out += "</table><h2>Disagreeing screens</h2>"
        }
        for s in screens where !s.agrees {
            out += "<div class=\"screen\"><h3>\(esc(s.caseName))</h3><p>\(esc(s.path)) (\(esc(s.device)))</p>\(wireframe(s))<ul>"
            for l in Self.lines(s, limit: 20) { out += "<li>\(esc(l))</li>" }
            out += "</ul></div>"
        }
        return out + "</body></html>\n"
    }

    /// The screen drawn at most 320 points wide: reference rectangles, then Strut's.
    func wireframe(_ s: ScreenAgreement) -> String {
        let w = max(1, s.rootSize.width), h = max(1, s.rootSize.height)
        let k = min(1, 320 / w)
        func rect(_ r: LayoutRect, _ style: String) -> String {
            String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" %@/>", r.x * k, r.y * k, max(0, r.width * k), max(0, r.height * k), style)
        }
        let bad = Set(s.disagreeing.map(\.view))
        var out = String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\">", w * k, h * k)
        for (_, r) in s.referenceWindowFrames.sorted(by: { $0.key < $1.key }) { out += rect(r, "fill=\"none\" stroke=\"#999\" stroke-width=\"2\"") }
        for (view, r) in s.strutWindowFrames.sorted(by: { $0.key < $1.key }) where s.views.contains(where: { $0.view == view }) {
            out += rect(r, bad.contains(view) ? "fill=\"none\" stroke=\"#d00\" stroke-dasharray=\"3,2\"" : "fill=\"none\" stroke=\"#36c\" stroke-width=\"0.5\"")
        }
        return out + "</svg>"
    }
}
