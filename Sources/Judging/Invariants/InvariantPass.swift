import AutoLayout
import LinearConstraints
import Peers
import StrutSystem
import Subjects

/// What the invariant pass knows about one work unit: the case, its devices in run order, the
/// strategy and direction, what to check, and the frames digests the measured run produced.
public struct InvariantUnit: Sendable {
    public var loaded: LoadedCase
    /// The case's path or generator command.
    public var source: String
    public var devices: [DeviceConfiguration]
    public var strategy: BenchStrategy
    /// Direction override (nil: the case's own).
    public var direction: LayoutDirection?
    public var selection: InvariantSelection
    /// Per device, the digest of the measured run's frames (`LayoutResult.framesDigest`); nil makes the pass
    /// lay the case out a second time to judge `deterministic`.
    public var measuredDigests: [String]?
    /// The `--devices` text the run used (nil when the devices are the case's own or the
    /// standard set), for the replay command.
    public var deviceSpec: String?
    /// The strategy `strategies-agree` compares with (the run's first), nil when this is it.
    public var reference: BenchStrategy?
    /// The work unit's index in the run (-1 outside a run), copied into failures.
    public var unitIndex = -1

    public init(
        loaded: LoadedCase, source: String, devices: [DeviceConfiguration], strategy: BenchStrategy,
        direction: LayoutDirection?, selection: InvariantSelection, measuredDigests: [String]? = nil, deviceSpec: String? = nil
    ) {
        self.loaded = loaded
        self.source = source
        self.devices = devices
        self.strategy = strategy
        self.direction = direction
        self.selection = selection
        self.measuredDigests = measuredDigests
        self.deviceSpec = deviceSpec
    }

    /// `ltr`, `rtl`, or `case`.
    var directionName: String { direction.map { $0 == .rightToLeft ? "rtl" : "ltr" } ?? "case" }

    /// The `strut bench` command that runs the failing check again: this source on the devices
    /// up to the failing one (the switches before it matter), this strategy and direction; a
    /// planted strategy's command sets the environment variable that registers it.
    func replay(_ invariant: Invariant, deviceIndex k: Int) -> String {
        var words = strategy.name.hasPrefix("planted-") ? ["STRUT_PLANTED_STRATEGIES=1", "strut", "bench"] : ["strut", "bench"]
        var prefix: [String] = []
        if source.hasPrefix("strut generate") {
            prefix = [source, ">", "case.json", "&&"]
            words.append("case.json")
        } else {
            words.append(source)
        }
        if deviceSpec != nil || loaded.ownDevices == nil {
            words += ["--devices", devices[...k].map(\.id).joined(separator: ",")]
        }
        words += ["--strategies", strategy.name, "--directions", directionName == "case" ? "case" : directionName]
        words += ["--invariants", invariant.rawValue, "--repeat", "1", "--warmup", "0"]
        return (prefix + words.map(ShellWords.quoted)).joined(separator: " ")
    }
}

/// What the pass found on one unit: the failures, and per invariant how many solves it judged,
/// failed and skipped (too large for the oracle, or not applicable).
public struct InvariantOutcome: Hashable, Sendable {
    public var failures: [InvariantFailure] = []
    public var tallies: [InvariantTally] = Invariant.allCases.map { InvariantTally(invariant: $0) }

    public init() {}

    mutating func count(_ i: Invariant, failed: Bool) {
        let k = Invariant.allCases.firstIndex(of: i)!
        tallies[k].checked += 1
        if failed { tallies[k].failed += 1 }
    }

    mutating func skip(_ i: Invariant) { tallies[Invariant.allCases.firstIndex(of: i)!].skipped += 1 }

    /// Adds another unit's outcome (failures appended, tallies summed).
    public mutating func merge(_ other: InvariantOutcome) {
        failures += other.failures
        for k in tallies.indices {
            tallies[k].checked += other.tallies[k].checked
            tallies[k].failed += other.tallies[k].failed
            tallies[k].skipped += other.tallies[k].skipped
        }
    }
}

/// Solves judged, failed and skipped for one invariant (a solve is one case on one device under
/// one strategy and direction).
public struct InvariantTally: Hashable, Sendable, Codable {
    public var invariant: Invariant
    public var checked = 0
    public var failed = 0
    public var skipped = 0
}

/// The invariant pass over one work unit (issue 8): an unmeasured layout of the case on every
/// device in turn, on one engine whose solver is recorded, with the selected invariants checked
/// after each device. It runs after the unit's measured repetitions, so nothing it does is in
/// a timing. Cost: one layout pass, plus per device a fresh layout for the metamorphic and
/// incremental checks and exact solves for the oracle checks, when selected.
public enum InvariantPass {
    /// Checks `unit`; a case that cannot be laid out yields no failures here (the runner
    /// reports it as a failed source).
    public static func check(_ unit: InvariantUnit) -> InvariantOutcome { judged(unit).outcome }

    /// `check`, with the worst precision estimate of the unit's layouts over its devices
    /// (`LayoutEngine.precision()`; nil when nothing was laid out): whether doubles hold the
    /// answers the checks judged (the fuzz checks' double-precision class, `PrecisionClass`).
    public static func judged(_ unit: InvariantUnit) -> Judged {
        guard !unit.selection.isEmpty, !unit.devices.isEmpty else { return Judged(outcome: InvariantOutcome()) }
        // Every solver of the strategy the pass makes (the recorded one, fresh layouts,
        // metamorphic variants) reports an outside solver's death here.
        let watch = ExternalFailureWatch()
        var watched = unit
        watched.strategy = unit.strategy.watched(by: watch)
        var judged = run(watched.strategy.make(), watched)
        if judged.adapterFailure == nil, let failure = watch.first { judged.adapterFailure = (failure, "in a fresh layout for a check") }
        return judged
    }

    /// What `judged` found: the outcome, the worst precision estimate, and an outside solver's
    /// failure with where it happened (`laying out on DEVICE`: the pass stopped there; or in a
    /// fresh layout a check made). A dead solver's values read NaN: whatever the outcome says
    /// after its failure was judged on them, so callers report the failure instead.
    public struct Judged {
        public var outcome: InvariantOutcome
        public var precision: PrecisionEstimate?
        public var adapterFailure: (failure: ExternalFailure, during: String)?
    }

    /// Opens the strategy's solver type so the engine and the recording are concrete.
    static func run<S: ConstraintSolver>(_ solver: S, _ unit: InvariantUnit) -> Judged {
        var pass = UnitPass<S>(unit: unit, engine: LayoutEngine(tree: unit.loaded.tree, solver: RecordingSolver(solver), direction: unit.direction))
        pass.run()
        return Judged(outcome: pass.outcome, precision: pass.precision, adapterFailure: pass.adapterFailure)
    }
}
