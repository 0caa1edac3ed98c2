// swift-tools-version: 6.1
// Strut: a parallel benchmarking and fuzzing harness for constraint-based layout solvers.
// Layering (docs/architecture.md, "Layers"): LinearConstraints, SparseLU <- Cassowary, ExactSolver <- AutoLayout
// <- Generator, InterfaceBuilder <- strut. The harness is one module per concept, each depending only
// on modules above it in this list: StrutSystem; Metering (the only one that links jemalloc and
// valgrind); Peers; Subjects; Judging; Fuzzing (the libFuzzer target links it and what it needs,
// nothing below); Bench; Gates; Reports.
// Benchmarks live in the nested package Benchmarks/ so `swift build` and `swift test` stay quick.
import PackageDescription

/// Tests compile without optimization: their bodies are thin and the libraries they call are
/// optimized (2026-11-28: four test modules took 176 s of CPU to compile at -O, 98 s at -Onone;
/// the test run took 89 s either way). Their module is emitted by the compiling job itself: nothing
/// imports a test module, and a separate emitting job type-checked every declaration a second
/// time (2026-11-29: every test module rebuilt in 143 s of CPU, 117 s without that job).
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone", "-no-emit-module-separately-wmo"])]

let package = Package(
    name: "Strut",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strut", targets: ["strut"]),
        .library(name: "LinearConstraints", targets: ["LinearConstraints"]),
        .library(name: "SparseLU", targets: ["SparseLU"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "ExactSolver", targets: ["ExactSolver"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "Generator", targets: ["Generator"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),
        .library(name: "StrutSystem", targets: ["StrutSystem"]),
        .library(name: "Metering", targets: ["Metering"]),
        .library(name: "Peers", targets: ["Peers"]),
        .library(name: "Subjects", targets: ["Subjects"]),
        .library(name: "Judging", targets: ["Judging"]),
        .library(name: "Fuzzing", targets: ["Fuzzing"]),
        .library(name: "Bench", targets: ["Bench"]),
        .library(name: "Gates", targets: ["Gates"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "History", targets: ["History"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "LinearConstraints"),
        // A sparse LU factorization with column replacement updates, hypersparse solves and
        // singularity repair: the basis of cassowary-revised, a library of its own.
        .target(name: "SparseLU"),
        .target(name: "Cassowary", dependencies: ["LinearConstraints", "SparseLU"]),
        .target(
            name: "ExactSolver",
            dependencies: ["LinearConstraints", .product(name: "BigInt", package: "BigInt")]),
        .target(name: "AutoLayout", dependencies: ["LinearConstraints", "Cassowary"]),
        .target(name: "Generator", dependencies: ["LinearConstraints", "AutoLayout"]),
        // Interface Builder documents (.storyboard, .xib) as layout cases; reads XML with
        // FoundationXML (libxml2), refusing document type and entity declarations.
        .target(name: "InterfaceBuilder", dependencies: ["LinearConstraints", "AutoLayout"]),
        .systemLibrary(
            name: "CJemalloc", pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]),
        // Valgrind client requests (the instruction meter); needs the Debian package valgrind's headers.
        .target(name: "CValgrind"),
        // Child processes, atomic files, input listing, clocks, usage errors, stable digests.
        .target(name: "StrutSystem", dependencies: ["LinearConstraints"]),
        // Allocation counting (jemalloc), the instruction meter (valgrind), the metering's cost.
        .target(name: "Metering", dependencies: ["StrutSystem", "CJemalloc", "CValgrind"]),
        // Outside solvers: the adapter protocol, its sessions and processes, peer profiles.
        .target(name: "Peers", dependencies: ["LinearConstraints", "StrutSystem"]),
        // What a run puts to the test: solvers by strategy name, cases by source, fuzz subjects.
        .target(
            name: "Subjects",
            dependencies: ["LinearConstraints", "Cassowary", "ExactSolver", "AutoLayout", "Generator", "StrutSystem", "Peers"]),
        // Whether answers are right: invariants, the exact oracle, answer checks, stored frames.
        .target(
            name: "Judging",
            dependencies: ["LinearConstraints", "Cassowary", "ExactSolver", "AutoLayout", "StrutSystem", "Peers", "Subjects"]),
        // Fuzz campaigns, findings, libFuzzer byte decoding, mutation and shrinking.
        .target(
            name: "Fuzzing",
            dependencies: ["LinearConstraints", "AutoLayout", "Generator", "StrutSystem", "Subjects", "Judging"]),
        // Bench plans, suites, workers, sessions and results files.
        .target(
            name: "Bench",
            dependencies: [
                "LinearConstraints", "Cassowary", "AutoLayout", "Generator", "StrutSystem", "Metering", "Peers", "Subjects", "Judging",
            ]),
        // Baselines, group verdicts, ratio statistics, strategy comparison, peer workloads.
        .target(
            name: "Gates",
            dependencies: ["LinearConstraints", "Generator", "StrutSystem", "Subjects", "Judging", "Bench", "Metering"]),
        // Terminal tables and the Markdown, JUnit and HTML reports.
        .target(
            name: "Reports",
            dependencies: ["LinearConstraints", "AutoLayout", "Generator", "StrutSystem", "Peers", "Judging", "Bench", "Gates"]),
        // The system's SQLite 3 (Debian: libsqlite3-dev), the history store's database.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // Runs kept per commit, change points across commits (strut history).
        .target(name: "History", dependencies: ["StrutSystem", "Metering", "Bench", "Gates", "Reports", "Generator", "CSQLite"]),
        .executableTarget(
            name: "strut",
            dependencies: [
                "LinearConstraints", "Cassowary", "ExactSolver", "AutoLayout", "Generator", "InterfaceBuilder",
                "StrutSystem", "Metering", "Peers", "Subjects", "Judging", "Fuzzing", "Bench", "Gates", "Reports", "History",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "LinearConstraintsTests",
            dependencies: ["LinearConstraints"], swiftSettings: testSettings),
        .testTarget(
            name: "CassowaryTests",
            dependencies: [
                "Cassowary", "LinearConstraints",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Regressions"], swiftSettings: testSettings),
        .testTarget(
            name: "SparseLUTests",
            dependencies: ["SparseLU"], swiftSettings: testSettings),
        .testTarget(
            name: "ExactSolverTests",
            dependencies: [
                "ExactSolver", "Cassowary", "LinearConstraints",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], swiftSettings: testSettings),
        .testTarget(
            name: "AutoLayoutTests",
            dependencies: [
                "AutoLayout", "Cassowary", "LinearConstraints",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], swiftSettings: testSettings),
        .testTarget(
            name: "GeneratorTests",
            dependencies: ["Generator", "AutoLayout", "Cassowary", "LinearConstraints"], swiftSettings: testSettings),
        .testTarget(
            name: "HarnessTests",
            dependencies: [
                "StrutSystem", "Metering", "Peers", "Subjects", "Judging", "Fuzzing", "Bench", "Gates", "Reports",
                "AutoLayout", "Generator", "Cassowary", "LinearConstraints",
            ], swiftSettings: testSettings),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: ["InterfaceBuilder", "AutoLayout", "Cassowary", "LinearConstraints"], swiftSettings: testSettings),
        .testTarget(
            name: "HistoryTests",
            dependencies: ["History", "Bench", "Gates", "Reports", "StrutSystem", "LinearConstraints"], swiftSettings: testSettings),
        .testTarget(
            name: "StrutCLITests",
            dependencies: ["LinearConstraints"], swiftSettings: testSettings),
    ],
    swiftLanguageModes: [.v6]
)
