import AutoLayout
import Generator
import LinearConstraints
import StrutSystem
import Subjects

/// Deterministic mutation of fuzz subjects (layout cases and system files), the corpus half of
/// `strut fuzz`: small numeric tweaks most of the time, structural edits sometimes, extreme
/// values now and then.
///
/// Contract:
/// - the output is always a valid file (`FuzzSubject.isValidFile`) and differs from the input;
///   it may be infeasible, conflicting or ambiguous (that is the point);
/// - the output is a pure function of the seed, the sequence of earlier calls and the input
///   (the generator's `SeededRandom`, never the system random source);
/// - a mutated layout case loses its `expect` block: expectations describe the case before the
///   mutation, so keeping them would make every mutant "fail its expectations".
///
/// One call applies one mutation, or (one call in five) two or three stacked. Each mutation draws
/// an operator, builds a proposal and keeps it only when it is valid and new; after `attempts`
/// failed proposals a fallback that is always valid applies (flip the layout direction, or append
/// a `check` step). Complexity: O(attempts × file size) per call, dominated by the validity check.
public struct Mutator: Sendable {
    var random: SeededRandom
    /// Counter for the ids and labels that mutations invent (`fz3`, `m3`), unique per mutator.
    var serial = 0
    /// What the last `mutate` did, e.g. `constant of constraint 3: 12 -> 13.5`, for logs and
    /// the descriptions of findings.
    public private(set) var lastMutation = ""

    /// Proposals tried per mutation before the fallback.
    static let attempts = 12

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// A mutant of `subject`: valid (when `subject` is), different from it, deterministic for the
    /// seed and call order.
    public mutating func mutate(_ subject: FuzzSubject) -> FuzzSubject {
        let rounds = random.chance(0.2) ? random.int(in: 2...3) : 1
        var current = subject
        var notes: [String] = []
        for _ in 0..<rounds {
            let (next, note) = mutateOnce(current)
            current = next
            notes.append(note)
        }
        lastMutation = notes.joined(separator: "; ")
        return current
    }

    /// One valid mutation of `subject`, with a sentence saying what it did.
    mutating func mutateOnce(_ subject: FuzzSubject) -> (FuzzSubject, String) {
        for _ in 0..<Self.attempts {
            let proposal: (FuzzSubject, String)?
            switch subject {
            case .layout(let c):
                proposal = layoutProposal(c).map { m, note in
                    var m = m
                    m.expect = []
                    return (FuzzSubject.layout(m), note)
                }
            case .system(let s): proposal = systemProposal(s).map { m, note in (FuzzSubject.system(m), note) }
            }
            guard let (candidate, note) = proposal, candidate != subject, candidate.isValidFile else { continue }
            return (candidate, note)
        }
        return fallback(subject)
    }

    /// A mutation that is always valid and always changes the subject.
    func fallback(_ subject: FuzzSubject) -> (FuzzSubject, String) {
        switch subject {
        case .layout(var c):
            c.expect = []
            let direction: LayoutDirection = c.layoutDirection == .rightToLeft ? .leftToRight : .rightToLeft
            c.layoutDirection = direction
            return (.layout(c), "layout direction -> \(direction.rawValue)")
        case .system(var s):
            s.steps.append(.check(label: "m\(serial)"))
            return (.system(s), "append a check step")
        }
    }

    /// A fresh number for invented ids and labels.
    mutating func nextSerial() -> Int {
        serial += 1
        return serial
    }

    /// An operator drawn by weight from `table`.
    mutating func weighted<T>(_ table: [(weight: Double, value: T)]) -> T {
        let total = table.reduce(0) { $0 + $1.weight }
        var r = random.unit() * total
        for entry in table {
            r -= entry.weight
            if r < 0 { return entry.value }
        }
        return table[table.count - 1].value
    }

    /// A uniformly drawn index of a non-empty collection's count, or nil when it is empty.
    mutating func index(_ count: Int) -> Int? { count == 0 ? nil : random.int(in: 0...(count - 1)) }
}
