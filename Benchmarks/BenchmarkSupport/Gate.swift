import Benchmark

/// How both suites are gated by `swift package benchmark thresholds check` against the committed
/// `Thresholds/<Suite>.<benchmark>.p90.json` (`scripts/micro-gate` runs the check and refreshes
/// the files).
///
/// package-benchmark checks each metric of a threshold file at p90, with the tolerance the
/// benchmark's configuration gives that metric at `.p90`; a deviation past it either way fails
/// (a regression exits 2, an improvement 4, so an improvement asks for a refresh as well). A
/// metric without a `.p90` tolerance is not checked against the files; it is still compared
/// between two baselines (`benchmark baseline compare`) at the percentiles it has.
///
/// What gates: malloc calls and the bytes they request (the MallocInterposer trait counts every
/// call), nearly the same on every run of the same build (`usual`); `scripts/micro-gate --update`
/// writes only these metrics. What does not: time. Wall-clock time moved by +70% with unchanged
/// code on these shared 2-core machines (docs/peers.md), and package-benchmark cannot read
/// instruction counters here (`perf stat -e instructions` is not supported on these VMs), so time
/// has no `.p90` tolerance: recorded, and between baselines the median may double. Instruction
/// counts are `strut bench --meter instructions`' job (README, "Regression gates").
public enum Gate {
    /// The gated metrics, in the order the threshold files list them.
    public static let countMetrics: [BenchmarkMetric] = [.mallocBytesCount, .mallocCountTotal]

    /// Within `percent` of the threshold at p90, either way.
    public static func within(_ percent: Double) -> BenchmarkThresholds {
        BenchmarkThresholds(relative: [.p90: percent])
    }

    /// Exactly at the threshold (a warm drag's 0).
    public static var exact: BenchmarkThresholds { BenchmarkThresholds(absolute: [.p90: 0]) }

    /// Time: never checked against the files; between baselines the median may double.
    public static var time: BenchmarkThresholds { BenchmarkThresholds(relative: [.p50: 100]) }

    /// The usual tolerances: malloc calls within 1%, requested bytes within 5%. Calls moved by at
    /// most 0.42% between runs of the same build (cells-10000-build; most by under 0.06%), bytes
    /// by up to 2.1% (factored-grid-1000-build): the interposer counts the whole process, and a
    /// reallocation's size depends on the heap.
    public static var usual: (calls: BenchmarkThresholds, bytes: BenchmarkThresholds) { (within(1), within(5)) }

    /// The thresholds of a benchmark whose malloc calls and bytes gate with `calls` and `bytes`,
    /// for the metrics it records.
    public static func thresholds(calls: BenchmarkThresholds, bytes: BenchmarkThresholds, metrics: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
        let all: [BenchmarkMetric: BenchmarkThresholds] = [.wallClock: time, .cpuTotal: time, .mallocCountTotal: calls, .mallocBytesCount: bytes]
        return all.filter { metrics.contains($0.key) }
    }
}
