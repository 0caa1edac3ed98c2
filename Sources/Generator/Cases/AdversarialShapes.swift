import AutoLayout
import LinearConstraints

/// Adversarial shapes built from plain constraints; each is fully determined (recorded in
/// `expect`) unless its summary says otherwise. O(views) each.
enum AdversarialShapes {
    /// A row (or column) of `n` views between the root's margins, gap `gap`; `equal` ties each
    /// width to its predecessor's (required), else each has a fixed width and the last takes the rest.
    static func chain(_ r: GenerationRequest) -> LayoutCase {
        let n = r.size, equal = r.family == "equal-chain", vertical = r["vertical"] != 0, gap = r["gap"]
        var b = CaseBuilder(capacity: n + 1)
        let (lead, trail, dim): (LayoutAttribute, LayoutAttribute, LayoutAttribute) = vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
        let (cLead, cDim): (LayoutAttribute, LayoutAttribute) = vertical ? (.leading, .width) : (.top, .height)
        var rng = SeededRandom(seed: r.seed)
        for i in 0..<n {
            let v = b.view("v\(i)", in: "main")
            b.add(a(v, lead), .equal, i == 0 ? g("main", .margins, lead) : a("v\(i - 1)", trail), i == 0 ? 0 : gap)
            if i == n - 1 {
                b.add(a(v, trail), .equal, g("main", .margins, trail))
            } else if equal {
                if i > 0 { b.add(a(v, dim), .equal, a("v\(i - 1)", dim)) }
            } else {
                b.size(a(v, dim), .equal, rng.stepped(0.5...4, step: 0.5))
            }
            if equal, i == n - 1, n > 1 { b.add(a(v, dim), .equal, a("v\(i - 1)", dim)) }
            b.add(a(v, cLead), .equal, g("main", .safeArea, cLead), 8)
            b.size(a(v, cDim), .equal, 20)
        }
        b.expectDetermined()
        return b.finish(r, "\(equal ? "equal-size " : "")\(vertical ? "vertical" : "horizontal") chain of \(n) views")
    }

    /// A grid of ⌈√n⌉ columns whose cells are all the same size: widths tied to the left
    /// neighbour (first column: the cell above), heights to the cell above (first row: the left
    /// neighbour); only the first row and column reach the root's far edges.
    static func equalGrid(_ r: GenerationRequest) -> LayoutCase {
        let n = r.size, gap = r["gap"]
        let c = PeerWorkload.ceilingSquareRoot(n)
        let rows = (n + c - 1) / c
        var b = CaseBuilder(capacity: n + 1)
        for i in 0..<n {
            let v = b.view("v\(i)", in: "main")
            let col = i % c, row = i / c
            b.add(a(v, .leading), .equal, col == 0 ? g("main", .safeArea, .leading) : a("v\(i - 1)", .trailing), gap)
            b.add(a(v, .top), .equal, row == 0 ? g("main", .safeArea, .top) : a("v\(i - c)", .bottom), gap)
            if row == 0, col == c - 1 { b.add(a(v, .trailing), .equal, g("main", .safeArea, .trailing), -gap) }
            if col == 0, row == rows - 1 { b.add(a(v, .bottom), .equal, g("main", .safeArea, .bottom), -gap) }
            if col > 0 { b.add(a(v, .width), .equal, a("v\(i - 1)", .width)) } else if row > 0 { b.add(a(v, .width), .equal, a("v\(i - c)", .width)) }
            if row > 0 { b.add(a(v, .height), .equal, a("v\(i - c)", .height)) } else if col > 0 { b.add(a(v, .height), .equal, a("v\(i - 1)", .height)) }
        }
        b.expectDetermined()
        return b.finish(r, "equal-size grid of \(n) cells in \(c) columns")
    }

    /// `n` views each inside the previous: edges pinned to the parent with a small inset, or
    /// centred with the parent's size minus twice the inset.
    static func deepNesting(_ r: GenerationRequest) -> LayoutCase {
        let n = r.size, inset = r["inset"]
        var b = CaseBuilder(capacity: n + 1)
        var rng = SeededRandom(seed: r.seed)
        var parent = "main"
        for i in 1..<max(n, 2) {
            let v = b.view("v\(i)", in: parent)
            if rng.chance(0.5) {
                b.pinEdges(v, to: ItemReference(parent), inset: inset)
            } else {
                b.add(a(v, .centerX), .equal, a(parent, .centerX))
                b.add(a(v, .centerY), .equal, a(parent, .centerY))
                b.add(a(v, .width), .equal, a(parent, .width), -2 * inset)
                b.add(a(v, .height), .equal, a(parent, .height), -2 * inset)
            }
            parent = v
        }
        b.expectDetermined()
        return b.finish(r, "\(n) views nested one inside the next")
    }

    /// `n` subviews of the root, each placed against the root or, with probability `linked`,
    /// against its previous sibling (long dependency chains across a very wide level).
    static func wideSiblings(_ r: GenerationRequest) -> LayoutCase {
        let n = r.size, linked = r["linked"]
        var b = CaseBuilder(capacity: n + 1)
        var rng = SeededRandom(seed: r.seed)
        for i in 1..<max(n, 2) {
            let v = b.view("v\(i)", in: "main")
            let prev = "v\(i - 1)"
            if i > 1, rng.chance(linked) {
                b.add(a(v, .leading), .equal, a(prev, .leading), rng.stepped(-4...4, step: 1))
                b.add(a(v, .top), .equal, a(prev, .bottom), rng.stepped(0...4, step: 1))
            } else {
                b.add(a(v, .leading), .equal, g("main", .margins, .leading), rng.stepped(0...200, step: 1))
                b.add(a(v, .top), .equal, g("main", .safeArea, .top), rng.stepped(0...600, step: 1))
            }
            b.size(a(v, .width), .equal, rng.stepped(4...120, step: 1))
            b.size(a(v, .height), .equal, rng.stepped(4...60, step: 1))
        }
        b.expectDetermined()
        return b.finish(r, "\(n) sibling views")
    }
}
