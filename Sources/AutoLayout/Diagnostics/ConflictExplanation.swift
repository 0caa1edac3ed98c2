import Cassowary
import LinearConstraints

/// A solver whose rejected adds can report a conflicting set without minimising it, leaving the
/// minimisation (the deletion filter of fresh solves, `CassowarySolver.minimalConflict`, the
/// same for every engine: the members' conflict belongs to the set, not to the engine) to the
/// diagnostics asked after the layout pass. `LayoutEngine` uses it when `diagnosesInLayoutPass`
/// is false; other solvers minimise in the pass as always.
public protocol DeferredConflictExplanation {
    /// True: rejected adds report minimal sets; false: the set the solver's certificate names.
    var minimizesConflicts: Bool { get set }
}

extension CassowarySolver: DeferredConflictExplanation {}
extension RevisedSolver: DeferredConflictExplanation {}
extension AdaptiveSolver: DeferredConflictExplanation {}

/// What the diagnostics phase reports of the engine's current layout: ambiguity and the minimal
/// conflicting set behind each broken constraint.
public struct LayoutDiagnostics: Hashable, Sendable {
    /// As `LayoutResult.ambiguous`: nil when the strategy cannot tell.
    public var ambiguous: [AmbiguityReport]?
    /// As `LayoutResult.conflicts`, each set minimal.
    public var conflicts: [ConflictReport]
}

extension LayoutEngine {
    /// Ambiguity and minimal conflicts of the current layout, asked apart from the layout pass
    /// (UIKit's `hasAmbiguousLayout`; its conflict log). With `diagnosesInLayoutPass` false,
    /// this is where conflicting sets are minimised. Empty before the first layout.
    @_specialize(exported: true, where Solver == CassowarySolver)
    @_specialize(exported: true, where Solver == RevisedSolver)
    @_specialize(exported: true, where Solver == AdaptiveSolver)
    public func diagnose() -> LayoutDiagnostics {
        guard let s = system else { return LayoutDiagnostics(ambiguous: nil, conflicts: []) }
        var sets = conflictSets
        for i in state.indices where state[i] == .broken && !conflictMinimal[i] {
            if let set = sets[i] { sets[i] = minimalConflict(set, adding: ConstraintID(i), s, pinned: []) }
        }
        return LayoutDiagnostics(ambiguous: ambiguity(s), conflicts: conflictReports(s, sets: sets))
    }

    /// Puts the solver in the conflict mode `diagnosesInLayoutPass` asks for (when it can defer).
    mutating func configureConflictExplanation() {
        guard var deferring = solver as? any DeferredConflictExplanation else { return }
        guard deferring.minimizesConflicts != diagnosesInLayoutPass else { return }
        deferring.minimizesConflicts = diagnosesInLayoutPass
        if let back = deferring as? Solver { solver = back }
    }

    /// True when the solver reports minimal sets at `add` (it cannot defer, or it was not asked to).
    var solverMinimizesConflicts: Bool {
        (solver as? any DeferredConflictExplanation)?.minimizesConflicts ?? true
    }

    /// The deletion filter over `set` (constraint ids, `id` among them, device pins included)
    /// with the lowered system's constraints as required; the fallback is every constraint
    /// installed as required now and the device pins in `pinned` (jointly satisfiable, so every
    /// conflicting subset with `id` holds `id`).
    func minimalConflict(_ set: [ConstraintID], adding id: ConstraintID, _ s: LoweredSystem, pinned: [ConstraintID]) -> [ConstraintID] {
        guard Solver.self is any DeferredConflictExplanation.Type else { return set }
        func pair(_ c: ConstraintID) -> (ConstraintID, Constraint) { (c, memberAsRequired(c, s)) }
        let members = set.filter { $0 != id }.map(pair)
        return CassowarySolver.minimalConflict(among: members, adding: pair(id)) {
            state.indices.filter { state[$0] == .required && $0 != id.rawValue }.map { pair(ConstraintID($0)) } + pinned.map(pair)
        }
    }
}
