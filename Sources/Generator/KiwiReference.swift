/// Kiwi's measured cost on the peer workloads (docs/peers.md, "Kiwi's measured cost": C++
/// -O2 on this kind of 2-core machine), so reports can put our numbers beside the peer's.
///
/// The figures are measurements quoted from docs/peers.md, not results of this package; `~` entries
/// there are kept as the quoted approximate values.
public struct KiwiReference: Hashable, Sendable {
    public var kind: PeerWorkload.Kind
    public var views: Int
    /// Constraints counted as docs/peers.md counts them (edit variables and the root's included).
    public var constraints: Int
    /// Seconds to add every constraint.
    public var buildSeconds: Double
    /// Build time per constraint, microseconds.
    public var buildMicrosecondsPerConstraint: Double
    /// Seconds for one rotation (suggest both root values, read all variables).
    public var rotationSeconds: Double

    /// Rotation time per constraint, microseconds.
    public var rotationMicrosecondsPerConstraint: Double { rotationSeconds * 1e6 / Double(constraints) }

    /// A 1 px drag without preference flips costs Kiwi 30-60 ns per constraint (docs/peers.md).
    public static let dragNanosecondsPerConstraint: ClosedRange<Double> = 30...60

    /// Kiwi's figure for a workload size, or nil when docs/peers.md has none.
    public static func figure(_ kind: PeerWorkload.Kind, views: Int) -> KiwiReference? {
        table.first { $0.kind == kind && $0.views == views }
    }

    /// The sizes docs/peers.md measured for `kind` (flat and hug: 100, 1 000, 10 000; grid: 100, 316,
    /// 1 000; chain: 100, 200, 316).
    public static func sizes(_ kind: PeerWorkload.Kind) -> [Int] {
        table.filter { $0.kind == kind }.map(\.views)
    }

    /// docs/peers.md's table, row by row.
    public static let table: [KiwiReference] = [
        .init(kind: .flat, views: 100, constraints: 604, buildSeconds: 1.3e-3, buildMicrosecondsPerConstraint: 2.2, rotationSeconds: 0.41e-3),
        .init(kind: .flat, views: 1_000, constraints: 6_004, buildSeconds: 0.115, buildMicrosecondsPerConstraint: 19, rotationSeconds: 44e-3),
        .init(kind: .flat, views: 10_000, constraints: 60_004, buildSeconds: 10.8, buildMicrosecondsPerConstraint: 180, rotationSeconds: 0.615),
        .init(kind: .hug, views: 100, constraints: 844, buildSeconds: 8e-3, buildMicrosecondsPerConstraint: 9.6, rotationSeconds: 1e-3),
        .init(kind: .hug, views: 1_000, constraints: 8_132, buildSeconds: 0.72, buildMicrosecondsPerConstraint: 89, rotationSeconds: 0.148),
        .init(kind: .hug, views: 10_000, constraints: 80_404, buildSeconds: 214, buildMicrosecondsPerConstraint: 2_659, rotationSeconds: 40),
        .init(kind: .grid, views: 100, constraints: 804, buildSeconds: 0.13, buildMicrosecondsPerConstraint: 164, rotationSeconds: 1.3e-3),
        .init(kind: .grid, views: 316, constraints: 2_532, buildSeconds: 1.6, buildMicrosecondsPerConstraint: 632, rotationSeconds: 33e-3),
        .init(kind: .grid, views: 1_000, constraints: 8_004, buildSeconds: 36.7, buildMicrosecondsPerConstraint: 4_585, rotationSeconds: 0.264),
        .init(kind: .chain, views: 100, constraints: 804, buildSeconds: 0.9, buildMicrosecondsPerConstraint: 1_000, rotationSeconds: 18e-6),
        .init(kind: .chain, views: 200, constraints: 1_604, buildSeconds: 9.2, buildMicrosecondsPerConstraint: 5_718, rotationSeconds: 74e-6),
        .init(kind: .chain, views: 316, constraints: 2_532, buildSeconds: 64, buildMicrosecondsPerConstraint: 25_000, rotationSeconds: 137e-6),
    ]
}
