import Foundation
import AutoLayout
import StrutSystem
import Subjects

/// Subjects read from files: case files (`*.json`) and system files (`*.system.json`), from the
/// paths given (a directory contributes its files recursively, sorted by path so every machine
/// reads them in the same order). Expected-result files (`*.expected.json`) and findings indexes
/// (`index.json`) are not subjects and are passed over, even when named.
public struct FuzzCorpus: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var subject: FuzzSubject
    }

    public var entries: [Entry]

    /// The files under `paths` (files as given, directories walked).
    /// - Throws: `FuzzUsageError` naming a path that does not exist, a directory that cannot be
    ///   listed or one that holds no case or system file.
    public static func files(_ paths: [String]) throws(FuzzUsageError) -> [String] {
        let listed = listing(paths)
        if let problem = listed.problems.first { throw FuzzUsageError(problem.description) }
        return listed.files
    }

    /// The files under `paths` and the paths that yielded nothing readable (missing, a directory
    /// that cannot be listed or holds no `*.json` file), each with the system's reason.
    public static func listing(_ paths: [String]) -> (files: [String], problems: [InputFiles.Problem]) {
        InputFiles.walk(paths, accept: { $0.hasSuffix(".json") && !isCompanion($0) }, acceptGiven: { !isCompanion($0) })
    }

    /// An expected-result file or a findings index: read alongside subjects, never as one (so
    /// `strut replay findings/*` works).
    static func isCompanion(_ path: String) -> Bool {
        path.hasSuffix(".expected.json") || (path as NSString).lastPathComponent == "index.json"
    }

    /// Reads one subject file (UTF-8 text, a case or system file).
    /// - Throws: `FuzzUsageError` with the path and the system's or the reader's message.
    public static func read(_ path: String) throws(FuzzUsageError) -> FuzzSubject {
        let text: String
        do { text = try InputFiles.readText(path) } catch { throw FuzzUsageError(error.description) }
        do { return try FuzzSubject(fileText: text) } catch {
            throw FuzzUsageError("\(path): \(error)")
        }
    }

    /// Reads one subject file and validates it as `strut solve` would (a case's views, superview
    /// chains, constraints and devices): what `strut replay` requires of every file it is given.
    /// - Throws: `FuzzUsageError` with the path and what is wrong.
    public static func readValid(_ path: String) throws(FuzzUsageError) -> FuzzSubject {
        let subject = try read(path)
        if case .layout(let c) = subject {
            do {
                _ = try c.validate()
                _ = try c.deviceConfigurations()
            } catch { throw FuzzUsageError("\(path): \(error)") }
        }
        return subject
    }

    /// The subjects under `paths` of at most `maxSize` (views plus constraints, or steps): the
    /// small ones mutate into small cases. Files that do not read are bad input.
    public init(paths: [String], maxSize: Int) throws(FuzzUsageError) {
        entries = []
        for path in try Self.files(paths) {
            let subject = try Self.read(path)
            if subject.size <= maxSize { entries.append(Entry(path: path, subject: subject)) }
        }
    }
}
