import Generator

/// `strut bench --suite scale`: layout at the sizes real apps reach, for growth exponents per
/// family, strategy and phase (the terminal table's growth section, the HTML report's log-log
/// plot).
///
/// - The realistic families at 120, 240, 480 and 960 views, laid out on iphone-16-pro (the first
///   layout) then in landscape (a device switch), each followed by the diagnostics phase.
/// - The four peer workloads at the solver level at 1 000, 3 160 and 10 000 views (the chain,
///   whose constraints grow with the square of its views, at 316, 1 000 and 3 160), built then
///   rotated. Three sizes, so that their growth exponents are shown (the tables fit one from three
///   sizes or more) and one noisy size does not decide them: at two, a build of the grid of 1 000
///   views timed at 7.2 or 9.0 ms in two runs of the same binary moved its exponent from 1.06 to
///   1.25.
/// - A per-run time limit of `unitTimeLimit` seconds: a unit past it is cut off between two
///   solver operations and reported (`CUT OFF`), and larger sizes of that family under that
///   strategy are not started; a slow strategy costs about one limit per family, not hours.
/// - Strategies `cassowary` and `cassowary-factored` side by side unless `--strategies` says
///   otherwise (add `external:scripts/kiwi-adapter` to run Kiwi beside them on the same cases).
public enum ScaleSuite {
    public static let sizes = [120, 240, 480, 960]

    public static let families: [FamilyInput] =
        ["chat", "settings", "form", "scroll-content", "table-cells"].map { FamilyInput(family: $0, sizes: sizes) }

    public static let solverWorkloadSizes: [(PeerWorkload.Kind, Int)] = [
        (.flat, 1000), (.flat, 3160), (.flat, 10000), (.hug, 1000), (.hug, 3160), (.hug, 10000),
        (.grid, 1000), (.grid, 3160), (.grid, 10000), (.chain, 316), (.chain, 1000), (.chain, 3160),
    ]

    public static let devices = "iphone-16-pro,iphone-16-pro:landscape"
    public static let strategies = "cassowary,cassowary-explicit"
    public static let unitTimeLimit = 30.0
}
