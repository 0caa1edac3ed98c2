import Foundation

/// The clocks and process figures a measurement reads (Linux and Darwin through libc).
public enum Clocks {
    /// Monotonic wall clock in nanoseconds (CLOCK_MONOTONIC: not moved by time changes).
    @inline(__always)
    public static func monotonicNanoseconds() -> UInt64 { read(CLOCK_MONOTONIC) }

    /// CPU time the calling thread has used, in nanoseconds (CLOCK_THREAD_CPUTIME_ID): what the
    /// solve cost its worker, without the time it waited for a busy core.
    @inline(__always)
    public static func threadCPUNanoseconds() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    @inline(__always)
    static func read(_ clock: clockid_t) -> UInt64 {
        var t = timespec()
        clock_gettime(clock, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }

    /// Peak resident memory of the process so far, in bytes (getrusage's ru_maxrss, which Linux
    /// reports in KiB and Darwin in bytes).
    public static func peakResidentBytes() -> UInt64 {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return UInt64(max(0, usage.ru_maxrss)) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return UInt64(max(0, usage.ru_maxrss))
        #endif
    }

    /// CPU time the whole process has used (user + system), in nanoseconds.
    public static func processCPUNanoseconds() -> UInt64 { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// The 1, 5 and 15 minute load averages, or zeros when the system does not say.
    public static func loadAverages() -> [Double] {
        var loads = [0.0, 0.0, 0.0]
        let n = loads.withUnsafeMutableBufferPointer { getloadavg($0.baseAddress!, 3) }
        return n == 3 ? loads : [0, 0, 0]
    }
}
