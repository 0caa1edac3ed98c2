// swift-tools-version: 6.1
// The libFuzzer entry point for Strut (`StrutFuzzer`), kept in a nested package so the root
// `swift build` and `swift test` never need the fuzzer-instrumented build (it takes minutes).
// Build and run: `scripts/libfuzzer` from the repository root (see its header for options).
// By hand: `swift build -c release --sanitize fuzzer` here, then
// `SWIFT_BACKTRACE=enable=no .build/release/StrutFuzzer corpus/`.
import PackageDescription

let package = Package(
    name: "StrutFuzzing",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Strut", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "StrutFuzzer",
            dependencies: [
                // The in-process check (Judging) and the byte decoder and findings (Fuzzing); not
                // the bench runner, the gates or the reports, nor jemalloc and valgrind (Metering).
                .product(name: "Fuzzing", package: "Strut"),
                .product(name: "Judging", package: "Strut"),
                .product(name: "AutoLayout", package: "Strut"),
                .product(name: "LinearConstraints", package: "Strut"),
            ],
            path: "StrutFuzzer"),
    ],
    swiftLanguageModes: [.v6]
)
