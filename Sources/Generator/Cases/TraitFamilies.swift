import AutoLayout
import LinearConstraints

/// Families about traits and implicit constraints: size-class flips, right-to-left, redundant
/// required constraints and views that still translate their autoresizing mask.
enum TraitFamilies {
    /// `n` cards that form one column at compact width and two columns at regular width, and
    /// are 44 high at compact height, 60 at regular height: every constraint that differs
    /// carries a `when`, and each branch alone determines every frame.
    static func sizeClassFlip(_ r: GenerationRequest) -> LayoutCase {
        let n = max(r.size - 1, 1)
        var b = CaseBuilder(capacity: n + 1)
        let wC = SizeClassCondition(horizontal: .compact), wR = SizeClassCondition(horizontal: .regular)
        let hC = SizeClassCondition(vertical: .compact), hR = SizeClassCondition(vertical: .regular)
        for i in 0..<n {
            let v = b.view("card\(i)", in: "main")
            // Compact width: one full-width column.
            b.add(a(v, .leading), .equal, g("main", .margins, .leading), when: wC)
            b.add(a(v, .trailing), .equal, g("main", .margins, .trailing), when: wC)
            b.add(a(v, .top), .equal, i == 0 ? g("main", .safeArea, .top) : a("card\(i - 1)", .bottom), 8, when: wC)
            // Regular width: two columns, the odd cards beside the even ones.
            b.add(a(v, .width), .equal, g("main", .margins, .width), times: 0.5, -4, when: wR)
            if i % 2 == 0 {
                b.add(a(v, .leading), .equal, g("main", .margins, .leading), when: wR)
                b.add(a(v, .top), .equal, i == 0 ? g("main", .safeArea, .top) : a("card\(i - 2)", .bottom), 8, when: wR)
            } else {
                b.add(a(v, .leading), .equal, a("card\(i - 1)", .trailing), 8, when: wR)
                b.add(a(v, .top), .equal, a("card\(i - 1)", .top), when: wR)
            }
            b.add(a(v, .height), .equal, nil, 44, when: hC)
            b.add(a(v, .height), .equal, nil, 60, when: hR)
        }
        b.expectDetermined()
        return b.finish(r, "\(n) cards in one column (wC) or two (wR), 44 (hC) or 60 (hR) high")
    }

    /// A valid random tree laid out right to left, with left/right mixed into leading/trailing
    /// and some views forcing a direction through `semanticContentAttribute`.
    static func rightToLeft(_ r: GenerationRequest) -> LayoutCase {
        var shape = RandomTreeShape(views: r.size)
        shape.absoluteEdges = r["absolute"]
        var t = RandomTreeBuilder(shape: shape, rng: SeededRandom(seed: r.seed))
        t.build()
        var rng = SeededRandom(seed: r.seed ^ 0x5254_4C00)
        for k in 1..<t.b.views.count where rng.chance(r["forced"]) {
            t.b.views[k].semanticContentAttribute = rng.pick(SemanticContentAttribute.allCases)
        }
        t.b.layoutDirection = .rightToLeft
        t.b.expectDetermined()
        return t.b.finish(r, "valid random tree laid out right to left")
    }

    /// A valid random tree in which determining constraints are repeated as required duplicates.
    static func redundant(_ r: GenerationRequest) -> LayoutCase {
        var shape = RandomTreeShape(views: r.size)
        shape.duplicates = r["duplicates"]
        shape.density = r["density"]
        var t = RandomTreeBuilder(shape: shape, rng: SeededRandom(seed: r.seed))
        t.build()
        t.b.expectDetermined()
        return t.b.finish(r, "valid random tree with duplicate and redundant required constraints")
    }

    /// A valid random tree plus `faults` views made in code (translating their autoresizing mask
    /// with a fixed width) that also carry an explicit width: UIKit's classic conflict, recorded
    /// as {the explicit `ar<k>-width`, the implicit `ar<k> h=<mask> width`}.
    static func autoresizingConflict(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        var t = PlantedFaults.base(r, rng: &rng)
        var sets: [[String]] = []
        let masks: [AutoresizingMask] = [[], .flexibleLeftMargin, .flexibleRightMargin]
        for k in 0..<r.int("faults") {
            let v = "ar\(k)"
            let mask = rng.pick(masks)
            let width = rng.stepped(20...200, step: 1)
            t.b.view(v, in: "main") {
                $0.translatesAutoresizingMask = true
                $0.frame = LayoutRect(x: 10, y: Double(10 + 30 * (k % 20)), width: width, height: 24)
                $0.autoresizing = mask.rawValue == 0 ? nil : mask
            }
            t.b.size(a(v, .width), .equal, width + rng.stepped(1...50, step: 1), id: "\(v)-width")
            sets.append(["\(v)-width", "\(v) h=\(mask.pattern(.horizontal)) width"].sorted())
        }
        t.b.expect.append(DeviceExpectation(device: "*", conflicts: sets))
        return t.b.finish(r, "views that translate their autoresizing mask and carry explicit widths")
    }
}
