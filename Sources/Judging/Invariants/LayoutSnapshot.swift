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

/// A snapshot in a results file: screen [width, height], views [{id, superview, frame [x, y,
/// width, height]}], omittedViews, offendingViews, offendingConstraints (non-finite numbers as
/// strings, like the failure's own numbers).
extension LayoutSnapshot: Codable {
    enum CodingKeys: String, CodingKey { case screen, views, omittedViews, offendingViews, offendingConstraints }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode([screenWidth, screenHeight].map(JudgedNumber.init), forKey: .screen)
        try c.encode(views, forKey: .views)
        try c.encode(omittedViews, forKey: .omittedViews)
        try c.encode(offendingViews, forKey: .offendingViews)
        try c.encode(offendingConstraints, forKey: .offendingConstraints)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let screen = try c.decode([JudgedNumber].self, forKey: .screen)
        guard screen.count == 2 else { throw c.error(at: .screen, "expected [width, height], found \(screen.count) numbers") }
        self.init(screenWidth: screen[0].value, screenHeight: screen[1].value, views: try c.decode([View].self, forKey: .views),
                  omittedViews: try c.decode(Int.self, forKey: .omittedViews),
                  offendingViews: try c.decode([String].self, forKey: .offendingViews),
                  offendingConstraints: try c.decode([String].self, forKey: .offendingConstraints))
    }
}

extension LayoutSnapshot.View: Codable {
    enum CodingKeys: String, CodingKey { case id, superview, frame }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(superview, forKey: .superview)
        try c.encode(frame.components.map(JudgedNumber.init), forKey: .frame)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let f = try c.decode([JudgedNumber].self, forKey: .frame).map(\.value)
        guard f.count == 4 else { throw c.error(at: .frame, "expected [x, y, width, height], found \(f.count) numbers") }
        self.init(id: try c.decode(String.self, forKey: .id), superview: try c.decodeIfPresent(String.self, forKey: .superview),
                  frame: LayoutRect(x: f[0], y: f[1], width: f[2], height: f[3]))
    }
}
