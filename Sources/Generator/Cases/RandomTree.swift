import AutoLayout
import LinearConstraints

/// The shape knobs of a valid random tree (family `random-tree`, and the base of the planted
/// and redundant families). Probabilities are per view.
struct RandomTreeShape {
    var views: Int
    var depth = 6
    var fanout = 6
    /// Expected extra (implied) constraints per view.
    var density = 1.0
    /// Probability that a determining constraint is not required.
    var soft = 0.2
    var guides = 0.15
    var margins = 0.3
    var safeArea = 0.3
    var baselines = 0.2
    var multipliers = 0.2
    var autoresizing = 0.1
    var intrinsic = 0.2
    /// Probability that a horizontal anchor pair is left/right instead of leading/trailing.
    var absoluteEdges = 0.1
    /// Probability that a redundant required duplicate of a determiner is added (family `redundant`).
    var duplicates = 0.0

    init(views: Int) { self.views = views }

    /// The knobs of `random-tree`, with their defaults and ranges.
    static let knobs: [Knob] = [
        Knob("depth", 6, 1...100_000, integer: true, "maximum depth of the tree (the root is depth 0)"),
        Knob("fanout", 6, 1...1_000_000, integer: true, "maximum subviews per view (beyond the tree's capacity, extra views go to the root)"),
        Knob("density", 1, 0...8, "expected extra constraints per view, implied by the determining ones (tight or slack inequalities)"),
        Knob("soft", 0.2, 0...1, "probability that a determining constraint is optional (999, 750, 500 or 250) instead of required"),
        Knob("guides", 0.15, 0...1, "probability that a view owns a custom layout guide its subviews use"),
        Knob("margins", 0.3, 0...1, "probability that a view is placed against its superview's layout margins"),
        Knob("safeArea", 0.3, 0...1, "probability that a subview of the root is placed against the root's safe area"),
        Knob("baselines", 0.2, 0...1, "probability that a view is a label aligned on its previous sibling's first baseline"),
        Knob("multipliers", 0.2, 0...1, "probability that a size is a multiple (1/4, 1/2, 3/4) of its container's"),
        Knob("autoresizing", 0.1, 0...1, "probability that a view translates its autoresizing mask (frame + random mask, no explicit constraints)"),
        Knob("intrinsic", 0.2, 0...1, "probability that a view's size comes from its intrinsic content size alone"),
    ]

    init(_ r: GenerationRequest) {
        views = r.size
        depth = r.int("depth")
        fanout = r.int("fanout")
        density = r["density"]
        soft = r["soft"]
        guides = r["guides"]
        margins = r["margins"]
        safeArea = r["safeArea"]
        baselines = r["baselines"]
        multipliers = r["multipliers"]
        autoresizing = r["autoresizing"]
        intrinsic = r["intrinsic"]
    }
}

/// A constraint that fixes one degree of freedom: `first == multiplier * second + constant`.
struct Determiner {
    var first: AnchorReference
    var second: AnchorReference?
    var multiplier: Double = 1
    var constant: Double
}

/// Builds a random view tree in which every view's frame is determined and nothing conflicts,
/// on every device and in both layout directions.
///
/// Why it holds: views are made in order, each after its superview and previous sibling; each
/// axis of each view gets exactly two determining equalities (position and size, or both edges)
/// that refer only to already determined items (the root, whose frame is the screen; earlier
/// views; guides determined the same way), or one position equality plus an intrinsic size
/// (whose hugging and compression resistance have their unique zero-error point at the
/// intrinsic value). The system is triangular with a unique zero-error solution, so optional
/// determiners do not change the answer, and the extra constraints are inequalities implied by a
/// determiner (satisfied at that solution), so they neither conflict nor move it. Views that
/// translate their autoresizing mask are determined by their two implicit constraints per axis.
/// O(views) time and output.
struct RandomTreeBuilder {
    var rng: SeededRandom
    let shape: RandomTreeShape
    var b: CaseBuilder
    /// Per view (index 0 is the root): depth, subview count, previous subview, custom guide, label.
    var depthOf: [Int] = [0]
    var children: [Int] = [0]
    var lastChild: [Int?] = [nil]
    var guideOf: [String?] = [nil]
    var isLabel: [Bool] = [false]
    var open: [Int] = [0]
    var nextGuide = 1

    init(shape: RandomTreeShape, rng: SeededRandom) {
        self.shape = shape
        self.rng = rng
        b = CaseBuilder(capacity: shape.views)
    }

    static func name(_ i: Int) -> String { i == 0 ? "main" : "v\(i)" }

    /// Adds views 1..<shape.views under the root.
    mutating func build() {
        if shape.depth == 0 || shape.fanout == 0 { open = [] }
        for i in 1..<max(shape.views, 1) { addView(i, parent: chooseParent()) }
    }

    /// A uniformly chosen view with room for a subview (depth and fan-out), else the root.
    mutating func chooseParent() -> Int {
        while !open.isEmpty {
            let k = rng.int(in: 0...(open.count - 1))
            let p = open[k]
            if children[p] < shape.fanout && depthOf[p] < shape.depth { return p }
            open.swapAt(k, open.count - 1)
            open.removeLast()
        }
        return 0
    }

    mutating func addView(_ i: Int, parent p: Int) {
        let id = Self.name(i)
        let sibling = lastChild[p]
        depthOf.append(depthOf[p] + 1)
        children.append(0)
        lastChild.append(nil)
        guideOf.append(nil)
        isLabel.append(false)
        children[p] += 1
        lastChild[p] = i
        if depthOf[i] < shape.depth { open.append(i) }
        if rng.chance(shape.autoresizing) {
            addAutoresizingView(id, parent: p)
        } else {
            b.view(id, in: Self.name(p))
            addConstraints(i, parent: p, sibling: sibling)
        }
        if rng.chance(shape.guides) { addGuide(to: i) }
    }
}
