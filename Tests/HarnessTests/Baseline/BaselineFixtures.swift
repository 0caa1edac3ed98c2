import Generator
import LinearConstraints

@testable import Bench
@testable import Gates
@testable import Judging

/// Synthetic baselines for the gate's tests: work items with known deterministic figures and
/// timing samples drawn from a seeded generator, so a test can plant exactly one change.
enum BaselineFixtures {
    static let machine = MachineInfo(
        host: "ci-1", os: "Debian 12", cores: 2, memoryBytes: 24 << 30, swift: "Swift 6.3", build: "release", allocator: "jemalloc 5.3.0")

    /// Two families at one size, two strategies, a first layout and three switches per case:
    /// 16 items, 10 repetitions each, times spread like a loaded machine's (up to 1.6× the
    /// item's typical time, now and then a 3× outlier).
    static func baseline(seed: UInt64 = 1) -> BenchBaseline {
        var random = SeededRandom(seed: seed)
        var items: [ItemRecord] = []
        for (f, family) in ["form", "long-chain"].enumerated() {
            for strategy in ["cassowary", "cassowary-weighted"] {
                for position in 0..<4 {
                    let typical = Double(20_000 * (f + 1) + 3_000 * position)
                    let samples = (0..<10).map { _ in UInt64(typical * (1 + 0.6 * random.unit()) * (random.chance(0.1) ? 3 : 1)) }
                    let outcome = ItemRecord.Outcome(
                        framesDigest: String(random.next(), radix: 16), conflicts: 0, ambiguous: 0,
                        counters: SolverCounters(pivots: 10 + position, rows: 40, cells: 200, constraints: 40, noiseSkips: 0),
                        pivots: 10 + position, allocatedBytes: 100_000, freedBytes: 90_000)
                    items.append(ItemRecord(
                        unit: items.count / 4, position: position, caseName: "\(family)-10-0", family: family, size: 10,
                        device: "device-\(position)", strategy: strategy, direction: "leftToRight", phase: position == 0 ? .first : .switch,
                        outcome: outcome, wall: samples.map { $0 + 500 }, cpu: samples))
                }
            }
        }
        let configuration = JSONValue.object([("inputs", .array([.string("--suite"), .string("ci")]))])
        return BenchBaseline(machine: machine, command: "strut bench --suite ci", configuration: configuration, items: items, invariants: InvariantOutcome())
    }

    /// `b` with every timing sample passed through `change` (item, sample) -> new sample.
    static func retimed(_ b: BenchBaseline, _ change: (ItemRecord, UInt64) -> UInt64) -> BenchBaseline {
        var out = b
        out.items = b.items.map { r in
            var r = r
            r.cpu = r.cpu.map { change(r, $0) }
            r.wall = r.wall.map { change(r, $0) }
            return r
        }
        return out
    }

    /// `b` with the outcome of the items matching `which` changed by `change`.
    static func reoutcome(_ b: BenchBaseline, where which: (ItemRecord) -> Bool, _ change: (inout ItemRecord.Outcome) -> Void) -> BenchBaseline {
        var out = b
        for k in out.items.indices where which(out.items[k]) { change(&out.items[k].outcome) }
        return out
    }

    static func failure(_ invariant: Invariant, case name: String, device: String) -> InvariantFailure {
        InvariantFailure(invariant: invariant, caseName: name, source: "strut generate \(name)", device: device, strategy: "cassowary",
                         direction: "case", detail: "planted", replay: "strut bench \(name)", unit: 0)
    }
}
