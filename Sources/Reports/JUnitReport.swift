import Judging

/// The JUnit XML report, so CI systems list each invariant on each family as a test case.
///
/// One `<testsuite>` per family (work-item order) with one `<testcase>` per (invariant,
/// strategy) for every invariant the run judged or skipped: a `<failure>` listing the failures
/// (case, device, strategy, detail, replay) when there are any, `<skipped>` when the invariant
/// was skipped on every solve of the run, else a pass. The results file tallies invariants over
/// the whole run, not per family, so "skipped" is the run's word, and a pass on a family means
/// no failure there. One more suite, `strut`, holds a test case per case that failed to load or
/// lay out and one for the run's completeness.
enum JUnitReport {
    static func render(_ facts: ReportFacts) -> String {
        let suites = facts.families.map { suite(facts, family: $0) } + [runSuite(facts)]
        let tests = suites.map(\.tests).reduce(0, +), failures = suites.map(\.failures).reduce(0, +)
        let skipped = suites.map(\.skipped).reduce(0, +)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"strut bench\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        out += " time=\"\(seconds(facts.results.runs.map(\.wallSeconds).reduce(0, +)))\">\n"
        for s in suites { out += s.xml }
        return out + "</testsuites>\n"
    }

    struct Suite {
        var tests = 0, failures = 0, skipped = 0
        var xml = ""
    }

    /// The suite of one family: its invariant test cases, with the wall time of its records.
    static func suite(_ facts: ReportFacts, family: String) -> Suite {
        var s = Suite()
        var body = ""
        for t in facts.usedTallies {
            for strategy in facts.strategies(of: family) {
                let failures = facts.failures(t.invariant, family: family, strategy: strategy)
                let name = "\(t.invariant.rawValue) [\(strategy)]"
                s.tests += 1
                body += "    <testcase classname=\"\(Markup.escape("strut." + family))\" name=\"\(Markup.escape(name))\">\n"
                if !failures.isEmpty {
                    s.failures += 1
                    let message = "\(Figures.count(failures.count, "failure")) of \(t.invariant.rawValue) on \(family) under \(strategy)"
                    body += "      <failure message=\"\(Markup.escape(message))\" type=\"\(t.invariant.rawValue)\">"
                    body += Markup.escape(failures.map(failureText).joined(separator: "\n\n")) + "</failure>\n"
                } else if t.checked == 0 {
                    s.skipped += 1
                    body += "      <skipped message=\"skipped on every solve of the run (too large for the oracle, or not applicable)\"/>\n"
                }
                body += "    </testcase>\n"
            }
        }
        let wall = facts.results.records.filter { $0.family == family }.flatMap(\.wall).reduce(0.0) { $0 + Double($1) } / 1e9
        s.xml = "  <testsuite name=\"\(Markup.escape(family))\" tests=\"\(s.tests)\" failures=\"\(s.failures)\" errors=\"0\" skipped=\"\(s.skipped)\" time=\"\(seconds(wall))\">\n"
            + body + "  </testsuite>\n"
        return s
    }

    /// Case loads that failed (one test case each) and whether every unit ran.
    static func runSuite(_ facts: ReportFacts) -> Suite {
        let r = facts.results
        var s = Suite()
        var body = ""
        for f in r.failures {
            s.tests += 1
            s.failures += 1
            body += "    <testcase classname=\"strut.load\" name=\"\(Markup.escape(f.source))\">\n"
            body += "      <failure message=\"\(Markup.escape(f.message))\" type=\"case-load\">\(Markup.escape(f.description))</failure>\n    </testcase>\n"
        }
        s.tests += 1
        body += "    <testcase classname=\"strut.run\" name=\"every unit ran\">\n"
        if !r.complete {
            s.failures += 1
            let stopped = r.runs.compactMap(\.stopped).joined(separator: ", ")
            let text = "\(r.units.count) of \(r.totalUnits) units present" + (stopped.isEmpty ? "" : "; stopped: \(stopped)")
            body += "      <failure message=\"\(Markup.escape(text))\" type=\"incomplete\">\(Markup.escape(text))</failure>\n"
        }
        body += "    </testcase>\n"
        s.xml = "  <testsuite name=\"strut\" tests=\"\(s.tests)\" failures=\"\(s.failures)\" errors=\"0\" skipped=\"0\">\n" + body + "  </testsuite>\n"
        return s
    }

    /// One failure as plain text: where, what, and how to replay it.
    static func failureText(_ f: InvariantFailure) -> String {
        var text = "case: \(f.caseName) (\(f.source))\ndevice: \(f.device)\nstrategy: \(f.strategy) (\(f.direction))\ndetail: \(f.detail)"
        if !f.got.isEmpty || !f.expected.isEmpty { text += "\ngot: \(f.got)\nexpected: \(f.expected)" }
        return text + "\nreplay: \(f.replay)"
    }

    static func seconds(_ x: Double) -> String { Figures.fixed(x, 3) }
}
