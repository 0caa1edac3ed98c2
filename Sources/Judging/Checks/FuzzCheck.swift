import AutoLayout
import Cassowary
import LinearConstraints
import Peers
import Subjects

/// The in-process check of one fuzz subject under a list of strategies: everything a campaign,
/// a worker, `strut replay` and the libFuzzer entry judge a case by.
///
/// - Layout cases: the invariant pass of issue 8 (`InvariantPass`) per strategy, with the first
///   strategy as the reference of `strategies-agree`; a case that cannot be validated, lowered or
///   laid out is not a finding (only a crash is, and that is the supervisor's to see).
/// - System files: see `FuzzCheck+System.swift` (required constraints after every step, rejected
///   steps change nothing, no error outcomes, the exact oracle where small, determinism, and the
///   strategies against the first).
///
/// Weighted strategies (`isWeighted`) minimise one weighted sum, not lexicographic levels
/// (docs/architecture.md "Semantics"), so their objectives, values and ambiguity legitimately differ from the
/// oracle's and the reference's: they are judged on everything else (required constraints,
/// accept/reject, conflicts, determinism, metamorphic relations), never on optimality.
/// An outside solver is judged on what its `PeerProfile` promises (`profiles`): lexicographic
/// priorities bring optimality in, no conflict sets or no determinism take those checks out, and
/// its signatures call it by the profile's name (`external:kiwi`), not by the adapter's path.
///
/// Cost: one invariant pass (or one to three system runs plus an exact run) per strategy.
public struct FuzzCheck: Sendable {
    public var strategies: [BenchStrategy]
    public var invariants: InvariantSelection
    /// Devices for a layout case that lists none: a rotation, so every case has one switch.
    public var defaultDevices: [DeviceConfiguration]
    /// System files with more steps than this skip the exact oracle (an exact solve per step).
    public var oracleStepLimit = 200
    /// Whether `expectations` (the case's `expect` block) is judged: off for mutated cases,
    /// whose inherited expectations no longer apply.
    public var checkExpectations = true
    /// Outside solvers' profiles by strategy name (`external:COMMAND`); one without an entry is
    /// judged as `PeerProfile.unprofiled`.
    public var profiles: [String: PeerProfile] = [:]

    public init(strategies: [BenchStrategy], invariants: InvariantSelection = .cheap, profiles: [String: PeerProfile] = [:]) {
        self.strategies = strategies
        self.invariants = invariants
        self.defaultDevices = Self.rotation
        self.profiles = profiles
    }

    /// The profile strategy `name` is judged by: nil for Strut's own strategies.
    public func profile(_ name: String) -> PeerProfile? {
        guard name.hasPrefix(ExternalSolver.prefix) else { return nil }
        return profiles[name] ?? PeerProfile.unprofiled(String(name.dropFirst(ExternalSolver.prefix.count)))
    }

    /// What signatures call strategy `name`: its own name, or `external:PROFILE-NAME`.
    public func label(_ name: String) -> String { profile(name)?.signatureName ?? name }

    /// One line per outside solver whose profile leaves checks unjudged (for summaries):
    /// `external:kiwi (scripts/kiwi-adapter.profile.json): not judged: conflict sets (none promised)`.
    public var notJudged: [String] {
        strategies.compactMap { s in
            guard let p = profile(s.name), !p.unjudged.isEmpty else { return nil }
            return "\(p.signatureName) (\(p.path.isEmpty ? "no profile" : p.path)): not judged: " + p.unjudged.joined(separator: "; ")
        }
    }

    /// Whether strategy `name` weighs priorities into one objective instead of ordering them:
    /// `cassowary-weighted`, and an outside solver whose profile says `weighted`.
    public func isWeighted(_ name: String) -> Bool {
        name == "cassowary-weighted" || profile(name)?.priorities == .weighted
    }

    static let rotation: [DeviceConfiguration] = {
        do { return try DeviceSpec.parse("iphone-8,iphone-8:landscape") } catch {
            preconditionFailure("the fuzz device spec does not parse: \(error)")
        }
    }()

    /// cassowary and cassowary-weighted from the registry (`Strategy`), for the libFuzzer entry.
    public static var builtInStrategies: [BenchStrategy] {
        ["cassowary", "cassowary-weighted"].compactMap { Strategy.named($0)?.benchStrategy }
    }

