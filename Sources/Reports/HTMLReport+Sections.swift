import Bench

/// The sections of the HTML report (see `HTMLReport`), each built from `ReportFacts` alone.
extension HTMLReport {
    /// Most per-family charts and bars drawn; the rest are counted in a note (the tables of
    /// the Markdown and terminal reports have every row).
    static var chartLimit: Int { 24 }
    static var barLimit: Int { 150 }

    static func runSection(_ facts: ReportFacts) -> String {
        let r = facts.results
        var rows: [[String]] = [["command", "\u{1}<code>" + Markup.escape(r.command) + "</code>"],
                                ["units", "\(r.units.count) of \(r.totalUnits)" + (r.complete ? "" : " (incomplete)")],
                                ["records", "\(r.records.count) (solves measured: \(r.records.map(\.wall.count).reduce(0, +)))"],
                                ["strategies", facts.strategies.joined(separator: ", ")]]
        for run in r.runs {
            let m = run.machine
            let shard = r.runs.count > 1 ? "shard \(run.shard): " : ""
            rows.append(["machine", shard + "\(m.host), \(m.os), \(m.cores) cores, \(Figures.bytes(m.memoryBytes)) memory"])
            rows.append(["toolchain", "\(m.swift), \(m.build) build, allocator \(m.allocator)"])
            rows.append(["started", "\(run.startedAt), \(run.jobs) jobs, \(Figures.fixed(run.wallSeconds)) s wall, \(Figures.fixed(run.processCPUSeconds)) s CPU, peak RSS \(Figures.bytes(run.peakResidentBytes))"])
            var load = "\(BenchTable.loads(run.loadAtStart)) at start, \(BenchTable.loads(run.loadAtEnd)) at end (1/5/15-minute)"
            if let first = run.loadAtStart.first, first > Double(m.cores) { load += ": the machine was loaded, latencies are noisy (counters and bytes are not)" }
            rows.append(["load", load])
            rows.append(["metering", "\(Figures.fixed(run.metering.bracketNanoseconds, 0)) ns per solve, \(Figures.fixed(run.metering.inWallNanoseconds, 0)) ns of it inside the latency"])
            if let stopped = run.stopped { rows.append(["stopped early", stopped]) }
        }
        return section("run", "Run", nil, table(nil, rows.map { ["\u{1}<b>" + Markup.escape($0[0]) + "</b>", $0[1]] }, numericFrom: 9))
    }

    static func latencySection(_ facts: ReportFacts) -> String {
        let records = facts.results.records
        guard !records.isEmpty else { return section("latency", "Latency distribution", "No records.", "") }
        let phases = ItemRecord.Phase.allCases.filter { p in records.contains { $0.phase == p } }
        let overall = phases.map { p in
            SVGCharts.BoxGroup(label: p.rawValue, boxes: facts.strategies.enumerated().compactMap { (k, s) in
                let samples = records.filter { $0.strategy == s && $0.phase == p }.flatMap(\.wall).map { Double($0) }
                return samples.isEmpty ? nil : (k, samples)
            })
        }
        var charts = figure("every solve, by phase", SVGCharts.boxPlot(overall, series: facts.strategies, label: "latency per strategy over every solve"))
        // Generated families first, then case files (one chart each), so a corpus of many files
        // does not push the families out of the charts drawn.
        let charted = facts.families.filter { !facts.caseFiles.contains($0) } + facts.families.filter(facts.caseFiles.contains)
        for family in charted.prefix(chartLimit) {
            let groups = facts.summary.filter { $0.family == family && $0.strategy == facts.strategies.first }
                .sorted { ($0.size, $0.phase.order) < ($1.size, $1.phase.order) }.map { a in
                SVGCharts.BoxGroup(label: "\(a.size) \(a.phase.shortName)", boxes: facts.strategies.enumerated().compactMap { (k, s) in
                    let samples = facts.wallSamples(family: family, size: a.size, strategy: s, phase: a.phase).map { Double($0) }
                    return samples.isEmpty ? nil : (k, samples)
                })
            }
            if !groups.isEmpty { charts += figure(family, SVGCharts.boxPlot(groups, series: facts.strategies, label: "latency of \(family)")) }
        }
        let more = charted.count > chartLimit ? " \(charted.count - chartLimit) more families and case files are in the Markdown and terminal tables." : ""
        return section("latency", "Latency distribution per strategy",
                       "Wall time per measured repetition (log scale): box from the first to the third quartile, bar at the median, whiskers to min and max, dots for the samples." + more,
                       "<div class=\"charts\">" + charts + "</div>")
    }

    static func figure(_ title: String, _ svg: String) -> String {
        "<div class=\"figure\"><h3>\(Markup.escape(title))</h3>\(svg)</div>"
    }

