import ArgumentParser
import Foundation

/// `strut compare --binaries OLD NEW`'s own options (mounted with `@OptionGroup`): the two
/// builds, the instruction meter, and the gate's thresholds (`GateThresholdOptions`, the ones
/// `strut bench --baseline` takes), since NEW is judged against OLD as a run against its baseline.
struct BinaryCompareOptions: ParsableArguments {
    @Option(name: .customLong("binaries"), parsing: .upToNextOption,
            help: "Compare two strut builds instead of two strategies: OLD NEW (paths of strut executables). Both run the same work, alternating unit by unit on this machine; NEW is judged against OLD as strut bench --baseline judges a run (exit 4 on a regression). Default work: --suite ci.")
    var paths: [String] = []

    @Option(help: "With --binaries: also count each build's instructions under valgrind's callgrind ('instructions'; strut bench --meter instructions) and gate them past --instruction-threshold.")
    var meter: Meter?

    @OptionGroup var gate: GateThresholdOptions

    @Option(help: .hidden)
    var plantInNew: Int?

    var isSet: Bool { !paths.isEmpty }

    var old: String { paths[0] }
    var new: String { paths[1] }

    func validate() throws {
        guard isSet else {
            if meter != nil || plantInNew != nil { throw ValidationError("--meter is an option of --binaries") }
            return
        }
        guard paths.count <= 2 else {
            // The option takes every word up to the next option, so case paths after it land here.
            throw ValidationError("--binaries takes two strut executables, OLD NEW, and got \(paths.count) (\(paths.dropFirst(2).joined(separator: " "))): put case files before --binaries or another option after its two paths")
        }
        guard paths.count == 2 else { throw ValidationError("--binaries takes two strut executables, OLD NEW") }
        for p in paths where !FileManager.default.isExecutableFile(atPath: p) {
            throw ValidationError("--binaries: \(p) is not an executable file")
        }
        if let plantInNew, !(0...1000).contains(plantInNew) { throw ValidationError("--plant-in-new takes a percentage 0-1000") }
    }
}