    /// Every finding on `subject`, one per signature (the first detail kept), sorted by signature.
    /// `heartbeat(name)` is called before each strategy starts.
    public func check(_ subject: FuzzSubject, heartbeat: (String) -> Void = { _ in }) -> [FuzzFinding] {
        var found: [FuzzFinding] = []
        switch subject {
        case .layout(let c): found = checkLayout(c, heartbeat: heartbeat)
        case .system(let s): found = checkSystem(s, heartbeat: heartbeat)
        }
        return Self.deduplicated(found)
    }

    static func deduplicated(_ findings: [FuzzFinding]) -> [FuzzFinding] {
        var seen = Set<FuzzSignature>()
        return findings.filter { seen.insert($0.signature).inserted }.sorted { $0.signature < $1.signature }
    }

    /// The invariant pass per strategy; failures become findings (`layoutRoots`) at place `layout`, or
    /// `layout-extreme` for a case with extreme numbers (`hasExtremeNumbers`), so the
    /// double-precision limits those reach are one signature apart from everything else.
    func checkLayout(_ c: LayoutCase, heartbeat: (String) -> Void) -> [FuzzFinding] {
        guard let loaded = try? CaseSource.validated(c, name: c.name, family: "fuzz", size: c.views.count, source: c.name) else { return [] }
        let devices = loaded.ownDevices ?? defaultDevices
        let place = Self.hasExtremeNumbers(c) ? "layout-extreme" : "layout"
        var out: [FuzzFinding] = []
        var ambiguity: [Bool: [String: PeerAmbiguity]] = [:]
        for (i, strategy) in strategies.enumerated() {
            heartbeat(label(strategy.name))
            var ambiguous: [String: PeerAmbiguity] = [:]
            if profile(strategy.name) != nil {
                let weighted = isWeighted(strategy.name)
                ambiguous = ambiguity[weighted] ?? Self.peerAmbiguity(loaded.tree, devices, weighted: weighted)
                ambiguity[weighted] = ambiguous
            }
            var selection = invariants
            selection.withReferenceFrames = checkExpectations
            var unit = InvariantUnit(loaded: loaded, source: c.name, devices: devices, strategy: strategy, direction: nil, selection: selection)
            if i > 0 { unit.reference = strategies[0] }
            let weighted = isWeighted(strategy.name) || (i > 0 && isWeighted(strategies[0].name))
            let pass = InvariantPass.judged(unit)
            if let (failure, during) = pass.adapterFailure {
                // Its values read NaN from then on: the death is the finding, not what they break.
                out.append(FuzzFinding(kind: "adapter-died", strategy: label(strategy.name), place: failure.stableText,
                                       detail: "\(during): \(failure.headline)"))
                continue
            }
            var failures = pass.outcome.failures.filter {
                applies($0.invariant, weighted: weighted, profile: profile(strategy.name)) && judgesPeer($0, strategy.name, ambiguous: ambiguous)
            }
            if let peer = profile(strategy.name) {
                // A peer's determinism is judged within its tolerance, ambiguous axes aside.
                let devicesSeen = Set(failures.filter { $0.invariant == .deterministic }.map(\.device))
                failures.removeAll { $0.invariant == .deterministic }
                let differing = Self.firstAnswer(devices.filter { devicesSeen.contains($0.id) }) {
                    Self.repeatDifference(loaded.tree, $0, strategy, ambiguous: ambiguous[$0.id] ?? PeerAmbiguity([]), tolerance: peer.tolerance)
                }
                if let differing { out.append(FuzzFinding(kind: Nondeterminism.kind, strategy: label(strategy.name), place: Nondeterminism.place, detail: differing)) }
            }
            out += Self.layoutRoots(failures, strategy: label(strategy.name), place: place, precision: pass.precision)
        }
        return out
    }

