import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Talking to a child one line at a time over its non-blocking pipes. Every wait is bounded:
/// writes and reads poll(2) against a `ContinuousClock` deadline, and standard error is drained
/// while waiting (a chatty child never blocks on a full pipe), keeping its last `stderrLimit`
/// bytes for the failure report. A supervisor of many children (`WorkerPool`) polls their
/// `readableDescriptors` itself and takes `availableLines()` without waiting.
extension ChildProcess {
    /// Outcome of waiting for one line of standard output.
    package enum LineResult {
        case line([UInt8])
        case endOfFile
        case timedOut
    }

    /// Bytes already read past the last complete line: output nobody asked for yet.
    package var hasUnrequestedOutput: Bool { !pending.isEmpty }

    /// The standard error tail as text.
    package var stderrText: String { String(decoding: stderrTail, as: UTF8.self) }

    /// The descriptors a supervisor polls for this child's output (standard output until its end
    /// of file, standard error until closed).
    package var readableDescriptors: [Int32] { (outputClosed ? [] : [stdoutFD]) + (stderrFD >= 0 ? [stderrFD] : []) }

    /// Writes `bytes` to the child's standard input before `deadline`.
    /// - Returns: false when the pipe is broken (the child closed it or died) or the deadline passed.
    package func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        guard stdinFD >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(stdinFD, $0.baseAddress! + offset, bytes.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            guard wait(for: stdinFD, events: Int16(POLLOUT), deadline: deadline) else { return false }
        }
        return true
    }

    /// Reads one line of standard output (without its newline) before `deadline`.
    package func readLine(deadline: ContinuousClock.Instant) -> LineResult {
        while true {
            if let line = nextLine() { return .line(line) }
            guard !outputClosed else { return .endOfFile }
            switch readChunk(stdoutFD, into: &pending) {
            case .data: continue
            case .endOfFile:
                outputClosed = true
                return .endOfFile
            case .wouldBlock:
                guard wait(for: stdoutFD, events: Int16(POLLIN), deadline: deadline) else { return .timedOut }
            }
        }
    }

    /// The complete lines standard output holds now, without waiting; drains standard error too
    /// and sets `outputClosed` at end of file.
    package func availableLines() -> [String] {
        drainStderr()
        reading: while !outputClosed, stdoutFD >= 0 {
            switch readChunk(stdoutFD, into: &pending) {
            case .data: continue
            case .endOfFile: outputClosed = true
            case .wouldBlock: break reading
            }
        }
        var lines: [String] = []
        while let line = nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    /// The first complete line in `pending`, removed from it.
    private func nextLine() -> [UInt8]? {
        guard let newline = pending.firstIndex(of: 10) else { return nil }
        let line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        return line
    }

    enum ChunkResult { case data, endOfFile, wouldBlock }

    /// Reads what `fd` holds now (up to 64 KiB) onto the end of `buffer`.
    func readChunk(_ fd: Int32, into buffer: inout [UInt8]) -> ChunkResult {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
                return .data
            }
            if n == 0 { return .endOfFile }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .endOfFile
        }
    }

    /// Polls `fd` for `events` until `deadline`, draining standard error meanwhile.
    /// - Returns: true when `fd` is ready (or hung up: the next read or write says how), false on timeout.
    func wait(for fd: Int32, events: Int16, deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let ms = Int32(clamping: (remaining.components.seconds * 1000) + Int64(remaining.components.attoseconds / 1_000_000_000_000_000) + 1)
            var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, fds[1].fd >= 0 ? 2 : 1, ms)
            if n < 0 { if errno == EINTR { continue } else { return true } }
            if fds[1].revents != 0 { drainStderr() }
            if fds[0].revents != 0 { return true }
        }
    }

    /// Reads whatever standard error holds now, keeping the last `stderrLimit` bytes; closes it at EOF.
    func drainStderr() {
        while stderrFD >= 0 {
            switch readChunk(stderrFD, into: &stderrTail) {
            case .data:
                if stderrTail.count > stderrLimit { stderrTail.removeFirst(stderrTail.count - stderrLimit) }
            case .endOfFile:
                close(stderrFD)
                stderrFD = -1
            case .wouldBlock: return
            }
        }
    }
}
