import LinearConstraints

@testable import AutoLayout

/// View trees and helpers for the visual format tests: flat trees of named subviews of `main`,
/// and the constraints of a format in the case's string notation.
enum VFLTestTrees {
    /// `main` with `names` as its subviews, a custom guide `spacer` on `main`, and `inner` inside
    /// `box` (a view whose superview is not the root).
    static func tree(_ names: [String]) throws -> ViewTree {
        var main = ViewSpec(id: "main")
        main.guides = ["spacer"]
        var views = [main] + names.map { ViewSpec(id: $0, superview: "main") }
        if !names.contains("box") { views.append(ViewSpec(id: "box", superview: "main")) }
        views.append(ViewSpec(id: "inner", superview: "box"))
        return try LayoutCase(name: "vfl", root: "main", views: views).validate()
    }

    /// The constraints of `format` as strings (`b.leading == a.trailing + 8`).
    static func strings(
        _ format: String, _ names: [String], metrics: [FormatSpec.Metric] = [], options: [FormatOption] = []
    ) throws -> [String] {
        let specs = try FormatSpec(format: format, metrics: metrics, options: options).constraints(in: try tree(names))
        return specs.map { $0.stringForm ?? "<no string form>" }
    }

    /// The error `format` gives, or nil when it gives none.
    static func error(
        _ format: String, _ names: [String], metrics: [FormatSpec.Metric] = [], options: [FormatOption] = []
    ) throws -> VisualFormatError? {
        let t = try tree(names)
        do {
            _ = try FormatSpec(format: format, metrics: metrics, options: options).constraints(in: t)
            return nil
        } catch {
            return error
        }
    }
}
