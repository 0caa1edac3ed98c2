/// A figure kept per group and run in the history. Larger is worse for every one of them.
///
/// Which figures a run gives depends on how it was measured, as in a baseline comparison: a run
/// under the instruction meter (`strut bench --meter instructions`) gives instruction counts and
/// pivots, its times and bytes being valgrind's single samples; a native run gives thread-CPU
/// time (as measured and scaled by the speed probe), wall time, bytes and pivots.
public enum HistoryMetric: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Instructions executed, summed over the group's items (each item's median repetition).
    case instructions
    /// Thread-CPU nanoseconds, summed over the group's items (each item's 10th percentile over
    /// its repetitions, the quantile `--baseline` compares). Shown, not gating: it moves with the
    /// machine's speed, by ±20% between runs of one build on a shared machine; `scaledCPU` is
    /// the CPU time judged.
    case cpu
    /// Thread-CPU time on the speed probe's scale (`SpeedProbe`): per item, the 10th percentile
    /// of its CPU times × 200 µs / the 10th percentile of the probe times around them, summed.
    /// The machine's speed, which moves every group of a stretch of a run together, is divided
    /// out; a change in Strut's code is not, since the probe runs none of it. Native runs made
    /// since the probe (results files with `probe` times) give it.
    case scaledCPU = "scaled-cpu"
    /// Wall nanoseconds, as `cpu`. Shown, never gating: on a shared machine it moves with the
    /// neighbours' load (as in `strut bench --baseline`).
    case wall
    /// Bytes allocated, summed over the group's items (each item's least repetition).
    case bytes
    /// Simplex pivots, summed over the group's items: deterministic for a given build.
    case pivots

    /// Whether a regression in this figure fails `strut history check`.
    public var gates: Bool { self != .wall && self != .cpu }

    /// The smallest relative change reported as a change point, chosen for each figure's noise
    /// on one build (`strut history simulate` measures it on a machine's own repeated runs):
    /// instruction counts and pivots repeat exactly, so 1% is far above their noise and below
    /// the 2% step the gate must find; time moves by tens of percent between runs on a shared
    /// machine, so only a change of 10% or more counts; bytes repeat within about 5%.
    public var defaultMinimumChange: Double {
        switch self {
        case .instructions, .pivots: 0.01
        case .cpu, .scaledCPU, .wall: 0.10
        case .bytes: 0.05
        }
    }

    /// The smallest absolute change reported as a change point, in the figure's unit. Instruction
    /// counts repeat exactly for one build at one path, but not between clones: the heap's layout
    /// moves each item's count by 16-318 instructions (2026-11-28, the same build at two paths),
    /// which on the CI suite's smallest groups (30-40 thousand instructions, diagnostics of small
    /// cases) is 1-8% and once failed CI at +7.8%. So a change in instructions must also be 5 000
    /// or more: a 1% step is still found in every group from 500 000 instructions (three quarters
    /// of the CI suite's groups), a 2% step from 250 000, and a 15% step everywhere.
    public var defaultMinimumAbsoluteChange: Double {
        switch self {
        case .instructions: 5_000
        case .cpu, .scaledCPU, .wall, .bytes, .pivots: 0
        }
    }

    /// The largest p-value of a change point. The t-test's p-values assume independent, normal
    /// noise; time on a shared machine has heavy tails and moves the groups of a run together,
    /// so its p-values are optimistic and time figures need a stricter bar. Measured with
    /// `strut history simulate` on two sets of native CI-suite runs (25% steps, one run per
    /// commit): from p ≤ 0.001 to 0.0002, false change points per 100 series without a step
    /// went 2.4 → 0.6 and 0.7 → 0.1 while the steps found went 86% → 85% and 79% → 77%.
    public var defaultMaxPValue: Double {
        switch self {
        case .cpu, .scaledCPU, .wall: 0.0002
        case .instructions, .bytes, .pivots: 0.001
        }
    }

    /// Unit for tables: a count or nanoseconds.
    public var unit: String {
        switch self {
        case .instructions: "instructions"
        case .cpu, .scaledCPU, .wall: "ns"
        case .bytes: "bytes"
        case .pivots: "pivots"
        }
    }

    public static func < (a: HistoryMetric, b: HistoryMetric) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
