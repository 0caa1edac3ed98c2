import ArgumentParser

/// What `--meter` counts in each measured region besides time (`strut bench`, `strut compare
/// --binaries`). A closed set: the argument parser refuses any other word, naming `--meter`, the
/// bad value and the known ones, and offers the known ones to shell completion.
enum Meter: String, CaseIterable, ExpressibleByArgument {
    /// Instructions, counted under valgrind's callgrind (`MeterRun`).
    case instructions
}
