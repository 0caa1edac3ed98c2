import AutoLayout
import LinearConstraints

/// The valid random family and the peer families (view trees and system files).
extension GeneratorFamilies {
    static let randomTree = Family(
        "random-tree", .validRandom,
        summary: """
            Random view trees of the requested size and shape in which every view's frame is determined \
            and nothing conflicts, on every device and in both directions: each axis of each view gets two \
            determining equalities (edges, centre, size, multiples of the container, the previous sibling, \
            first baselines) against already determined items (superview, its margins, the root's safe area, \
            custom guides), or a position plus an intrinsic size; some views translate their autoresizing mask; \
            extra constraints are inequalities implied by a determiner (tight or slack) at mixed priorities. \
            Records "ambiguous": [] and "conflicts": [] for every device.
            """,
        defaultSize: 50, sizeRange: 1...1_000_000, knobs: RandomTreeShape.knobs
    ) { r in
        var t = RandomTreeBuilder(shape: RandomTreeShape(r), rng: SeededRandom(seed: r.seed))
        t.build()
        t.b.expectDetermined()
        return .layout(t.b.finish(r, "valid random tree, \(r.size) views"))
    }

    static func peer(_ kind: PeerWorkload.Kind) -> Family {
        Family(
            "peer-\(kind)", .peer,
            summary: """
                The \(kind) workload of docs/peers.md as a view tree, constraint for constraint (identifiers \
                v<i>.<role> as in its system file), on two custom devices the case carries itself, peer-portrait and \
                peer-landscape, whose screens are the workload's root sizes (so they differ per size): run it without \
                --devices to use them; --devices names catalog devices only. \(peerNote(kind)) The seed is recorded but changes nothing.
                """,
            defaultSize: 100, sizeRange: 1...PeerWorkload.maximumViews
        ) { r in
            // The size range is the workload's own, so building cannot fail.
            guard let w = try? PeerWorkload(kind: kind, views: r.size) else { preconditionFailure("size checked by the registry") }
            return .layout(w.layoutCase(r))
        }
    }

    static func peerSystem(_ kind: PeerWorkload.Kind) -> Family {
        Family(
            "peer-\(kind)-system", .system,
            summary: """
                The \(kind) workload of docs/peers.md as a system file (PeerWorkload.systemFile): edit \
                variables, every constraint in build order, portrait size and check, landscape size and check; a \
                first check step's label records the regenerating command. The seed changes nothing.
                """,
            size: "views", defaultSize: 100, sizeRange: 1...PeerWorkload.maximumViews
        ) { r in
            guard let w = try? PeerWorkload(kind: kind, views: r.size) else { preconditionFailure("size checked by the registry") }
            return .system(labelled(w.systemFile(), r))
        }
    }

    static func peerNote(_ kind: PeerWorkload.Kind) -> String {
        switch kind {
        case .flat, .chain: "Records that it is determined and conflict-free."
        case .grid: "Records that it is determined and conflict-free when its last row is full."
        case .hug: "Promises no conflict only (hugging and the preferred edge tie, so slack may sit anywhere)."
        }
    }

    /// A system file renamed after the request, with a first check step whose label is the
    /// request's description (system files have no description field).
    static func labelled(_ file: SystemFile, _ r: GenerationRequest) -> SystemFile {
        SystemFile(name: r.caseName, steps: [.check(label: r.caseDescription(r.family))] + file.steps)
    }
}
