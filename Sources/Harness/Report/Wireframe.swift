import AutoLayout
import Foundation

/// The picture of a failure's layout (`LayoutSnapshot`) as inline SVG: the window as a device
/// outline, every view's frame as a rectangle at its window position (frames are in superview
/// coordinates; positions add up the superviews'), nested views drawn over their superviews,
/// the blamed views in red with their ids, and the views named in blamed constraints in orange.
///
/// The picture covers the window and the views around it, but no more than one window size
/// beyond each edge (a view at 1e18 points would shrink everything else to nothing): views
/// further out and views with non-finite frames are listed, not drawn. When a blamed view lies
/// further out, the picture zooms onto the blamed views and their superviews instead.
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
        if let e = expected, let w = wanted {
            let b = box(w)
            out += "<g class=\"expected\">" + SVG.title("\(e.view): the frame compared with, \(e.frame) in its superview")
                + SVG.rect(b.0, b.1, b.2, b.3, fill: "none", stroke: expectedColor, width: 2, extra: " stroke-dasharray=\"5 3\"") + "</g>"
        }
        return Picture(svg: out + "</svg>", drawn: drawn.count, undrawn: undrawn, note: note)
    }

    /// Each view's rectangle in the window (nil, and a line in the second list, when it is not
    /// finite); a negative size (a broken layout) becomes the rectangle it spans.
    static func windowRects(_ s: LayoutSnapshot, _ origins: [(x: Double, y: Double)?]) -> ([LayoutRect?], [String]) {
        var undrawn: [String] = []
        let rects: [LayoutRect?] = s.views.indices.map { i in
            let v = s.views[i]
            guard let o = origins[i], v.frame.width.isFinite, v.frame.height.isFinite else {
                undrawn.append("\(v.id): frame \(v.frame) is not finite (or its superview's is not)")
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
