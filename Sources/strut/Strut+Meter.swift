import Bench
import Dispatch
import Foundation
import Metering
import StrutSystem

/// `strut bench --meter instructions`: strut runs the work again under callgrind in child
/// processes (one command for the user) and reads their counts after they exit.
///
/// The run is cut into `shards` fixed shards (`--shard i/N`, whatever `--jobs`), each measured
/// by its own child under valgrind, `jobs` children at a time. A child measures every region of
/// its shard and writes its results with region numbers in place of counts
/// (`InstructionMeter`); this process, which is not measured, then reads the dumps
/// (`MeterDumps.fill`) and merges the shards. A child's work depends only on its shard, its
/// arguments and its environment, which are made the same on every run: the plan's own command
/// words (not the output or gate options), a fixed environment, address randomisation off,
/// Swift's deterministic hashing, jemalloc's time-based purging off, and paths of one length.
/// So its counts do not depend on `--jobs`, on what else runs, or on the options that only
/// shape the report.
struct MeterRun {
    /// Shards of every metered run: enough to keep two cores busy to the end.
    static let shards = 6

    let plan: BenchPlan
    /// The strut binary to measure (this one for `strut bench`).
    var executable = MeterRun.currentExecutable
    var jobs: Int
    var timeLimit: Double?
    /// Names this binary's files in the run's directory; one character (the paths keep one length).
    var tag: Character = "b"
    /// STRUT_PLANTED_SLOWDOWN for the children (`PlantedSlowdown`).
    var plantedSlowdown = InstructionMeter.plantedSlowdownPercent

