import Foundation
import Generator

/// The named suites of `strut bench --suite NAME`.
///
/// - `default`: `DefaultSuite`, what `strut bench` runs with no inputs (a few minutes), plus the
///   real screens of `corpora/real/cases` when the working directory holds them.
/// - `real`: the real app screens imported from Interface Builder files (`corpora/real/cases`,
///   read relative to the working directory), each on its design device.
/// - `ci`: a small fixed suite for the regression gate (`--baseline`), well under a minute in a
///   release build on 2 cores: every default-suite family at two small sizes, the golden corpus
///   (`corpora/golden`, read relative to the working directory, the repository root in CI), and
///   the four peer workloads at small sizes at the solver level, with 10 measured repetitions so
///   that every group has enough samples for `RatioStatistics`. Changing it invalidates the
///   committed baseline (`baselines/main.json`): save a new one in the same commit.
/// - `scale`: `ScaleSuite`, the realistic families at the sizes real apps reach and the peer
///   workloads at 1 000, 3 160 and 10 000 views, for growth exponents; a per-run time limit cuts off
///   what is too slow.
public enum BenchSuite: String, Hashable, Sendable, CaseIterable {
    case `default`, ci, scale, real

    /// Where the real screens' cases are, relative to the working directory.
    public static let realScreens = "corpora/real/cases"

    public var families: [FamilyInput] {
        switch self {
        case .default: DefaultSuite.families
        case .ci: Self.ciFamilies
        case .scale: ScaleSuite.families
        case .real: []
        }
    }

    /// The suite's device spec when `--devices` is not given (nil: each case's own, else the
    /// standard set).
    public var devices: String? {
        switch self {
        case .default, .ci, .real: nil
        case .scale: ScaleSuite.devices
        }
    }

    /// The suite's strategies when `--strategies` is not given (nil: the command's default).
    public var strategies: String? {
        switch self {
        case .default, .ci, .real: nil
        case .scale: ScaleSuite.strategies
        }
    }

    /// The suite's per-run time limit when `--unit-time-limit` is not given (nil: none).
    public var unitTimeLimit: Double? {
        switch self {
        case .default, .ci, .real: nil
        case .scale: ScaleSuite.unitTimeLimit
        }
    }

    /// The worker count when `--jobs` is not given (nil: every core). The scale suite measures
    /// one unit at a time: two units side by side slow each other on a 2-core machine (the hug
    /// build of 10 000 views under cassowary-factored took 166-169 ms alone and 206 ms beside
    /// another strut; a two-job run of the suite read up to 1.5 times the one-job figures), and
    /// its figures are latencies and growth exponents, not throughput.
    public var defaultJobs: Int? {
        switch self {
        case .default, .ci, .real: nil
        case .scale: 1
        }
    }

    /// Case files and directories of the suite, relative to the working directory.
    public var casePaths: [String] {
        switch self {
        case .scale: []
        case .ci: ["corpora/golden"]
        case .real: [Self.realScreens]
        case .default: Self.hasRealScreens ? [Self.realScreens] : []
        }
    }

    /// Whether the working directory holds the real screens (the default suite takes them then).
    public static var hasRealScreens: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: realScreens, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func solverWorkloads() -> [PeerWorkload] {
        switch self {
        case .default: DefaultSuite.solverWorkloads()
        case .real: []
        case .ci: Self.ciWorkloadSizes.compactMap { try? PeerWorkload(kind: $0.0, views: $0.1) }
        case .scale: ScaleSuite.solverWorkloadSizes.compactMap { try? PeerWorkload(kind: $0.0, views: $0.1) }
        }
    }

    /// Measured repetitions when `--repeat` is not given.
    public var defaultRepeats: Int {
        switch self {
        case .default, .scale, .real: 3
        case .ci: 10
        }
    }

    /// Every built-in family of the default suite at two small sizes (a first-layout group gets
    /// 10 samples per case, a switch group 10 per device and case).
    static let ciFamilies: [FamilyInput] = [
        FamilyInput(family: "form", sizes: [10, 22]),
        FamilyInput(family: "table-cells", sizes: [10, 20]),
        FamilyInput(family: "chat", sizes: [8, 15]),
        FamilyInput(family: "settings", sizes: [10, 20]),
        FamilyInput(family: "bars", sizes: [11, 22]),
        FamilyInput(family: "scroll-content", sizes: [10, 20]),
        FamilyInput(family: "master-detail", sizes: [10, 20]),
        FamilyInput(family: "long-chain", sizes: [25, 50]),
        FamilyInput(family: "equal-grid", sizes: [16, 36]),
        FamilyInput(family: "deep-nesting", sizes: [20, 40]),
        FamilyInput(family: "size-class-flip", sizes: [10, 20]),
        FamilyInput(family: "right-to-left", sizes: [15, 30]),
        FamilyInput(family: "planted-conflict", sizes: [15, 30]),
        FamilyInput(family: "priority-ladder", sizes: [20, 40]),
        FamilyInput(family: "soft-ambiguity", sizes: [10, 20]),
        FamilyInput(family: "redundant", sizes: [25, 50]),
        FamilyInput(family: "equality-cycles", sizes: [16, 32]),
    ]

    static let ciWorkloadSizes: [(PeerWorkload.Kind, Int)] = [(.flat, 100), (.hug, 100), (.grid, 49), (.chain, 50)]

    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
