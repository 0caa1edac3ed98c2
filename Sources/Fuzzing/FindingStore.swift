import Foundation
import Judging
import LinearConstraints
import StrutSystem
import Subjects

/// The findings directory of `strut fuzz` (default `findings/`): one saved, shrunk subject per
/// signature (`<signature slug>.json` or `.system.json`, replay command in its description) and
/// `index.json`, the signatures with their counts:
///
/// ```json
/// { "strut-findings": 1,
///   "findings": [ { "signature": "crash:SIGILL|planted-trap|PlantedStrategies.swift:62", "count": 3,
///                   "firstCase": 17, "seconds": 0.8, "file": "crash-SIGILL-planted-trap-....json",
///                   "size": 2, "seed": 1, "detail": "...", "reproduced": "4/4", "flaky": false } ] }
/// ```
/// `reproduced`: how many replays of the saved file, before it was saved, showed the signature;
/// `flaky` when not all did (`FuzzCampaign.confirm`).
/// Entries are sorted by signature. Every file is written atomically (`AtomicFile`: a temporary
/// file in the same directory, then `rename`), so a reader never sees half a finding, even after
/// Ctrl-C. The index is rebuilt from the finding files on disk when opened: a finding saved by a
/// campaign killed before its index write is listed again from its own description.
public struct FindingStore {
    public struct Entry: Hashable, Sendable {
        public var signature: FuzzSignature
        /// Cases of the campaign that recorded it showed it.
        public var count: Int
        public var firstCase: Int
        /// Seconds from the campaign's start to its first case showing it.
        public var seconds: Double
        /// The saved file's name inside the directory ("" when it was not saved).
        public var file: String
        /// The saved subject's size (views plus constraints, or steps).
        public var size: Int
        public var seed: UInt64
        public var detail: String
        /// How many of the replays before saving showed the signature (`"3/4"`); "" when not
        /// replayed (an entry of an older index). Fewer than all: the finding is flaky.
        public var reproduced = ""

        public var isFlaky: Bool { FindingStore.isFlaky(reproduced) }

        public init(signature: FuzzSignature, count: Int, firstCase: Int, seconds: Double, file: String, size: Int, seed: UInt64, detail: String) {
            self.signature = signature
            self.count = count
            self.firstCase = firstCase
            self.seconds = seconds
            self.file = file
            self.size = size
            self.seed = seed
            self.detail = detail
        }
    }

    /// True for a `k/n` count of replays with k below n.
    public static func isFlaky(_ reproduced: String) -> Bool {
        let parts = reproduced.split(separator: "/")
        return parts.count == 2 && parts[0] != parts[1]
    }

    public let directory: String
    /// The index as read, then updated.
    public private(set) var entries: [Entry] = []

    public var indexPath: String { directory + "/index.json" }

