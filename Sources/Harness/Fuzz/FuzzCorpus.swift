import Foundation

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
    /// - Throws: `FuzzUsageError` naming a path that does not exist.
    public static func files(_ paths: [String]) throws(FuzzUsageError) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw FuzzUsageError("\(path): no such file or directory") }
            guard isDirectory.boolValue else {
                if !isCompanion(path) { out.append(path) }
                continue
            }
            let base = path.hasSuffix("/") ? path : path + "/"
            out += (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".json") && !isCompanion($0) }
                .sorted()
                .map { base + $0 }
        }
        return out
    }

    /// An expected-result file or a findings index: read alongside subjects, never as one (so
    /// `strut replay findings/*` works).
    static func isCompanion(_ path: String) -> Bool {
        path.hasSuffix(".expected.json") || (path as NSString).lastPathComponent == "index.json"
    }

    /// Reads one subject file.
    /// - Throws: `FuzzUsageError` with the path and the reader's message.
    public static func read(_ path: String) throws(FuzzUsageError) -> FuzzSubject {
        guard let data = FileManager.default.contents(atPath: path) else { throw FuzzUsageError("\(path): cannot read the file") }
        do { return try FuzzSubject(fileText: String(decoding: data, as: UTF8.self)) } catch {
            throw FuzzUsageError("\(path): \(error)")
        }
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
