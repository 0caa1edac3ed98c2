import Subjects

/// The state of one shrink: the best (smallest failing) subject so far, the predicate, the
/// memo of file texts already judged, and the budget of predicate calls.
struct ShrinkSession {
    private(set) var best: FuzzSubject
    private(set) var tries = 0
    let maxTries: Int
    let stillFails: (FuzzSubject) -> Bool
    /// Verdicts by file text. Looked up only, never iterated, so its order cannot leak into
    /// the result. The input is entered as failing so it is never asked about again.
    private var memo: [String: Bool]

    init(_ subject: FuzzSubject, maxTries: Int, stillFails: @escaping (FuzzSubject) -> Bool) {
        best = subject
        self.maxTries = maxTries
        self.stillFails = stillFails
        memo = [subject.fileText: true]
    }

    var exhausted: Bool { tries >= maxTries }

    /// Asks about `candidate` unless it is nil, already judged, invalid or over budget; when it
    /// still fails it becomes the best. Returns whether it did.
    /// - Complexity: O(file size) for the text and validity check, plus one predicate call.
    mutating func attempt(_ candidate: FuzzSubject?) -> Bool {
        guard let candidate, !exhausted else { return false }
        let text = candidate.fileText
        guard memo[text] == nil else { return false }
        guard candidate.isValidFile(text: text) else {
            memo[text] = false
            return false
        }
        tries += 1
        let fails = stillFails(candidate)
        memo[text] = fails
        if fails { best = candidate }
        return fails
    }

    /// The first of `candidates` (built lazily, in order) that still fails, adopted.
    mutating func attemptFirst(_ candidates: [() -> FuzzSubject?]) -> Bool {
        for make in candidates where attempt(make()) { return true }
        return false
    }

    /// Delta debugging over a list of `count(best)` units: removes chunks of half the list,
    /// then quarters, down to single units, keeping every removal after which the subject
    /// still fails. `variants(best, range)` gives the candidates for removing the units in
    /// `range` (more than one when a removal can be done two ways), tried in order. At least
    /// `keep` units always stay. Returns whether anything was removed.
    mutating func removeChunks(
        keep: Int = 0, count: (FuzzSubject) -> Int, variants: (FuzzSubject, Range<Int>) -> [() -> FuzzSubject?]
    ) -> Bool {
        var progress = false
        var chunk = count(best)
        while chunk >= 1, !exhausted {
            var start = 0
            while start < count(best), !exhausted {
                let n = count(best)
                let range = start..<min(start + chunk, n)
                if n - range.count >= keep, attemptFirst(variants(best, range)) {
                    progress = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 { break }
            chunk = (chunk + 1) / 2
        }
        return progress
    }
}
