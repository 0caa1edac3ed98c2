import AutoLayout
import Generator
import LinearConstraints
import StrutSystem
import Subjects

/// Case k of a campaign, a pure function of (run seed, k): its own seed is
/// `caseSeed(runSeed:index:)`, and a `SeededRandom` on it chooses between a fresh small case of
/// one of the families and one to three mutations of a corpus entry (half and half when both
/// exist). So the same seed gives the same cases whatever the job count.
public struct FuzzCaseMaker: Sendable {
    public var runSeed: UInt64
    /// Generator families to draw from (none: mutations only).
    public var families: [String]
    public var corpus: FuzzCorpus
    /// Corpus entries checked as they are before any generated or mutated case (case k is
    /// `asIs[k]` while k is below their count); a campaign against an outside solver starts with
    /// the corpus's system files, smallest first (`systemFilesFirst`), since a short checked-in
    /// sequence shows a broken operation (a removal that does nothing) at once, where random
    /// cases may need hundreds of tries.
    public var asIs: [FuzzCorpus.Entry] = []

    /// The corpus's system files, smallest first (then by path).
    public static func systemFilesFirst(_ corpus: FuzzCorpus) -> [FuzzCorpus.Entry] {
        corpus.entries.filter { if case .system = $0.subject { true } else { false } }
            .sorted { ($0.subject.size, $0.path) < ($1.subject.size, $1.path) }
    }

    /// One case: the subject, where it came from (a generator command or the mutated file and
    /// what changed), and whether its `expect` block still applies.
    public struct Made: Sendable {
        public var subject: FuzzSubject
        public var origin: String
        public var expectations: Bool
    }

    public init(runSeed: UInt64, families: [String], corpus: FuzzCorpus) {
        self.runSeed = runSeed
        self.families = families
        self.corpus = corpus
    }

    /// The families a campaign uses by default: every family of the generator.
    public static var defaultFamilies: [String] { GeneratorFamilies.names }

    public func make(_ k: Int) -> Made {
        if k < asIs.count { return Made(subject: asIs[k].subject, origin: "corpus entry \(asIs[k].path), as it is", expectations: false) }
        let seed = caseSeed(runSeed: runSeed, index: k)
        var rng = SeededRandom(seed: seed)
        let mutate = !corpus.entries.isEmpty && (families.isEmpty || rng.chance(0.5))
        if mutate {
            let entry = rng.pick(corpus.entries)
            var m = Mutator(seed: rng.next())
            var subject = entry.subject
            var what: [String] = []
            for _ in 0...rng.int(in: 0...2) {
                subject = m.mutate(subject)
                what.append(m.lastMutation)
            }
            return Made(subject: subject, origin: "mutation of \(entry.path): \(what.joined(separator: "; "))", expectations: false)
        }
        let request = Self.smallRequest(rng.pick(families), seed: seed, &rng)
        let subject: FuzzSubject
        switch GeneratorFamilies.generate(request) {
        case .layout(let c): subject = .layout(c)
        case .system(let s): subject = .system(s)
        }
        return Made(subject: subject, origin: request.command, expectations: true)
    }

    /// A small request of `family`: 1-12 views (within the family's range), or 10-80 steps on 2-6
    /// variables with a check every 5-20 steps for the operation sequences. The family exists
    /// (checked by the command line).
    static func smallRequest(_ family: String, seed: UInt64, _ rng: inout SeededRandom) -> GenerationRequest {
        guard let f = try? GeneratorFamilies.family(named: family) else { preconditionFailure("unknown family \(family)") }
        let range = f.sizeRange
        var parameters: [(name: String, value: String)] = []
        let size: Int
        if f.sizeMeaning == "steps" {
            size = max(range.lowerBound, min(range.upperBound, rng.int(in: 10...80)))
            if f.knob("variables") != nil { parameters.append(("variables", "\(rng.int(in: 2...6))")) }
            if f.knob("checkEvery") != nil { parameters.append(("checkEvery", "\(rng.int(in: 5...20))")) }
        } else {
            let upper = max(range.lowerBound, min(range.upperBound, 12))
            size = rng.int(in: range.lowerBound...upper)
        }
        do { return try GenerationRequest(family: family, size: size, seed: seed, parameters: parameters) } catch {
            preconditionFailure("a small request of \(family) does not resolve: \(error)")
        }
    }
}
