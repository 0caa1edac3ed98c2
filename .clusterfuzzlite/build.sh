#!/bin/bash -eu
# Builds StrutFuzzer (the libFuzzer entry point in Fuzzing/, a nested SwiftPM package) for
# ClusterFuzzLite / OSS-Fuzz and copies it, its seed corpus and its options to $OUT.
#
# Followed: ClusterFuzzLite docs, "Integrating a Swift project" (source `precompile_swift`, build
# the fuzz target in release mode with the sanitizer of the build, copy the executable to $OUT),
# and oss-fuzz infra/base-images/base-builder-swift/precompile_swift, which copies the Swift
# llvm-symbolizer to $OUT and sets $SWIFTFLAGS from $SANITIZER (static Swift runtime,
# `-parse-as-library`, `-Xswiftc -sanitize=fuzzer,$SANITIZER --sanitize=$SANITIZER`; coverage
# builds: `-profile-generate -profile-coverage-mapping -sanitize=fuzzer`).
#
# Why not `swift build $SWIFTFLAGS` as it is: with it, SwiftPM (tools version 6.1) links the
# executable target as if it had its own `main` (renamed StrutFuzzer_main), and the link fails
# with "undefined symbol 'StrutFuzzer_main'"; SwiftPM only knows libFuzzer supplies `main` when it
# gets `--sanitize=fuzzer` itself. And `--sanitize=fuzzer --sanitize=address` (precompile_swift's
# $SWIFT6_2FLAGS) drops the fuzzer instrumentation with Swift 6.3 (reference/peers.md, "Toolchain
# recipes"). So the same flags are spelled out here, in the shape checked on Linux with Swift
# 6.3: `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,$SANITIZER`, plus the static Swift runtime.
# Checked by running this script with SANITIZER=address and a stand-in precompile_swift: a clean
# build in about 2 minutes on 2 cores; the binary runs the seeds, and writes a crash file for a
# trapping input without SWIFT_BACKTRACE set (the static runtime starts no backtracer).
#
# Runtime dependencies: the bots that run the fuzzer have only what is in $OUT (OSS-Fuzz docs,
# "Fuzzer environment on ClusterFuzz", runtime dependencies). jemalloc (Strut's process allocator,
# the CJemalloc target) is a shared library, so it is copied to $OUT/lib and found through an
# rpath of '$ORIGIN/lib', as that page describes.

. precompile_swift  # for the symbolizer and $SANITIZER; $SWIFTFLAGS is not used (see above)

flags=(-c release --static-swift-stdlib -Xswiftc -static-stdlib --sanitize=fuzzer)
if [ "$SANITIZER" = "coverage" ]; then
  flags+=(-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping)
else
  flags+=(-Xswiftc "-sanitize=fuzzer,$SANITIZER")
fi
flags+=(-Xlinker -rpath -Xlinker '$ORIGIN/lib')

cd "$SRC/strut/Fuzzing"
swift build "${flags[@]}"
cp "$(swift build "${flags[@]}" --show-bin-path)/StrutFuzzer" "$OUT/StrutFuzzer"

mkdir -p "$OUT/lib"
jemalloc="$(ldd "$OUT/StrutFuzzer" | awk '/libjemalloc/ { print $3 }')"
if [ -n "$jemalloc" ]; then cp "$jemalloc" "$OUT/lib/"; fi

# Seed corpus and options: StrutFuzzer_seed_corpus.zip and StrutFuzzer.options next to the
# binary (OSS-Fuzz docs, "Setting up a new project": seed corpus, fuzzer options).
(cd "$SRC/strut/Fuzzing/corpus" && zip -q -r "$OUT/StrutFuzzer_seed_corpus.zip" .)
cp "$SRC/strut/Fuzzing/StrutFuzzer.options" "$OUT/StrutFuzzer.options"
