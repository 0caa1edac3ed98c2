import ArgumentParser
import Gates

/// The regression gate's thresholds, shared by `strut bench --baseline` and `strut compare
/// --binaries OLD NEW` (mounted with `@OptionGroup`), which judge a run against a reference the
/// same way (`BaselineComparison`): there the reference is a saved baseline, here OLD's run of
/// the same work. One type, so the two commands take the same names, defaults and checks;
/// `validate()` rejects a threshold that is not a positive finite number before any work.
struct GateThresholdOptions: ParsableArguments {
    @Option(help: "Gate: a group regresses when the whole interval of its CPU-time ratio (this run over the baseline; with compare --binaries, NEW over OLD) lies above 1 + this.")
    var timeThreshold = 0.25

    @Option(help: "Gate: the whole run regresses when its median CPU-time ratio's interval lies above 1 + this (another machine or a loaded one: raise it).")
    var runThreshold = 0.5

    @Option(help: "Gate under --meter instructions: a group regresses when its instruction count rose by more than this (0.02 means 2%).")
    var instructionThreshold = 0.02

    /// The comparison's options, with these thresholds and its other defaults.
    var comparisonOptions: BaselineComparison.Options {
        var options = BaselineComparison.Options()
        options.timeThreshold = timeThreshold
        options.runThreshold = runThreshold
        options.instructionThreshold = instructionThreshold
        return options
    }

    func validate() throws {
        for (name, value, example) in [("--time-threshold", timeThreshold, "0.25 means 25%"), ("--run-threshold", runThreshold, "0.5 means 50%"),
                                       ("--instruction-threshold", instructionThreshold, "0.02 means 2%")] {
            guard value > 0, value.isFinite else { throw ValidationError("\(name) must be a positive number (\(example))") }
        }
    }
}
