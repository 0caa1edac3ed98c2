import ArgumentParser
import Fuzzing
import Judging
import StrutSystem

/// The options `strut fuzz` and `strut shrink` share (mounted with `@OptionGroup`): what a worker
/// checks a case with and the limits that make a case a hang or a memory finding. A shrink must
/// check with what the campaign that found its case checked, so both read the same options with
/// the same defaults; `validate()` rejects bad values before any work.
struct WorkerCheckOptions: ParsableArguments {
    @Option(name: .customLong("strategies"), help: "Comma-separated strategies; the first is the reference for differential checks (default: cassowary,cassowary-weighted; for strut shrink, those the finding was found with).")
    var strategyList: String?

    static let defaultStrategies = "cassowary,cassowary-weighted"

    /// The strategies checked: `--strategies`, else the default.
    var strategies: String { strategyList ?? Self.defaultStrategies }

    @Option(help: "Invariants for layout cases: cheap, all, none or a comma list.")
    var invariants = "cheap"

    @Option(help: "CPU seconds one case may take in a worker, its adapters included, before it is a hang (times the largest timeoutScale of the peers' profiles; or 6 times that on the clock, for a worker that waits without computing).")
    var timeout: Double = 10

    @Option(help: "Peer profile (a JSON file) for the outside solvers, instead of the one beside each adapter (repeatable, in their order; one: for all).")
    var profile: [String] = []

    @Option(help: "Resident megabytes a worker may use before the case is a memory finding.")
    var maxMemory = 2048

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard maxMemory > 0 else { throw ValidationError("--max-memory must be a positive number of megabytes") }
        do { _ = try check() } catch { throw ValidationError(error.message) }
    }

    /// The check a worker runs (strategies, invariant selection, peer profiles).
    func check() throws(FuzzUsageError) -> FuzzCheck {
        try FuzzCommandSupport.check(strategies: strategies, invariants: invariants, profiles: profile)
    }

    /// The per-case timeout: `--timeout` times the largest `timeoutScale` among the peers' profiles.
    func scaledTimeout() -> Double {
        let scale = ((try? check())?.profiles.values.map(\.timeoutScale) ?? []).max() ?? 1
        return timeout * scale
    }

    /// These options with what `--strategies` and `--profile` leave unsaid taken from where a
    /// finding came from (the campaign that found it).
    func filled(from origin: FindingOrigin?) -> WorkerCheckOptions {
        guard let origin else { return self }
        var out = self
        if strategyList == nil { out.strategyList = origin.strategies }
        if profile.isEmpty { out.profile = origin.profiles }
        return out
    }

    /// The arguments that make a replay or shrink check as this one does.
    var replayArguments: [String] { ["--strategies", strategies] + profile.flatMap { ["--profile", $0] } }

    /// A pool of `jobs` workers checking with these options.
    func pool(jobs: Int) -> WorkerPool {
        FuzzCommandSupport.pool(strategies: strategies, invariants: invariants, profiles: profile, jobs: jobs, timeout: scaledTimeout(), maxMemoryMB: maxMemory)
    }
}
