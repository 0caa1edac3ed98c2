import AutoLayout
import LinearConstraints
import Subjects

/// What a shrink found: the smallest subject that still fails, how many predicate calls it took,
/// and the sizes (`FuzzSubject.size`) before and after.
public struct ShrinkResult: Hashable, Sendable {
    /// The smallest failing subject found; the input itself when nothing smaller fails.
    public var subject: FuzzSubject
    /// Calls made to `stillFails` (memoised repeats and invalid candidates are not calls).
    public var tries: Int
    public var sizeBefore: Int
    public var sizeAfter: Int

    public init(subject: FuzzSubject, tries: Int, sizeBefore: Int, sizeAfter: Int) {
        self.subject = subject
        self.tries = tries
        self.sizeBefore = sizeBefore
        self.sizeAfter = sizeAfter
    }
}

/// Test-case reduction for fuzz findings: delta debugging over the parts of a subject, then
/// simplification of its numbers, keeping whatever `stillFails` says is the same failure.
///
/// The passes, repeated while any of them makes progress and the budget lasts:
/// - layout cases: views (each chunk removed with its subtree, else with its subviews moved up
///   to its superview), custom guides, constraints, visual formats, stack arrangements, devices
///   (at least one stays) and expectations; every removal also drops what referred to the
///   removed parts (constraints, formats, arrangements, custom spacings, expected frames), so
///   candidates stay valid;
/// - systems: steps (a step left naming an unknown id simply reports `unknown`), then the terms
///   of each `add`;
/// - then numbers: constants to 0, to integers, halved; multipliers and coefficients to 1;
///   priorities to required or a named level; view fields back to their defaults.
///
/// Removal is ddmin-style (Zeller and Hildebrandt, 2002, complement removal only): chunks of
/// half the list, then quarters, down to single elements, so k needed elements out of n cost
/// O(k log n) calls. Contract: `stillFails` is called only on valid subjects
/// (`FuzzSubject.isValidFile`), never on the input itself, never twice on the same file text, and
/// at most `maxTries` times. Deterministic: the same input and predicate give the same result.
public enum Shrinker {
    public static func shrink(
        _ subject: FuzzSubject, maxTries: Int = 5000, stillFails: (FuzzSubject) -> Bool
    ) -> ShrinkResult {
        withoutActuallyEscaping(stillFails) { predicate in
            var session = ShrinkSession(subject, maxTries: maxTries, stillFails: predicate)
            session.run()
            return ShrinkResult(subject: session.best, tries: session.tries, sizeBefore: subject.size, sizeAfter: session.best.size)
        }
    }
}

extension ShrinkSession {
    /// Structure first, to a fixed point; then numbers; structure again if the numbers moved
    /// (a simpler number can make a part removable), at most a few rounds.
    mutating func run() {
        for _ in 0..<4 {
            while !exhausted, structuralPass() {}
            guard !exhausted, simplificationPass() else { return }
        }
    }

    /// One round of every removal pass; true when any removed something.
    mutating func structuralPass() -> Bool {
        switch best {
        case .layout: layoutStructuralPass()
        case .system: systemStructuralPass()
        }
    }

    /// One round of number and field simplification; true when anything changed.
    mutating func simplificationPass() -> Bool {
        switch best {
        case .layout: simplifyLayout()
        case .system: simplifySystem()
        }
    }
}
