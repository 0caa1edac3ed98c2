import AutoLayout
import LinearConstraints

/// The layout an invariant failure was found on, kept so a report can draw it: the window's
/// size, every view's id, superview and snapped frame (in superview coordinates, as the failing
/// strategy laid it out on the failing device), and what the check blamed (views by id,
/// constraints by description).
///
/// At most `viewLimit` views are kept, so a results file with many failures on big cases stays
/// small: the blamed views and their ancestors first, then the others in case order; the views
/// kept are listed in case order (a superview before its subviews) and `omittedViews` counts the
/// rest.
public struct LayoutSnapshot: Hashable, Sendable {
    /// The window's size in points (the root's frame size: the screen or the split pane).
    public var screenWidth: Double
    public var screenHeight: Double
    public var views: [View]
    /// Views of the layout left out by the cap.
    public var omittedViews: Int
    /// Ids of the views the check blamed (possibly none).
    public var offendingViews: [String]
    /// Descriptions of the constraints the check blamed (possibly none).
    public var offendingConstraints: [String]

    /// One view: its id, its superview's id (nil for the root) and its frame in its superview.
    public struct View: Hashable, Sendable {
        public var id: String
        public var superview: String?
        public var frame: LayoutRect
        public init(id: String, superview: String?, frame: LayoutRect) {
            self.id = id
            self.superview = superview
            self.frame = frame
        }
    }

    /// Most views kept per snapshot.
    public static var viewLimit: Int { 400 }

    public init(screenWidth: Double, screenHeight: Double, views: [View], omittedViews: Int = 0,
                offendingViews: [String] = [], offendingConstraints: [String] = []) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.views = views
        self.omittedViews = omittedViews
        self.offendingViews = offendingViews
        self.offendingConstraints = offendingConstraints
    }

    /// The snapshot of `result` (a layout of `tree` on a window of `screen`), blaming `views` and
    /// `constraints`. O(views × depth).
    public init(_ result: LayoutResult, tree: ViewTree, screen: PointSize, views blamed: [String], constraints: [String], limit: Int = viewLimit) {
        let count = min(tree.views.count, result.frames.count)
        var keep = [Bool](repeating: false, count: count)
        var kept = 0
        func include(_ i: Int) {
            var k: Int? = i
            while let j = k, j < count, !keep[j], kept < limit {
                keep[j] = true
                kept += 1
                k = tree.views[j].superview?.rawValue
            }
        }
        for id in blamed { if let i = (0..<count).first(where: { tree.views[$0].id == id }) { include(i) } }
        for i in 0..<count where kept < limit { include(i) }
        let views = (0..<count).filter { keep[$0] }.map { i in
            View(id: tree.views[i].id, superview: tree.views[i].superview.map { tree.views[$0.rawValue].id }, frame: result.frames[i].frame)
        }
        self.init(screenWidth: screen.width, screenHeight: screen.height, views: views, omittedViews: tree.views.count - views.count,
                  offendingViews: blamed, offendingConstraints: constraints)
    }
}

extension LayoutSnapshot {
    /// The snapshot as a results-file object: screen [width, height], views [{id, superview,
    /// frame [x, y, width, height]}], omittedViews, offendingViews, offendingConstraints
    /// (non-finite numbers as strings, like the failure's own numbers).
    public var json: JSONValue {
        .object([
            ("screen", .array([InvariantFailure.number(screenWidth), InvariantFailure.number(screenHeight)])),
            ("views", .array(views.map { v in
                .object([("id", .string(v.id)), ("superview", v.superview.map(JSONValue.string) ?? .null),
                         ("frame", .array(v.frame.components.map(InvariantFailure.number)))])
            })),
            ("omittedViews", .number(Double(omittedViews))),
            ("offendingViews", .array(offendingViews.map(JSONValue.string))),
            ("offendingConstraints", .array(offendingConstraints.map(JSONValue.string))),
        ])
    }

    /// Reads what `json` writes.
    /// - Throws: `InvariantFailureDecodingError` naming the key (`layout.views[3].frame`).
    public init(json: JSONValue) throws(InvariantFailureDecodingError) {
        func fail(_ key: String) -> InvariantFailureDecodingError { InvariantFailureDecodingError(key: "layout." + key) }
        func strings(_ key: String) throws(InvariantFailureDecodingError) -> [String] {
            guard case .array(let items)? = json[key] else { throw fail(key) }
            return try items.map { x throws(InvariantFailureDecodingError) in
                guard case .string(let s) = x else { throw fail(key) }
                return s
            }
        }
        guard case .array(let screenItems)? = json["screen"], let screen = InvariantFailure.numbers(screenItems), screen.count == 2 else { throw fail("screen") }
        guard case .array(let viewItems)? = json["views"] else { throw fail("views") }
        var views: [View] = []
        for (k, v) in viewItems.enumerated() {
            guard case .string(let id)? = v["id"] else { throw fail("views[\(k)].id") }
            let superview: String?
            switch v["superview"] {
            case .string(let s)?: superview = s
            case .null?, nil: superview = nil
            default: throw fail("views[\(k)].superview")
            }
            guard case .array(let f)? = v["frame"], let c = InvariantFailure.numbers(f), c.count == 4 else { throw fail("views[\(k)].frame") }
            views.append(View(id: id, superview: superview, frame: LayoutRect(x: c[0], y: c[1], width: c[2], height: c[3])))
        }
        guard case .number(let omitted)? = json["omittedViews"], let omittedCount = Int(exactly: omitted) else { throw fail("omittedViews") }
        self.init(screenWidth: screen[0], screenHeight: screen[1], views: views, omittedViews: omittedCount,
                  offendingViews: try strings("offendingViews"), offendingConstraints: try strings("offendingConstraints"))
    }
}
