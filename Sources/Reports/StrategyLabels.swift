import Bench
import Peers

/// Short names for outside solvers in what people read: `external:scripts/kiwi-adapter`, or a
/// 95-character `external:python3 /home/.../my_adapter.py --flag`, is shown as its peer
/// profile's name (`external:kiwi`), the name its signatures use. Results files keep the whole
/// command (the reproduce line needs it); tables and reports relabel a copy
/// (`BenchResults.withShortStrategyNames`) and print the legend.
public enum StrategyLabels {
    /// The short label of each outside solver among `names` (nil for Strut's own strategies):
    /// its profile's name, unless two strategies would share one, in which case both keep
    /// their whole names.
    public static func shortNames(_ names: some Sequence<String>) -> [String: String] {
        let distinct = Array(Set(names)).sorted()
        var labels: [String: String] = [:]
        for name in distinct where name.hasPrefix(ExternalSolver.prefix) {
            let profile = (try? PeerProfile.of(strategy: name)) ?? nil
            labels[name] = profile?.signatureName ?? name
        }
        var count: [String: Int] = [:]
        for name in distinct { count[labels[name] ?? name, default: 0] += 1 }
        return labels.filter { $0.key != $0.value && count[$0.value] == 1 }
    }

    /// One legend line per relabelled strategy: `external:kiwi is external:scripts/kiwi-adapter`.
    public static func legend(_ labels: [String: String]) -> [String] {
        labels.sorted { $0.value < $1.value }.map { "\($0.value) is \($0.key)" }
    }
}

extension BenchResults {
    /// A copy whose outside solvers carry their short names (`StrategyLabels`), with the map used.
    public func withShortStrategyNames() -> (results: BenchResults, labels: [String: String]) {
        let labels = StrategyLabels.shortNames(records.map(\.strategy) + units.map(\.strategy))
        guard !labels.isEmpty else { return (self, [:]) }
        var out = self
        for k in out.records.indices { out.records[k].strategy = labels[out.records[k].strategy] ?? out.records[k].strategy }
        for k in out.units.indices { out.units[k].strategy = labels[out.units[k].strategy] ?? out.units[k].strategy }
        return (out, labels)
    }
}
