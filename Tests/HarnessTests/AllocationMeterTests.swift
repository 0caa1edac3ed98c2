import Foundation
import Testing

@testable import Metering

@Suite struct AllocationMeterTests {
    @Test func jemallocIsTheProcessAllocator() {
        #expect(AllocationMeter() != nil)
        #expect(AllocationMeter.jemallocVersion?.hasPrefix("5.") == true)
    }

    @Test func countsAKnownAllocationExactly() throws {
        let meter = try #require(AllocationMeter())
        let before = meter.read()
        // 4096 bytes is a jemalloc size class, so the usable size it counts is the request.
        let block = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
        let afterAllocation = meter.read()
        block.deallocate()
        let afterFree = meter.read()
        #expect(AllocationMeter.delta(before, afterAllocation) == (allocated: 4096, freed: 0))
        #expect(AllocationMeter.delta(afterAllocation, afterFree) == (allocated: 0, freed: 4096))
    }

    @Test func doesNotCountAnotherThreadsAllocations() throws {
        let meter = try #require(AllocationMeter())
        let go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let seen = OtherThreadBytes()
        let thread = Thread {
            go.wait()
            let own = AllocationMeter()
            let a = own?.read()
            let block = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
            block.storeBytes(of: 1, as: UInt8.self)
            let b = own?.read()
            block.deallocate()
            if let a, let b { seen.bytes = AllocationMeter.delta(a, b).allocated }
            done.signal()
        }
        thread.start()
        let before = meter.read()
        go.signal()
        done.wait()
        let after = meter.read()
        #expect(seen.bytes >= 1 << 20)
        #expect(AllocationMeter.delta(before, after).allocated < 1 << 16)
    }
}

/// Written by the other thread before it signals, read after the wait.
final class OtherThreadBytes: @unchecked Sendable {
    var bytes: UInt64 = 0
}
