import StrutSystem

/// A fixed piece of work whose thread-CPU time tells how fast the machine is running right now,
/// so that a run's CPU times can be put on one scale with another's (`ItemRecord.probe`, the
/// history's `scaled-cpu` figure).
///
/// Why: on a shared virtual machine the same build's CPU times move by ±15-20% from one stretch
/// of a run to the next and whole runs by up to 30%, because neighbours compete for the caches
/// (measured on 2-core machines: a pure arithmetic loop varied by 2.6%, a walk over 64 KiB by
/// 15%, and the layout work moved with the walk). Those moves last for hundreds of milliseconds,
/// longer than a work unit, so a probe run between repetitions sees the speed each repetition
/// ran at.
///
/// What: a pointer chase of `steps` loads around a fixed random cycle through 16 384 slots
/// (64 KiB, larger than a first-level cache and well inside the second), with a floating-point
/// update per load; about 200 µs on a current x86 core. It touches nothing of Strut's, so a
/// change in Strut's code never changes it: a uniform slowdown of every layout still shows after
/// scaling. Its table is built once per process, outside any measured region.
public enum SpeedProbe {
    /// Loads per probe.
    public static let steps = 60_000
    /// The thread-CPU time a scaled figure is expressed at: a time t measured while the probe
    /// took p is reported as t × reference / p ("as on a machine where the probe takes 200 µs").
    public static let referenceNanoseconds = 200_000.0

    /// The cycle: `ring[i]` is the slot after i, over one random cycle through every slot
    /// (fixed seed), so the hardware cannot predict the next load.
    static let ring: [Int32] = {
        let n = 16_384
        var order = Array(0..<n)
        var s: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in stride(from: n - 1, to: 0, by: -1) {
            s ^= s << 13
            s ^= s >> 7
            s ^= s << 17
            order.swapAt(i, Int(s % UInt64(i + 1)))
        }
        var next = [Int32](repeating: 0, count: n)
        for k in order.indices { next[order[k]] = Int32(order[(k + 1) % n]) }
        return next
    }()

    nonisolated(unsafe) static var sink = 0.0

    /// Runs the probe once on this thread and returns its thread-CPU nanoseconds.
    @inline(never)
    public static func run() -> UInt64 {
        let table = ring
        let c0 = Clocks.threadCPUNanoseconds()
        var i = 0, x = 1.0
        table.withUnsafeBufferPointer { r in
            for _ in 0..<steps {
                i = Int(r[i])
                x = x * 1.000_001 + Double(i & 7)
            }
        }
        let c1 = Clocks.threadCPUNanoseconds()
        sink += x
        return c1 &- c0
    }

    /// `time` (nanoseconds) on the reference scale, given the probe time it was measured beside.
    public static func scaled(_ time: Double, probe: Double) -> Double {
        probe > 0 ? time * referenceNanoseconds / probe : time
    }
}
