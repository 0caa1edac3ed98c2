import Foundation

/// The indices 0..<count of a run split over lanes (`DispatchQueue.concurrentPerform`), handed
/// out in order, with what each lane made of its index. The first failure, or the stop, hands
/// out no more: the lanes finish what they hold and return. Used by the interleaved binary
/// comparison (one index per work unit) and the metered run (one per shard).
final class LaneQueue<Outcome>: @unchecked Sendable {
    private let lock = NSLock()
    let count: Int
    private let stop: ChildStop?
    private var cursor = 0
    private var ended: [Outcome?]
    private var firstProblem: String?
    private var endedCount = 0

    init(count: Int, stop: ChildStop? = nil) {
        self.count = count
        self.stop = stop
        ended = Array(repeating: nil, count: count)
    }

    /// The next index, nil when none is left, a lane failed or the run was stopped.
    func next() -> Int? {
        lock.withLock {
            guard firstProblem == nil, cursor < count, !(stop?.isSet ?? false) else { return nil }
            cursor += 1
            return cursor - 1
        }
    }

    /// Keeps what index `k` ended with; returns how many indices have ended.
    @discardableResult
    func record(_ k: Int, _ outcome: Outcome) -> Int {
        lock.withLock {
            if ended[k] == nil { endedCount += 1 }
            ended[k] = outcome
            return endedCount
        }
    }

    /// A failure that stops the run: no index is handed out after it. The first one is kept.
    func fail(_ message: String) { lock.withLock { firstProblem = firstProblem ?? message } }

    var problem: String? { lock.withLock { firstProblem } }

    /// What each index ended with, nil for one that never ran or failed.
    var outcomes: [Outcome?] { lock.withLock { ended } }

    /// Indices that ended.
    var finished: Int { lock.withLock { endedCount } }
}
