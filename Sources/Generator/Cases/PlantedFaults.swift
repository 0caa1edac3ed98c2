import AutoLayout
import LinearConstraints

/// Families `planted-conflict` and `planted-ambiguity`: a valid random tree with faults planted
/// on fresh subviews of the root that nothing else refers to, so each planted minimal set (or
/// ambiguous view) is exactly what a correct engine must report, and the rest stays clean.
enum PlantedFaults {
    static let knobs: [Knob] = [
        Knob("faults", 3, 1...10_000, integer: true, "how many faults to plant (each on its own fresh views)"),
    ]

    /// The base tree: `size − 3·faults` views (at least 1) with the default random-tree shape.
    static func base(_ r: GenerationRequest, rng: inout SeededRandom) -> RandomTreeBuilder {
        var shape = RandomTreeShape(views: max(1, r.size - 3 * r.int("faults")))
        shape.soft = 0.1
        var t = RandomTreeBuilder(shape: shape, rng: SeededRandom(seed: rng.next()))
        t.build()
        return t
    }

    /// Places `id` vertically (top and height) against the root, determined and conflict-free.
    static func placeVertically(_ id: String, row: Int, _ b: inout CaseBuilder) {
        b.add(a(id, .top), .equal, a("main", .top), Double(8 + 4 * (row % 100)))
        b.size(a(id, .height), .equal, 20)
    }

    /// Plants conflict `k` (pattern k mod 5) and returns its minimal set, sorted.
    static func plantConflict(_ k: Int, _ rng: inout SeededRandom, _ b: inout CaseBuilder) -> [String] {
        let c = "c\(k)"
        let w = rng.stepped(20...200, step: 1), d = rng.stepped(1...40, step: 1)
        var set: [String] = []
        func name(_ suffix: String) -> String {
            set.append("\(c)-\(suffix)")
            return "\(c)-\(suffix)"
        }
        switch k % 5 {
        case 0:  // two widths
            b.view(c, in: "main")
            b.add(a(c, .leading), .equal, a("main", .leading), 10)
            b.size(a(c, .width), .equal, w, id: name("w1"))
            b.size(a(c, .width), .equal, w + d, id: name("w2"))
            placeVertically(c, row: k, &b)
        case 1:  // a minimum above a maximum
            b.view(c, in: "main")
            b.add(a(c, .leading), .equal, a("main", .leading), 10)
            b.size(a(c, .width), .equal, w)
            b.add(a(c, .top), .equal, a("main", .top), 8)
            b.size(a(c, .height), .greaterThanOrEqual, w + d, id: name("min"))
            b.size(a(c, .height), .lessThanOrEqual, w, id: name("max"))
        case 2:  // a cycle of three widths, each 10 wider than the next
            let ids = [c, c + "b", c + "c"]
            for v in ids {
                b.view(v, in: "main")
                b.add(a(v, .leading), .equal, a("main", .leading), 10)
                placeVertically(v, row: k, &b)
            }
            b.add(a(ids[0], .width), .equal, a(ids[1], .width), 10, id: name("ab"))
            b.add(a(ids[1], .width), .equal, a(ids[2], .width), 10, id: name("bc"))
            b.add(a(ids[2], .width), .equal, a(ids[0], .width), 10, id: name("ca"))
        case 3:  // two siblings whose edges disagree with the gap between them
            let p = c, q = c + "b"
            for v in [p, q] { b.view(v, in: "main"); placeVertically(v, row: k, &b) }
            b.add(a(p, .leading), .equal, a("main", .leading), 10, id: name("p"))
            b.size(a(p, .width), .equal, w, id: name("pw"))
            b.add(a(q, .leading), .equal, a(p, .trailing), 8, id: name("gap"))
            b.add(a(q, .leading), .equal, a("main", .leading), 10 + w + 8 + d, id: name("q"))
            b.size(a(q, .width), .equal, 30)
        default:  // a multiplier against two fixed widths
            let p = c, q = c + "b"
            for v in [p, q] { b.view(v, in: "main"); b.add(a(v, .leading), .equal, a("main", .leading), 10); placeVertically(v, row: k, &b) }
            b.add(a(p, .width), .equal, a(q, .width), times: 0.5, id: name("half"))
            b.size(a(q, .width), .equal, 2 * w, id: name("qw"))
            b.size(a(p, .width), .equal, w + d, id: name("pw"))
        }
        return set.sorted()
    }

