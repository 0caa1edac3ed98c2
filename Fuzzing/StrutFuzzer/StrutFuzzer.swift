import Foundation
import Fuzzing
import Judging

#if canImport(Glibc)
import Glibc
#endif

/// The libFuzzer entry point: each input is decoded into a bounded fuzz subject (`FuzzBytes`:
/// a small view tree on one or two catalog devices, or a short solver operation sequence) and
/// judged by the same in-process check as `strut fuzz` and `strut replay` (`FuzzCheck`: the
/// invariant pass per strategy for a case, required constraints, rollback, determinism and the
/// exact oracle for a system), under cassowary and cassowary-weighted.
///
/// A finding traps (`fatalError` naming the signature), after the subject's file text is written
/// to standard error, so libFuzzer saves the input as `crash-<sha1>`; `strut decode-bytes` turns
/// that file back into the case or system file, and `strut shrink` / `strut replay` take it from
/// there. The Swift runtime's backtracer would take the trap before libFuzzer and no crash file
/// would be written (`docs/peers.md`); `LLVMFuzzerInitialize` below hands the crash signals
/// back to libFuzzer unless `SWIFT_BACKTRACE` is set, and scripts/libfuzzer also sets
/// `SWIFT_BACKTRACE=enable=no`, which spares the backtracer's start-up.
///
/// Environment: `STRUT_FUZZ_INVARIANTS` (`cheap`, the default: every invariant on small cases,
/// which decoded cases are; `all`; or a comma list, as `strut bench --invariants`),
/// `STRUT_FUZZ_STRATEGIES` (`both`, the default, or `cassowary` alone, several times faster), and
/// `STRUT_FUZZ_KNOWN` (a file of known signatures, as `strut fuzz --known`: findings with those
/// signatures do not trap, so a run fails only on new ones).
enum StrutFuzzer {
    /// The check, built once per process from the environment.
    static let check: FuzzCheck = {
        let environment = ProcessInfo.processInfo.environment
        var strategies = FuzzCheck.builtInStrategies
        if environment["STRUT_FUZZ_STRATEGIES"] == "cassowary" { strategies = strategies.filter { $0.name == "cassowary" } }
        var invariants = InvariantSelection.cheap
        if let text = environment["STRUT_FUZZ_INVARIANTS"] {
            do { invariants = try InvariantSelection(parsing: text) } catch {
                fatalError("STRUT_FUZZ_INVARIANTS: \(error)")  // a setup mistake, before any input
            }
        }
        var check = FuzzCheck(strategies: strategies, invariants: invariants)
        check.checkExpectations = false  // decoded subjects carry no expectations
        return check
    }()

    /// Signatures that do not trap (`STRUT_FUZZ_KNOWN`), read once.
    static let known: Set<FuzzSignature> = {
        guard let path = ProcessInfo.processInfo.environment["STRUT_FUZZ_KNOWN"] else { return [] }
        do { return try FindingStore.knownSignatures(file: path) } catch {
            fatalError("STRUT_FUZZ_KNOWN: \(error)")  // a setup mistake, before any input
        }
    }()

    /// Decodes and checks one input; traps on the first new finding (libFuzzer keeps the input).
    static func run(_ bytes: [UInt8]) {
        let subject = FuzzBytes.decode(bytes)
        let findings = check.check(subject).filter { !known.contains($0.signature) }
        guard let first = findings.first else { return }
        var report = "StrutFuzzer: \(findings.count) finding(s) on \(subject.name):\n"
        for f in findings { report += "  \(f)\n" }
        report += "The subject (`strut decode-bytes CRASH-FILE -o finding\(subject.fileSuffix)` writes it):\n"
        report += subject.fileText
        FileHandle.standardError.write(Data(report.utf8))
        fatalError("StrutFuzzer finding \(first.signature)")
    }
}

/// libFuzzer calls this once, before it installs its signal handlers. libFuzzer leaves a signal
/// alone when a handler is already installed (so that a sanitizer's stays in charge), and the
/// Swift runtime's backtracer installs one handler for SIGILL (Swift traps), SIGSEGV and the other
/// crash signals at start-up: a trap would end in a Swift backtrace and no crash file. Where that
/// handler is installed (SIGILL has a handler: sanitizers leave SIGILL alone), every crash signal
/// still on it goes back to the default, so libFuzzer installs its own and saves the input even
/// where the environment cannot be set (ClusterFuzzLite and OSS-Fuzz bots); a sanitizer's own
/// handlers are kept. `SWIFT_BACKTRACE` set to anything keeps the runtime's choice.
@_cdecl("LLVMFuzzerInitialize")
public func strutFuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil else { return 0 }
    guard let backtracer = installedHandler(SIGILL) else { return 0 }
    for signal in [SIGILL, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGTRAP] where installedHandler(signal) == backtracer {
        var action = sigaction()  // all zero: SIG_DFL, no flags
        sigaction(signal, &action, nil)
    }
    return 0
}

/// The address of the handler installed for `signal`, nil for the default or ignore.
func installedHandler(_ signal: CInt) -> UInt? {
    var action = sigaction()
    sigaction(signal, nil, &action)
    let address = unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
    return address <= 1 ? nil : address  // SIG_DFL is 0, SIG_IGN is 1
}

/// libFuzzer calls this once per input; 0 means "keep going" (a finding never returns).
@_cdecl("LLVMFuzzerTestOneInput")
public func strutFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    StrutFuzzer.run(bytes)
    return 0
}