    static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Runs every shard under valgrind and returns the merged results with their counts.
    /// `directory` is made by `MeterRun.withDirectory`. After a stop (`ChildStop`, forwarded by
    /// `ChildStopSignals`) no shard starts; the results are those of the shards that ended on
    /// their own terms (a shard asked to stop by SIGINT writes the units it finished), and an
    /// error when there are none.
    func run(in directory: String, stop: ChildStop = ChildStop()) throws(BenchUsageError) -> BenchResults {
        let valgrind = try Self.valgrindPath()
        let home = "\(directory)/\(tag)"
        do { try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true) } catch {
            throw BenchUsageError("--meter instructions: cannot create \(home): \(error)")
        }
        let program = try Self.strippedCopy(of: executable, to: home + "/strut")
        let started = Clocks.monotonicNanoseconds()
        // Shard i holds units i, i + shards, ...: a run of fewer units starts fewer children.
        // `jobs` lanes take the shards in order; a lane starts none after the time limit or a stop.
        let count = min(Self.shards, plan.allUnits.count)
        let lanes = LaneQueue<ChildProcess.Completion>(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while let shard = lanes.next() {
                let elapsed = Double(Clocks.monotonicNanoseconds() &- started) / 1e9
                if let timeLimit, elapsed >= timeLimit { return }
                let dir = shardDirectory(home, shard)
                do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                    lanes.fail("cannot create \(dir): \(error)")
                    return
                }
                let arguments = Self.valgrindArguments(directory: dir) + [program] + childArguments(shard, remaining: timeLimit.map { $0 - elapsed })
                let childEnvironment = Self.childEnvironment(directory: dir, plantedSlowdown: plantedSlowdown).map { "\($0.key)=\($0.value)" }.sorted()
                do throws(ChildProcess.SpawnError) {
                    guard let completion = try stop.launch({ track throws(ChildProcess.SpawnError) in
                        try ChildProcess.run(valgrind, arguments, environment: childEnvironment, keepOutput: false, started: track)
                    }) else { return }
                    lanes.record(shard, completion)
                } catch {
                    lanes.fail("cannot run \(valgrind): \(error.reason)")
                    return
                }
            }
        }
        if let problem = lanes.problem { throw BenchUsageError("--meter instructions: \(problem)") }
        var parts: [(file: String, results: BenchResults)] = []
        for (shard, completion) in lanes.outcomes.enumerated() {
            guard let completion else { continue }
            let dir = shardDirectory(home, shard), file = dir + "/results.json"
            guard completion.succeeded else {
                if stop.isSet { continue }  // ended by the stop before it wrote its results
                throw BenchUsageError("--meter instructions: the metered child of shard \(shard)/\(Self.shards) (\(executable)) ended with \(completion.endingText): \(completion.errorSummary())")
            }
            do {
                var results = try BenchResults(jsonText: String(contentsOfFile: file, encoding: .utf8), file: file)
                try MeterDumps.fill(&results.records, directory: dir)
                parts.append((file, results))
            } catch {
                throw BenchUsageError("--meter instructions: shard \(shard)/\(Self.shards): \(error)")
            }
        }
        if parts.isEmpty, stop.isSet { throw BenchUsageError("--meter instructions: stopped before any metered shard finished; no counts") }
        do { return try BenchResults.merge(parts) } catch { throw BenchUsageError("--meter instructions: \(error)") }
    }

    func shardDirectory(_ home: String, _ shard: Int) -> String { home + "/s" + Self.padded(shard, 2) }

    /// The child's arguments: the plan's command words (the work and nothing else), the meter,
    /// one worker and its shard.
    func childArguments(_ shard: Int, remaining: Double?) -> [String] {
        Array(plan.commandWords.dropFirst()) + ["--meter", "instructions", "--jobs", "1", "--shard", "\(shard)/\(Self.shards)"]
            + (remaining.map { ["--time-limit", String(max(0, $0))] } ?? [])
    }

    /// Makes the run's directory (`TMPDIR/strut-meter-<pid, 10 digits>`: one length every run),
    /// turns address randomisation off for the children, runs `body` and removes the directory.
    static func withDirectory<T>(_ body: (String) throws(BenchUsageError) -> T) throws(BenchUsageError) -> T {
        if !InstructionMeter.fixAddresses() {
            FileHandle.standardError.write(Data("warning: --meter instructions: address randomisation could not be turned off; counts may vary between runs\n".utf8))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strut-meter-" + padded(Int(getpid()), 10)).path
        try? FileManager.default.removeItem(atPath: directory)
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw BenchUsageError("--meter instructions: cannot create \(directory): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// The child's whole environment, the same on every run: the dump directory, the planted
    /// slowdown (always one variable), deterministic hashing, no time-based purging, a fixed PATH,
    /// and HOME and the outside-solver settings passed on.
    static func childEnvironment(directory: String, plantedSlowdown: Int) -> [String: String] {
        let parent = ProcessInfo.processInfo.environment
        var environment = [
            InstructionMeter.directoryVariable: directory,
            "STRUT_PLANTED_SLOWDOWN": String(plantedSlowdown),
            // Swift's per-process random hashing seed would change hash-table work from run to run.
            "SWIFT_DETERMINISTIC_HASHING": "1",
            // jemalloc purges unused pages after a time (decay): when depends on the clock. Never.
            "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
        ]
        for (name, value) in parent where name == "HOME" || name == "XDG_CACHE_HOME" || name.hasPrefix("STRUT_EXTERNAL") {
            environment[name] = value
        }
        return environment
    }

    /// The valgrind arguments before the command: callgrind with instrumentation and collection
    /// off at the start (the meter switches them on around each region), dumps into `directory`.
    static func valgrindArguments(directory: String) -> [String] {
        ["--tool=callgrind", "--collect-atstart=no", "--instr-atstart=no",
         "--callgrind-out-file=\(directory)/cg", "-q"]
    }

    static func valgrindPath() throws(BenchUsageError) -> String {
        guard let found = ChildProcess.executable(named: "valgrind") else {
            throw BenchUsageError("--meter instructions needs valgrind (Debian package valgrind; scripts/lib.sh installs it)")
        }
        return found
    }

    /// A copy of the executable without its debug information, which valgrind 3.19 cannot read
    /// (Swift emits DWARF 5: "unhandled dwarf2 abbrev form code 0x25", then it gives up); the
    /// symbol table stays. `objcopy --strip-debug` (Debian package binutils).
    static func strippedCopy(of exe: String, to copy: String) throws(BenchUsageError) -> String {
        guard FileManager.default.isExecutableFile(atPath: exe) else { throw BenchUsageError("--meter instructions: \(exe) is not an executable file") }
        let objcopy = ChildProcess.executable(named: "objcopy") ?? ChildProcess.executable(named: "llvm-objcopy")
        guard let objcopy else { throw BenchUsageError("--meter instructions needs objcopy (Debian package binutils) to strip the debug information valgrind cannot read") }
        let completion: ChildProcess.Completion
        do throws(ChildProcess.SpawnError) {
            completion = try ChildProcess.run(objcopy, ["--strip-debug", exe, copy], environment: ChildProcess.inheritedEnvironment(setting: []), keepOutput: false)
        } catch {
            throw BenchUsageError("--meter instructions: cannot run \(objcopy): \(error.reason)")
        }
        guard completion.succeeded else {
            throw BenchUsageError("--meter instructions: \(objcopy) --strip-debug \(exe) failed (\(completion.endingText)): \(completion.errorSummary())")
        }
        return copy
    }

    static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
