// swift-tools-version: 6.1
// Strut: a parallel benchmarking and fuzzing harness for constraint-based layout solvers.
// Layering (docs/architecture.md): LinearConstraints <- Cassowary, ExactSolver <- AutoLayout,
// Generator <- Harness, InterfaceBuilder <- strut.
// Benchmarks live in the nested package Benchmarks/ so `swift build` and `swift test` stay quick.
import PackageDescription

let package = Package(
    name: "Strut",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strut", targets: ["strut"]),
        .library(name: "LinearConstraints", targets: ["LinearConstraints"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "ExactSolver", targets: ["ExactSolver"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "Generator", targets: ["Generator"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "History", targets: ["History"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "LinearConstraints"),
        .target(name: "Cassowary", dependencies: ["LinearConstraints"]),
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
        .target(
            name: "Harness",
            dependencies: ["LinearConstraints", "Cassowary", "ExactSolver", "AutoLayout", "Generator", "CJemalloc", "CValgrind"]),
        // The system's SQLite 3 (Debian: libsqlite3-dev), the history store's database.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // Runs kept per commit, change points across commits (strut history).
        .target(name: "History", dependencies: ["Harness", "Generator", "CSQLite"]),
        .executableTarget(
            name: "strut",
            dependencies: [
                "LinearConstraints", "Cassowary", "ExactSolver", "AutoLayout", "Generator", "Harness", "InterfaceBuilder", "History",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "LinearConstraintsTests",
            dependencies: ["LinearConstraints"]),
        .testTarget(
            name: "CassowaryTests",
            dependencies: [
                "Cassowary", "LinearConstraints",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Regressions"]),
        .testTarget(
            name: "SparseLUTests",
            dependencies: ["Cassowary"]),
        .testTarget(
            name: "ExactSolverTests",
            dependencies: [
                "ExactSolver", "Cassowary", "LinearConstraints",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "AutoLayoutTests",
            dependencies: [
                "AutoLayout", "Cassowary", "LinearConstraints",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "GeneratorTests",
            dependencies: ["Generator", "AutoLayout", "Cassowary", "LinearConstraints"]),
        .testTarget(
            name: "HarnessTests",
            dependencies: ["Harness", "AutoLayout", "Generator", "Cassowary", "LinearConstraints"]),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: ["InterfaceBuilder", "AutoLayout", "Cassowary", "LinearConstraints"]),
        .testTarget(
            name: "HistoryTests",
            dependencies: ["History", "Harness"]),
        .testTarget(
            name: "StrutCLITests",
            dependencies: ["LinearConstraints"]),
    ],
    swiftLanguageModes: [.v6]
)
