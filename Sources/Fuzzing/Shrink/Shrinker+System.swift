import LinearConstraints
import Subjects

/// The removal passes for system files: steps (ddmin), then single terms of `add` steps.
extension ShrinkSession {
    static func system(_ s: FuzzSubject) -> SystemFile? {
        if case .system(let f) = s { f } else { nil }
    }

    /// One round: steps, then terms; true when either removed something.
    mutating func systemStructuralPass() -> Bool {
        let steps = removeChunks(count: { Self.system($0)?.steps.count ?? 0 }) { s, r in
            guard var f = Self.system(s) else { return [] }
            f.steps.removeSubrange(r)
            return [{ .system(f) }]
        }
        let terms = removeTerms()
        return steps || terms
    }

    /// For each `add` with two or more terms, tries it without each term in turn.
    mutating func removeTerms() -> Bool {
        var progress = false
        var i = 0
        while let f = Self.system(best), i < f.steps.count, !exhausted {
            var t = 0
            while case .add(let c, let id)? = Self.system(best)?.steps[i], c.terms.count > 1, t < c.terms.count, !exhausted {
                var smaller = c
                smaller.terms.remove(at: t)
                var candidate = f
                candidate.steps[i] = .add(smaller, id: id)
                if attempt(.system(candidate)) { progress = true } else { t += 1 }
            }
            i += 1
        }
        return progress
    }
}
