import AutoLayout
import Foundation

/// The picture of a failure's layout (`LayoutSnapshot`) as inline SVG: the window as a device
/// outline, every view's frame as a rectangle at its window position (frames are in superview
/// coordinates; positions add up the superviews'), nested views drawn over their superviews,
/// the blamed views in red with their ids, and the views named in blamed constraints in orange.
///
/// The picture covers the window and the views around it, but no more than one window size
/// beyond each edge (a view at 1e18 points would shrink everything else to nothing): views
/// further out and views with non-finite frames are listed, not drawn.
enum Wireframe {
    static let failure = "#d62728"
    static let named = "#e07b00"

    /// How a view is drawn.
    enum Role { case plain, blamed, named }

    struct Picture {
        var svg: String
        /// Views that could not be drawn, with why.
        var undrawn: [String]
    }

    static func render(_ s: LayoutSnapshot, label: String) -> Picture {
        let origins = windowOrigins(s)
        let roles = self.roles(s)
        let screen = LayoutRect(x: 0, y: 0, width: max(1, s.screenWidth.isFinite ? s.screenWidth : 1), height: max(1, s.screenHeight.isFinite ? s.screenHeight : 1))
        var region = screen
        var undrawn: [String] = []
        var drawable: [(Int, LayoutRect)] = []
        let limit = LayoutRect(x: -screen.width, y: -screen.height, width: 3 * screen.width, height: 3 * screen.height)
        for (i, v) in s.views.enumerated() {
            guard let o = origins[i], v.frame.width.isFinite, v.frame.height.isFinite else {
                undrawn.append("\(v.id): frame \(v.frame) is not finite (or its superview's is not)")
                continue
            }
            // A negative size (a broken layout) is drawn as the rectangle it spans.
            let r = LayoutRect(x: o.x + min(0, v.frame.width), y: o.y + min(0, v.frame.height), width: abs(v.frame.width), height: abs(v.frame.height))
            guard r.x >= limit.x, r.y >= limit.y, r.x + r.width <= limit.x + limit.width, r.y + r.height <= limit.y + limit.height else {
                undrawn.append("\(v.id): at \(r) in the window, too far outside the picture")
                continue
            }
            region = union(region, r)
            drawable.append((i, r))
        }
        let scale = min(380 / region.width, 520 / region.height)
        let margin = 12.0
        let width = region.width * scale + 2 * margin, height = region.height * scale + 2 * margin
        func box(_ r: LayoutRect) -> (Double, Double, Double, Double) {
            (margin + (r.x - region.x) * scale, margin + (r.y - region.y) * scale, max(0.5, r.width * scale), max(0.5, r.height * scale))
        }
        var out = SVG.open(width, height, label: label, cssClass: "wireframe")
        let d = box(screen)
        out += SVG.rect(d.0 - 3, d.1 - 3, d.2 + 6, d.3 + 6, fill: "#fafafa", stroke: "#222", width: 2, extra: " rx=\"6\"")
        let ordered = drawable.filter { roles[$0.0] == .plain } + drawable.filter { roles[$0.0] == .named } + drawable.filter { roles[$0.0] == .blamed }
        for (i, r) in ordered { out += view(s.views[i], box(r), roles[i], s.views[i].frame) }
        return Picture(svg: out + "</svg>", undrawn: undrawn)
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
