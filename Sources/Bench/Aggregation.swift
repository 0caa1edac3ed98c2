import Foundation

/// The statistics of one group of work items: latency and CPU histograms over every measured
/// repetition, allocation histograms over items, pivots, and throughput.
public struct Aggregate: Hashable, Sendable {
    /// The grouping key; `device` is `*` for groups over all devices, `size` is -1 over all sizes.
    public var family: String
    public var size: Int
    public var device: String
    public var strategy: String
    public var phase: ItemRecord.Phase
    public var items = 0
    public var wall = LogHistogram()
    public var cpu = LogHistogram()
    /// The solver's self-reported time per repetition (`ItemRecord.solverTime`); empty when the
    /// strategy reports none.
    public var solver = LogHistogram()
    /// Bytes allocated / freed per solve, one value per item (deterministic).
    public var allocated = LogHistogram()
    public var freed = LogHistogram()
    /// Pivots per solve summed over items (deterministic).
    public var pivots = 0
    /// Constraints (and edit variables) in the solver after the solve, summed over items
    /// (deterministic; 0 for a strategy that does not count them, an outside solver).
    public var constraints = 0
    /// Their nonzero coefficients, summed over items (`SolverCounters.nonzeros`; 0 where not
    /// counted).
    public var nonzeros = 0

    /// Median wall nanoseconds per constraint in the solver: how far a phase is from touching
    /// each constraint once (about 5-15 ns on the machines Strut is developed on). Nil without
    /// a constraint count.
    public var nanosecondsPerConstraint: Double? {
        guard items > 0, constraints > 0, wall.count > 0 else { return nil }
        return Double(wall.value(atPercentile: 50)) / (Double(constraints) / Double(items))
    }

    /// Median wall nanoseconds per nonzero coefficient of those constraints: the same floor
    /// counted in what a solve has to read. Nil without a count.
    public var nanosecondsPerNonzero: Double? {
        guard items > 0, nonzeros > 0, wall.count > 0 else { return nil }
        return Double(wall.value(atPercentile: 50)) / (Double(nonzeros) / Double(items))
    }
    public var conflicts = 0

    /// Solves per second of one worker: 1 / mean wall latency.
    public var throughput: Double { wall.mean > 0 ? 1e9 / wall.mean : 0 }

    /// The same group with its timing left out: what equals across job counts and shards.
    public var deterministic: Aggregate {
        var a = self
        a.wall = LogHistogram()
        a.cpu = LogHistogram()
        a.solver = LogHistogram()
        return a
    }

    mutating func add(_ r: ItemRecord) {
        items += 1
        for w in r.wall { wall.record(w) }
        for c in r.cpu { cpu.record(c) }
        for s in r.solverTime { solver.record(s) }
        allocated.record(r.outcome.allocatedBytes)
        freed.record(r.outcome.freedBytes)
        pivots += r.outcome.pivots
        constraints += r.outcome.counters.constraints
        nonzeros += r.outcome.counters.nonzeros
        conflicts += r.outcome.conflicts
    }
}

/// How latency grows with size: p50 wall and p50 thread-CPU time against size on a log-log
/// scale. On a loaded machine the wall medians carry preemption; the CPU exponent does not.
public struct Growth: Hashable, Sendable {
    public var family: String
    public var strategy: String
    public var phase: ItemRecord.Phase
    public var sizes: [Int]
    /// Median latency in nanoseconds at each size.
    public var medians: [UInt64]
    /// Least-squares slope of log(median) over log(size); nil with fewer than two sizes.
    public var exponent: Double?
    /// Median thread-CPU nanoseconds at each size, and their slope.
    public var cpuMedians: [UInt64] = []
    public var cpuExponent: Double?
}

/// Groups records into aggregates. Groups keep the order in which their first record appears,
/// which is work-item order, so the output is deterministic.
public enum Aggregation {
    /// One aggregate per (family, size, device, strategy, phase).
    public static func byDevice(_ records: [ItemRecord]) -> [Aggregate] {
        group(records) { ($0.family, $0.size, $0.device, $0.strategy, $0.phase) }
    }

    /// One aggregate per (family, size, strategy, phase), devices merged.
    public static func overDevices(_ records: [ItemRecord]) -> [Aggregate] {
        group(records) { ($0.family, $0.size, "*", $0.strategy, $0.phase) }
    }

    /// One aggregate per (device, strategy, phase) over every family and size.
    public static func perDevice(_ records: [ItemRecord]) -> [Aggregate] {
        group(records) { ("*", -1, $0.device, $0.strategy, $0.phase) }
    }

    static func group(_ records: [ItemRecord], key: (ItemRecord) -> (String, Int, String, String, ItemRecord.Phase)) -> [Aggregate] {
        var out: [Aggregate] = []
        var index: [String: Int] = [:]   // lookup only; order comes from `out`
        for r in records {
            let k = key(r)
            let name = "\(k.0)\u{1}\(k.1)\u{1}\(k.2)\u{1}\(k.3)\u{1}\(k.4.rawValue)"
            if index[name] == nil {
                index[name] = out.count
                out.append(Aggregate(family: k.0, size: k.1, device: k.2, strategy: k.3, phase: k.4))
            }
            out[index[name]!].add(r)
        }
        return out
    }

    /// Growth exponents per (family, strategy, phase) from the over-device aggregates.
    public static func growth(_ overDevices: [Aggregate]) -> [Growth] {
        var out: [Growth] = []
        for a in overDevices {
            if let i = out.firstIndex(where: { $0.family == a.family && $0.strategy == a.strategy && $0.phase == a.phase }) {
                out[i].sizes.append(a.size)
                out[i].medians.append(a.wall.value(atPercentile: 50))
                out[i].cpuMedians.append(a.cpu.value(atPercentile: 50))
            } else {
                out.append(Growth(family: a.family, strategy: a.strategy, phase: a.phase, sizes: [a.size], medians: [a.wall.value(atPercentile: 50)],
                                  cpuMedians: [a.cpu.value(atPercentile: 50)]))
            }
        }
        return out.map { g in
            var g = g
            g.exponent = slope(zip(g.sizes, g.medians).map { (Double($0), Double($1)) })
            g.cpuExponent = slope(zip(g.sizes, g.cpuMedians).map { (Double($0), Double($1)) })
            return g
        }
    }

    /// Least-squares slope of log y over log x; nil unless two distinct positive sizes exist.
    static func slope(_ points: [(Double, Double)]) -> Double? { logLogFit(points)?.slope }

    /// The least-squares line of log y over log x (positive points only): its slope and R² (1
    /// when every y is the same: the line is exact). Nil unless two distinct positive sizes exist.
    package static func logLogFit(_ points: [(Double, Double)]) -> (slope: Double, rSquared: Double)? {
        let p = points.filter { $0.0 > 0 && $0.1 > 0 }.map { (log($0.0), log($0.1)) }
        guard p.count >= 2 else { return nil }
        let mx = p.map(\.0).reduce(0, +) / Double(p.count), my = p.map(\.1).reduce(0, +) / Double(p.count)
        let sxx = p.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
        guard sxx > 0 else { return nil }
        let k = p.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +) / sxx
        let total = p.map { ($0.1 - my) * ($0.1 - my) }.reduce(0, +)
        guard total > 0 else { return (k, 1) }
        let residual = p.map { (q: (Double, Double)) -> Double in let e = q.1 - (my + k * (q.0 - mx)); return e * e }.reduce(0, +)
        return (k, max(0, 1 - residual / total))
    }
}
