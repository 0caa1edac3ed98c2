import AutoLayout
import Generator
import LinearConstraints
import StrutSystem
import Subjects

/// Large subjects with planted failures, built in code.
enum ShrinkFixtures {
    /// `count` views under `main` in nests of ten (every tenth view starts a new nest under the
    /// root, the others sit inside the previous view), four constraints each: 1 000 constraints
    /// by default. Planted: `bad1` and `bad2` (two required widths of view `bad`, which conflict)
    /// and an intrinsic width of 37.123 on view `intrinsic` (v205 sits five levels deep).
    static func plantedCase(count: Int = 250, bad: Int = 100, intrinsic: Int = 205) -> LayoutCase {
        var views = [ViewSpec(id: "main")]
        var constraints: [ConstraintSpec] = []
        func anchor(_ id: String, _ a: LayoutAttribute) -> AnchorReference { AnchorReference(ItemReference(id), a) }
        for i in 0..<count {
            let id = "v\(i)", parent = i % 10 == 0 ? "main" : "v\(i - 1)"
            var v = ViewSpec(id: id, superview: parent)
            if i == intrinsic { v.intrinsicSize = IntrinsicSize(width: 37.123, height: nil) }
            views.append(v)
            constraints.append(ConstraintSpec(anchor(id, .leading), .equal, anchor(parent, .leading), constant: 4))
            constraints.append(ConstraintSpec(anchor(id, .top), .equal, anchor(parent, .top), constant: Double(i % 7)))
            if i == bad {
                constraints.append(ConstraintSpec(anchor(id, .width), .equal, constant: 30, identifier: "bad1"))
                constraints.append(ConstraintSpec(anchor(id, .width), .equal, constant: 40, identifier: "bad2"))
            } else {
                constraints.append(ConstraintSpec(anchor(id, .width), .lessThanOrEqual, anchor(parent, .width), constant: -8))
                constraints.append(ConstraintSpec(anchor(id, .height), .equal, constant: 20.5, priority: .defaultHigh))
            }
        }
        return LayoutCase(name: "planted-1000", root: "main", views: views, constraints: constraints, devices: [.id("iphone-8"), .id("ipad")])
    }

    /// The planted case's failure: both bad constraints present, and a view whose intrinsic
    /// width is over 30.
    static func plantedFails(_ s: FuzzSubject) -> Bool {
        guard case .layout(let c) = s else { return false }
        let ids = c.constraints.compactMap(\.identifier)
        return ids.contains("bad1") && ids.contains("bad2") && c.views.contains { ($0.intrinsicSize?.width ?? 0) > 30 }
    }

    /// `count` steps of random soft and lower-bound constraints over x0..x19 (never conflicting
    /// among themselves: every required constraint is a lower bound), with `planted` inserted
    /// at the given positions.
    static func randomSystem(count: Int, seed: UInt64, planted: [(position: Int, step: SystemStep)]) -> SystemFile {
        var r = SeededRandom(seed: seed)
        var steps: [SystemStep] = []
        for i in 0..<count {
            let v = "x\(r.int(in: 0...19))", w = "x\(r.int(in: 0...19))"
            let k = r.stepped(-50...50, step: 0.5)
            let text: String
            switch r.int(in: 0...3) {
            case 0: text = "\(v) >= \(formatJSONNumber(k))"
            case 1: text = "\(v) == \(formatJSONNumber(k)) @\(r.pick([1, 250, 750, 999]))"
            case 2: text = "\(v) + \(w) == \(formatJSONNumber(k)) @\(r.pick([1, 250]))"
            default: text = "\(v) - 2*\(w) <= \(formatJSONNumber(k)) @500"
            }
            steps.append(.add(try! SymbolicConstraint.parse(text), id: "s\(i)"))
        }
        for p in planted { steps.insert(p.step, at: p.position) }
        return SystemFile(name: "random-\(count)", steps: steps)
    }
}
