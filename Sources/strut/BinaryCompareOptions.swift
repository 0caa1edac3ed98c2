import ArgumentParser
import Foundation
import Harness

/// `strut compare --binaries OLD NEW`'s own options (mounted with `@OptionGroup`): the two
/// builds, the instruction meter, and the thresholds of `strut bench --baseline`, which judges
/// NEW against OLD as a run against its baseline.
struct BinaryCompareOptions: ParsableArguments {
    @Option(name: .customLong("binaries"), parsing: .upToNextOption,
            help: "Compare two strut builds instead of two strategies: OLD NEW (paths of strut executables). Both run the same work, alternating unit by unit on this machine; NEW is judged against OLD as strut bench --baseline judges a run (exit 4 on a regression). Default work: --suite ci.")
    var paths: [String] = []

    @Option(help: "With --binaries: also count each build's instructions under valgrind's callgrind ('instructions'; strut bench --meter instructions) and gate them past --instruction-threshold.")
    var meter: String?

    @Option(help: "With --binaries: a group regresses when the whole interval of its CPU-time ratio, NEW over OLD, lies above 1 + this.")
    var timeThreshold = 0.25

    @Option(help: "With --binaries: the whole run regresses when its median CPU-time ratio's interval lies above 1 + this.")
    var runThreshold = 0.5

    @Option(help: "With --binaries --meter instructions: a group regresses when NEW's instruction count exceeds OLD's by more than this (0.02 means 2%).")
    var instructionThreshold = 0.02

    @Option(help: .hidden)
    var plantInNew: Int?

    var isSet: Bool { !paths.isEmpty }

    var old: String { paths[0] }
    var new: String { paths[1] }

    var comparisonOptions: BaselineComparison.Options {
        var options = BaselineComparison.Options()
        options.timeThreshold = timeThreshold
        options.runThreshold = runThreshold
        options.instructionThreshold = instructionThreshold
        return options
    }

    func validate() throws {
        guard isSet else {
            if meter != nil || plantInNew != nil { throw ValidationError("--meter is an option of --binaries") }
            return
        }
        guard paths.count == 2 else { throw ValidationError("--binaries takes two strut executables, OLD NEW") }
        for p in paths where !FileManager.default.isExecutableFile(atPath: p) {
            throw ValidationError("--binaries: \(p) is not an executable file")
        }
        if let meter, meter != "instructions" { throw ValidationError("--meter: unknown meter \"\(meter)\"; known: instructions") }
        for (name, t) in [("--time-threshold", timeThreshold), ("--run-threshold", runThreshold), ("--instruction-threshold", instructionThreshold)] {
            guard t > 0, t.isFinite else { throw ValidationError("\(name) must be a positive number") }
        }
        if let plantInNew, !(0...1000).contains(plantInNew) { throw ValidationError("--plant-in-new takes a percentage 0-1000") }
    }
}
