import Foundation
import Judging
import StrutSystem
import Subjects

/// A fuzzing campaign: cases from `FuzzCaseMaker` checked in batches by an evaluator (the worker
/// pool, or this process), findings deduplicated by signature and counted; the first case of a
/// signature that is not already known (in the findings index or `known`) is shrunk, keeping the
/// signature (candidates are checked by the same evaluator, since they may crash), and saved.
///
/// Deterministic with a case count (`runs`): case k's seed derives from (run seed, k), results are
/// taken in case order, and shrinking is deterministic, so the same seed finds the same findings
/// and saves the same files whatever the job count. With a time limit the set of cases run
/// depends on the machine's speed.
public final class FuzzCampaign {
    public struct Settings: Sendable {
        public var seed: UInt64
        /// Cases to run (nil: until `seconds` or a stop).
        public var runs: Int?
        public var seconds: Double?
        /// Cases sent to the evaluator at once (about twice the job count).
        public var batchSize: Int
        public var shrinkTries = 2000
        /// Seconds one shrink may take (candidates that hang cost a timeout each).
        public var shrinkSeconds = 60.0
        /// Replays of a shrunk finding before it is saved (`confirm`); 0: none.
        public var replays = 4
        /// The replay command's prefix and arguments: `strut replay FILE <replayArguments>`.
        public var replayPrefix = ""
        public var replayArguments: [String] = []

        public init(seed: UInt64, runs: Int?, seconds: Double?, batchSize: Int) {
            self.seed = seed
            self.runs = runs
            self.seconds = seconds
            self.batchSize = max(1, batchSize)
        }
    }

    /// One signature's tally in this campaign.
    public struct Tally: Sendable {
        public var signature: FuzzSignature
        public var count: Int
        public var firstCase: Int
        public var seconds: Double
        /// Not in the findings index nor the known list before this campaign.
        public var isNew: Bool
        /// The saved file (new findings), or the index's file for known ones.
        public var file: String
        public var sizeBefore: Int
        public var sizeAfter: Int
        public var detail: String
        /// Replays before saving that showed it, `k/n` ("" when not replayed).
        public var reproduced = ""
    }

    /// A worker death that did not reproduce (`Status.infrastructure`).
    public struct InfrastructureEvent: Sendable, Hashable {
        public var caseIndex: Int
        /// `crash:SIGKILL` and the like, with the strategy the worker was checking.
        public var what: String
        public var detail: String
    }

