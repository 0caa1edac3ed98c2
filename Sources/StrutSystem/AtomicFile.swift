import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Atomic file writes every command shares: the data goes to a temporary file beside the target,
/// `.strut-tmp-<pid>-<name>`, which is then renamed over it, so a reader never sees half a file.
/// A process killed between the two leaves its temporary behind; because the name carries the
/// pid, the next write to the same directory removes the temporaries of processes that no longer
/// run (and leaves those of running ones alone). `checkWritable` is the check commands make
/// before their work starts, and `writeOrFallBack` keeps the data when the write fails anyway.
public enum AtomicFile {
    static let prefix = ".strut-tmp-"

    /// The temporary file a write to `path` by this process uses.
    public static func temporaryPath(for path: String) -> String {
        let (dir, name) = split(path)
        return dir + "/" + prefix + "\(getpid())-" + name
    }

    /// Writes `data` to `path` atomically (see the type's description).
    /// - Throws: `InputFiles.Problem` with the path and the system's reason.
    public static func write(_ data: Data, to path: String) throws(InputFiles.Problem) {
        let (dir, _) = split(path)
        removeOrphans(in: dir)
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { throw InputFiles.Problem(path: path, reason: InputFiles.reason(EISDIR)) }
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw InputFiles.Problem(path: path, reason: InputFiles.reason(errno)) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw InputFiles.Problem(path: path, reason: InputFiles.reason(failure))
        }
    }

    /// `write(text)` for UTF-8 text.
    public static func write(_ text: String, to path: String) throws(InputFiles.Problem) {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path`; when that fails, writes it to a file in the temporary directory
    /// instead (`strut-<pid>-<name>`) and returns its path with the problem, so that the work
    /// behind it is not lost. Both nil: written where asked.
    public static func writeOrFallBack(_ data: Data, to path: String) -> (problem: InputFiles.Problem?, fallback: String?) {
        do throws(InputFiles.Problem) {
            try write(data, to: path)
            return (nil, nil)
        } catch {
            let fallback = FileManager.default.temporaryDirectory.appendingPathComponent("strut-\(getpid())-\(split(path).name)").path
            do throws(InputFiles.Problem) { try write(data, to: fallback) } catch { return (error, nil) }
            return (error, fallback)
        }
    }

    /// Checks, before any work, that a file can be written at `path`: its directory exists (none
    /// is created), is a directory and is writable, and `path` is not itself a directory.
    /// - Throws: `InputFiles.Problem` naming what is wrong.
    public static func checkWritable(_ path: String) throws(InputFiles.Problem) {
        let (dir, _) = split(path)
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { throw InputFiles.Problem(path: path, reason: InputFiles.reason(EISDIR)) }
        guard stat(dir, &info) == 0 else {
            throw InputFiles.Problem(path: path, reason: "its directory \(dir) cannot be used: \(InputFiles.reason(errno)) (it is not created)")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw InputFiles.Problem(path: path, reason: "\(dir) is not a directory")
        }
        guard access(dir, W_OK | X_OK) == 0 else {
            throw InputFiles.Problem(path: path, reason: "its directory \(dir) is not writable: \(InputFiles.reason(errno))")
        }
    }

    /// Removes `.strut-tmp-<pid>-*` files in `dir` whose process no longer runs.
    public static func removeOrphans(in dir: String) {
        guard let d = opendir(dir) else { return }
        var orphans: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { orphans.append(name) }
        }
        closedir(d)
        for name in orphans { unlink(dir + "/" + name) }
    }

    /// The directory (`.` for a bare name) and the file name of `path`.
    static func split(_ path: String) -> (dir: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }
}
