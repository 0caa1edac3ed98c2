import AutoLayout
import LinearConstraints
import Peers

/// One thing an invariant found wrong on one solve: a sentence, the numbers on each side, and
/// what it blames (view ids, constraint descriptions) where the check knows, for the report's
/// picture of the layout.
struct Finding {
    var detail: String
    var got: [Double] = []
    var expected: [Double] = []
    var views: [String] = []
    var constraints: [String] = []
}

/// The invariant pass over one unit (see `InvariantPass`): lays the case out device by device
/// on a recorded engine and judges each selected invariant after each device.
struct UnitPass<S: ConstraintSolver> {
    let unit: InvariantUnit
    var engine: LayoutEngine<RecordingSolver<S>>
    var outcome = InvariantOutcome()
    /// The invariants judged on this case (fixed after the first layout, which sizes the case).
    var selected: [Invariant] = []
    /// Conflict claims already judged (claims accumulate over the devices).
    var claimsJudged = 0
    /// Digests of a second, unrecorded run over the devices, when the measured run's are not given.
    var repeatDigests: [String]?
    /// Fresh layouts per device (index), computed once for the checks that compare with one.
    var fresh: [Int: LayoutResult?] = [:]
    /// The reference strategy's layouts over the devices (empty when it failed), computed once.
    var referenceResults: [LayoutResult]?
    /// Trees of the metamorphic variants of the case (nil inside: the variant does not apply).
    var variants: [Invariant: ViewTree?] = [:]
    /// The worst precision estimate of the layouts over the devices so far (`LayoutEngine.precision()`).
    var precision: PrecisionEstimate?
    /// Why an outside solver stopped answering during the layouts (its adapter died, hung or
    /// answered nonsense), with the device it was laying out: the pass stops there, since a dead
    /// solver's values read NaN and would be judged as the solver's answers.
    var adapterFailure: (failure: ExternalFailure, during: String)?

    /// Most findings reported per invariant and solve; the rest are counted in one last finding.
    static var findingLimit: Int { 5 }

    init(unit: InvariantUnit, engine: LayoutEngine<RecordingSolver<S>>) {
        self.unit = unit
        self.engine = engine
    }

    mutating func run() {
        for (k, device) in unit.devices.enumerated() {
            let result: LayoutResult
            do { result = try engine.layout(on: device) } catch {
                noteAdapterFailure(device)
                return
            }
            guard !noteAdapterFailure(device) else { return }
            if let p = result.precision { precision = p.worse(precision) }
            if k == 0 { selected = unit.selection.invariants(constraintCount: engine.system?.constraints.count ?? 0) }
            let claims = Array(engine.solver.claims[claimsJudged...])
            claimsJudged = engine.solver.claims.count
            let verdicts = selected.contains(where: { $0 == .conflictReal || $0 == .conflictMinimal }) ? judgeClaims(claims) : nil
            for invariant in selected {
                guard let findings = judge(invariant, result, k, verdicts) else {
                    outcome.skip(invariant)
                    continue
                }
                record(invariant, findings, k, result)
            }
        }
    }

    /// Records the outside solver's failure, if it has one; true when it has.
    @discardableResult
    mutating func noteAdapterFailure(_ device: DeviceConfiguration) -> Bool {
        guard let failure = (engine.solver.inner as? ExternalSolver)?.failure else { return false }
        adapterFailure = (failure, "laying out on \(device.id)")
        return true
    }

    /// The findings of `invariant` on device `k`; nil when it does not apply there or was
    /// skipped (too large for the oracle).
    mutating func judge(_ invariant: Invariant, _ result: LayoutResult, _ k: Int, _ verdicts: ConflictFindings?) -> [Finding]? {
        switch invariant {
        case .finiteFrames: return finiteFrames(result)
        case .pixelAligned: return pixelAligned(result, unit.devices[k].pixelGrid)
        case .requiredSatisfied: return requiredSatisfied()
        case .expectations: return expectations(result, unit.devices[k])
        case .referenceFrames: return referenceFrames(result, unit.devices[k])
        case .deterministic: return deterministic(result, k)
        case .incrementalEqualsFresh: return k == 0 ? nil : incrementalEqualsFresh(result, k)
        case .translateRoot: return translateRoot(k)
        case .strategiesAgree: return strategiesAgree(result, k)
        case .stackSemantics: return stackSemantics(result, unit.devices[k].pixelGrid)
        case .permuteConstraints: return variant(.permuteConstraints, k)
        case .duplicateRequired: return variant(.duplicateRequired, k)
        case .mirrorRightToLeft: return mirrorRightToLeft(k)
        case .scaleByTwo: return scaleByTwo(k)
        case .conflictReal: return verdicts?.real
        case .conflictMinimal: return verdicts?.minimal
        case .optimal: return optimal(result)
        case .ambiguityCorrect: return ambiguityCorrect(result)
        }
    }

    /// Counts the solve and turns findings into failures, at most `findingLimit` of them, each
    /// with a snapshot of `result` (the layout on device `k`) blaming the finding's views and
    /// constraints; the summary of the rest carries none.
    mutating func record(_ invariant: Invariant, _ findings: [Finding], _ k: Int, _ result: LayoutResult) {
        outcome.count(invariant, failed: !findings.isEmpty)
        let screen = unit.devices[k].screenSize
        for (n, f) in findings.prefix(Self.findingLimit + 1).enumerated() {
            let summary = n == Self.findingLimit   // present only when there are more than the limit
            let finding = summary ? Finding(detail: InvariantFailure.summaryDetail(more: findings.count - Self.findingLimit)) : f
            let snapshot = summary ? nil : LayoutSnapshot(result, tree: unit.loaded.tree, screen: screen, views: f.views, constraints: f.constraints)
            outcome.failures.append(InvariantFailure(
                invariant: invariant, caseName: unit.loaded.name, source: unit.source, device: unit.devices[k].id,
                strategy: unit.strategy.name, direction: unit.directionName, detail: finding.detail, got: finding.got,
                expected: finding.expected, replay: unit.replay(invariant, deviceIndex: k), unit: unit.unitIndex, layout: snapshot))
        }
    }

    /// A layout of device `k` on a fresh engine and solver (the strategy's own, unrecorded), with
    /// the root at `origin`; nil when the case cannot be laid out that way.
    func freshLayout(_ k: Int, rootOrigin origin: (x: Double, y: Double) = (0, 0)) -> LayoutResult? {
        Self.freshLayout(unit, k, rootOrigin: origin, unit.strategy.make())
    }

    static func freshLayout<T: ConstraintSolver>(_ unit: InvariantUnit, _ k: Int, rootOrigin: (x: Double, y: Double), _ solver: T) -> LayoutResult? {
        var e = LayoutEngine(tree: unit.loaded.tree, solver: solver, direction: unit.direction)
        return try? e.layout(on: unit.devices[k], rootOrigin: rootOrigin)
    }

    /// The fresh layout of device `k`, computed once.
    mutating func cachedFresh(_ k: Int) -> LayoutResult? {
        if let r = fresh[k] { return r }
        let r = freshLayout(k)
        fresh[k] = r
        return r
    }
}

extension InvariantFailure {
    /// The detail of the failure that stands for an invariant's findings past `UnitPass.findingLimit`
    /// on one device: `and N more like these` (it names no view).
    static func summaryDetail(more n: Int) -> String { "and \(n) more like these" }

    /// True for that summary: the named failures before it speak for it.
    var isSummaryOfMore: Bool { detail.hasPrefix("and ") && detail.hasSuffix(" more like these") }
}
