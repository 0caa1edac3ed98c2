/// The failures section of the HTML report: per invariant failure a card with where it failed,
/// what differs, the replay command, and the wireframe of the layout with the blamed views and
/// constraints; then the cases that failed to load.
extension HTMLReport {
    static func failureSection(_ facts: ReportFacts) -> String {
        let r = facts.results
        guard !r.invariants.failures.isEmpty || !r.failures.isEmpty else {
            return section("failures", "Failures", "None: every checked invariant held and every case loaded.", "")
        }
        var out = ""
        for (k, f) in r.invariants.failures.enumerated() { out += card(f, index: k, family: facts.family(of: f)) }
        for f in r.failures {
            out += "<div class=\"failure load\"><h3>failed to load: <code>\(Markup.escape(f.source))</code></h3><pre>\(Markup.escape(f.message))</pre></div>"
        }
        let note = "\(Figures.count(r.invariants.failures.count, "invariant failure")), \(Figures.count(r.failures.count, "case")) that failed to load. "
            + "Pictures: the window (black outline) and every view's frame; blamed views in red, views named by a blamed constraint in orange."
        return section("failures", "Failures", note, out)
    }

    /// One invariant failure: heading, facts beside the wireframe.
    static func card(_ f: InvariantFailure, index: Int, family: String) -> String {
        var facts = "<p>" + Markup.escape(f.detail) + "</p><ul>"
        facts += "<li>case <code>\(Markup.escape(f.caseName))</code> (family \(Markup.escape(family))), source <code>\(Markup.escape(f.source))</code></li>"
        facts += "<li>device <code>\(Markup.escape(f.device))</code>, strategy <code>\(Markup.escape(f.strategy))</code>, direction \(Markup.escape(f.direction))</li>"
        if !f.got.isEmpty || !f.expected.isEmpty {
            facts += "<li>got \(Markup.escape(numbers(f.got))), expected \(Markup.escape(numbers(f.expected)))</li>"
        }
        facts += "</ul><div>replay:</div><pre>\(Markup.escape(f.replay))</pre>"
        var picture = ""
        if let s = f.layout {
            let p = Wireframe.render(s, label: "layout of \(f.caseName) on \(f.device) under \(f.strategy)")
            picture = p.svg
            facts += blamed(s, undrawn: p.undrawn)
        } else {
            facts += "<p class=\"note\">No layout snapshot in the results file for this failure (a file from before snapshots, or a summary of further findings).</p>"
        }
        return "<div class=\"failure\" id=\"failure-\(index)\"><h3><code>\(f.invariant.rawValue)</code> failed: \(Markup.escape(f.caseName)) on \(Markup.escape(f.device)) with \(Markup.escape(f.strategy))</h3>"
            + "<div class=\"body\">\(picture)<div class=\"facts\">\(facts)</div></div></div>\n"
    }

    /// The blamed views with their frames, the blamed constraints, and what could not be drawn.
    static func blamed(_ s: LayoutSnapshot, undrawn: [String]) -> String {
        var out = ""
        if !s.offendingViews.isEmpty {
            out += "<div>offending views:</div><ul>" + s.offendingViews.map { id in
                let frame = s.views.first { $0.id == id }.map { " frame \($0.frame) in \($0.superview ?? "the window")" } ?? ""
                return "<li><code class=\"bad\">\(Markup.escape(id))</code>\(Markup.escape(frame))</li>"
            }.joined() + "</ul>"
        }
        if !s.offendingConstraints.isEmpty {
            out += "<div>offending constraints:</div><ul>" + s.offendingConstraints.map { "<li><code>\(Markup.escape($0))</code></li>" }.joined() + "</ul>"
        }
        if !undrawn.isEmpty {
            out += "<div>not drawn:</div><ul>" + undrawn.prefix(20).map { "<li>\(Markup.escape($0))</li>" }.joined()
                + (undrawn.count > 20 ? "<li>and \(undrawn.count - 20) more</li>" : "") + "</ul>"
        }
        out += "<p class=\"note\">screen \(Figures.fixed(s.screenWidth, 1)) × \(Figures.fixed(s.screenHeight, 1)) points, \(Figures.count(s.views.count, "view")) drawn"
            + (s.omittedViews > 0 ? ", \(s.omittedViews) left out of the snapshot" : "") + "</p>"
        return out
    }

    static func numbers(_ xs: [Double]) -> String { "[" + xs.map { x in x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }.joined(separator: ", ") + "]" }
}
