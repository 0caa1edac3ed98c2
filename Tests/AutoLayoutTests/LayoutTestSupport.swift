import Cassowary
import LinearConstraints
import Testing

@testable import AutoLayout

/// Building and laying out small cases in tests.
enum LayoutTestSupport {
    /// A case from views and constraint strings; views opt out of autoresizing unless they say.
    static func tree(_ views: [ViewSpec], _ constraints: [String], direction: LayoutDirection? = nil) throws -> ViewTree {
        var c = LayoutCase(name: "test", root: views[0].id, views: views)
        c.defaults.translatesAutoresizingMask = false
        c.constraints = try constraints.map { try ConstraintSpec.parse($0) }
        c.layoutDirection = direction
        return try c.validate()
    }

    static func view(_ id: String, in superview: String? = nil, _ configure: (inout ViewSpec) -> Void = { _ in }) -> ViewSpec {
        var v = ViewSpec(id: id, superview: superview)
        configure(&v)
        return v
    }

    static func device(_ id: String) throws -> DeviceConfiguration { try DeviceSpec.configuration(id) }

    static func layout(_ tree: ViewTree, _ device: String = "iphone-8", direction: LayoutDirection? = nil) throws -> LayoutResult {
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver(), direction: direction)
        return try engine.layout(on: try self.device(device))
    }

    /// The unsnapped frame of `view` relative to its superview.
    static func relativeFrame(_ r: LayoutResult, _ tree: ViewTree, _ view: String) -> LayoutRect {
        let v = tree.view(id: view)!
        let f = r.windowFrames[v.rawValue]
        guard let s = tree[v].superview else { return f }
        let o = r.windowFrames[s.rawValue]
        return LayoutRect(x: f.x - o.x, y: f.y - o.y, width: f.width, height: f.height)
    }

    static func close(_ a: LayoutRect, _ b: LayoutRect, _ tolerance: Double = 1e-6) -> Bool {
        zip(a.components, b.components).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
