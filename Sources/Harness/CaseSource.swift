import AutoLayout
import Foundation
import Generator

/// Where one benchmark case comes from: a case file, or a generator request (family, size,
/// seed). Sources are listed before anything is read, so the work items, their order and the
/// shard split are fixed by the command line alone; a source that fails to load fails only its
/// own work items, each reporting the source's path.
public enum CaseSource: Hashable, Sendable {
    case file(path: String)
    case generated(GenerationRequest)

    /// The path or the regeneration command, for messages and results.
    public var label: String {
        switch self {
        case .file(let path): path
        case .generated(let r): r.command
        }
    }

    /// Reads or generates the case and validates it.
    /// - Throws: `CaseLoadError` naming the source and what was wrong.
    public func load() throws(CaseLoadError) -> LoadedCase {
        switch self {
        case .file(let path): return try Self.read(path)
        case .generated(let request):
            guard case .layout(let c) = GeneratorFamilies.generate(request) else {
                throw CaseLoadError(source: label, message: "family \(request.family) makes system files, not layout cases")
            }
            return try Self.validated(c, family: request.family, size: request.size, source: label)
        }
    }

    static func read(_ path: String) throws(CaseLoadError) -> LoadedCase {
        guard let data = FileManager.default.contents(atPath: path) else { throw CaseLoadError(source: path, message: "cannot read the file") }
        guard let text = String(data: data, encoding: .utf8) else { throw CaseLoadError(source: path, message: "the file is not UTF-8 text") }
        let c: LayoutCase
        do { c = try LayoutCase(jsonText: text) } catch { throw CaseLoadError(source: path, message: "\(error)") }
        // A generated case names its family and size in its description; others are "file".
        let request = c.description.flatMap { try? GenerationRequest(command: $0) }
        return try validated(c, family: request?.family ?? "file", size: request?.size ?? c.views.count, source: path)
    }

    static func validated(_ c: LayoutCase, family: String, size: Int, source: String) throws(CaseLoadError) -> LoadedCase {
        do {
            let tree = try c.validate()
            return LoadedCase(layoutCase: c, tree: tree, family: family, size: size, ownDevices: try c.deviceConfigurations())
        } catch { throw CaseLoadError(source: source, message: "\(error)") }
    }

    /// The case files named by `paths`: a file is taken as is, a directory contributes its
    /// `*.json` files (recursively, `*.system.json` excluded), sorted by path so the order is the
    /// same on every machine. A path that does not exist is returned as a failure.
    public static func files(_ paths: [String]) -> (sources: [CaseSource], missing: [CaseLoadError]) {
        var sources: [CaseSource] = []
        var missing: [CaseLoadError] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(CaseLoadError(source: path, message: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else { sources.append(.file(path: path)); continue }
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".system.json") }
                .sorted()
            let base = path.hasSuffix("/") ? path : path + "/"
            sources += found.map { .file(path: base + $0) }
        }
        return (sources, missing)
    }
}

/// A case ready to lay out: the file, its validated tree, its family and size for aggregation,
/// and the devices it lists itself (nil when it lists none).
public struct LoadedCase: Sendable {
    public var layoutCase: LayoutCase
    public var tree: ViewTree
    public var family: String
    public var size: Int
    public var ownDevices: [DeviceConfiguration]?
}

/// A case that could not be read, generated or validated: the file's path (or the generator
/// command) and the reader's message.
public struct CaseLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var message: String
    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }
    public var description: String { "\(source): \(message)" }
}
