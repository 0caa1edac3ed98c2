@testable import Bench
import Foundation
import LinearConstraints
@testable import Judging
@testable import Reports
import Testing

/// The report layer's judgement of its figures: growth exponents from three sizes with their
/// fit quality, ratio intervals, one failure count, mean ± σ and the summary line, full legends.
@Suite struct ReportStatisticsTests {
    typealias R = ReportFixtures

    /// The fixture's results with its records replaced by one family measured at `sizes` under
    /// `strategies`, wall (and CPU) samples from `wall(size, strategy)`, no failures.
    static func synthetic(sizes: [Int], strategies: [String] = ["cassowary", "stub"], wall: (Int, String) -> [UInt64]) throws -> BenchResults {
        var r = try R.results
        let template = try #require(r.records.first { $0.phase == .first })
        r.records = sizes.flatMap { size in
            strategies.map { s in
                var x = template
                x.family = "synthetic"
                x.caseName = "synthetic-\(size)"
                x.size = size
                x.strategy = s
                x.wall = wall(size, s)
                x.cpu = x.wall
                return x
            }
        }
        r.invariants = InvariantOutcome()
        return r
    }

    /// Samples around `ns` with a fixed ±3% spread.
    static func around(_ ns: Double, _ n: Int = 12) -> [UInt64] {
        (0..<n).map { (k: Int) -> UInt64 in
            let spread: Double = 1 + 0.03 * sin(Double(k) * 1.7)
            return UInt64(ns * spread)
        }
    }

    @Test func twoSizesGiveNoExponentAnywhere() throws {
        let r = try Self.synthetic(sizes: [10, 20]) { size, _ in Self.around(Double(size) * 1e5) }
        #expect(r.growth.contains { $0.exponent != nil })   // Aggregation still fits two points
        #expect(try !Report.render(r, as: .terminal).contains("growth exponent"))
        #expect(try !Report.render(r, as: .markdown).contains("growth exponent"))
        let html = try Report.render(r, as: .html)
        #expect(html.firstMatch(of: /k=[0-9.]+\??<\/text>/) == nil)
        #expect(html.contains("2 groups measured at two sizes only: not fitted"))
    }

    @Test func aPoorFitIsMarkedUnreliable() throws {
        // 1 ms, 8 ms, 2 ms: a slope, but nothing like a power law.
        let r = try Self.synthetic(sizes: [10, 20, 40]) { size, _ in Self.around(size == 20 ? 8e6 : Double(size) * 5e4) }
        let fit = try #require(GrowthFit.shown(r.growth).first)
        #expect(fit.rSquared.map { $0 < 0.9 } == true)
        #expect(!fit.reliable && fit.wallText.hasSuffix("?"))
        #expect(try Report.render(r, as: .terminal, verbose: true).contains("unreliable: wall R² "))
        #expect(try Report.render(r, as: .markdown, verbose: true).contains("⚠️ unreliable"))
        let html = try Report.render(r, as: .html)
        #expect(html.contains("stub k=" + fit.wallText + "</text>"), "legend marks the poor fit")
    }

    @Test func aCleanPowerLawIsReliable() throws {
        let r = try Self.synthetic(sizes: [10, 20, 40, 80]) { size, _ in Self.around(Double(size * size) * 1e3) }
        let fits = GrowthFit.shown(r.growth)
        #expect(fits.count == 2 && fits.allSatisfy { $0.reliable && abs(($0.growth.exponent ?? 0) - 2) < 0.05 })
        #expect(GrowthFit.rSquared([(1, 1), (2, 4), (4, 16)]).map { abs($0 - 1) < 1e-12 } == true)
        // CPU and wall apart by more than 0.3: unreliable even with straight lines.
        var g = fits[0].growth
        g.cpuExponent = (g.exponent ?? 0) - 0.5
        #expect(!GrowthFit(g).reliable)
    }

    @Test func aRatioIsColouredOnlyWhenItsIntervalExcludesOne() throws {
        // stub 1.07× slower at size 10 but with as much spread as difference; 2× at size 20.
        let r = try Self.synthetic(sizes: [10, 20]) { size, s in
            let base: Double = Double(size) * 1e5
            if s == "cassowary" {
                return (0..<12).map { (k: Int) -> UInt64 in
                    let spread: Double = 1 + 0.3 * sin(Double(k) * 1.3)
                    return UInt64(base * spread)
                }
            }
            let factor: Double = size == 10 ? 1.07 : 2
            return (0..<12).map { (k: Int) -> UInt64 in
                let spread: Double = 1 + 0.3 * sin(Double(k) * 2.1 + 1)
                return UInt64(base * factor * spread)
            }
        }
        let ratios = ReportFacts(r).ratios
        let noisy = try #require(ratios.first { $0.size == 10 }?.ratios[0]), clear = try #require(ratios.first { $0.size == 20 }?.ratios[0])
        #expect(noisy.interval.map { $0.contains(1) } == true && !noisy.clear)
        #expect(clear.clear && clear.ratio > 1.5)
        let html = try Report.render(r, as: .html)
        let section = String(html[html.range(of: "<section id=\"ratios\"")!.lowerBound...])
        #expect(R.count("class=\"slower\"", in: section) == 1)
        #expect(section.contains("<span class=\"\">" + Markup.escape(noisy.text) + "</span>"))
        #expect(noisy.text.contains("["))
        let md = try Report.render(r, as: .markdown, verbose: true)
        #expect(R.count("| 🔴 ", in: md) == 1 && md.contains("| " + noisy.text + " |"))
        // The same inputs, the same interval.
        #expect(ReportFacts(r).ratios.first?.ratios[0]?.interval == noisy.interval)
    }

