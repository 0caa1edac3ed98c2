// swift-tools-version: 6.1
// Solver benchmarks for Strut, kept in a nested package so the root `swift build` and `swift test`
// stay quick (package-benchmark's first build takes minutes). Run: `cd Benchmarks && swift package benchmark`
// (one suite: `swift package benchmark --target LayoutWorkloads`).
import PackageDescription

let package = Package(
    name: "StrutBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Strut", path: ".."),
        // The default traits need a package that is not available here; MallocInterposer gives exact malloc counts.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What both suites share: the engines measured and the gate's thresholds (not a benchmark:
        // the plugin runs only executable targets).
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Cassowary", package: "Strut"),
            ],
            path: "BenchmarkSupport"),
        .executableTarget(
            name: "SolverWorkloads",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Cassowary", package: "Strut"),
                .product(name: "Generator", package: "Strut"),
                .product(name: "LinearConstraints", package: "Strut"),
            ],
            path: "SolverWorkloads",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "LayoutWorkloads",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AutoLayout", package: "Strut"),
                .product(name: "Cassowary", package: "Strut"),
                .product(name: "LinearConstraints", package: "Strut"),
            ],
            path: "LayoutWorkloads",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
