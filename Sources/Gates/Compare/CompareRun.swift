import Bench
import Subjects

/// How `strut compare` runs: its plan (two strategies, A first, so that the invariant
/// `strategies-agree` judges every solve of B against A) split into one bench session per
/// (family, size) and one per solver workload, run one after the other through `BenchSession`.
///
/// Why sessions per group rather than one: a session's invariant tallies are over the whole
/// run, and the comparison needs them per family and size (how many of B's solves were judged
/// against A, how many agreed). Within a group A and B alternate on the same cases, so both
/// see the same machine load; the groups' results are the runs the comparison reads.
public enum CompareRun {
    /// The plan's groups, in order of first appearance: layout sources grouped by the family and
    /// size they generate or declare (a case file is read once to learn them; one that cannot
    /// be read forms its own group, where the session reports it), then each solver workload.
    public static func groups(_ plan: BenchPlan) -> [BenchPlan] {
        var keys: [String] = []
        var members: [[CaseSource]] = []
        var index: [String: Int] = [:]  // lookup only; order comes from `keys`
        for source in plan.sources {
            let key = groupKey(source)
            if index[key] == nil {
                index[key] = keys.count
                keys.append(key)
                members.append([])
            }
            members[index[key]!].append(source)
        }
        var out: [BenchPlan] = members.map { sources in
            var p = plan
            p.sources = sources
            p.solverWorkloads = []
            return p
        }
        for w in plan.solverWorkloads {
            var p = plan
            p.sources = []
            p.solverWorkloads = [w]
            out.append(p)
        }
        return out
    }

    /// Runs every group on `jobs` workers; `progress` hears (group, groups) before each.
    public static func run(_ plan: BenchPlan, jobs: Int, progress: (Int, Int) -> Void = { _, _ in }) -> [BenchResults] {
        let parts = groups(plan)
        return parts.enumerated().map { k, part in
            progress(k, parts.count)
            return BenchSession.run(part, jobs: jobs)
        }
    }

    static func groupKey(_ source: CaseSource) -> String {
        switch source {
        case .generated(let r): return "\(r.family)\u{1}\(r.size)"
        case .file:
            guard let loaded = try? source.load() else { return "unreadable\u{1}\(source.label)" }
            return "\(loaded.family)\u{1}\(loaded.size)"
        }
    }
}