    @Test func oneFailureCountInEveryFormat() throws {
        let r = try R.results
        let solves = r.invariants.tallies.map(\.failed).reduce(0, +)
        let phrase = Figures.count(solves, "failed solve") + " (counted per invariant"
        #expect(try Report.render(r, as: .terminal).contains(phrase))
        #expect(try Report.render(r, as: .markdown).contains("<summary>" + phrase))
        let html = try Report.render(r, as: .html)
        #expect(html.contains("<title>Strut bench report: FAILED").description.isEmpty == false)
        #expect(html.contains(Figures.count(solves, "invariant failure") + " ("))   // the verdict and title
        let failures = String(html[html.range(of: "<section id=\"failures\"")!.lowerBound...])
        #expect(failures.contains(phrase))
        if r.invariants.failures.count != solves {
            #expect(!failures.contains(Figures.count(r.invariants.failures.count, "invariant failure")))
        }
    }

    @Test func theTerminalTableHasMeanAndSpreadAndASummaryLine() throws {
        let r = try Self.synthetic(sizes: [10, 20]) { size, s in Self.around(Double(size) * (s == "stub" ? 2.3e5 : 1e5)) }
        let text = BenchTable.text(r)
        #expect(text.contains("mean ± σ"))
        #expect(text.range(of: #"\d ms ± \d+(\.\d+)? µs"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.range(of: #"stub is 2\.\d\d× ± \d\.\d\d slower than cassowary in phase first \(2 groups"#, options: .regularExpression) != nil, "\(text)")
        // One strategy: no summary.
        let one = try Self.synthetic(sizes: [10, 20], strategies: ["cassowary"]) { size, _ in Self.around(Double(size) * 1e5) }
        #expect(!BenchTable.text(one).contains("slower than") && !BenchTable.text(one).contains("faster than"))
    }

    @Test func aMeteredRunComparesStrategiesOnInstructionCounts() throws {
        // valgrind's wall times say stub is faster; its instruction counts say it is 2x slower.
        var r = try Self.synthetic(sizes: [10, 20]) { size, s in Self.around(Double(size) * (s == "stub" ? 0.5e5 : 1e5)) }
        for k in r.records.indices { r.records[k].instructions = [r.records[k].strategy == "stub" ? 2_000_000 : 1_000_000] }
        let text = BenchTable.text(r)
        #expect(text.contains("stub is 2.00× slower than cassowary in phase first (2 groups, geometric mean of the ratios of median instruction counts)"), "\(text)")
        #expect(!text.contains("too few samples"))
    }

    @Test func theFullTableAndTheMarkdownShowNanosecondsPerConstraintAndPerNonzero() throws {
        var r = try Self.synthetic(sizes: [10], strategies: ["cassowary"]) { _, _ in [2_000_000, 2_000_000, 2_000_000] }
        for k in r.records.indices {
            r.records[k].outcome.counters = SolverCounters(pivots: 0, rows: 0, cells: 0, constraints: 1000, noiseSkips: 0, nonzeros: 4000)
            r.records[k].probe = []
        }
        let a = try #require(r.summary.first { $0.phase == .first && $0.family == "synthetic" })
        let ns = try #require(a.nanosecondsPerConstraint)
        #expect(abs(ns - 2000) < 100, "\(ns)")
        let perNonzero = try #require(a.nanosecondsPerNonzero)
        #expect(abs(perNonzero - 500) < 25, "\(perNonzero)")
        let text = BenchTable.text(r)
        #expect(text.contains("ns/constraint") && text.contains("ns/nonzero"))
        let markdown = try Report.render(r, as: .markdown, verbose: true)
        #expect(markdown.contains("| ns/constraint | ns/nonzero |"))
        // The counts survive a results file; one written before nonzeros were counted reads 0.
        let back = try BenchResults(jsonText: r.jsonFileText(), file: "r.json")
        #expect(back.records.map(\.outcome.counters.nonzeros) == r.records.map { _ in 4000 })
        // Without a constraint count (an outside solver's records): no figure.
        for k in r.records.indices { r.records[k].outcome.counters = SolverCounters() }
        #expect(r.summary.first { $0.family == "synthetic" }?.nanosecondsPerConstraint == nil)
        #expect(r.summary.first { $0.family == "synthetic" }?.nanosecondsPerNonzero == nil)
    }

    @Test func legendsShowEveryStrategyInFull() throws {
        let names = ["cassowary", "cassowary-weighted", "cassowary-rebuild", "external:scripts/kiwi-adapter --weights"]
        let series = names.enumerated().map { k, n in
            SVGCharts.ScalingSeries(name: n, series: k, points: [(10, 1e6), (20, 2e6), (40, 4e6)], exponent: 1.0)
        }
        let charts = [SVGCharts.logLog(series, label: "scaling"),
                      SVGCharts.boxPlot([SVGCharts.BoxGroup(label: "10", boxes: [(0, [1e6]), (1, [2e6])])], series: names, label: "latency")]
        for svg in charts {
            let width = try #require(Double(svg.firstMatch(of: /width="([0-9.]+)"/)!.1))
            for n in names {
                let label = svg.contains(">\(n) k=1.00</text>") ? "\(n) k=1.00" : n
                let text = try #require(svg.firstMatch(of: try Regex("<text x=\"([0-9.]+)\"[^>]*>" + NSRegularExpression.escapedPattern(for: label) + "</text>")), "\(n) missing")
                let x = try #require(Double(String(text.output[1].substring ?? "")))
                #expect(x + Double(label.count) * 6.0 <= width, "\(label) cut at \(width)")
            }
        }
    }
}