    static func scalingSection(_ facts: ReportFacts) -> String {
        let growth = facts.results.growth.filter { $0.sizes.count >= 2 }
        var keys: [(String, ItemRecord.Phase)] = []
        for g in growth where !keys.contains(where: { $0.0 == g.family && $0.1 == g.phase }) { keys.append((g.family, g.phase)) }
        guard !keys.isEmpty else {
            return section("scaling", "Scaling", "Every family ran at one size: there is no growth to fit. Run generator families at several sizes (--family NAME:10,40,160).", "")
        }
        var charts = ""
        for (family, phase) in keys.prefix(chartLimit) {
            let series = growth.filter { $0.family == family && $0.phase == phase }.map { g in
                let fit = GrowthFit(g)
                return SVGCharts.ScalingSeries(name: g.strategy, series: facts.strategies.firstIndex(of: g.strategy) ?? 0,
                                               points: zip(g.sizes, g.medians).map { (Double($0), Double($1)) }.sorted { $0.0 < $1.0 },
                                               exponent: fit.shown ? g.exponent : nil, reliable: fit.reliable)
            }
            charts += figure("\(family) (\(phase.rawValue))", SVGCharts.logLog(series, label: "p50 latency against size for \(family)"))
        }
        let fits = GrowthFit.shown(growth)
        let exponents = fits.isEmpty ? "" : table(["family", "strategy", "phase", "sizes", "exponent (p50 wall)", "R²", "(p50 CPU)", "R²", "fit"], fits.map { f in
            let g = f.growth
            return [g.family, g.strategy, g.phase.rawValue, g.sizes.map(String.init).joined(separator: ","),
                    f.wallText, Figures.fixed(f.rSquared), f.cpuText, Figures.fixed(f.cpuRSquared),
                    f.reliable ? "ok" : "\u{1}<span class=\"bad\">" + Markup.escape(f.verdict) + "</span>"]
        }, numericFrom: 4, text: [8])
        let fitNote = GrowthFit.note(growth).map { "<p class=\"note\">" + Markup.escape($0) + "</p>" } ?? ""
        let cut = facts.results.cutOffs
        let cutList = cut.isEmpty ? "" : "<p>Cut off at the per-run time limit (too slow to wait for; not failures):</p><ul>"
            + cut.map { "<li><code>\(Markup.escape($0.source))</code> under <code>\(Markup.escape($0.strategy))</code>: \(Markup.escape($0.cutOff ?? ""))</li>" }.joined() + "</ul>"
        return section("scaling", "Scaling (log-log)",
                       "Median wall latency against size, one chart per family and phase (first layout, device switch, diagnostics); k is the fitted exponent (least-squares slope of log latency over log size), the dashed line the fit; no k from fewer than \(GrowthFit.minimumSizes) sizes, k=…? for an unreliable fit.",
                       "<div class=\"charts\">" + charts + "</div>" + fitNote + exponents + cutList)
    }

    static func allocationSection(_ facts: ReportFacts) -> String {
        let rows = facts.summary.prefix(barLimit).map { a in
            (label: "\(a.family) \(a.size) \(a.strategy) \(a.phase.rawValue)", value: Double(a.allocated.value(atPercentile: 50)),
             series: facts.strategies.firstIndex(of: a.strategy) ?? 0)
        }
        guard !rows.isEmpty else { return section("allocations", "Allocations per solve", "No records.", "") }
        let more = facts.summary.count > barLimit ? " (first \(barLimit) of \(facts.summary.count) groups)" : ""
        let pivots = table(["family", "size", "strategy", "phase", "alloc p50", "alloc max", "pivots/solve"], facts.summary.map { a in
            [a.family, String(a.size), a.strategy, a.phase.rawValue, Figures.bytes(a.allocated.value(atPercentile: 50)), Figures.bytes(a.allocated.max), Figures.pivotsPerSolve(a)]
        }, numericFrom: 4)
        return section("allocations", "Allocations per solve",
                       "Bytes allocated by one solve (median over the group's solves; deterministic, so comparable across machines)" + more + ".",
                       SVGCharts.bars(rows, format: { Figures.bytes(UInt64($0)) }, label: "bytes allocated per solve") + pivots)
    }

    static func ratioSection(_ facts: ReportFacts) -> String {
        let ratios = facts.ratios
        guard let base = facts.strategies.first, !ratios.isEmpty else {
            return section("ratios", "Strategy ratios", "One strategy ran: nothing to compare.", "")
        }
        let rows = ratios.map { x in
            [x.family, String(x.size), x.phase.rawValue] + x.ratios.map { r in
                guard let r else { return "-" }
                let cls = r.clear ? (r.ratio > 1 ? "slower" : "faster") : ""
                return "\u{1}<span class=\"\(cls)\">\(Markup.escape(r.text))</span>"
            }
        }
        let lines = facts.summaryLines(ratios)
        let summary = lines.isEmpty ? "" : "<ul class=\"summary\">" + lines.map { "<li>" + Markup.escape($0) + "</li>" }.joined() + "</ul>"
        return section("ratios", "Strategy ratios",
                       facts.results.isMetered
                        ? "Median instruction count of each strategy over \(base)'s (the run was metered: its wall times are valgrind's), per family, size and phase (below 1: fewer than \(base))."
                        : "Median wall latency of each strategy over \(base)'s, per family, size and phase (below 1: faster than \(base)), with a 95% bootstrap interval over the items both ran (their repetitions redrawn); red (slower) or green (faster) only when the interval excludes 1.",
                       summary + table(["family", "size", "phase"] + facts.strategies.dropFirst().map { "\($0) / \(base)" }, rows, numericFrom: 3))
    }

    static func invariantSection(_ facts: ReportFacts) -> String {
        let used = facts.usedTallies
        guard !used.isEmpty else { return section("invariants", "Invariants", "No invariants were checked (strut bench --invariants none).", "") }
        let rows = used.map { t in
            ["\u{1}<code>\(t.invariant.rawValue)</code>", String(t.checked), String(t.checked - t.failed),
             t.failed > 0 ? "\u{1}<span class=\"bad\">\(t.failed)</span>" : "0", String(t.skipped)]
        }
        return section("invariants", "Invariants", "Solves judged per invariant (a solve is one case on one device under one strategy and direction).",
                       table(["invariant", "checked", "passed", "failed", "skipped"], rows))
    }
}
