import Foundation
import Harness

/// The libFuzzer entry point: each input is decoded into a bounded fuzz subject (`FuzzBytes`:
/// a small view tree on one or two catalog devices, or a short solver operation sequence) and
/// judged by the same in-process check as `strut fuzz` and `strut replay` (`FuzzCheck`: the
/// invariant pass per strategy for a case, required constraints, rollback, determinism and the
/// exact oracle for a system), under cassowary and cassowary-weighted.
///
/// A finding traps (`fatalError` naming the signature), after the subject's file text is written
/// to standard error, so libFuzzer saves the input as `crash-<sha1>`; `strut decode-bytes` turns
/// that file back into the case or system file, and `strut shrink` / `strut replay` take it from
/// there. Run with `SWIFT_BACKTRACE=enable=no` (else the Swift runtime's backtracer runs before
/// libFuzzer's handler and no crash file is written; `reference/peers.md`).
///
/// Environment: `STRUT_FUZZ_INVARIANTS` (`cheap`, the default: every invariant on small cases,
/// which decoded cases are; `all`; or a comma list, as `strut bench --invariants`) and
/// `STRUT_FUZZ_STRATEGIES` (`both`, the default, or `cassowary` alone, about twice the speed).
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

    /// Decodes and checks one input; traps on the first finding (libFuzzer keeps the input).
    static func run(_ bytes: [UInt8]) {
        let subject = FuzzBytes.decode(bytes)
        let findings = check.check(subject)
        guard let first = findings.first else { return }
        var report = "StrutFuzzer: \(findings.count) finding(s) on \(subject.name):\n"
        for f in findings { report += "  \(f)\n" }
        report += "The subject (`strut decode-bytes CRASH-FILE -o finding\(subject.fileSuffix)` writes it):\n"
        report += subject.fileText
        FileHandle.standardError.write(Data(report.utf8))
        fatalError("StrutFuzzer finding \(first.signature)")
    }
}

/// libFuzzer calls this once per input; 0 means "keep going" (a finding never returns).
@_cdecl("LLVMFuzzerTestOneInput")
public func strutFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    StrutFuzzer.run(bytes)
    return 0
}
