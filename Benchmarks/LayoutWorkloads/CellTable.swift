import AutoLayout
import LinearConstraints

/// The nested-stack view tree of issue 5's performance section: a table of `cells` cells under
/// `main`, each cell a horizontal stack of an image, a vertical stack of two labels, and a
/// button. Seven views per cell:
///
/// ```
/// cellK                    leading/trailing to main, top at main.top + 80·K (a table's row
/// └ rowK  (H stack)        origins), height from its content; pinned 16/11 inside the cell
///   ├ imageK   40 × 40     fill distribution, center alignment, spacing 12
///   ├ textK   (V stack)    fill distribution, leading alignment, spacing 4
///   │ ├ titleK     w × 21  w = 80 + (37·K mod 160)
///   │ └ subtitleK  w × 16  w = 60 + (53·K mod 200), wider than the room on narrow phones
///   └ buttonK  44 × 30
/// ```
///
/// Cells relate only to `main` (not to each other), as a table view positions its cells from
/// estimated row heights: the solver's work grows linearly with the cell count. The stacks are
/// expanded by the lowering with UIKit's generated constraints (spanner and canvas-fit included).
/// O(cells) to build.
public enum CellTable {
    public static let viewsPerCell = 7

    /// The case of a table of `cells` cells (views opt out of autoresizing masks).
    public static func layoutCase(cells: Int) throws -> LayoutCase {
        var views = [ViewSpec(id: "main")]
        var texts: [String] = []
        views.reserveCapacity(1 + viewsPerCell * cells)
        texts.reserveCapacity(7 * cells)
        for k in 0..<cells {
            views += cellViews(k)
            texts += [
                "cell\(k).leading == main.leading", "cell\(k).trailing == main.trailing",
                "cell\(k).top == main.top + \(80 * k)",
                "row\(k).leading == cell\(k).leading + 16", "cell\(k).trailing == row\(k).trailing + 16",
                "row\(k).top == cell\(k).top + 11", "cell\(k).bottom == row\(k).bottom + 11",
            ]
        }
        var c = LayoutCase(name: "cell-table-\(cells)", root: "main", views: views)
        c.defaults.translatesAutoresizingMask = false
        c.constraints = try texts.map { try ConstraintSpec.parse($0) }
        return c
    }

    /// The validated tree of `layoutCase(cells:)`.
    public static func tree(cells: Int) throws -> ViewTree {
        try layoutCase(cells: cells).validate()
    }

    /// The seven views of cell `k`, superviews first.
    static func cellViews(_ k: Int) -> [ViewSpec] {
        var row = ViewSpec(id: "row\(k)", superview: "cell\(k)")
        row.stack = stack(.horizontal, alignment: .center, spacing: 12, ["image\(k)", "text\(k)", "button\(k)"])
        var text = ViewSpec(id: "text\(k)", superview: "row\(k)")
        text.stack = stack(.vertical, alignment: .leading, spacing: 4, ["title\(k)", "subtitle\(k)"])
        return [
            ViewSpec(id: "cell\(k)", superview: "main"), row,
            sized("image\(k)", in: "row\(k)", 40, 40), text,
            sized("title\(k)", in: "text\(k)", Double(80 + (37 * k) % 160), 21),
            sized("subtitle\(k)", in: "text\(k)", Double(60 + (53 * k) % 200), 16),
            sized("button\(k)", in: "row\(k)", 44, 30),
        ]
    }

    static func stack(_ axis: LayoutAxis, alignment: StackAlignment, spacing: Double, _ arranged: [String]) -> StackSpec {
        var s = StackSpec()
        s.axis = axis
        s.distribution = .fill
        s.alignment = alignment
        s.spacing = .points(spacing)
        s.arranged = arranged
        return s
    }

    static func sized(_ id: String, in superview: String, _ width: Double, _ height: Double) -> ViewSpec {
        var v = ViewSpec(id: id, superview: superview)
        v.intrinsicSize = IntrinsicSize(width: width, height: height)
        return v
    }
}
