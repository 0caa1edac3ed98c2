import AutoLayout
import Foundation
import Generator
import StrutSystem

/// Where one benchmark case comes from: a case file, or a generator request (family, size,
/// seed). Sources are listed before anything is read, so the work items, their order and the
/// shard split are fixed by the command line alone; a source that fails to load fails only its
/// own work items, each reporting the source's path.
public enum CaseSource: Hashable, Sendable {
    /// A case file at `path`, reported as `name`: its path relative to the directory it was found
    /// in, or its file name (`InputFiles.Listed`).
    case file(path: String, name: String)
    case generated(GenerationRequest)

    /// A case file given by itself, reported by its file name.
    public static func file(path: String) -> CaseSource { .file(path: path, name: InputFiles.fileName(path)) }

    /// The path or the regeneration command, for messages and results.
    public var label: String {
        switch self {
        case .file(let path, _): path
        case .generated(let r): r.command
        }
    }

    /// Reads or generates the case and validates it.
    /// - Throws: `CaseLoadError` naming the source and what was wrong.
    public func load() throws(CaseLoadError) -> LoadedCase {
        switch self {
        case .file(let path, let name): return try Self.read(path, name: name)
        case .generated(let request):
            guard case .layout(let c) = GeneratorFamilies.generate(request) else {
                throw CaseLoadError(source: label, message: "family \(request.family) makes system files, not layout cases")
            }
            return try Self.validated(c, name: c.name, family: request.family, size: request.size, source: label)
        }
    }

    /// A case file, named `name` in results. A generated case (its description holds the
    /// `strut generate` command) belongs to its family at its size, beside the cases `--family`
    /// generates; any other file is a group of its own, its family being its name and its size
    /// its view count, so every hand-written case is told apart in reports and baselines.
    static func read(_ path: String, name: String) throws(CaseLoadError) -> LoadedCase {
        let text: String
        do { text = try InputFiles.readText(path) } catch { throw CaseLoadError(source: path, message: error.reason) }
        let c: LayoutCase
        do { c = try LayoutCase(jsonText: text) } catch { throw CaseLoadError(source: path, message: "\(error)") }
        let request = c.description.flatMap { try? GenerationRequest(command: $0) }
        return try validated(c, name: name, family: request?.family ?? name, size: request?.size ?? c.views.count, source: path)
    }

    package static func validated(_ c: LayoutCase, name: String, family: String, size: Int, source: String) throws(CaseLoadError) -> LoadedCase {
        do {
            let tree = try c.validate()
            return LoadedCase(layoutCase: c, tree: tree, name: name, family: family, size: size, ownDevices: try c.deviceConfigurations())
        } catch { throw CaseLoadError(source: source, message: "\(error)") }
    }

    /// The case files named by `paths`: a file is taken as is, a directory contributes its
    /// `*.json` files (recursively, `*.system.json` excluded), sorted by path so the order is the
    /// same on every machine. A path that does not exist, a directory that cannot be listed and a
    /// directory without case files are returned as failures, each with the system's reason.
    public static func files(_ paths: [String]) -> (sources: [CaseSource], missing: [CaseLoadError]) {
        let listed = InputFiles.walkNamed(paths, accept: { $0.hasSuffix(".json") && !$0.hasSuffix(".system.json") })
        return (listed.files.map { .file(path: $0.path, name: $0.name) }, listed.problems.map { CaseLoadError(source: $0.path, message: $0.reason) })
    }
}

/// A case ready to lay out: the file, its validated tree, the name results give it (a file's
/// report name, a generated case's own name), its family and size for aggregation, and the
/// devices it lists itself (nil when it lists none).
public struct LoadedCase: Sendable {
    public var layoutCase: LayoutCase
    public var tree: ViewTree
    public var name: String
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