    /// Opens (creating) `directory`, reads its index when there is one and adds the finding files
    /// the index does not name (`recoverUnindexedFindings`).
    /// - Throws: `FuzzUsageError` when the directory cannot be made or the index does not read.
    public init(directory: String) throws(FuzzUsageError) {
        self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        do { try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true) } catch {
            throw FuzzUsageError("\(directory): cannot create the findings directory: \(error.localizedDescription)")
        }
        if let data = FileManager.default.contents(atPath: indexPath) {
            entries = try Self.parseIndex(String(decoding: data, as: UTF8.self), path: indexPath)
        }
        recoverUnindexedFindings()
    }

    /// The signatures listed by an index file, or by a known-findings file (`KnownFindings`: one
    /// signature per line; entries restricted to one file are left out).
    /// - Throws: `FuzzUsageError` naming the file and the problem.
    public static func knownSignatures(file path: String) throws(FuzzUsageError) -> Set<FuzzSignature> {
        guard let data = FileManager.default.contents(atPath: path) else { throw FuzzUsageError("\(path): cannot read the file") }
        let text = String(decoding: data, as: UTF8.self)
        if text.drop(while: \.isWhitespace).first == "{" { return Set(try parseIndex(text, path: path).map(\.signature)) }
        return try KnownFindings(text: text, name: path).unrestricted
    }

    static func parseIndex(_ text: String, path: String) throws(FuzzUsageError) -> [Entry] {
        do { return try JSONValueDecoder().decode(Index.self, fromText: text).findings } catch {
            throw FuzzUsageError("\(path): not a findings index: \(error)")
        }
    }

    /// The entry for `signature`, if the index has one.
    public func entry(_ signature: FuzzSignature) -> Entry? { entries.first { $0.signature == signature } }

    /// Adds or replaces the entry for its signature (the index is written by `writeIndex`).
    public mutating func record(_ entry: Entry) {
        entries.removeAll { $0.signature == entry.signature }
        entries.append(entry)
        entries.sort { $0.signature < $1.signature }
    }

    /// Saves `subject` as the finding for `signature`; returns the file name.
    public func save(_ subject: FuzzSubject, signature: FuzzSignature) throws(FuzzUsageError) -> String {
        let name = signature.slug + subject.fileSuffix
        try Self.writeAtomically(subject.fileText, to: directory + "/" + name)
        return name
    }

    /// Writes the index.
    public func writeIndex() throws(FuzzUsageError) {
        let text: String
        do { text = try Index(findings: entries).jsonFileText() } catch {
            throw FuzzUsageError("\(indexPath): cannot write the index: \(error)")
        }
        try Self.writeAtomically(text, to: indexPath)
    }

    /// Writes `text` atomically (`AtomicFile`: a `.strut-tmp-<pid>-<name>` file beside `path`,
    /// renamed over it; orphans of dead processes are removed on the next write).
    /// - Throws: `FuzzUsageError` naming the path and the system's reason.
    public static func writeAtomically(_ text: String, to path: String) throws(FuzzUsageError) {
        do { try AtomicFile.write(text, to: path) } catch { throw FuzzUsageError("cannot write \(error)") }
    }

    /// Adds an entry for every finding file in the directory that the index does not name (a
    /// campaign killed after saving a finding and before writing the index), from the finding's
    /// own description (`Fuzz finding SIGNATURE (strut fuzz --seed S, case K: ...). DETAIL ...`).
    /// Files that are not findings are left alone.
    mutating func recoverUnindexedFindings() {
        let named = Set(entries.map(\.file))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") && name != "index.json" && !named.contains(name) {
            guard let text = try? InputFiles.readText(directory + "/" + name), let subject = try? FuzzSubject(fileText: text) else { continue }
            let description: String?
            switch subject {
            case .layout(let c): description = c.description
            case .system(let s): description = s.description
            }
            guard let entry = Self.entry(fromDescription: description ?? "", file: name, size: subject.size), self.entry(entry.signature) == nil else { continue }
            record(entry)
        }
    }

    /// The index entry a saved finding's description stands for (nil when it is not one).
    static func entry(fromDescription text: String, file: String, size: Int) -> Entry? {
        guard let origin = FindingOrigin(description: text), let open = text.range(of: " (strut fuzz --seed ") else { return nil }
        let signature = origin.signature
        let rest = text[open.upperBound...]
        let seed = UInt64(rest.prefix { $0.isNumber }) ?? 0
        var firstCase = 0
        if let c = rest.range(of: ", case ") { firstCase = Int(rest[c.upperBound...].prefix { $0.isNumber }) ?? 0 }
        var detail = ""
        if let close = rest.range(of: "). ") {
            let after = rest[close.upperBound...]
            detail = String(after.range(of: " Expectations ").map { after[..<$0.lowerBound] } ?? after)
        }
        return Entry(signature: signature, count: 1, firstCase: firstCase, seconds: 0, file: file, size: size, seed: seed, detail: detail)
    }
}

extension FindingStore {
    /// The index document: `{"strut-findings": 1, "findings": [entries]}`.
    struct Index: Codable {
        var findings: [Entry]

        enum CodingKeys: String, CodingKey { case version = "strut-findings", findings }

        init(findings: [Entry]) { self.findings = findings }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(1, forKey: .version)
            try c.encode(findings, forKey: .findings)
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard try c.decode(Int.self, forKey: .version) == 1 else { throw c.error(at: .version, "unsupported version (this strut reads 1)") }
            findings = try c.decode([Entry].self, forKey: .findings)
        }
    }
}

/// An index entry: signature, count, firstCase, seconds (to the millisecond), file, size, seed
/// (a string: seeds reach 2^64), detail, then `reproduced` and `flaky` when the finding was
/// replayed before saving.
extension FindingStore.Entry: Codable {
    enum CodingKeys: String, CodingKey { case signature, count, firstCase, seconds, file, size, seed, detail, reproduced, flaky }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(signature.description, forKey: .signature)
        try c.encode(count, forKey: .count)
        try c.encode(firstCase, forKey: .firstCase)
        try c.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try c.encode(file, forKey: .file)
        try c.encode(size, forKey: .size)
        try c.encode(String(seed), forKey: .seed)
        try c.encode(detail, forKey: .detail)
        if !reproduced.isEmpty {
            try c.encode(reproduced, forKey: .reproduced)
            try c.encode(isFlaky, forKey: .flaky)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let signature: FuzzSignature
        do { signature = try FuzzSignature(parsing: try c.decode(String.self, forKey: .signature)) } catch let e as FuzzUsageError {
            throw c.error(at: .signature, e.message)
        }
        let seedText = try c.decode(String.self, forKey: .seed)
        guard let seed = UInt64(seedText) else { throw c.error(at: .seed, "expected a seed (a whole number in a string), found \"\(seedText)\"") }
        self.init(signature: signature, count: try c.decode(Int.self, forKey: .count), firstCase: try c.decode(Int.self, forKey: .firstCase),
                  seconds: try c.decode(Double.self, forKey: .seconds), file: try c.decode(String.self, forKey: .file),
                  size: try c.decode(Int.self, forKey: .size), seed: seed, detail: try c.decode(String.self, forKey: .detail))
        reproduced = try c.decodeIfPresent(String.self, forKey: .reproduced) ?? ""
    }
}
