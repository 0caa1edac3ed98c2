import CJemalloc

/// Bytes allocated and freed by the calling thread, read from jemalloc's per-thread counters
/// (docs/architecture.md, "Concurrency, isolation, measurement").
///
/// jemalloc is the process allocator because strut links it (the `CJemalloc` target), so every
/// Swift allocation goes through it. `thread.allocatedp` and `thread.deallocatedp` are pointers to
/// the calling thread's running totals; the meter asks `mallctl` for them once (about 40 ns) and
/// then reads them directly (about 2 ns), so metering a solve costs two loads on each side.
///
/// A meter belongs to the thread that made it: the pointers are that thread's counters. A
/// worker makes one meter when it starts and uses it for every solve it runs; reading it on
/// another thread would read the first thread's totals. That is why it is not `Sendable`.
public struct AllocationMeter {
    /// The calling thread's totals since it started.
    public struct Reading: Hashable, Sendable {
        public var allocated: UInt64
        public var freed: UInt64
    }

    private let allocatedp: UnsafeMutablePointer<UInt64>
    private let deallocatedp: UnsafeMutablePointer<UInt64>

    /// Caches the calling thread's counter pointers; nil when jemalloc does not answer (it is not
    /// the allocator, or was built without statistics).
    public init?() {
        guard let a = Self.threadPointer("thread.allocatedp"), let d = Self.threadPointer("thread.deallocatedp") else { return nil }
        allocatedp = a
        deallocatedp = d
    }

    /// The thread's totals now. Two loads; allocates nothing.
    @inline(__always)
    public func read() -> Reading { Reading(allocated: allocatedp.pointee, freed: deallocatedp.pointee) }

    /// The bytes allocated and freed by this thread between two readings.
    @inline(__always)
    public static func delta(_ from: Reading, _ to: Reading) -> (allocated: UInt64, freed: UInt64) {
        (to.allocated &- from.allocated, to.freed &- from.freed)
    }

    private static func threadPointer(_ name: String) -> UnsafeMutablePointer<UInt64>? {
        var pointer: UnsafeMutablePointer<UInt64>?
        var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        let status = withUnsafeMutablePointer(to: &pointer) { p in
            mallctl(name, UnsafeMutableRawPointer(p), &size, nil, 0)
        }
        return status == 0 ? pointer : nil
    }

    /// jemalloc's version text (`5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c`), or nil
    /// when jemalloc is not linked in.
    public static var jemallocVersion: String? {
        var text: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        let status = withUnsafeMutablePointer(to: &text) { p in mallctl("version", UnsafeMutableRawPointer(p), &size, nil, 0) }
        guard status == 0, let text else { return nil }
        return String(cString: text)
    }
}
