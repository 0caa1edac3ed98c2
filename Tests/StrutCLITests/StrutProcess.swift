import Foundation
import Testing

/// Runs the built `strut` executable as a child process, the way a user or CI runs it.
///
/// The binary is found next to the test bundle (SwiftPM puts every product of a build in one
/// directory, and `swift test` builds the executable with the tests), or at `$STRUT_BINARY`.
struct StrutProcess {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root: the nearest directory above this file holding Package.swift.
    static let packageRoot: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            dir.deleteLastPathComponent()
        }
        preconditionFailure("no Package.swift above \(#filePath)")
    }()

    /// The strut executable, or nil with the places looked at.
    static let binary: BinaryLookup = {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["STRUT_BINARY"] { candidates.append(URL(fileURLWithPath: env)) }
        // The test executable (Linux) or bundle (macOS) sits in the products directory, possibly
        // a few levels down inside an .xctest bundle.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("strut"))
            dir.deleteLastPathComponent()
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/strut"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return BinaryLookup(url: found, lookedAt: candidates.map(\.path))
    }()

    struct BinaryLookup: Sendable {
        var url: URL?
        var lookedAt: [String]
    }

    /// Runs `strut arguments...` in the package root, with `environment` added to this process's
    /// and the file at `inputPath` (if any) on standard input, and returns its exit status and output.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], inputPath: String? = nil) throws -> Result {
        guard let url = binary.url else {
            throw LookupError(message: "strut executable not found; run `swift build` first. Looked at: \(binary.lookedAt.joined(separator: ", "))")
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        if let inputPath { process.standardInput = FileHandle(forReadingAtPath: inputPath) }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Drain stderr on another thread so that neither pipe can fill up and block the child.
        let errData = DataBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self))
    }

    /// `run(arguments)`, once per distinct argument list in this test process: several tests look
    /// at the same example run, and the large examples take seconds in a debug build.
    static func runOnce(_ arguments: [String]) throws -> Result {
        let key = arguments.joined(separator: "\u{0}")
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let result = try run(arguments)
        cache.withLock { $0[key] = result }
        return result
    }

    private static let cache = LockedDictionary()

    /// Writes `text` to a new file named after `name`, in a directory of its own under the
    /// temporary directory, and returns its path. Unique per call: tests run in parallel, and two
    /// writing one path truncated it under the other's reader (fittingInJSONIsAMemberOfTheResultDocument
    /// read an empty file).
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let pid = ProcessInfo.processInfo.processIdentifier
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strut-cli-tests-\(pid)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        // The file keeps its usual name: results name a case given as a file by that name.
        let url = directory.appendingPathComponent("strut-cli-tests-\(pid)-\(name)")
        try Data(text.utf8).write(to: url, options: .atomic)
        return url.path
    }

    struct LookupError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// Results by argument list behind a lock (tests run concurrently).
    final class LockedDictionary: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [String: Result] = [:]

        func withLock<T>(_ body: (inout [String: Result]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&results)
        }
    }
}