    /// A strategy's layout failures on one case as at most two findings, as for system files:
    /// the most basic invariant that failed (in `Invariant`'s declaration order: required
    /// constraints before frames, frames before the metamorphic relations), the others named in
    /// the detail; and nondeterminism (`deterministic`), a cause of its own, as
    /// `nondeterministic|STRATEGY|any`. When the strategy's answer is beyond double precision
    /// (`precision`, its worst device) and that invariant judges values, the first finding is the
    /// precision class (`PrecisionClass`: `precision-limit|STRATEGY|extreme`) instead.
    static func layoutRoots(_ failures: [InvariantFailure], strategy: String, place: String, precision: PrecisionEstimate? = nil) -> [FuzzFinding] {
        var out: [FuzzFinding] = []
        let order = Invariant.allCases
        let missing = MissingConflictSet.showing(failures)
        let state = failures.filter { $0.invariant != .deterministic && !missing.contains($0) }
        // The other invariants among `failures`, for a finding's detail.
        func also(_ failures: [InvariantFailure], besides first: InvariantFailure) -> String {
            let others = Set(failures.map(\.invariant)).subtracting([first.invariant]).sorted().map(\.rawValue)
            return others.isEmpty ? "" : " Also: " + others.joined(separator: ", ") + "."
        }
        if let first = state.min(by: { order.firstIndex(of: $0.invariant)! < order.firstIndex(of: $1.invariant)! }) {
            let detail = "\(first.detail) (device \(first.device))" + also(state, besides: first)
            if let precision, PrecisionClass.absorbs(first.invariant.rawValue, precision,
                                                     discrepancy: PrecisionClass.discrepancy(got: first.got, expected: first.expected)) {
                out.append(FuzzFinding(kind: PrecisionClass.kind, strategy: strategy, place: PrecisionClass.place,
                                       detail: PrecisionClass.detail(precision, first: first.invariant.rawValue, detail)))
            } else {
                out.append(FuzzFinding(kind: first.invariant.rawValue, strategy: strategy, place: place, detail: detail))
            }
        }
        if let f = failures.first(where: { $0.invariant == .deterministic }) {
            out.append(FuzzFinding(kind: Nondeterminism.kind, strategy: strategy, place: Nondeterminism.place, detail: "\(f.detail) (device \(f.device))"))
        }
        if let f = missing.first {
            out.append(FuzzFinding(kind: MissingConflictSet.kind, strategy: strategy, place: MissingConflictSet.place,
                                   detail: "\(f.invariant.rawValue): \(f.detail) (device \(f.device))" + also(missing, besides: f)))
        }
        return out
    }

    /// The first non-nil `answer` over `items`, asking each item once. Not `lazy.compactMap(answer).first`:
    /// that asks the item it finds twice (once to find it, once to read it) and traps when the
    /// second answer is nil, which a nondeterministic peer's repeated layouts give (the
    /// `crash:SIGILL|external:beeware|layout` of the BeeWare campaigns, 2 of 4 replays).
    static func firstAnswer<T>(_ items: [T], _ answer: (T) -> String?) -> String? {
        for item in items {
            if let found = answer(item) { return found }
        }
        return nil
    }

    /// True when a constraint's constant reaches 1e9 points or its multiplier lies outside
    /// [1e-4, 1e4] (zero aside), or a view's frame or intrinsic size reaches 1e9: numbers no
    /// screen has, where doubles run out of digits in some orders of elimination.
    static func hasExtremeNumbers(_ c: LayoutCase) -> Bool {
        func extremeLength(_ x: Double?) -> Bool { x.map { abs($0) >= 1e9 } ?? false }
        func extremeFactor(_ m: Double) -> Bool { m != 0 && (abs(m) > 1e4 || abs(m) < 1e-4) }
        if c.constraints.contains(where: { extremeLength($0.constant) || extremeFactor($0.multiplier) }) { return true }
        return c.views.contains { v in
            (v.frame.map { [$0.x, $0.y, $0.width, $0.height].contains(where: { abs($0) >= 1e9 }) } ?? false)
                || extremeLength(v.intrinsicSize?.width) || extremeLength(v.intrinsicSize?.height)
        }
    }

    /// Whether a failure of `invariant` counts: optimality, ambiguity and agreement do not bind
    /// a weighted strategy (or a comparison with one); determinism only a strategy that promises
    /// it; expectations only when asked.
    func applies(_ invariant: Invariant, weighted: Bool, profile: PeerProfile? = nil) -> Bool {
        switch invariant {
        case .deterministic: profile?.deterministic ?? true
        case .optimal, .ambiguityCorrect, .strategiesAgree: !weighted
        case .expectations, .referenceFrames: checkExpectations
        default: true
        }
    }
}
