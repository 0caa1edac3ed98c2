/// The HTML report: one self-contained page (inline CSS and inline SVG, no script, no fonts,
/// images or style sheets from anywhere), readable offline and attachable to a CI run. Sections,
/// each an element with a stable id, in this order (what broke before what was measured):
/// `verdict`, `run` (command, machine, load), `invariants` (tallies), `failures` (a wireframe
/// per failure; the first `openFailures` unfolded), `latency` (distribution per strategy),
/// `scaling` (log-log with fitted exponents), `allocations` and `ratios`.
enum HTMLReport {
    static func render(_ facts: ReportFacts) -> String {
        let v = facts.verdict
        var body = "<header id=\"verdict\" class=\"\(v.passed ? "pass" : "fail")\"><h1>Strut bench: \(Markup.escape(v.text))</h1></header>\n"
        body += "<nav class=\"toc\">" + ["run", "invariants", "failures", "latency", "scaling", "allocations", "ratios"].map { "<a href=\"#\($0)\">\($0)</a>" }.joined() + "</nav>\n"
        body += runSection(facts)
        body += invariantSection(facts)
        body += failureSection(facts)
        body += latencySection(facts)
        body += scalingSection(facts)
        body += allocationSection(facts)
        body += ratioSection(facts)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Strut bench report: \(Markup.escape(v.text))</title>
            <style>\(css)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// A section with a heading and an optional one-line explanation.
    static func section(_ id: String, _ title: String, _ note: String?, _ content: String) -> String {
        "<section id=\"\(id)\"><h2>\(Markup.escape(title))</h2>" + (note.map { "<p class=\"note\">\(Markup.escape($0))</p>" } ?? "") + content + "</section>\n"
    }

    /// A table with escaped header (none when nil) and cells; cells starting with `\u{1}` are
    /// raw HTML; columns from `numericFrom` on are right-aligned.
    /// `text` names columns past `numericFrom` that stay left-aligned.
    static func table(_ header: [String]?, _ rows: [[String]], numericFrom: Int = 1, text: Set<Int> = []) -> String {
        func cell(_ s: String, _ k: Int, _ tag: String) -> String {
            let raw = s.hasPrefix("\u{1}")
            let content = raw ? String(s.dropFirst()) : Markup.escape(s)
            return "<\(tag)\(k >= numericFrom && !text.contains(k) ? " class=\"num\"" : "")>\(content)</\(tag)>"
        }
        var out = "<table>" + (header.map { h in "<thead><tr>" + h.enumerated().map { cell($1, $0, "th") }.joined() + "</tr></thead>" } ?? "") + "<tbody>"
        for r in rows { out += "<tr>" + r.enumerated().map { cell($1, $0, "td") }.joined() + "</tr>" }
        return out + "</tbody></table>"
    }

    static let css = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0 auto;max-width:1200px;padding:0 20px 40px;color:#222;background:#fff}
        header{margin:16px 0;padding:10px 16px;border-radius:6px}
        header.pass{background:#e6f4ea;border:1px solid #2a9d4b}header.fail{background:#fdecea;border:1px solid #d62728}
        h1{font-size:22px;margin:0}h2{font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:28px}h3{font-size:15px;margin:18px 0 6px}
        table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
        th{background:#f4f5f7}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
        code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
        pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:6px 8px;white-space:pre-wrap;word-break:break-all;margin:6px 0}
        .note{color:#555;margin:4px 0 8px}.charts{display:flex;flex-wrap:wrap;gap:18px;overflow-x:auto}
        .chart{background:#fff;border:1px solid #eee}.figure h3{margin:8px 0 2px}
        .bad{color:#d62728;font-weight:bold}.good{color:#2a9d4b}.slower{background:#fdecea}.faster{background:#e6f4ea}
        .failure{border:1px solid #e4b4b4;border-left:4px solid #d62728;border-radius:4px;padding:8px 12px;margin:14px 0}
        .failure .body{display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}.failure .facts{flex:1;min-width:320px}
        .wireframe{background:#fff;border:1px solid #ddd;flex:none}details.failure>summary{cursor:pointer;font-weight:bold;margin:4px 0}
        .toc a{margin-right:12px}ul{margin:4px 0;padding-left:20px}
        """
}