    /// Plants ambiguity `k` (pattern k mod 4) on fresh leaves and returns the ambiguous view ids.
    static func plantAmbiguity(_ k: Int, _ rng: inout SeededRandom, _ b: inout CaseBuilder) -> [String] {
        let v = "a\(k)"
        switch k % 4 {
        case 0:  // no width at all
            b.view(v, in: "main")
            b.add(a(v, .leading), .equal, a("main", .leading), rng.stepped(0...40, step: 1))
            placeVertically(v, row: k, &b)
            return [v]
        case 1:  // a width between two bounds, nothing preferred
            b.view(v, in: "main")
            b.add(a(v, .leading), .equal, a("main", .leading), 10)
            b.size(a(v, .width), .greaterThanOrEqual, 40)
            b.size(a(v, .width), .lessThanOrEqual, 200)
            placeVertically(v, row: k, &b)
            return [v]
        case 2:  // a top and nothing else vertically
            b.view(v, in: "main")
            b.add(a(v, .leading), .equal, a("main", .leading), 10)
            b.size(a(v, .width), .equal, rng.stepped(20...100, step: 1))
            b.add(a(v, .top), .equal, a("main", .top), 8)
            return [v]
        default:  // two labels of equal hugging stretched between the edges (the classic)
            let w = v + "b"
            b.label(v, in: "main", width: rng.stepped(30...80, step: 1))
            b.label(w, in: "main", width: rng.stepped(30...80, step: 1))
            b.add(a(v, .leading), .equal, a("main", .leading), 20)
            b.add(a(w, .leading), .equal, a(v, .trailing), 8)
            b.add(a(w, .trailing), .equal, a("main", .trailing), -20)
            placeVertically(v, row: k, &b)
            placeVertically(w, row: k, &b)
            return [v, w]
        }
    }
}

extension GeneratorFamilies {
    static let plantedConflict = Family(
        "planted-conflict", .adversarial,
        summary: """
            A valid random tree plus planted conflicts, each on fresh subviews of the root that nothing else \
            refers to: two widths, a minimum above a maximum, a cycle of three widths, sibling edges that \
            disagree with their gap, a multiplier against two fixed widths. Every planted minimal set is \
            recorded in expect "*" conflicts (identifiers c<k>-..., sorted); the tree itself is clean.
            """,
        targets: "Conflict detection and minimal explanations (Kiwi has none, nucleic/kiwi#161), rollback of the rejected constraint, laying out the rest.",
        defaultSize: 40, sizeRange: 1...1_000_000, knobs: PlantedFaults.knobs
    ) { r in
        var rng = SeededRandom(seed: r.seed)
        var t = PlantedFaults.base(r, rng: &rng)
        let sets = (0..<r.int("faults")).map { PlantedFaults.plantConflict($0, &rng, &t.b) }
        t.b.expect.append(DeviceExpectation(device: "*", conflicts: sets))
        return .layout(t.b.finish(r, "planted conflicts on a valid random tree"))
    }

    static let plantedAmbiguity = Family(
        "planted-ambiguity", .adversarial,
        summary: """
            A valid random tree plus planted ambiguity on fresh leaves of the root: a view with no width, a \
            width between two bounds with nothing preferred, a top with nothing else vertically, two labels of \
            equal hugging stretched between the edges. The ambiguous views are recorded in expect "*" \
            ambiguous (sorted), with no conflicts; every other view is determined.
            """,
        targets: "Ambiguity detection (hasAmbiguousLayout): exactly the planted views, no false alarms on the determined rest.",
        defaultSize: 40, sizeRange: 1...1_000_000, knobs: PlantedFaults.knobs
    ) { r in
        var rng = SeededRandom(seed: r.seed)
        var t = PlantedFaults.base(r, rng: &rng)
        var ambiguous: [String] = []
        for k in 0..<r.int("faults") { ambiguous += PlantedFaults.plantAmbiguity(k, &rng, &t.b) }
        t.b.expect.append(DeviceExpectation(device: "*", ambiguous: ambiguous.sorted(), conflicts: []))
        return .layout(t.b.finish(r, "planted ambiguity on a valid random tree"))
    }
}
