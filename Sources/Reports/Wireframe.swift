import AutoLayout
import Foundation
import Judging

/// The picture of a failure's layout (`LayoutSnapshot`) as inline SVG: the window as a device
/// outline, every view's frame as a rectangle at its window position (frames are in superview
/// coordinates; positions add up the superviews'), nested views drawn over their superviews,
/// the blamed views in red with their ids, and the views named in blamed constraints in orange.
///
/// The picture covers the window and the views around it, but no more than one window size
/// beyond each edge (a view at 1e18 points would shrink everything else to nothing): views
/// further out are listed, not drawn. When a blamed view lies further out, the picture zooms
/// onto the blamed views and their superviews instead. A view whose frame is not finite (NaN,
/// infinite, or under a superview whose frame is not) has no place to draw: it is marked by a
/// dashed red stand-in inside its nearest drawable superview (the window when none is), labelled
/// with the view's id and what is not finite (`wide: width inf`), and listed, so a
/// `finite-frames` failure shows which views broke and where they hang.
enum Wireframe {
    static let failure = "#d62728"
    static let named = "#e07b00"

    /// How a view is drawn.
    enum Role { case plain, blamed, named }

    struct Picture {
        var svg: String
        /// Views drawn, and views that could not be drawn with why.
        var drawn: Int
        var undrawn: [String]
        /// Set when the picture is zoomed onto the blamed views (they lie far outside the window).
        var note: String?
        /// Views with a non-finite frame, marked by a stand-in (`standIns`).
        var marked = 0
    }

    /// The picture of `s`; `expected`, when given, is drawn as a dashed green outline: the frame
    /// the check compared that view with (in its superview's coordinates). O(views × depth).
    static func render(_ s: LayoutSnapshot, label: String, expected: (view: String, frame: LayoutRect)? = nil) -> Picture {
        let origins = windowOrigins(s)
        let roles = self.roles(s)
        let screen = LayoutRect(x: 0, y: 0, width: positive(s.screenWidth), height: positive(s.screenHeight))
        let (rects, found) = windowRects(s, origins)
        var undrawn = found
        let wanted = expected.flatMap { wantedRect(s, origins, $0) }
        let (region, note) = pictureRegion(screen, rects, roles, wanted)
        let scale = min(380 / positive(region.width), 520 / positive(region.height))
        let margin = 12.0
        func box(_ r: LayoutRect) -> (Double, Double, Double, Double) {
            (margin + (r.x - region.x) * scale, margin + (r.y - region.y) * scale, max(0.5, r.width * scale), max(0.5, r.height * scale))
        }
        var out = SVG.open(region.width * scale + 2 * margin, region.height * scale + 2 * margin, label: label, cssClass: "wireframe")
        if intersects(screen, region) {
            let d = box(screen)
            out += SVG.rect(d.0 - 3, d.1 - 3, d.2 + 6, d.3 + 6, fill: "#fafafa", stroke: "#222", width: 2, extra: " rx=\"6\"")
        }
        var drawn: [Int] = []
        for i in s.views.indices {
            guard let r = rects[i] else { continue }
            if note == nil && !contains(limit(screen), r) {
                undrawn.append("\(s.views[i].id): at \(r) in the window, too far outside the picture")
            } else if intersects(r, region) {
                drawn.append(i)
            }
        }
        let ordered = drawn.filter { roles[$0] == .plain } + drawn.filter { roles[$0] == .named } + drawn.filter { roles[$0] == .blamed }
        for i in ordered { out += view(s.views[i], box(rects[i]!), roles[i], s.views[i].frame) }
        let marked = standIns(s, rects, screen)
        for (n, m) in marked.enumerated() { out += nonFinite(s.views[m.view], box(m.rect), blamed: roles[m.view] == .blamed, anchor: m.anchor, line: n) }
        if let e = expected, let w = wanted {
            let b = box(w)
            out += "<g class=\"expected\">" + SVG.title("\(e.view): the frame compared with, \(e.frame) in its superview")
                + SVG.rect(b.0, b.1, b.2, b.3, fill: "none", stroke: expectedColor, width: 2, extra: " stroke-dasharray=\"5 3\"") + "</g>"
        }
        return Picture(svg: out + "</svg>", drawn: drawn.count, undrawn: undrawn, note: note, marked: marked.count)
    }

    /// A view with a non-finite frame and where it is marked: inside the window rectangle of
    /// `anchor`, its nearest superview with a finite one (nil: the window).
    struct StandIn {
        var view: Int
        var anchor: String?
        var rect: LayoutRect
    }

