import ArgumentParser
import AutoLayout
import Foundation
import InterfaceBuilder
import StrutSystem

/// `strut import FILE|DIR... --out DIR`: every screen of every Interface Builder document named
/// (and every `.storyboard` and `.xib` under a named directory) becomes a case file in `--out`,
/// under the document's directory relative to the directory given, named `FILE-SCREEN.json`.
/// What a screen could not carry over is counted per file. A file that is not well-formed XML,
/// not an iOS Interface Builder document, or crafted (document type or entity declarations,
/// extreme nesting or attribute sizes) is reported with its line and element; the other files are
/// still imported. Exit status 0 when every file imported, 1 when a file or screen did not, 2 for
/// bad usage (no path, an output directory that cannot be made).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn Interface Builder storyboards and xibs into layout cases, with Apple's frames as expectations.",
        discussion: """
            Each scene's root view, each top-level view of a xib, and each table or collection view cell \
            becomes one case, laid out on the document's design device. The frames Interface Builder stored \
            (computed by Apple's engine) become the case's expected frames, within 0.5 pt; views IB marks \
            misplaced are kept apart. Intrinsic sizes of text, images and controls are the stored frames' \
            sizes. Then: strut replay DIR (agreement with Apple), strut bench DIR (timing).
            """)

    @Argument(help: "Storyboards, xibs, or directories searched for them (recursively).")
    var paths: [String]

    @Option(help: "Directory to write the cases into (created if needed).")
    var out: String

    @Flag(help: "Print only problems and the summary.")
    var quiet = false

    @Option(help: "Intrinsic sizes to use instead of the stored frames': a JSON file {\"CASE\": {\"VIEW\": [width, height]}} (null: no intrinsic size on that axis).")
    var intrinsicSizes: String?

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one .storyboard, .xib or directory") }
        guard !out.isEmpty else { throw ValidationError("--out must name a directory") }
    }

    func run() throws {
        var overrides = try intrinsicSizes.map(IntrinsicOverrides.init(path:))
        let listed = InputFiles.walkNamed(paths, accept: { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") })
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("--out \(out): cannot create the directory: \(error.localizedDescription)")
        }
        let progress = ImportProgress(total: listed.files.count, enabled: !quiet)
        var failures = 0, screens = 0, views = 0, written: Set<String> = []
        var dropped: [String: Int] = [:]
        for problem in listed.problems {
            failures += 1
            progress.message("error: \(problem.path): \(problem.reason)", stderr: true)
        }
        for (k, file) in listed.files.enumerated() {
            progress.update(k, file: file.path)
            let data: Data
            do { data = try InputFiles.read(file.path) } catch {
                failures += 1
                progress.message("error: \(file.path): \(error.reason)", stderr: true)
                continue
            }
            let result: FileImport
            do { result = try InterfaceBuilderImport.importDocument(data, path: file.path) } catch {
                failures += 1
                progress.message("error: \(file.path): \(error.description)", stderr: true)
                continue
            }
            let directory = Self.directory(for: file.name, out: out)
            for var screen in result.screens {
                if let problem = overrides?.apply(to: &screen.layoutCase) {
                    failures += 1
                    progress.message("error: --intrinsic-sizes: \(problem)", stderr: true)
                }
                var target = directory + "/" + screen.fileName
                var n = 2
                while written.contains(target) {
                    target = directory + "/" + screen.fileName.replacingOccurrences(of: ".json", with: "-\(n).json")
                    n += 1
                }
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    try AtomicFile.write(screen.layoutCase.jsonText(), to: target)
                    written.insert(target)
                } catch {
                    failures += 1
                    progress.message("error: \(target): \(error)", stderr: true)
                }
            }
            for (name, reason) in result.failedScreens {
                failures += 1
                progress.message("error: \(file.path): screen \(name): \(reason)", stderr: true)
            }
            screens += result.screens.count
            views += result.screens.reduce(0) { $0 + $1.report.views }
            for (k, v) in result.dropped { dropped[k, default: 0] += v }
            if !quiet {
                progress.message(Self.summary(result, path: file.path))
            }
        }
        progress.finish()
        for name in overrides?.unused ?? [] {
            failures += 1
            FileHandle.standardError.write(Data("error: --intrinsic-sizes: no imported screen is named \"\(name)\"\n".utf8))
        }
        print("import: \(listed.files.count) files, \(screens) screens (\(views) views) written to \(out)" + (failures == 0 ? "" : "; \(failures) problems (above)"))
        if !dropped.isEmpty {
            print("left out (not carried over), in all files:")
            for (reason, count) in dropped.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { print("  \(count)  \(reason)") }
        }
        if failures > 0 { throw StrutExit.failure.code }
    }

    /// Where a file's cases go: `out` plus the file's directory relative to the directory given.
    static func directory(for name: String, out: String) -> String {
        let parts = name.split(separator: "/").dropLast()
        return parts.isEmpty ? out : out + "/" + parts.joined(separator: "/")
    }

    /// `Main.storyboard: 7 screens, 140 views, 212 constraints (3 misplaced views); left out: ...`
    static func summary(_ r: FileImport, path: String) -> String {
        let v = r.screens.reduce(0) { $0 + $1.report.views }, c = r.screens.reduce(0) { $0 + $1.report.constraints }
        let m = r.screens.reduce(0) { $0 + $1.report.misplaced }
        var line = "\(path): \(r.screens.count) screens, \(v) views, \(c) constraints" + (m == 0 ? "" : " (\(m) views IB marks misplaced)")
        let d = r.dropped
        if !d.isEmpty { line += "; left out: " + d.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") }
        for note in r.notes { line += "\n  note: \(note)" }
        return line
    }
}

