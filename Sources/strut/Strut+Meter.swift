import Foundation
import Harness

/// `strut bench --meter instructions`: strut runs itself again under callgrind (one command for
/// the user), and the child counts every measured region's instructions (`InstructionMeter`).
enum MeterLauncher {
    static let valgrindCandidates = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"]

    /// The valgrind arguments before the command: callgrind with instrumentation and collection
    /// off at the start (the meter switches them on around each region), dumps into `directory`.
    static func valgrindArguments(directory: String) -> [String] {
        ["--tool=callgrind", "--collect-atstart=no", "--instr-atstart=no",
         "--callgrind-out-file=\(directory)/cg", "-q"]
    }

    /// Runs this command again under valgrind and returns its exit status (the child's; 1 when a
    /// signal ended it). Throws a message when valgrind is missing or does not start.
    static func reexecute() throws(BenchUsageError) -> Int32 {
        guard let valgrind = valgrindPath() else {
            throw BenchUsageError("--meter instructions needs valgrind (Debian package valgrind; scripts/lib.sh installs it)")
        }
        let exe: String
        do { exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") } catch {
            exe = CommandLine.arguments[0]
        }
        // The same length on every run (the pid padded): the child's arguments, environment and
        // dump paths then take the same memory every run, so its heap is laid out alike.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strut-meter-" + padded(Int(getpid()))).path
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw BenchUsageError("--meter instructions: cannot create \(directory): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let program = try strippedCopy(of: exe, in: directory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = valgrindArguments(directory: directory) + [program] + CommandLine.arguments.dropFirst()
        let (environment, fixed) = InstructionMeter.childEnvironment(directory: directory)
        if !fixed {
            FileHandle.standardError.write(Data("warning: --meter instructions: address randomisation could not be turned off; counts may vary slightly between runs\n".utf8))
        }
        process.environment = environment
        signal(SIGINT, SIG_IGN)  // Ctrl-C reaches the child too; it stops cleanly and reports.
        defer { signal(SIGINT, SIG_DFL) }
        do { try process.run() } catch { throw BenchUsageError("--meter instructions: cannot run \(valgrind): \(error)") }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 1
    }

    /// A copy of the executable without its debug information, which valgrind 3.19 cannot read
    /// (Swift emits DWARF 5: "unhandled dwarf2 abbrev form code 0x25", then it gives up); the
    /// symbol table stays. `objcopy --strip-debug` (Debian package binutils).
    static func strippedCopy(of exe: String, in directory: String) throws(BenchUsageError) -> String {
        let copy = directory + "/strut"
        let objcopy = ["/usr/bin/objcopy", "/usr/bin/llvm-objcopy"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let objcopy else { throw BenchUsageError("--meter instructions needs objcopy (Debian package binutils) to strip the debug information valgrind cannot read") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", exe, copy]
        do { try process.run() } catch { throw BenchUsageError("--meter instructions: cannot run \(objcopy): \(error)") }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchUsageError("--meter instructions: \(objcopy) --strip-debug \(exe) failed")
        }
        return copy
    }

    static func padded(_ n: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, 10 - digits.count)) + digits
    }

    static func valgrindPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/valgrind" } ?? []
        return (path + valgrindCandidates).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