    /// Stand-ins for the views `rects` could not place, in view order: the finite parts of the
    /// frame inside the anchor when the anchor is the view's own superview, the anchor's whole
    /// rectangle for the rest, and never outside the anchor. O(views × depth).
    static func standIns(_ s: LayoutSnapshot, _ rects: [LayoutRect?], _ screen: LayoutRect) -> [StandIn] {
        var index: [String: Int] = [:]   // lookup only
        for (i, v) in s.views.enumerated() where index[v.id] == nil { index[v.id] = i }
        return s.views.indices.compactMap { i -> StandIn? in
            guard rects[i] == nil else { return nil }
            var anchor: Int?
            var next = s.views[i].superview.flatMap { index[$0] }
            for _ in 0..<s.views.count {
                guard let j = next else { break }
                if rects[j] != nil { anchor = j; break }
                next = s.views[j].superview.flatMap { index[$0] }
            }
            let outer = anchor.flatMap { rects[$0] } ?? screen
            let own = anchor != nil && s.views[i].superview == s.views[anchor!].id
            let f = s.views[i].frame
            func part(_ x: Double) -> Double? { own && x.isFinite ? x : nil }
            let width = min(outer.width, part(f.width).map(abs) ?? outer.width)
            let height = min(outer.height, part(f.height).map(abs) ?? outer.height)
            let x = min(max(outer.x + (part(f.x) ?? 0), outer.x), outer.x + outer.width - width)
            let y = min(max(outer.y + (part(f.y) ?? 0), outer.y), outer.y + outer.height - height)
            return StandIn(view: i, anchor: anchor.map { s.views[$0].id }, rect: LayoutRect(x: x, y: y, width: width, height: height))
        }
    }

    /// `[x, y, width, height]` with `inf`, `-inf` and `nan` spelled out (a frame's JSON text
    /// writes them as null).
    static func frameText(_ frame: LayoutRect) -> String {
        "[" + frame.components.map { $0.isFinite ? Figures.fixed($0, $0 == $0.rounded() ? 0 : 2) : "\($0)" }.joined(separator: ", ") + "]"
    }

    /// What is not finite in `frame`: `width inf`, `x nan, y nan`, or `its superview's frame`.
    static func nonFiniteParts(_ frame: LayoutRect) -> String {
        let parts = zip(["x", "y", "width", "height"], frame.components).filter { !$0.1.isFinite }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "its superview's frame" : parts.joined(separator: ", ")
    }

    /// A non-finite view's stand-in: a dashed red box, bold when the view is blamed, and a label
    /// on line `line` of the picture's labels, so stand-ins at one place stay readable.
    static func nonFinite(_ v: LayoutSnapshot.View, _ b: (Double, Double, Double, Double), blamed: Bool, anchor: String?, line: Int) -> String {
        let what = nonFiniteParts(v.frame)
        let cls = blamed ? "offending non-finite" : "non-finite"
        var out = "<g class=\"\(cls)\" data-view=\"\(Markup.escape(v.id))\">"
        out += SVG.title("\(v.id): frame \(frameText(v.frame)) in \(v.superview ?? "the window") is not finite (\(what)); marked inside \(anchor ?? "the window")")
        out += SVG.rect(b.0, b.1, b.2, b.3, fill: failure, stroke: failure, width: blamed ? 2.5 : 1.5,
                        extra: " fill-opacity=\"0.06\" stroke-dasharray=\"6 3\"")
        out += SVG.text(b.0 + 3, b.1 + 12 + 13 * Double(line % 8), "\(v.id): \(what)", size: 11, fill: failure, extra: blamed ? " font-weight=\"bold\"" : "")
        return out + "</g>"
    }

    /// Each view's rectangle in the window (nil, and a line in the second list, when it is not
    /// finite); a negative size (a broken layout) becomes the rectangle it spans.
    static func windowRects(_ s: LayoutSnapshot, _ origins: [(x: Double, y: Double)?]) -> ([LayoutRect?], [String]) {
        var undrawn: [String] = []
        let rects: [LayoutRect?] = s.views.indices.map { i in
            let v = s.views[i]
            guard let o = origins[i], v.frame.width.isFinite, v.frame.height.isFinite else {
                undrawn.append("\(v.id): frame \(frameText(v.frame)) is not finite (\(nonFiniteParts(v.frame))): marked by a dashed stand-in")
                return nil
            }
            return LayoutRect(x: o.x + min(0, v.frame.width), y: o.y + min(0, v.frame.height), width: abs(v.frame.width), height: abs(v.frame.height))
        }
        return (rects, undrawn)
    }

    /// Where the expected frame of a view (in its superview) lies in the window.
    static func wantedRect(_ s: LayoutSnapshot, _ origins: [(x: Double, y: Double)?], _ e: (view: String, frame: LayoutRect)) -> LayoutRect? {
        guard let i = s.views.firstIndex(where: { $0.id == e.view }), let sup = s.views[i].superview,
              let j = s.views.firstIndex(where: { $0.id == sup }), let o = origins[j], e.frame.components.allSatisfy(\.isFinite) else { return nil }
        return LayoutRect(x: o.x + min(0, e.frame.width) + e.frame.x, y: o.y + min(0, e.frame.height) + e.frame.y,
                          width: abs(e.frame.width), height: abs(e.frame.height))
    }

