import ArgumentParser
import Gates

/// The regression gate's thresholds, shared by `strut bench --baseline` and `strut compare
/// --binaries OLD NEW` (mounted with `@OptionGroup`), which judge a run against a reference the
/// same way (`BaselineComparison`): there the reference is a saved baseline, here OLD's run of
/// the same work. One type, so the two commands take the same names, defaults and checks;
/// `validate()` rejects a threshold that is not a positive finite number before any work.
struct GateThresholdOptions: ParsableArguments {
    @Option(help: "Gate: a group regresses when the whole interval of its CPU-time ratio (this run over the baseline; with compare --binaries, NEW over OLD) lies above 1 + this. Default 0.25; with compare --binaries 1.0, since one group's time moves by about 20% between two processes of one build.")
    var timeThreshold: Double?

    @Option(help: "Gate: the whole run regresses when its median CPU-time ratio's interval lies above 1 + this. Default 0.5 (another machine or a loaded one: raise it); with compare --binaries 0.1, since both builds run interleaved on one machine.")
    var runThreshold: Double?

    @Option(help: "Gate under --meter instructions: a group regresses when its instruction count rose by more than this (0.02 means 2%).")
    var instructionThreshold = 0.02

    /// The comparison's options: these thresholds, else the defaults for a run against a saved
    /// baseline or, `interleaved`, for two builds run side by side (`compare --binaries`).
    ///
    /// Why the interleaved defaults differ (2026-11-28, ci suite, one build against itself, 2 idle
    /// cores): one group's CPU ratio between two processes has a spread of 19-20% (sd of
    /// logarithms over 3 720 groups), so at 1.25 61-84 groups came out regressed in every run;
    /// the median over groups stayed within 1.00-1.01 [interval 0.01 wide], so 1.1 for the run.
    func comparisonOptions(interleaved: Bool = false) -> BaselineComparison.Options {
        var options = BaselineComparison.Options()
        options.interleaved = interleaved
        options.timeThreshold = timeThreshold ?? (interleaved ? 1.0 : 0.25)
        options.runThreshold = runThreshold ?? (interleaved ? 0.1 : 0.5)
        options.instructionThreshold = instructionThreshold
        return options
    }

    func validate() throws {
        for (name, value, example) in [("--time-threshold", timeThreshold, "0.25 means 25%"), ("--run-threshold", runThreshold, "0.5 means 50%"),
                                       ("--instruction-threshold", instructionThreshold, "0.02 means 2%")] {
            guard let value else { continue }
            guard value > 0, value.isFinite else { throw ValidationError("\(name) must be a positive number (\(example))") }
        }
    }
}
