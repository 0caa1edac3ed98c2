import AutoLayout
import Judging

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
        let ordered = displayOrder(r.invariants.failures)
        for (n, (k, f, first)) in ordered.enumerated() {
            out += card(f, index: k, family: facts.family(of: f), open: first && n < openFailures)
        }
        for f in r.failures {
            out += "<div class=\"failure load\"><h3>failed to load: <code>\(Markup.escape(f.source))</code></h3><pre>\(Markup.escape(f.message))</pre></div>"
        }
        let open = min(openFailures, Set(r.invariants.failures.map { "\($0.invariant.rawValue)\u{1}\($0.caseName)\u{1}\($0.strategy)" }).count)
        let folded = r.invariants.failures.count > open ? "The first of each invariant, case and strategy is open (\(open)); click the others to unfold them. " : ""
        let counted = r.invariants.failures.isEmpty ? "No invariant failed" : facts.failureCountText
        let note = counted + "; \(Figures.count(r.failures.count, "case")) that failed to load. " + folded
            + "Pictures: the window (black outline) and every view's frame; blamed views in red, views named by a blamed constraint in orange, "
            + "dashed green the frame the check compared the blamed view with (the expected one, or the variant's), "
            + "and dashed red a view whose frame is not finite, inside its nearest drawable superview."
        return section("failures", "Failures", note, out)
    }

    /// The failures with their indices, the first of each (invariant, case, strategy) first and
    /// marked (the open cards show one of every kind), then the others; each part in results
    /// order.
    static func displayOrder(_ failures: [InvariantFailure]) -> [(Int, InvariantFailure, Bool)] {
        var seen = Set<String>()
        let all = failures.enumerated().map { k, f in (k, f, seen.insert("\(f.invariant.rawValue)\u{1}\(f.caseName)\u{1}\(f.strategy)").inserted) }
        return all.filter(\.2) + all.filter { !$0.2 }
    }

    /// Most failures shown unfolded (the first of each kind); the rest are folded (`<details>`,
    /// one click each) so a run with hundreds of failures still opens on what matters.
    static var openFailures: Int { 8 }

    /// One invariant failure: heading, facts beside the wireframe; folded unless `open`.
    static func card(_ f: InvariantFailure, index: Int, family: String, open: Bool) -> String {
        var facts = "<p>" + Markup.escape(f.detail) + "</p><ul>"
        facts += "<li>case <code>\(Markup.escape(f.caseName))</code> (family \(Markup.escape(family))), source <code>\(Markup.escape(f.source))</code></li>"
        facts += "<li>device <code>\(Markup.escape(f.device))</code>, strategy <code>\(Markup.escape(f.strategy))</code>, direction \(Markup.escape(f.direction))</li>"
        if !f.got.isEmpty || !f.expected.isEmpty {
            facts += "<li>got \(Markup.escape(numbers(f.got))), expected \(Markup.escape(numbers(f.expected)))</li>"
        }
        facts += "</ul><div>replay:</div><pre>\(Markup.escape(f.replay))</pre>"
        var picture = ""
        if let s = f.layout {
            let p = Wireframe.render(s, label: "layout of \(f.caseName) on \(f.device) under \(f.strategy)", expected: expectedFrame(f))
            picture = p.svg
            facts += blamed(s, p)
        } else {
            facts += "<p class=\"note\">No layout snapshot in the results file for this failure (a file from before snapshots, or a summary of further findings).</p>"
        }
        let title = "<code>\(f.invariant.rawValue)</code> failed: \(Markup.escape(f.caseName)) on \(Markup.escape(f.device)) with \(Markup.escape(f.strategy))"
        let content = "<div class=\"body\">\(picture)<div class=\"facts\">\(facts)</div></div>"
        if open { return "<div class=\"failure\" id=\"failure-\(index)\"><h3>\(title)</h3>\(content)</div>\n" }
        return "<details class=\"failure\" id=\"failure-\(index)\"><summary>\(title)</summary>\(content)</details>\n"
    }

    /// The blamed views with their frames, the blamed constraints, and what could not be drawn.
    static func blamed(_ s: LayoutSnapshot, _ p: Wireframe.Picture) -> String {
        let undrawn = p.undrawn
        var out = ""
        if !s.offendingViews.isEmpty {
            out += "<div>offending views:</div><ul>" + s.offendingViews.map { id in
                let frame = s.views.first { $0.id == id }.map { v in
                    " frame \(v.frame.components.allSatisfy(\.isFinite) ? "\(v.frame)" : Wireframe.frameText(v.frame)) in \(v.superview ?? "the window")"
                } ?? ""
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
        out += "<p class=\"note\">window \(Figures.fixed(s.screenWidth, 1)) × \(Figures.fixed(s.screenHeight, 1)) points; \(p.drawn) of \(Figures.count(s.views.count, "view")) drawn"
            + (p.marked > 0 ? ", \(p.marked) not finite (dashed red stand-ins)" : "")
            + (s.omittedViews > 0 ? ", \(s.omittedViews) more left out of the snapshot" : "") + (p.note.map { "; " + $0 } ?? "") + "</p>"
        return out
    }

    /// The frame the check compared the one blamed view with, for invariants whose numbers are
    /// a frame in superview coordinates (got and expected, four numbers each): the expected one,
    /// or the got one when the expected frame is the layout drawn (the metamorphic variants
    /// compare a variant's layout, `got`, with the case's own); nil otherwise.
    static func expectedFrame(_ f: InvariantFailure) -> (view: String, frame: LayoutRect)? {
        let superviewFrames: Set<Invariant> = [.strategiesAgree, .incrementalEqualsFresh, .translateRoot, .permuteConstraints, .duplicateRequired, .expectations]
        guard superviewFrames.contains(f.invariant), f.expected.count == 4, f.got.count == 4, let s = f.layout, s.offendingViews.count == 1,
              let drawn = s.views.first(where: { $0.id == s.offendingViews[0] }) else { return nil }
        let other = drawn.frame.components == f.expected ? f.got : f.expected
        return (drawn.id, LayoutRect(x: other[0], y: other[1], width: other[2], height: other[3]))
    }

    static func numbers(_ xs: [Double]) -> String { "[" + xs.map { x in x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }.joined(separator: ", ") + "]" }
}