    /// Views drawn in the normal picture lie within one window size of the window.
    static func limit(_ screen: LayoutRect) -> LayoutRect {
        LayoutRect(x: -screen.width, y: -screen.height, width: 3 * screen.width, height: 3 * screen.height)
    }

    /// The part of the window plane the picture shows: the window and every view within
    /// `limit`, or, when a blamed view lies beyond it, the blamed views alone (with a note).
    /// Neither side is under a third of the other, so a sliver (a zero-width view a billion
    /// points high) still reads as a shape.
    static func pictureRegion(_ screen: LayoutRect, _ rects: [LayoutRect?], _ roles: [Role], _ wanted: LayoutRect?) -> (LayoutRect, String?) {
        let bounds = limit(screen)
        let blamedFar = rects.indices.compactMap { i in roles[i] == .blamed ? rects[i].flatMap { contains(bounds, $0) ? nil : $0 } : nil }
        var region = screen
        var note: String?
        if blamedFar.isEmpty {
            for r in rects.compactMap({ $0 }) + [wanted].compactMap({ $0 }) where contains(bounds, r) { region = union(region, r) }
        } else {
            region = (blamedFar.dropFirst() + [wanted].compactMap { $0 }).reduce(blamedFar[0], union)
            note = "zoomed onto the offending views, which lie far outside the \(Figures.fixed(screen.width, 0)) × \(Figures.fixed(screen.height, 0)) window"
        }
        if region.width < region.height / 3 { region = LayoutRect(x: region.x - (region.height / 3 - region.width) / 2, y: region.y, width: region.height / 3, height: region.height) }
        if region.height < region.width / 3 { region = LayoutRect(x: region.x, y: region.y - (region.width / 3 - region.height) / 2, width: region.width, height: region.width / 3) }
        return (region, note)
    }

    static let expectedColor = "#2a9d4b"

    static func positive(_ x: Double) -> Double { x.isFinite && x > 0 ? x : 1 }

    static func contains(_ outer: LayoutRect, _ r: LayoutRect) -> Bool {
        r.x >= outer.x && r.y >= outer.y && r.x + r.width <= outer.x + outer.width && r.y + r.height <= outer.y + outer.height
    }

    static func intersects(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
    }

    static func view(_ v: LayoutSnapshot.View, _ b: (Double, Double, Double, Double), _ role: Role, _ frame: LayoutRect) -> String {
        let (stroke, fill, width): (String, String, Double) = switch role {
        case .plain: ("#7a8899", "none", 1)
        case .blamed: (failure, failure, 2.5)
        case .named: (named, named, 2)
        }
        let cls = role == .blamed ? " class=\"offending\"" : ""
        var out = "<g\(cls) data-view=\"\(Markup.escape(v.id))\">" + SVG.title("\(v.id): \(frame) in \(v.superview ?? "the window")")
        out += SVG.rect(b.0, b.1, b.2, b.3, fill: fill, stroke: stroke, width: width, extra: role == .plain ? "" : " fill-opacity=\"0.14\"")
        if role != .plain {
            out += SVG.text(b.0 + 3, b.1 + 12, v.id, size: 11, fill: stroke, extra: " font-weight=\"bold\"")
        }
        return out + "</g>"
    }

    /// Each view's origin in the window: its frame's origin plus its superview's window origin
    /// (nil when a component on the way is not finite or a superview is missing from the
    /// snapshot). O(views × depth).
    static func windowOrigins(_ s: LayoutSnapshot) -> [(x: Double, y: Double)?] {
        var index: [String: Int] = [:]   // lookup only
        for (i, v) in s.views.enumerated() where index[v.id] == nil { index[v.id] = i }
        func origin(_ i: Int, _ depth: Int) -> (x: Double, y: Double)? {
            let v = s.views[i]
            guard v.frame.x.isFinite, v.frame.y.isFinite, depth < s.views.count else { return nil }
            guard let sup = v.superview else { return (v.frame.x, v.frame.y) }
            guard let j = index[sup], let o = origin(j, depth + 1) else { return nil }
            return (o.x + v.frame.x, o.y + v.frame.y)
        }
        return s.views.indices.map { origin($0, 0) }
    }

    /// Blamed views; views whose id appears as a word in a blamed constraint; the rest.
    static func roles(_ s: LayoutSnapshot) -> [Role] {
        let blamed = Set(s.offendingViews)
        let words = Set(s.offendingConstraints.flatMap { c in
            c.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }.map(String.init)
        })
        return s.views.map { blamed.contains($0.id) ? .blamed : (words.contains($0.id) ? .named : .plain) }
    }

    static func union(_ a: LayoutRect, _ b: LayoutRect) -> LayoutRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        let x1 = max(a.x + a.width, b.x + b.width), y1 = max(a.y + a.height, b.y + b.height)
        return LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
