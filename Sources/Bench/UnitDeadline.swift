import Cassowary
import LinearConstraints
import StrutSystem

/// The per-run time limit of one work unit (`BenchPlan.unitTimeLimit`, `strut bench
/// --unit-time-limit`): started when the unit starts, asked between solver operations (the
/// engine's and the solver workloads' `stop` hooks) and between repetitions, so a strategy that
/// is too slow at a size is cut off within one operation instead of being waited for.
struct UnitDeadline {
    let seconds: Double?
    let start: UInt64

    init(seconds: Double?) {
        self.seconds = seconds
        start = Clocks.monotonicNanoseconds()
    }

    /// True once the limit has passed (never without a limit).
    var passed: Bool {
        guard let seconds else { return false }
        return Double(Clocks.monotonicNanoseconds() &- start) / 1e9 >= seconds
    }

    /// The stop hook for the engine and the workloads; nil without a limit (nothing to ask).
    var check: (() -> Bool)? {
        guard seconds != nil else { return nil }
        let copy = self
        return { copy.passed }
    }

    /// What the results say of a unit cut off during repetition `rep` (0-based, warm-ups
    /// included) of `total`.
    func message(repetition rep: Int, of total: Int) -> String {
        let limit = seconds.map { "\(Self.format($0)) s" } ?? "?"
        return "cut off at the per-run limit of \(limit) during repetition \(rep + 1) of \(total) (warm-ups included)"
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }
}

/// A strategy whose long deferred solve can be stopped between pivots (`CassowarySolver`), so
/// that the per-run time limit also bounds one large solve, not only the gaps between solver
/// operations.
protocol InterruptibleSolver {
    var interruption: (() -> Bool)? { get set }
}

extension CassowarySolver: InterruptibleSolver {}
extension RevisedSolver: InterruptibleSolver {}
extension AdaptiveSolver: InterruptibleSolver {}

extension UnitDeadline {
    /// `solver` with `check` as its interruption, when it can take one.
    static func arm<S: ConstraintSolver>(_ solver: S, _ check: (() -> Bool)?) -> S {
        guard let check, var interruptible = solver as? any InterruptibleSolver else { return solver }
        interruptible.interruption = check
        return interruptible as? S ?? solver
    }
}
