import StrutSystem

/// What metering one solve costs: the worker wraps every solve in a bracket of two jemalloc
/// counter reads, two thread-CPU clock reads and two monotonic clock reads, in that nesting
/// (allocation, CPU, wall ... wall, CPU, allocation), so only one monotonic read falls inside the
/// wall interval a latency reports. Both costs are measured on the running machine by timing the
/// exact bracket around nothing, and recorded with every run (issue 7: under 5% of a small solve).
public struct MeteringCost: Hashable, Sendable, Codable {
    /// Nanoseconds one whole bracket takes: what metering adds to each solve's share of the run
    /// (dominated by the thread-CPU clock, a system call on Linux: ~380 ns per read here).
    public var bracketNanoseconds: Double
    /// Nanoseconds the bracket adds inside the reported wall latency (the floor of an empty
    /// solve's measured latency).
    public var inWallNanoseconds: Double

    /// Written as `{"bracket": ..., "inWall": ...}` in a results file's runs.
    enum CodingKeys: String, CodingKey {
        case bracketNanoseconds = "bracket", inWallNanoseconds = "inWall"
    }

    package init(bracketNanoseconds: Double, inWallNanoseconds: Double) {
        self.bracketNanoseconds = bracketNanoseconds
        self.inWallNanoseconds = inWallNanoseconds
    }

    /// Measures on this thread: `batches` batches of `perBatch` empty brackets, keeping the
    /// fastest batch (a loaded machine preempts some; preemption is not metering cost).
    /// O(batches × perBatch); allocates nothing while timing.
    public static func measure(batches: Int = 50, perBatch: Int = 200) -> MeteringCost {
        let meter = AllocationMeter()
        var best = Double.infinity, floor = UInt64.max
        var sink: UInt64 = 0
        for _ in 0..<max(1, batches) {
            let start = Clocks.monotonicNanoseconds()
            for _ in 0..<max(1, perBatch) {
                let a0 = meter?.read(), c0 = Clocks.threadCPUNanoseconds(), t0 = Clocks.monotonicNanoseconds()
                let t1 = Clocks.monotonicNanoseconds(), c1 = Clocks.threadCPUNanoseconds(), a1 = meter?.read()
                floor = min(floor, t1 &- t0)
                sink &+= (c1 &- c0) &+ (a1?.allocated ?? 0) &- (a0?.allocated ?? 0)
            }
            best = min(best, Double(Clocks.monotonicNanoseconds() &- start) / Double(max(1, perBatch)))
        }
        return MeteringCost(bracketNanoseconds: best + (sink == .max ? 1e-9 : 0), inWallNanoseconds: Double(floor))
    }
}
