import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading the files and directories a command is given, with the system's own reason when that
/// fails: "no such file or directory", "permission denied", "is a directory" (strerror), never a
/// Foundation error dump and never "no such file" for a file that exists. Directories are walked
/// with `opendir`, so a directory (or a subdirectory) that cannot be listed is a problem with
/// that directory, not silently nothing.
public enum InputFiles {
    /// A path that could not be read or listed, and why.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
        public var description: String { "\(path): \(reason)" }
    }

    /// The system's message for `code`, first letter lowercased ("permission denied").
    public static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The bytes of the file at `path`.
    /// - Throws: `Problem` with the system's reason: no such file, permission denied, is a
    ///   directory, or a read error.
    public static func read(_ path: String) throws(Problem) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(path: path, reason: reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Problem(path: path, reason: reason(EISDIR)) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Problem(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw Problem(path: path, reason: reason(errno))
            }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    /// The text of the file at `path`, which must be UTF-8.
    /// - Throws: `Problem` as `read`, or "the file is not UTF-8 text".
    public static func readText(_ path: String) throws(Problem) -> String {
        let data = try read(path)
        guard let text = String(data: data, encoding: .utf8) else { throw Problem(path: path, reason: "the file is not UTF-8 text") }
        return text
    }

    /// The files under `paths`: a file is taken as given (when `acceptGiven` allows it), a
    /// directory contributes the files below it whose names `accept` (recursively, sorted by their
    /// path under the directory, so every machine reads them in the same order). Problems: a path
    /// that does not exist, a directory (or subdirectory) that cannot be listed, and a directory
    /// that holds no accepted file ("no input files found").
    public static func walk(_ paths: [String], accept: (String) -> Bool, acceptGiven: (String) -> Bool = { _ in true })
        -> (files: [String], problems: [Problem])
    {
        let listed = walkNamed(paths, accept: accept, acceptGiven: acceptGiven)
        return (listed.files.map(\.path), listed.problems)
    }

    /// A file found by `walkNamed`: its path, and the name a report gives it: the path relative
    /// to the directory it was found in (`stacks/nested.json`), or the file's name when the file
    /// itself was given (`nested.json`).
    public struct Listed: Hashable, Sendable {
        public var path: String
        public var name: String
    }

    /// `walk`, with each file's report name (`Listed`).
    public static func walkNamed(_ paths: [String], accept: (String) -> Bool, acceptGiven: (String) -> Bool = { _ in true })
        -> (files: [Listed], problems: [Problem])
    {
        var files: [Listed] = []
        var problems: [Problem] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                problems.append(Problem(path: path, reason: reason(errno)))
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                if acceptGiven(path) { files.append(Listed(path: path, name: fileName(path))) }
                continue
            }
            var found: [String] = []
            let before = problems.count
            list(path, relative: "", accept: accept, into: &found, problems: &problems)
            let base = path.hasSuffix("/") ? path : path + "/"
            files += found.sorted().map { Listed(path: base + $0, name: $0) }
            if found.isEmpty && problems.count == before {
                problems.append(Problem(path: path, reason: "no input files found in the directory"))
            }
        }
        return (files, problems)
    }

    /// The last component of `path` (`a/b.json` -> `b.json`), or the path when it has none.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Appends the accepted files below `root/relative` (relative to `root`) to `found`.
    private static func list(_ root: String, relative: String, accept: (String) -> Bool, into found: inout [String], problems: inout [Problem]) {
        let directory = relative.isEmpty ? root : (root.hasSuffix("/") ? root : root + "/") + relative
        guard let dir = opendir(directory) else {
            problems.append(Problem(path: directory, reason: "cannot list the directory: \(reason(errno))"))
            return
        }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { problems.append(Problem(path: directory, reason: "cannot list the directory: \(reason(errno))")) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        for name in names.sorted() {
            let sub = relative.isEmpty ? name : relative + "/" + name
            let full = directory + "/" + name
            var link = stat()
            guard lstat(full, &link) == 0 else { continue }
            if (link.st_mode & S_IFMT) == S_IFDIR {
                list(root, relative: sub, accept: accept, into: &found, problems: &problems)
            } else if accept(sub) {
                found.append(sub)
            }
        }
    }
}