/// `import: 12/80 Main.storyboard` redrawn on a terminal; nothing extra in a log.
final class ImportProgress {
    let total: Int
    let isTerminal: Bool
    var drawn = false

    init(total: Int, enabled: Bool) {
        self.total = total
        isTerminal = enabled && isatty(STDERR_FILENO) == 1
    }

    func update(_ k: Int, file: String) {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\rimport: \(k + 1)/\(total) \(file.suffix(60))\u{1B}[K".utf8))
        drawn = true
    }

    func message(_ text: String, stderr: Bool = false) {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); drawn = false }
        if stderr { FileHandle.standardError.write(Data((text + "\n").utf8)) } else { print(text) }
    }

    func finish() { if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
}

/// `--intrinsic-sizes FILE`: intrinsic sizes a user gives for views whose stored frame is not
/// what their content wants, by case name and view id (`{"Main-Profile": {"titleLabel1": [120,
/// 21]}}`; `null` for no intrinsic size on an axis).
struct IntrinsicOverrides {
    var sizes: [String: [String: [Double?]]]
    var used: Set<String> = []

    init(path: String) throws {
        let data: Data
        do { data = try InputFiles.read(path) } catch { throw ValidationError("--intrinsic-sizes \(path): \(error.reason)") }
        do { sizes = try JSONDecoder().decode([String: [String: [Double?]]].self, from: data) } catch {
            throw ValidationError("--intrinsic-sizes \(path): expected {\"CASE\": {\"VIEW\": [width, height]}}: \(error)")
        }
        for (name, views) in sizes {
            for (view, size) in views where size.count != 2 || size.contains(where: { ($0 ?? 0) < 0 || !($0 ?? 0).isFinite }) {
                throw ValidationError("--intrinsic-sizes \(path): \(name).\(view): expected [width, height], each a number >= 0 or null")
            }
        }
    }

    /// Sets the sizes given for `c`; the problem (an unknown view) when there is one.
    mutating func apply(to c: inout LayoutCase) -> String? {
        guard let views = sizes[c.name] else { return nil }
        used.insert(c.name)
        for (view, size) in views.sorted(by: { $0.key < $1.key }) {
            guard let k = c.views.firstIndex(where: { $0.id == view }) else {
                return "\(c.name) has no view \"\(view)\" (its views: \(c.views.map(\.id).joined(separator: ", ")))"
            }
            c.views[k].intrinsicSize = IntrinsicSize(width: size[0], height: size[1])
            c.description = (c.description ?? "") + " The intrinsic size of \(view) was given with --intrinsic-sizes."
        }
        return nil
    }

    var unused: [String] { sizes.keys.filter { !used.contains($0) }.sorted() }
}
