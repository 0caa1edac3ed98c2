import AutoLayout
import LinearConstraints

/// Adversarial families about priorities, numbers and redundancy.
enum AdversarialPriorities {
    /// One view `x` whose width prefers `100` at `high`, and `n − 2` views whose widths equal
    /// x's (required) and prefer 200 at `low`. Lexicographically the one higher preference wins
    /// (x is 100 wide, recorded in expect frames); under weights 10^(6p/1000) the many low ones
    /// outweigh it once (n − 2)·10^(6·low/1000) > 10^(6·high/1000): with 750 and 250, beyond 1 000 views.
    static func ladder(_ r: GenerationRequest) -> LayoutCase {
        let n = max(r.size, 2), high = Priority(Float(r["high"])), low = Priority(Float(r["low"]))
        var b = CaseBuilder(capacity: n)
        b.view("x", in: "main")
        b.add(a("x", .left), .equal, a("main", .left), 20)
        b.add(a("x", .top), .equal, a("main", .top), 20)
        b.size(a("x", .height), .equal, 44)
        b.size(a("x", .width), .equal, 100, priority: high, id: "x-high")
        for i in 1..<(n - 1) {
            let v = b.view("y\(i)", in: "main")
            b.add(a(v, .width), .equal, a("x", .width))
            b.size(a(v, .width), .equal, 200, priority: low, id: "y\(i)-low")
            b.add(a(v, .left), .equal, a("main", .left), 20)
            b.add(a(v, .top), .equal, a("main", .top), Double(70 + 2 * (i % 200)))
            b.size(a(v, .height), .equal, 1)
        }
        b.expect.append(ladderExpectation(high: high, low: low, opposing: n - 2))
        return b.finish(r, "priority ladder: one preference at \(high) against \(n - 2) at \(low)")
    }

    /// The lexicographic answer: x is 100 wide when the single preference is higher (or nothing
    /// opposes it), 200 when the opposing ones are higher or, at the same priority, outnumber it
    /// (L1 within a level); one against one at the same priority is a tie, so only "no conflict"
    /// is promised then.
    static func ladderExpectation(high: Priority, low: Priority, opposing: Int) -> DeviceExpectation {
        let width: Double
        if high > low || opposing == 0 {
            width = 100
        } else if low > high || opposing > 1 {
            width = 200
        } else {
            return DeviceExpectation(device: "*", conflicts: [])
        }
        return DeviceExpectation(
            device: "*", frames: [.init("x", LayoutRect(x: 20, y: 20, width: width, height: 44))], ambiguous: [], conflicts: [])
    }

    /// `n` views in rings of `ring` views whose widths are tied around the ring by exact
    /// power-of-two multipliers whose product is 1 (a consistent cycle of equalities: one
    /// equation in each ring is redundant); one width per ring is fixed, so all are determined.
    static func equalityCycles(_ r: GenerationRequest) -> LayoutCase {
        let n = r.size, ring = max(r.int("ring"), 2)
        var b = CaseBuilder(capacity: n + 1)
        var rng = SeededRandom(seed: r.seed)
        var i = 0
        while i < n {
            let members = (0..<min(ring, n - i)).map { "v\(i + $0)" }
            var exponent = 0
            for (k, v) in members.enumerated() {
                b.view(v, in: "main")
                b.add(a(v, .leading), .equal, g("main", .margins, .leading))
                b.add(a(v, .top), .equal, g("main", .safeArea, .top), Double(4 * ((i + k) % 150)))
                b.size(a(v, .height), .equal, 3)
                guard k > 0 else { continue }
                let e = rng.int(in: -2...2)
                exponent += e
                b.add(a(v, .width), .equal, a(members[k - 1], .width), times: pow2(e))
            }
            if members.count > 1 {
                b.add(a(members[0], .width), .equal, a(members[members.count - 1], .width), times: pow2(-exponent))
            }
            b.size(a(members[0], .width), .equal, 64)
            i += members.count
        }
        b.expectDetermined()
        return b.finish(r, "consistent cycles of \(ring) width equalities with multipliers")
    }

    static func pow2(_ e: Int) -> Double {
        var x = 1.0
        for _ in 0..<abs(e) { x *= 2 }
        return e < 0 ? 1 / x : x
    }

    /// Multipliers near 0 and huge, constants near the limits: each view's width is a multiple
    /// (1e-6 ... 1e6) of its predecessor's plus a constant up to 1e15, its position up to 1e12.
    /// Determined in exact arithmetic; no promise is recorded (floating point may not agree).
    static func extremeNumbers(_ r: GenerationRequest) -> LayoutCase {
        let n = r.size
        var b = CaseBuilder(capacity: n + 1)
        var rng = SeededRandom(seed: r.seed)
        let multipliers = [1e-6, 1e-3, 0.999999, 1.000001, 1e3, 1e6]
        let constants = [0, 1e-7, 0.5, 1e7, 1e12, 1e15, -1e12]
        for i in 0..<n {
            let v = b.view("v\(i)", in: "main")
            b.add(a(v, .leading), .equal, a("main", .leading), rng.pick([0, 1e-9, 1e6, 1e12]))
            b.add(a(v, .top), .equal, a("main", .top), rng.pick([0, 1e-9, 1e6, 1e12]))
            if i == 0 {
                b.size(a(v, .width), .equal, 1)
            } else {
                b.add(a(v, .width), .equal, a("v\(i - 1)", .width), times: rng.pick(multipliers), rng.pick(constants))
            }
            b.size(a(v, .height), .equal, rng.pick([1e-6, 1, 1e9]))
        }
        return b.finish(r, "extreme multipliers and constants")
    }

    /// `n` views in one row between the root's edges, each preferring the same width at the
    /// same priority: the row cannot hold them (n·200 > any screen), so the L1 optimum leaves
    /// every view's width free within a range. All views are recorded ambiguous.
    static func softAmbiguity(_ r: GenerationRequest) -> LayoutCase {
        let n = max(r.size, 10)
        var b = CaseBuilder(capacity: n + 1)
        var ids: [String] = []
        for i in 0..<n {
            let v = b.view("v\(i)", in: "main")
            ids.append(v)
            b.add(a(v, .leading), .equal, i == 0 ? a("main", .leading) : a("v\(i - 1)", .trailing))
            if i == n - 1 { b.add(a(v, .trailing), .equal, a("main", .trailing)) }
            b.size(a(v, .width), .equal, 200, priority: .defaultLow)
            b.add(a(v, .top), .equal, a("main", .top), 40)
            b.size(a(v, .height), .equal, 20)
        }
        b.expect.append(DeviceExpectation(device: "*", ambiguous: ids.sorted(), conflicts: []))
        return b.finish(r, "\(n) same-priority soft widths in one row")
    }
}