    /// Where the campaign is, for progress lines and the summary.
    public struct Status: Sendable {
        public var cases = 0
        /// Workers that died by a signal on a case that then passed when checked again in a
        /// fresh worker: an operator's kill, another process's OOM killer, the machine; reported
        /// apart, never saved as findings.
        public var infrastructure: [InfrastructureEvent] = []
        public var seconds = 0.0
        public var tallies: [Tally] = []
        public var interrupted = false
        public var newCount: Int { tallies.filter(\.isNew).count }
        public var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }
    }

    let settings: Settings
    let maker: FuzzCaseMaker
    let evaluator: FuzzEvaluator
    public private(set) var store: FindingStore
    let known: Set<FuzzSignature>
    let stop: () -> Bool
    let start = Clocks.monotonicNanoseconds()
    public private(set) var status = Status()

    public init(settings: Settings, maker: FuzzCaseMaker, evaluator: FuzzEvaluator, store: FindingStore, known: Set<FuzzSignature>,
                stop: @escaping () -> Bool) {
        self.settings = settings
        self.maker = maker
        self.evaluator = evaluator
        self.store = store
        self.known = known
        self.stop = stop
    }

    var elapsed: Double { Double(Clocks.monotonicNanoseconds() &- start) / 1e9 }

    /// True once the time limit has passed: checking, shrinking and confirming all end there,
    /// so a campaign given `--time S` ends within S seconds and what it is running.
    var pastDeadline: Bool { settings.seconds.map { elapsed >= $0 } ?? false }

    /// A stop asked from outside (Ctrl-C) or the time limit.
    var halted: Bool { stop() || pastDeadline }

    /// Runs batches until the case count, the time limit or a stop; `progress` after each batch.
    /// Errors writing findings are thrown at once (the index written so far stays valid).
    public func run(progress: (Status) -> Void) throws(FuzzUsageError) -> Status {
        var k = 0
        while !stop() {
            if let runs = settings.runs, k >= runs { break }
            if pastDeadline { break }
            let n = settings.runs.map { min(settings.batchSize, $0 - k) } ?? settings.batchSize
            let made = (k..<(k + n)).map(maker.make)
            let results = evaluator.evaluate(made.map { FuzzJob(subject: $0.subject, expectations: $0.expectations) }, stop: { halted })
            for (i, result) in results.enumerated() {
                guard let result else { break }
                status.cases += 1
                for f in result.findings { try handle(f, k + i, made[i]) }
            }
            k += n
            status.seconds = elapsed
            progress(status)
        }
        status.seconds = elapsed
        status.interrupted = stop()
        try store.writeIndex()
        return status
    }

    /// Counts `finding`; the first time a signature shows, shrinks and saves it unless known. A
    /// worker that died by a signal on a case whose signature has not shown yet is confirmed
    /// first: the case is checked again in a fresh worker, and a death that does not come back
    /// is an infrastructure event, not a finding.
    func handle(_ finding: FuzzFinding, _ k: Int, _ made: FuzzCaseMaker.Made) throws(FuzzUsageError) {
        let sig = finding.signature
        if finding.signature.kind.hasPrefix("crash:"), !status.tallies.contains(where: { $0.signature == sig }), !reproduces(sig, made) {
            status.infrastructure.append(InfrastructureEvent(caseIndex: k, what: "\(finding.signature.kind) under \(finding.signature.strategy)", detail: finding.detail))
            return
        }
        if let t = status.tallies.firstIndex(where: { $0.signature == sig }) {
            status.tallies[t].count += 1
            if var e = store.entry(sig) {
                e.count = status.tallies[t].count
                store.record(e)
            }
            return
        }
        let wasKnown = store.entry(sig) != nil || known.contains(sig)
        var tally = Tally(signature: sig, count: 1, firstCase: k, seconds: elapsed, isNew: !wasKnown, file: store.entry(sig)?.file ?? "",
                          sizeBefore: made.subject.size, sizeAfter: made.subject.size, detail: finding.detail)
        if wasKnown {
            if var e = store.entry(sig) {
                e.count = 1
                store.record(e)
            }
        } else {
            let (subject, reproduced) = confirm(shrink(made, sig).subject, made, sig)
            tally.sizeAfter = subject.size
            tally.reproduced = reproduced
            let saved = describe(subject, sig, k, made, tally.detail, reproduced: reproduced)
            tally.file = try store.save(saved, signature: sig)
            var entry = FindingStore.Entry(signature: sig, count: 1, firstCase: k, seconds: tally.seconds, file: tally.file,
                                           size: tally.sizeAfter, seed: settings.seed, detail: finding.detail)
            entry.reproduced = reproduced
            store.record(entry)
            try store.writeIndex()
        }
        status.tallies.append(tally)
        status.tallies.sort { $0.signature < $1.signature }
    }

    /// The subject to save for `sig` and how many of `settings.replays` checks of it (each on
    /// fresh solvers, in a worker) showed `sig` (`k/n`). A shrunk subject that does not show it
    /// every time is compared with the case as found, and the one that shows it more often is
    /// kept: shrinking a nondeterministic failure can keep a candidate that showed it once.
    /// A result below `n/n` is saved as flaky.
    func confirm(_ shrunk: FuzzSubject, _ made: FuzzCaseMaker.Made, _ sig: FuzzSignature) -> (FuzzSubject, String) {
        guard settings.replays > 0, !halted else { return (shrunk, "") }
        /// How many replays showed `sig`, of how many ran before a stop or the time limit.
        func shows(_ subject: FuzzSubject) -> (shown: Int, ran: Int) {
            let jobs = Array(repeating: FuzzJob(subject: subject, expectations: made.expectations), count: settings.replays)
            let ran = evaluator.evaluate(jobs, stop: { halted }).compactMap { $0 }
            return (ran.filter { $0.findings.contains { $0.signature == sig } }.count, ran.count)
        }
        func text(_ r: (shown: Int, ran: Int)) -> String { r.ran == 0 ? "" : "\(r.shown)/\(r.ran)" }
        let k = shows(shrunk)
        if k.shown == k.ran || shrunk == made.subject || halted { return (shrunk, text(k)) }
        let original = shows(made.subject)
        return original.shown * max(k.ran, 1) > k.shown * max(original.ran, 1) ? (made.subject, text(original)) : (shrunk, text(k))
    }

    /// True when checking `made` again (a fresh worker after a death) shows `sig` again.
    func reproduces(_ sig: FuzzSignature, _ made: FuzzCaseMaker.Made) -> Bool {
        guard let again = evaluator.evaluate([FuzzJob(subject: made.subject, expectations: made.expectations)], stop: { false }).first,
            let again
        else { return true }
        return again.findings.contains { $0.signature == sig }
    }

    /// The smallest subject that still shows `sig`, within the try and time budgets (a stop ends
    /// it early with the smallest found so far).
    func shrink(_ made: FuzzCaseMaker.Made, _ sig: FuzzSignature) -> ShrinkResult {
        let deadline = min(elapsed + settings.shrinkSeconds, settings.seconds ?? .infinity)
        return Shrinker.shrink(made.subject, maxTries: settings.shrinkTries) { candidate in
            if stop() || elapsed > deadline { return false }
            guard let result = evaluator.evaluate([FuzzJob(subject: candidate, expectations: made.expectations)], stop: { halted }).first,
                  let result else { return false }
            return result.findings.contains { $0.signature == sig }
        }
    }

    /// The subject named after its signature, with the finding and its replay command in its
    /// description.
    func describe(_ subject: FuzzSubject, _ sig: FuzzSignature, _ k: Int, _ made: FuzzCaseMaker.Made, _ detail: String,
                  reproduced: String = "") -> FuzzSubject {
        let file = store.directory + "/" + sig.slug + subject.fileSuffix
        let replay = settings.replayPrefix + (["strut", "replay", file] + settings.replayArguments).map(ShellWords.quoted).joined(separator: " ")
        let flaky = FindingStore.isFlaky(reproduced) ? " Flaky: \(reproduced) replays before saving showed it." : ""
        let text = "Fuzz finding \(sig) (strut fuzz --seed \(settings.seed), case \(k): \(made.origin)). \(detail) "
            + "Expectations \(made.expectations ? "apply" : "are not judged (a mutated or corpus case)").\(flaky) Replay: \(replay)"
        return subject.renamed(sig.slug, description: text)
    }
}

extension FuzzSubject {
    /// The same subject under another name and description.
    public func renamed(_ name: String, description: String) -> FuzzSubject {
        switch self {
        case .layout(var c):
            c.name = name
            c.description = description
            return .layout(c)
        case .system(var s):
            s.name = name
            s.description = description
            return .system(s)
        }
    }
}
