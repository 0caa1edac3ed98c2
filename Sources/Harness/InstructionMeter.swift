import CValgrind
import Foundation

/// Counts the instructions of measured regions when the process runs under callgrind
/// (`strut bench --meter instructions` re-executes strut as
/// `valgrind --tool=callgrind --collect-atstart=no --instr-atstart=no --callgrind-out-file=DIR/cg`).
///
/// Instrumentation starts once (`start()`); each region zeroes the counts, turns collection on,
/// runs, turns it off and dumps (`CALLGRIND_DUMP_STATS_AT`), which writes `DIR/cg.N`
/// before the request returns; the meter reads that file's `totals:` (or `summary:`) line of Ir
/// and deletes it. Collection is global to the process, so only one worker may measure at a time
/// (`--jobs 1` under the meter) and nothing else may run during a region (the progress tick is
/// off under the meter). Counts include a constant few instructions of the client requests.
public final class InstructionMeter: @unchecked Sendable {
    /// The directory the dumps go to (`STRUT_METER_DIR`, set by the re-executing parent).
    public let directory: String
    /// The environment variable naming the dump directory.
    public static let directoryVariable = "STRUT_METER_DIR"

    /// `STRUT_PLANTED_SLOWDOWN` (an integer percentage, 0-1000; 0 when unset or malformed): the
    /// planted slowdown `strut bench` switches on in the Cassowary row merge (`PlantedSlowdown`).
    public static var plantedSlowdownPercent: Int { Int(strut_planted_slowdown_percent()) }

    /// True when the process runs under valgrind.
    public static var runningOnValgrind: Bool { strut_running_on_valgrind() != 0 }

    /// Prepares this process's environment for a metered child: address randomisation off
    /// (inherited), and the variables that make the child's work the same on every run.
    /// Returns the environment to give the child and whether randomisation is off.
    public static func childEnvironment(directory: String) -> (environment: [String: String], fixedAddresses: Bool) {
        let fixed = strut_disable_address_randomization() == 0
        var environment = ProcessInfo.processInfo.environment
        environment[directoryVariable] = directory
        // Swift's per-process random hashing seed would change hash-table work from run to run.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // jemalloc purges unused pages after a time (decay): when depends on the clock. Never.
        environment["MALLOC_CONF"] = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        return (environment, fixed)
    }

    /// A meter when the process runs under valgrind with a dump directory; nil otherwise.
    public static func fromEnvironment() -> InstructionMeter? {
        guard runningOnValgrind, let dir = ProcessInfo.processInfo.environment[directoryVariable], !dir.isEmpty else { return nil }
        return InstructionMeter(directory: dir)
    }

    init(directory: String) {
        self.directory = directory
        let prefix = Array((directory + "/cg.").utf8CString.dropLast())
        prefixLength = prefix.count
        path = .allocate(capacity: prefix.count + 24)
        for (k, c) in prefix.enumerated() { path[k] = c }
        tail = .allocate(capacity: Self.tailBytes)
        strut_callgrind_start_instrumentation()
    }

    deinit {
        path.deallocate()
        tail.deallocate()
    }

    /// Runs `body` as one measured region and returns its result with the region's instruction
    /// count (nil when the dump could not be read).
    @inline(never)
    public func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, UInt64?) {
        strut_callgrind_zero_stats()
        strut_callgrind_toggle_collect()
        let result: T
        do { result = try body() } catch {
            strut_callgrind_toggle_collect()
            throw error
        }
        strut_callgrind_toggle_collect()
        return (result, readDump())
    }

    /// Dumps the counts collected since the last zeroing and reads them back. Allocation-free
    /// (a path and a buffer made once): the read must leave the heap as it found it, or the next
    /// region's count would depend on the dump file's length (its pid, its digits).
    func readDump() -> UInt64? {
        strut_callgrind_dump_stats_at("strut-region")
        dumps += 1
        // "DIR/cg.<dumps>\0" into the path buffer.
        var n = dumps, digits = 0
        repeat { digits += 1; n /= 10 } while n > 0
        n = dumps
        for k in stride(from: prefixLength + digits - 1, through: prefixLength, by: -1) {
            path[k] = CChar(48 + n % 10)
            n /= 10
        }
        path[prefixLength + digits] = 0
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let size = Int(lseek(fd, 0, SEEK_END))
        let count = min(size, Self.tailBytes)
        guard count > 0, pread(fd, tail, count, off_t(size - count)) == count else { return nil }
        return Self.parseTotal(UnsafeBufferPointer(start: tail, count: count))
    }

    /// Bytes read from the end of a dump: its last lines, `totals:` among them.
    static let tailBytes = 4096
    private var dumps = 0
    private let prefixLength: Int
    private let path: UnsafeMutablePointer<CChar>
    private let tail: UnsafeMutablePointer<UInt8>

    /// The total of a dump's text (tests; `parseTotal(_:UnsafeBufferPointer)` on its bytes).
    public static func parseTotal(_ text: String) -> UInt64? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parseTotal(UnsafeBufferPointer($0)) }
    }

    /// The total instruction count (Ir) of a callgrind dump's bytes (or its end): the number
    /// after the last `totals:` at a line start, else after `summary:`. nil when neither is there.
    static func parseTotal(_ b: UnsafeBufferPointer<UInt8>) -> UInt64? {
        func number(after key: StaticString) -> UInt64? {
            let k = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            var found: UInt64?
            var i = 0
            while i + k.count <= b.count {
                if (i == 0 || b[i - 1] == 10), (0..<k.count).allSatisfy({ b[i + $0] == k[$0] }) {
                    var j = i + k.count
                    while j < b.count, b[j] == 32 { j += 1 }
                    var value: UInt64 = 0, any = false
                    while j < b.count, b[j] >= 48, b[j] <= 57 {
                        value = value &* 10 &+ UInt64(b[j] - 48)
                        any = true
                        j += 1
                    }
                    if any { found = value }
                }
                i += 1
            }
            return found
        }
        return number(after: "totals:") ?? number(after: "summary:")
    }
}
