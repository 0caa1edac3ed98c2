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
    private var dumps = 0

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
        strut_callgrind_start_instrumentation()
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

    /// Dumps the counts collected since the last zeroing and reads them back.
    func readDump() -> UInt64? {
        strut_callgrind_dump_stats_at("strut-region")
        dumps += 1
        let path = "\(directory)/cg.\(dumps)"
        defer { unlink(path) }
        return Self.parseTotal(Self.tail(of: path, bytes: 512))
    }

    /// The last `bytes` bytes of a file as text ("" when it does not read). A dump ends with its
    /// `totals:` line; reading only the end keeps the work between regions small (everything
    /// this process does runs instrumented, about 50 times slower).
    static func tail(of path: String, bytes: Int) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return "" }
        let size = Int(st.st_size)
        let count = min(size, bytes)
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(size - count)) }
        guard n > 0 else { return "" }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    /// The total instruction count (Ir) of a callgrind dump: its `totals:` line, else its
    /// `summary:` line (the first number on it: Ir is the first event). nil when neither is there.
    public static func parseTotal(_ text: String) -> UInt64? {
        var summary: UInt64?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).reversed() {
            for key in ["totals:", "summary:"] where line.hasPrefix(key) {
                let value = line.dropFirst(key.count).split(separator: " ").first.flatMap { UInt64($0) }
                if key == "totals:", let value { return value }
                if summary == nil { summary = value }
            }
        }
        return summary
    }
}
