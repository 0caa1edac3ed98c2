import ArgumentParser
import Harness

/// The options `strut fuzz` and `strut shrink` share (mounted with `@OptionGroup`): what a worker
/// checks a case with and the limits that make a case a hang or a memory finding. A shrink must
/// check with what the campaign that found its case checked, so both read the same options with
/// the same defaults; `validate()` rejects bad values before any work.
struct WorkerCheckOptions: ParsableArguments {
    @Option(help: "Comma-separated strategies; the first is the reference for differential checks.")
    var strategies = "cassowary,cassowary-weighted"

    @Option(help: "Invariants for layout cases: cheap, all, none or a comma list.")
    var invariants = "cheap"

    @Option(help: "Seconds one case may take in a worker before it is a hang.")
    var timeout: Double = 10

    @Option(help: "Resident megabytes a worker may use before the case is a memory finding.")
    var maxMemory = 2048

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard maxMemory > 0 else { throw ValidationError("--max-memory must be a positive number of megabytes") }
        do { _ = try FuzzCommandSupport.check(strategies: strategies, invariants: invariants) } catch { throw ValidationError(error.message) }
    }

    /// The check a worker runs (strategies and invariant selection).
    func check() throws(FuzzUsageError) -> FuzzCheck { try FuzzCommandSupport.check(strategies: strategies, invariants: invariants) }

    /// A pool of `jobs` workers checking with these options.
    func pool(jobs: Int) -> WorkerPool {
        FuzzCommandSupport.pool(strategies: strategies, invariants: invariants, jobs: jobs, timeout: timeout, maxMemoryMB: maxMemory)
    }
}
