import CValgrind
import Foundation

/// Marks the measured regions of a process that runs under callgrind (`strut bench --meter
/// instructions` re-executes strut as `valgrind --tool=callgrind --collect-atstart=no
/// --instr-atstart=no --callgrind-out-file=DIR/cg`; `MeterRun` in strut).
///
/// Instrumentation starts once (`init`); each region zeroes the counts, turns collection on,
/// runs, turns it off and dumps (`CALLGRIND_DUMP_STATS_AT`), which writes `DIR/cg.N` (N counting
/// regions from 1) before the request returns. The measured process never reads a dump: its
/// records carry the region numbers N, and the process that launched valgrind reads the dumps
/// after it has exited and puts the counts in their place (`MeterDumps.fill`). Reading them here
/// would move the heap by an amount that depends on the dump (its length, its digits) and with it
/// the next regions' counts. Collection is global to the process, so one worker measures
/// (`--jobs 1` in the child) and nothing else runs during a region (no progress ticks).
public final class InstructionMeter: @unchecked Sendable {
    /// The environment variable naming the dump directory (set by the launching parent).
    public static let directoryVariable = "STRUT_METER_DIR"

    /// `STRUT_PLANTED_SLOWDOWN` (an integer percentage, 0-1000; 0 when unset or malformed): the
    /// planted slowdown `strut bench` switches on in the Cassowary row merge (`PlantedSlowdown`).
    public static var plantedSlowdownPercent: Int { Int(strut_planted_slowdown_percent()) }

    /// True when the process runs under valgrind.
    public static var runningOnValgrind: Bool { strut_running_on_valgrind() != 0 }

    /// Turns address randomisation off for this process and the programs it starts; false when
    /// the system refuses.
    public static func fixAddresses() -> Bool { strut_disable_address_randomization() == 0 }

    /// The dump directory when this process runs under valgrind with one; nil otherwise.
    public static var childDirectory: String? {
        guard runningOnValgrind, let dir = getenv(directoryVariable).map({ String(cString: $0) }), !dir.isEmpty else { return nil }
        return dir
    }

    /// A meter when the process runs under valgrind with a dump directory; nil otherwise.
    public static func fromEnvironment() -> InstructionMeter? { childDirectory == nil ? nil : InstructionMeter() }

    init() { strut_callgrind_start_instrumentation() }

    /// Makes Ctrl-C set a flag (`interrupted`) rather than end the process, with no thread.
    public static func watchInterrupt() { strut_watch_sigint() }

    /// True once SIGINT arrived after `watchInterrupt()`.
    public static var interrupted: Bool { strut_sigint_seen() != 0 }

    /// Runs `body` as one measured region and returns its result with the region's number
    /// (its dump is `DIR/cg.<number>`).
    @inline(never)
    public func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, UInt64?) {
        strut_callgrind_zero_stats()
        strut_callgrind_toggle_collect()
        let result: T
        do { result = try body() } catch {
            strut_callgrind_toggle_collect()
            dump()
            throw error
        }
        strut_callgrind_toggle_collect()
        return (result, dump())
    }

    /// Writes the region's dump; its number. Allocation-free.
    @discardableResult
    func dump() -> UInt64 {
        strut_callgrind_dump_stats_at("strut-region")
        regions += 1
        return regions
    }

    private var regions: UInt64 = 0
}
