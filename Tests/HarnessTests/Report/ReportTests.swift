import AutoLayout
@testable import Bench
import Foundation
@testable import Reports
#if canImport(FoundationXML)
import FoundationXML
#endif
import LinearConstraints
import Testing

/// Every report format from one results file (Report/).
@Suite struct ReportTests {
    typealias R = ReportFixtures

    @Test func theFixtureHasFailuresWithLayoutsThatBlameWhatTheCheckKnows() throws {
        let results = try R.results
        let failures = results.invariants.failures
        #expect(failures.allSatisfy { $0.strategy == "stub" && $0.layout != nil })
        let agree = failures.filter { $0.invariant == .strategiesAgree }
        let required = failures.filter { $0.invariant == .requiredSatisfied }
        #expect(!agree.isEmpty && !required.isEmpty)
        // Each frame difference blames the view it names (view 1 moved, and its subviews with it).
        #expect(agree.allSatisfy { f in f.layout.map { $0.offendingViews.count == 1 && f.detail.hasPrefix($0.offendingViews[0] + ":") } == true })
        #expect(agree.contains { $0.layout?.offendingViews == [R.blamedView] })
        #expect(required.allSatisfy { $0.layout?.offendingViews == [] && $0.layout?.offendingConstraints.isEmpty == false })
    }

    @Test func terminalPutsTheVerdictAndFailuresBeforeTheTables() throws {
        let results = try R.results
        let text = try Report.render(results, as: .terminal)
        #expect(text.hasPrefix("verdict: FAILED: "))
        let failure = text.range(of: "strategies-agree FAILED")
        let table = text.range(of: "p50 slowest")
        #expect(failure != nil && table != nil && failure!.lowerBound < table!.lowerBound)
        #expect(text.contains("invariants: "))
    }

    @Test func markdownLeadsWithTheVerdictAndFoldsFailuresWithReplays() throws {
        let results = try R.results
        let text = try Report.render(results, as: .markdown)
        #expect(text.hasPrefix("## Strut bench: ❌ "))
        #expect(text.contains("| strategy | phase | groups | solves | p50 median | p50 slowest |"))
        #expect(!text.contains("| family | size |") && text.contains("--verbose` lists every group"))
        #expect(text.contains("`strategies-agree` |"))
        #expect(text.contains("<details><summary>"))
        #expect(R.count("```sh\nstrut bench ", in: text) == results.invariants.failures.count)
        #expect(text.contains("faster than cassowary") || text.contains("slower than cassowary"))
        // --verbose: every group, and the ratios per group.
        let verbose = try Report.render(results, as: .markdown, verbose: true)
        #expect(verbose.contains("| family | size | strategy | phase | solves | p50 | p90 | p99 |"))
        #expect(verbose.contains("relative to `cassowary`") && verbose.contains("<details><summary>"))
    }

    @Test func junitIsWellFormedXMLWithATestCasePerInvariantFamilyAndStrategy() throws {
        let results = try R.results
        let text = try Report.render(results, as: .junit)
        #if canImport(FoundationXML) || os(macOS)
        let doc = try XMLDocument(xmlString: text, options: [])
        let suites = try doc.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.count == 2)   // the case's family and the run's own suite
        let cases = try doc.nodes(forXPath: "/testsuites/testsuite[1]/testcase")
        #expect(cases.count == 3 * 2)   // three invariants × two strategies (strategies-agree skipped on the reference)
        let failed = try doc.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue)
        #expect(failed == ["required-satisfied [stub]", "strategies-agree [stub]"])
        #expect(try doc.nodes(forXPath: "//failure[contains(., 'replay: strut bench')]").count == 2)
        #endif
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
    }

    @Test func htmlIsSelfContained() throws {
        let results = try R.results
        let html = try Report.render(results, as: .html)
        for forbidden in ["http://", "https://", "src=", "@import", "url(", "<script", "<link", "<img"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        for id in ["verdict", "run", "latency", "scaling", "allocations", "ratios", "invariants", "failures"] {
            #expect(html.contains("<section id=\"\(id)\"") || html.contains("<header id=\"\(id)\""), "no \(id) section")
        }
    }

    @Test func htmlDrawsOneWireframePerFailureWithTheOffendingViewInRed() throws {
        let results = try R.results
        let html = try Report.render(results, as: .html)
        let n = results.invariants.failures.count
        #expect(R.count("<svg class=\"wireframe\"", in: html) == n)
        let blaming = results.invariants.failures.filter { $0.layout?.offendingViews.contains(R.blamedView) == true }.count
        #expect(blaming > 0)
        #expect(R.count("<g class=\"offending\" data-view=\"\(R.blamedView)\"", in: html) == blaming)
        #expect(html.contains("stroke=\"\(Wireframe.failure)\""))
    }

    @Test func everyFormatRendersTheSameBytesTwice() throws {
        let results = try R.results
        for f in ReportFormat.allCases { #expect(try Report.render(results, as: f) == Report.render(results, as: f)) }
    }

    @Test func resultsWithoutLayoutsStillReadAndRender() throws {
        let results = try R.results
        let old = R.withoutLayouts(try results.jsonValue()).jsonText(indent: 1)
        #expect(!old.contains("\"layout\""))
        let back = try BenchResults(jsonText: old, file: "old.json")
        #expect(back.invariants.failures.count == results.invariants.failures.count)
        #expect(back.invariants.failures.allSatisfy { $0.layout == nil })
        let html = try Report.render(back, as: .html)
        #expect(!html.contains("<svg class=\"wireframe\""))
        #expect(html.contains("No layout snapshot"))
    }

    @Test func aPassingRunSaysPassed() throws {
        let results = try R.results
        var r = results
        r.invariants.failures = []
        r.invariants.tallies = r.invariants.tallies.map { var t = $0; t.failed = 0; return t }
        #expect(try Report.render(r, as: .terminal).hasPrefix("verdict: passed"))
        #expect(try Report.render(r, as: .markdown).hasPrefix("## Strut bench: ✅ passed"))
        #expect(try Report.render(r, as: .html).contains("<header id=\"verdict\" class=\"pass\">"))
    }
}
