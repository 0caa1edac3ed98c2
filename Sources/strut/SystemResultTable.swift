import LinearConstraints

/// The human-readable form of a system run for `strut solve-system` without `--json`: one row per
/// step (index, kind, what was done, outcome), a run of successful adds as one row, a check's
/// values and objective under its row, and a closing count of outcomes.
///
/// A check with many variables shows the first `valueLimit` values and says how many it left out
/// (`--json` has them all), so a 1 000-view system stays readable. O(steps + values shown).
struct SystemResultTable {
    let system: SystemFile
    let strategy: String
    let records: [StepRecord]
    var valueLimit = 12

    /// Runs of at least this many consecutive adds that all succeed show as one row
    /// (`3-80005  add  80003 constraints  ok`): a peer workload's system file is one long run.
    static let collapsedRun = 4

    var text: String {
        var rows: [(index: String, kind: String, action: String, outcome: String)] = []
        var shown: [StepRecord] = []
        var k = 0
        while k < records.count {
            var end = k
            while end < records.count, isPlainAdd(records[end]) { end += 1 }
            if end - k >= Self.collapsedRun {
                rows.append((index: "\(records[k].index)-\(records[end - 1].index)", kind: "add",
                             action: "\(end - k) constraints", outcome: outcome(records[k].outcome)))
                shown.append(records[k])
                k = end
            } else {
                let record = records[k]
                rows.append((index: String(record.index), kind: record.kind, action: action(record), outcome: outcome(record.outcome)))
                shown.append(record)
                k += 1
            }
        }
        let indexWidth = max(4, rows.map(\.index.count).max() ?? 0)
        let kindWidth = max(4, rows.map(\.kind.count).max() ?? 0)
        let actionWidth = min(40, max(9, rows.map(\.action.count).max() ?? 0))
        var out = "system \(quoted(system.name)), strategy \(strategy), \(system.steps.count) steps\n\n"
        out += pad("step", indexWidth, right: true) + "  " + pad("kind", kindWidth) + "  "
            + pad("operation", actionWidth) + "  outcome\n"
        let detailIndent = String(repeating: " ", count: indexWidth + kindWidth + actionWidth + 6)
        for (row, record) in zip(rows, shown) {
            out += pad(row.index, indexWidth, right: true) + "  " + pad(row.kind, kindWidth) + "  "
            // An operation longer than its column keeps its full text and pushes the outcome on.
            out += pad(row.action, actionWidth) + "  " + row.outcome + "\n"
            for line in details(record.outcome) { out += detailIndent + line + "\n" }
        }
        return out + "\n" + summary + "\n"
    }

    /// An add of the file that succeeded (`ok`).
    func isPlainAdd(_ record: StepRecord) -> Bool {
        guard record.index < system.steps.count, case .add = system.steps[record.index] else { return false }
        return record.outcome.name == "ok"
    }

    /// What the step did, from the file: `floor: x >= 10`, `y @999`, `y = 42`, `"end"`.
    func action(_ record: StepRecord) -> String {
        guard record.index < system.steps.count else { return "(implied at the end)" }
        switch system.steps[record.index] {
        case .add(let c, let id): return "\(id): \(c)"
        case .remove(let id): return id
        case .edit(let v, let p): return "\(v) @\(p)"
        case .suggest(let list): return list.map { "\($0.variable) = \(formatJSONNumber($0.value))" }.joined(separator: ", ")
        case .removeEdit(let v): return v
        case .check(let label): return quoted(label)
        }
    }

    func outcome(_ outcome: StepOutcome) -> String {
        switch outcome {
        case .unsatisfiable(let ids): "unsatisfiable, conflict: " + ids.joined(separator: ", ")
        case .error(let message): "error: " + message
        case .check(_, let values, _): "recorded \(values.count) variable\(values.count == 1 ? "" : "s")"
        default: outcome.name
        }
    }

    /// A check's values (at most `valueLimit`) and its objective, one line each.
    func details(_ outcome: StepOutcome) -> [String] {
        guard case .check(_, let values, let objective) = outcome else { return [] }
        var shown = values.prefix(valueLimit).map { "\($0.name) = \(formatJSONNumber($0.value))" }.joined(separator: ", ")
        if values.count > valueLimit { shown += ", ... \(values.count - valueLimit) more (--json lists all)" }
        let levels = objective.map { "@\($0.priority) \(formatJSONNumber($0.error))" }.joined(separator: ", ")
        return ["values: " + (values.isEmpty ? "(none)" : shown), "objective: " + (levels.isEmpty ? "(no non-required level)" : levels)]
    }

    /// `12 steps: 9 ok, 1 unsatisfiable, 3 checks` (outcome names in order of first appearance).
    var summary: String {
        var counts: [(name: String, count: Int)] = []
        for record in records {
            let name = record.outcome.name
            if let i = counts.firstIndex(where: { $0.name == name }) { counts[i].count += 1 } else { counts.append((name, 1)) }
        }
        return "\(records.count) outcomes: " + counts.map { "\($0.count) \($0.name)" }.joined(separator: ", ")
    }

    func quoted(_ s: String) -> String { JSONValue.string(s).jsonText() }

    func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }
}
